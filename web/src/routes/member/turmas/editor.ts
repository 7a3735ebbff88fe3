import { nameKey, parseNames, SaveTurmaBody, type Turma } from '@app/contracts';

/**
 * "Minhas turmas": what the screen keeps while a turma is created or edited, and how it becomes the body of
 * POST /api/saveTurma. Pure functions, no React: the screen calls them, the unit tests read them.
 */

/** A child already saved: its id goes back to the server so the child is kept through renames and moves. */
export interface DraftChild {
  id: string;
  name: string;
}

/** The form of a new turma (no id, no children yet) or of one being edited. */
export interface TurmaDraft {
  /** Absent: a new turma. */
  id?: string;
  name: string;
  /** The saved children, in the order shown (which is the turma's order once saved). */
  children: DraftChild[];
  /** The textarea: names pasted or typed one per line, appended after `children` on save. */
  pasted: string;
}

/** The empty form of 'Nova turma'. */
export const newDraft = (): TurmaDraft => ({ name: '', children: [], pasted: '' });

/** The form of 'Editar': the turma's name and its children in order, nothing to add yet. */
export const draftFrom = (turma: Turma): TurmaDraft => ({
  id: turma.id,
  name: turma.name,
  children: turma.students.map((s) => ({ id: s.id, name: s.name })),
  pasted: '',
});

/** The children with the one at `index` moved by `delta` places (-1 up, +1 down); the same list at an edge. */
export function moveChild<T>(children: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= children.length || to < 0 || to >= children.length) return [...children];
  const moved = [...children];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** The children without the one at `index`. */
export const removeChild = <T>(children: readonly T[], index: number): T[] =>
  children.filter((_, i) => i !== index);

/** The children with the one at `index` renamed (as typed: the save tidies it). */
export const renameChild = (children: readonly DraftChild[], index: number, name: string): DraftChild[] =>
  children.map((child, i) => (i === index ? { ...child, name } : child));

/** What the form would send, before it is checked: the saved children in order, then the pasted names. */
export function saveInput(draft: TurmaDraft): SaveTurmaBody {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name,
    students: [
      ...draft.children.map((child) => ({ id: child.id, name: child.name })),
      ...parseNames(draft.pasted).map((name) => ({ name })),
    ],
  };
}

/** Which field a refusal is about, so the screen can mark it and put the cursor there. */
export type FieldTarget = { field: 'name' } | { field: 'child'; index: number } | { field: 'pasted' };

export type CheckedDraft =
  { ok: true; body: SaveTurmaBody } | { ok: false; message: string; target: FieldTarget };

/**
 * The form checked with the server's own schema (`SaveTurmaBody`): the body to send (names tidied), or the first
 * problem's pt-BR message and the field it is about. A name repeated is put on its second appearance.
 */
export function checkDraft(draft: TurmaDraft): CheckedDraft {
  const input = saveInput(draft);
  const parsed = SaveTurmaBody.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0]!;
  const [top, index] = issue.path;
  if (top === 'name') return { ok: false, message: issue.message, target: { field: 'name' } };
  const at = typeof index === 'number' ? index : repeatedAt(input.students.map((s) => s.name));
  const target: FieldTarget =
    at !== null && at < draft.children.length ? { field: 'child', index: at } : { field: 'pasted' };
  return { ok: false, message: issue.message, target };
}

/** The index of the first name seen a second time (as `nameKey` compares names), or null. */
function repeatedAt(names: readonly string[]): number | null {
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    const key = nameKey(name);
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return null;
}

/** '1 nome', '30 nomes': the live count under the textarea. */
export const namesCount = (count: number): string => (count === 1 ? '1 nome' : `${count} nomes`);

/** '1 aluno', '30 alunos'. */
export const studentsCount = (count: number): string => (count === 1 ? '1 aluno' : `${count} alunos`);

/** The line under the textarea: how many names it holds, and in 'Editar' how many the turma will have. */
export function pastedCountText(draft: TurmaDraft): string {
  const pasted = parseNames(draft.pasted).length;
  if (!draft.id) return namesCount(pasted);
  return `${namesCount(pasted)} a acrescentar; a turma fica com ${studentsCount(draft.children.length + pasted)}.`;
}

/** The question before 'Apagar' deletes a turma. */
export const deleteQuestion = (turmaName: string): string =>
  `Apagar a turma ${turmaName} e os nomes dos seus alunos?`;

/** A child's name in a button's label ('Subir Ana S.'); its place when the field is blank. */
export const childLabel = (child: { name: string }, index: number): string =>
  child.name.trim() || `aluno ${index + 1}`;

/** Turmas as the server lists them: by name as a pt-BR reader sorts them ("2º ano" before "10º ano"). */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byName = (a: Turma, b: Turma) =>
  collator.compare(a.name, b.name) || a.createdAt.localeCompare(b.createdAt);

/** The list with a saved turma put in (replacing the one with its id), in the server's order. */
export const withTurma = (turmas: readonly Turma[], saved: Turma): Turma[] =>
  [...turmas.filter((t) => t.id !== saved.id), saved].sort(byName);

/** The list without the turma of this id. */
export const withoutTurma = (turmas: readonly Turma[], id: string): Turma[] =>
  turmas.filter((t) => t.id !== id);
