import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { choiceOf, NO_TURMA, turmaChoiceView, type ChosenTurma, type TurmasForBuilder } from './turmaSet';
import './turmaSet.css';

/**
 * "Para a turma", beside the versions of a class set: none (versions without names) or one of the member's turmas,
 * which makes one version per child with its name. With no turma yet, a link to make one instead.
 */
export function TurmaChoice({
  list,
  chosen,
  onChoose,
}: {
  list: TurmasForBuilder;
  chosen: ChosenTurma | null;
  onChoose: (turma: ChosenTurma | null) => void;
}) {
  const id = useId();
  const view = turmaChoiceView(list, chosen);
  if (view.kind === 'noTurmas')
    return (
      <p className="turma-choice turma-choice--none">
        <span className="turma-choice__label">Para a turma</span>{' '}
        <Link to={paths.turmas} className="turma-choice__link">
          Cadastrar uma turma
        </Link>
      </p>
    );
  return (
    <div className="turma-choice">
      <label htmlFor={`${id}-select`} className="turma-choice__label">
        Para a turma
      </label>
      <select
        id={`${id}-select`}
        className="turma-choice__select"
        value={chosen?.id ?? NO_TURMA}
        aria-busy={view.busy}
        aria-describedby={view.busy ? `${id}-loading` : undefined}
        onChange={(event) =>
          onChoose(choiceOf(event.target.value, list.state === 'ready' ? list.turmas : []))
        }
      >
        {view.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {view.busy && (
        <p id={`${id}-loading`} className="turma-choice__note" role="status">
          Carregando suas turmas…
        </p>
      )}
    </div>
  );
}
