import { useEffect, useId, useState, type FormEvent } from 'react';
import { Msg, TURMA_NAME_MAX, type SaveTurmaBody, type Turma } from '@app/contracts';
import { checkDraft, pastedCountText, type FieldTarget, type TurmaDraft } from './editor';
import { controlId, StudentList } from './StudentList';
import type { Outcome } from './useTurmas';

/** The refusals about the turma's name, whichever side said it: the cursor goes back to the name. */
const NAME_MESSAGES = new Set<string>([
  Msg.turmaNameRequired,
  Msg.turmaNameTooLong,
  Msg.turmaNameTaken,
  Msg.nameInvalidCharacters,
]);

type Refusal = { message: string; target: FieldTarget | null };

const NAMES_HINT =
  'Use o primeiro nome e a inicial do sobrenome (Ana S.): basta para reconhecer cada criança e protege os dados dela.';

/**
 * 'Nova turma' and 'Editar': the turma's name, its children in order (editing), and a textarea for names pasted
 * from a spreadsheet or typed one per line. 'Salvar turma' checks the form with the server's schema first (its
 * first problem shown, the cursor put on the field it is about), then sends it; a refusal keeps everything typed.
 */
export function TurmaEditor({
  initial,
  save,
  onSaved,
  onCancel,
}: {
  initial: TurmaDraft;
  save: (body: SaveTurmaBody) => Promise<Outcome<Turma>>;
  onSaved: (turma: Turma) => void;
  onCancel: () => void;
}) {
  const form = useTurmaForm(initial, save, onSaved);
  const { ids, draft, change, refusal, saving } = form;
  const editing = initial.id !== undefined;
  const target = refusal?.target ?? null;
  const invalidName = target?.field === 'name';

  return (
    <form
      className="turma-form"
      onSubmit={(e) => void form.submit(e)}
      noValidate
      aria-labelledby={ids.heading}
    >
      <h2 id={ids.heading}>{editing ? `Editar a turma ${initial.name}` : 'Nova turma'}</h2>
      <div className="field">
        <label htmlFor={ids.name}>Nome da turma</label>
        <input
          id={ids.name}
          type="text"
          value={draft.name}
          maxLength={TURMA_NAME_MAX}
          placeholder="Ex.: 3º ano B"
          autoComplete="off"
          aria-invalid={invalidName || undefined}
          aria-describedby={invalidName ? ids.error : undefined}
          onChange={(e) => change('name', (d) => ({ ...d, name: e.target.value }))}
        />
      </div>
      {editing && draft.children.length > 0 && (
        <fieldset className="turma-form__students">
          <legend>Alunos, na ordem da turma</legend>
          <StudentList
            idPrefix={ids.prefix}
            items={draft.children}
            onChange={(children) => change('child', (d) => ({ ...d, children }))}
            invalidIndex={target?.field === 'child' ? target.index : null}
            errorId={ids.error}
            afterId={ids.pasted}
          />
        </fieldset>
      )}
      <PastedNames
        id={ids.pasted}
        editing={editing}
        draft={draft}
        onChange={(pasted) => change('pasted', (d) => ({ ...d, pasted }))}
        errorId={target?.field === 'pasted' ? ids.error : null}
      />
      {refusal && (
        <p id={ids.error} className="alert alert--error" role="alert">
          {refusal.message}
        </p>
      )}
      <div className="turma-form__actions">
        {/* aria-disabled, not disabled, while saving: the cursor stays on the button and Enter does nothing. */}
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {saving ? 'Salvando…' : 'Salvar turma'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/**
 * The form's state: the draft, the refusal shown (and the field it is about), whether it is being saved, and the
 * submit that checks, sends and puts the cursor where the problem is. The name field has the cursor at first.
 */
function useTurmaForm(
  initial: TurmaDraft,
  save: (body: SaveTurmaBody) => Promise<Outcome<Turma>>,
  onSaved: (turma: Turma) => void,
) {
  const prefix = useId();
  const ids = {
    prefix,
    heading: `${prefix}-heading`,
    name: `${prefix}-name`,
    pasted: `${prefix}-pasted`,
    error: `${prefix}-error`,
  };
  const [draft, setDraft] = useState(initial);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => document.getElementById(ids.name)?.focus(), [ids.name]);

  const focusTarget = (target: FieldTarget | null) => {
    if (!target) return;
    const child = target.field === 'child' ? draft.children[target.index] : undefined;
    const element = child
      ? controlId(prefix, child.id, 'name')
      : target.field === 'name'
        ? ids.name
        : ids.pasted;
    document.getElementById(element)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setRefusal({ message: checked.message, target: checked.target });
      return focusTarget(checked.target);
    }
    setRefusal(null);
    setSaving(true);
    const outcome = await save(checked.body);
    setSaving(false);
    if (outcome.ok) return onSaved(outcome.value);
    // An empty message: signed out (the screen is going away).
    if (!outcome.message) return;
    const target: FieldTarget | null = NAME_MESSAGES.has(outcome.message) ? { field: 'name' } : null;
    setRefusal({ message: outcome.message, target });
    focusTarget(target);
  }

  /** A change to a field; a refusal about that field goes (the field is being put right). */
  const change = (field: FieldTarget['field'], update: (draft: TurmaDraft) => TurmaDraft) => {
    setDraft(update);
    setRefusal((shown) => (shown?.target?.field === field ? null : shown));
  };

  return { ids, draft, change, refusal, saving, submit };
}

/** The textarea for names one per line, its live count and the hint on what to type. */
function PastedNames(props: {
  id: string;
  editing: boolean;
  draft: TurmaDraft;
  onChange: (pasted: string) => void;
  /** The refusal, when it is about these names. */
  errorId: string | null;
}) {
  const { id, editing, errorId } = props;
  return (
    <div className="field">
      <label htmlFor={id}>
        {editing ? 'Acrescentar alunos (um por linha)' : 'Nomes dos alunos (um por linha)'}
      </label>
      <textarea
        id={id}
        rows={editing ? 3 : 8}
        value={props.draft.pasted}
        placeholder={editing ? undefined : 'Ana S.\nBruno M.\nCarla T.'}
        spellCheck={false}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, `${id}-count`, `${id}-hint`].filter(Boolean).join(' ')}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <p id={`${id}-count`} className="turma-form__count">
        {pastedCountText(props.draft)}
      </p>
      <p id={`${id}-hint`} className="turma-form__hint">
        {NAMES_HINT}
      </p>
    </div>
  );
}
