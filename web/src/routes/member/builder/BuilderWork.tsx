import type { Dispatch, RefObject } from 'react';
import { formatReais } from '@app/contracts/format';
import { buySetLabel } from '../classSet';
import { BuilderPreview } from './BuilderPreview';
import { PRICE, type BuilderAction, type BuilderState } from './state';
import type { BuilderView } from './view';

/**
 * The preview with the buttons right under it, so that after 'Gerar página' both are on the screen at once.
 */
export function BuilderWork({
  state,
  view,
  dispatch,
  workArea,
  onBuy,
}: {
  state: BuilderState;
  view: BuilderView;
  dispatch: Dispatch<BuilderAction>;
  workArea: RefObject<HTMLDivElement | null>;
  onBuy: () => void;
}) {
  const { step, editing, code, generatedSet, buying } = state;
  const { versions } = view;
  return (
    <div className="builder__work-area" ref={workArea}>
      <PreviewArea state={state} view={view} />
      <div className="actions builder__actions">
        <button type="submit" className="button" disabled={!view.canGenerate}>
          {step === 'processing'
            ? 'Gerando…'
            : versions !== null && versions > 1
              ? `Gerar ${versions} versões`
              : 'Gerar página'}
        </button>
        {!editing && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: 'edit' })}
          >
            Editar
          </button>
        )}
        <button type="button" className="button button--accent" disabled={!view.canBuy} onClick={onBuy}>
          {buying
            ? 'Comprando…'
            : generatedSet
              ? buySetLabel(generatedSet.versions)
              : // Before generating, what the versions asked for will cost.
                !code && versions !== null && versions > 1
                ? buySetLabel(versions)
                : `Comprar por ${formatReais(PRICE)}`}
        </button>
      </div>
    </div>
  );
}

/** The generated page's preview, or where it will appear, and why it cannot be generated. */
function PreviewArea({ state, view }: { state: BuilderState; view: BuilderView }) {
  const { step, code, generatedSet, generationFailed } = state;
  const { problems, versions } = view;
  return (
    <div className="builder__preview" aria-label="Pré-visualização">
      {generationFailed && (
        <p className="alert alert--error" role="alert">
          {generationFailed}
        </p>
      )}
      {problems.some((problem) => problem.control !== null) && (
        <p className="alert" role="status">
          Para gerar a página, corrija o que está indicado em Personalizar.
        </p>
      )}
      {problems
        .filter((problem) => problem.control === null)
        .map((problem) => (
          <p key={problem.message} className="alert alert--error" role="alert">
            {problem.message}
          </p>
        ))}
      {code ? (
        <BuilderPreview
          code={code}
          versions={generatedSet?.versions ?? 1}
          turmaName={generatedSet?.turmaName}
        />
      ) : (
        <div
          className={
            step === 'processing'
              ? 'page-thumb page-thumb--empty'
              : 'page-thumb page-thumb--empty page-thumb--idle'
          }
        >
          {step === 'processing' ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {versions !== null && versions > 1 ? `Gerando ${versions} versões…` : 'Gerando página…'}
            </>
          ) : (
            'A prévia da página aparece aqui.'
          )}
        </div>
      )}
    </div>
  );
}
