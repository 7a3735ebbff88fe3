import { useEffect, useState, type ReactNode } from 'react';
import type { Turma } from '@app/contracts';
import { deleteQuestion, studentsCount } from './editor';
import type { Outcome } from './useTurmas';

/** The ids of a turma's buttons, by which the screen gives the cursor back to them. */
export const turmaButtonId = (prefix: string, turmaId: string, button: 'edit' | 'delete' | 'keep') =>
  `${prefix}-${button}-${turmaId}`;

/**
 * The member's turmas, by name: each with how many children it has, 'Editar' and 'Apagar'. 'Apagar' asks first, in
 * the page ('Apagar a turma 3º ano B e os nomes dos seus alunos?'), with the cursor on 'Cancelar'.
 */
export function TurmaList({
  idPrefix,
  turmas,
  onEdit,
  remove,
  onDeleted,
}: {
  idPrefix: string;
  turmas: Turma[];
  onEdit: (turma: Turma) => void;
  remove: (turma: Turma) => Promise<Outcome<null>>;
  onDeleted: (turma: Turma) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The button to focus once the list has been drawn again.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const ask = (turma: Turma | null, back?: Turma) => {
    setConfirming(turma?.id ?? null);
    setError(null);
    if (turma) setFocusId(turmaButtonId(idPrefix, turma.id, 'keep'));
    else if (back) setFocusId(turmaButtonId(idPrefix, back.id, 'delete'));
  };

  async function confirm(turma: Turma) {
    if (deleting) return;
    setDeleting(true);
    const outcome = await remove(turma);
    setDeleting(false);
    if (outcome.ok) {
      setConfirming(null);
      return onDeleted(turma);
    }
    if (outcome.message) setError(outcome.message);
  }

  return (
    <ul className="turmas__list">
      {turmas.map((turma) => (
        <TurmaItem
          key={turma.id}
          idPrefix={idPrefix}
          turma={turma}
          confirming={confirming === turma.id}
          onEdit={() => onEdit(turma)}
          onDelete={() => ask(confirming === turma.id ? null : turma, turma)}
        >
          {confirming === turma.id && (
            <DeleteConfirmation
              idPrefix={idPrefix}
              turma={turma}
              deleting={deleting}
              error={error}
              onConfirm={() => void confirm(turma)}
              onCancel={() => ask(null, turma)}
            />
          )}
        </TurmaItem>
      ))}
    </ul>
  );
}

/** One turma: its name, how many children, 'Editar' and 'Apagar'; under them the question, while it is asked. */
function TurmaItem(props: {
  idPrefix: string;
  turma: Turma;
  confirming: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  const { idPrefix, turma } = props;
  return (
    <li className="turma">
      <div className="turma__text">
        <h2 className="turma__name">{turma.name}</h2>
        <p className="turma__count">{studentsCount(turma.students.length)}</p>
      </div>
      <div className="turma__buttons">
        <button
          id={turmaButtonId(idPrefix, turma.id, 'edit')}
          type="button"
          className="button button--compact"
          aria-label={`Editar a turma ${turma.name}`}
          onClick={props.onEdit}
        >
          Editar
        </button>
        <button
          id={turmaButtonId(idPrefix, turma.id, 'delete')}
          type="button"
          className="button button--secondary button--compact"
          aria-label={`Apagar a turma ${turma.name}`}
          aria-expanded={props.confirming}
          onClick={props.onDelete}
        >
          Apagar
        </button>
      </div>
      {props.children}
    </li>
  );
}

/** The question in the page, 'Apagar' (red) and 'Cancelar'; a refusal under them. */
function DeleteConfirmation(props: {
  idPrefix: string;
  turma: Turma;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const questionId = turmaButtonId(props.idPrefix, props.turma.id, 'keep') + '-question';
  return (
    <div className="turma__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="turma__question">
        {deleteQuestion(props.turma.name)}
      </p>
      <div className="turma__buttons">
        <button
          type="button"
          className="button button--danger button--compact"
          aria-disabled={props.deleting || undefined}
          onClick={props.onConfirm}
        >
          {props.deleting ? 'Apagando…' : 'Apagar'}
        </button>
        <button
          id={turmaButtonId(props.idPrefix, props.turma.id, 'keep')}
          type="button"
          className="button button--secondary button--compact"
          onClick={props.onCancel}
        >
          Cancelar
        </button>
      </div>
      {props.error && (
        <p className="alert alert--error turma__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
