import { lazy, Suspense, useId, type Dispatch } from 'react';
import type { SheetPreset } from '@app/generator/options';
import { levels, type LevelValue } from '../../../components/LevelBadge';
import { draftFromCustom, draftFromPreset } from '../personalize/draftFrom';
import SavedSheets from '../personalize/SavedSheets';
import type { SheetOptions } from '../personalize/useSavedSheets';
import { OptionFieldsets } from './OptionFieldsets';
import { optionsOf, type BuilderAction, type BuilderState } from './state';
import { TurmaChoice } from './TurmaChoice';
import type { TurmasForBuilder } from './turmaSet';
import { VersionsField } from './VersionsField';
import type { BuilderView } from './view';

/**
 * What the toggle does: open the panel, or close it, back to the level's contas (named while a sheet preset is chosen,
 * for no level's radio is then).
 */
function toggleNote(open: boolean, level: LevelValue, preset: SheetPreset | null): string {
  if (!open) return 'Escolha tabuadas, reserva, formato, quantidade e letra grande.';
  return preset
    ? `Fechar volta às contas do nível ${levels[level].name}.`
    : 'Fechar volta às contas do nível escolhido.';
}

/** The panel's controls load when it is first opened (it is closed by default). */
const PersonalizePanel = lazy(() => import('../personalize/PersonalizePanel'));

/**
 * The builder's left column: its options, the number of versions (and, for a class set, the turma it is for),
 * "Personalizar" and the saved sheets.
 */
export function BuilderForm({
  state,
  view,
  dispatch,
  turmas,
}: {
  state: BuilderState;
  view: BuilderView;
  dispatch: Dispatch<BuilderAction>;
  /** The member's turmas, read once the class-set mode is shown. */
  turmas: TurmasForBuilder;
}) {
  const { options, draft, refusal } = state;
  const { locked, problems } = view;
  const panelId = useId();
  /** A saved sheet's options in the builder (the panel opens with its custom options, or closes). */
  const startFrom = (sheet: SheetOptions) =>
    dispatch({
      type: 'load',
      options: optionsOf(sheet),
      draft: sheet.custom ? draftFromCustom(sheet.custom, sheet.level) : null,
    });
  return (
    <div className="builder__form">
      <OptionFieldsets options={options} preset={view.preset} locked={locked} dispatch={dispatch} />

      <VersionsField
        value={state.versionsText}
        versions={view.versions}
        disabled={locked}
        turma={state.turma}
        onChange={(text) => dispatch({ type: 'versions', text })}
      >
        {view.setMode && (
          <TurmaChoice
            list={turmas}
            chosen={state.turma}
            onChoose={(turma) => dispatch({ type: 'turma', turma })}
          />
        )}
      </VersionsField>

      <div className="personalize-toggle">
        <button
          type="button"
          className="button button--secondary button--compact"
          aria-expanded={draft !== null}
          aria-controls={panelId}
          disabled={locked}
          onClick={() => dispatch({ type: 'draft', draft: draft ? null : draftFromPreset(options.level) })}
        >
          <span aria-hidden="true">{draft ? '▾' : '▸'}</span> Personalizar
        </button>
        <p className="personalize-toggle__note">{toggleNote(draft !== null, options.level, view.preset)}</p>
      </div>
      <div id={panelId}>
        {draft && (
          <Suspense fallback={<p className="personalize-toggle__note">Carregando as opções…</p>}>
            <PersonalizePanel
              operations={view.checked}
              draft={draft}
              onChange={(next) => dispatch({ type: 'draft', draft: next })}
              problems={refusal?.control ? [...problems, refusal] : problems}
              disabled={locked}
              answers={options.answers}
            />
          </Suspense>
        )}
      </div>

      <SavedSheets current={view.saveable} canLoad={!locked} onLoad={(sheet) => startFrom(sheet.options)} />
    </div>
  );
}
