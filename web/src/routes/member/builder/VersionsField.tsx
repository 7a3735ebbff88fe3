import { useId, type ReactNode } from 'react';
import { Msg } from '@app/contracts';
import { formatReais } from '@app/contracts/format';
import { setTotalText, VERSIONS_MAX, VERSIONS_MIN } from '../classSet';
import { PRICE } from './state';
import { turmaLockNote, type ChosenTurma } from './turmaSet';

/**
 * 'Quantas versões?': 1 to 40, one sheet for each student; 1 is a single page. With more, the total
 * ('Total: R$ 15,00 por 30 versões'); outside 1 to 40, why it cannot generate. Under them, in the class-set mode,
 * "Para a turma" (`children`); a turma chosen sets the number to its children's and locks it, and says why.
 */
export function VersionsField({
  value,
  versions,
  disabled,
  turma,
  onChange,
  children,
}: {
  value: string;
  versions: number | null;
  disabled: boolean;
  /** The turma the set is for: the number is its children's, not typed. */
  turma: ChosenTurma | null;
  onChange: (text: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const invalid = versions === null;
  return (
    <fieldset disabled={disabled} className="builder__options versions">
      <legend>Versões</legend>
      <label htmlFor={`${id}-input`} className="versions__label">
        Quantas versões?
      </label>
      <div className="versions__row">
        <input
          id={`${id}-input`}
          className="versions__input"
          type="number"
          inputMode="numeric"
          min={VERSIONS_MIN}
          max={VERSIONS_MAX}
          step={1}
          value={value}
          disabled={turma !== null}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint ${id}-total`}
        />
        <p id={`${id}-hint`} className="versions__hint">
          {turma
            ? turmaLockNote(turma.name)
            : `Uma folha diferente para cada aluno (de ${VERSIONS_MIN} a ${VERSIONS_MAX}, ${formatReais(PRICE)} cada).`}
        </p>
      </div>
      {children}
      <p id={`${id}-total`} className="versions__total" aria-live="polite">
        {versions !== null && versions > 1 ? setTotalText(versions) : ''}
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {Msg.setVersionsRange}
        </p>
      )}
    </fieldset>
  );
}
