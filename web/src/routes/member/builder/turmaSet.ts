import type { Turma } from '@app/contracts';
import { Msg } from '@app/contracts/messages';
import { VERSIONS_MAX } from '../classSet';

/**
 * "Para a turma": a class set made for one of the member's turmas ("Minhas turmas"), version N printed with child
 * N's name on its "Nome:" line. What the builder's choice offers, the rule that ties the versions to the turma's
 * children, and what the screen says of such a set; pure functions, so that the unit tests read them.
 */

/** The turma chosen in the builder: what it sends (`turmaId`), says (its name) and how many versions it makes. */
export interface ChosenTurma {
  id: string;
  name: string;
  /** Its number of children: the set's number of versions. */
  students: number;
}

/** The select's value of 'Nenhuma (versões sem nome)'. */
export const NO_TURMA = '';
export const NO_TURMA_LABEL = 'Nenhuma (versões sem nome)';
/** The fewest children a set with the names can have (a set has 2 versions or more). */
export const TURMA_SET_MIN = 2;

export interface TurmaOption {
  value: string;
  label: string;
  disabled: boolean;
}

/** '30 alunos', '1 aluno'. */
export const studentsText = (count: number): string => (count === 1 ? '1 aluno' : `${count} alunos`);

/** A turma whose set can be made: 2 to 40 children (a turma holds at most 40). */
export const choosable = (count: number): boolean => count >= TURMA_SET_MIN && count <= VERSIONS_MAX;

/** The choice a listed turma makes; null when it has too few children for a set. */
export function chosenOf(turma: Turma): ChosenTurma | null {
  const students = turma.students.length;
  return choosable(students) ? { id: turma.id, name: turma.name, students } : null;
}

/**
 * The select's options: 'Nenhuma (versões sem nome)', then each turma by name with its number of children
 * ('3º ano B (30 alunos)'); one too small for a set is shown but cannot be chosen ('(precisa de 2 alunos)'). A turma
 * chosen before that the list does not hold (it could not be read) stays shown, so the select says what is chosen.
 */
export function turmaOptions(turmas: readonly Turma[], chosen: ChosenTurma | null): TurmaOption[] {
  const listed = turmas.map((turma): TurmaOption => {
    const count = turma.students.length;
    return choosable(count)
      ? { value: turma.id, label: `${turma.name} (${studentsText(count)})`, disabled: false }
      : {
          value: turma.id,
          label: `${turma.name} (${count < TURMA_SET_MIN ? `precisa de ${TURMA_SET_MIN} alunos` : studentsText(count)})`,
          disabled: true,
        };
  });
  const kept =
    chosen && !turmas.some((turma) => turma.id === chosen.id)
      ? [{ value: chosen.id, label: `${chosen.name} (${studentsText(chosen.students)})`, disabled: false }]
      : [];
  return [{ value: NO_TURMA, label: NO_TURMA_LABEL, disabled: false }, ...listed, ...kept];
}

/** What choosing the option `value` makes: the turma, or none ('Nenhuma', or a turma that cannot be chosen). */
export function choiceOf(value: string, turmas: readonly Turma[]): ChosenTurma | null {
  const turma = value === NO_TURMA ? undefined : turmas.find((t) => t.id === value);
  return turma ? chosenOf(turma) : null;
}

/**
 * The chosen turma as the member's list has it now: renamed, with more or fewer children, or none when it was
 * deleted or no longer has enough children for a set (after a reload of the page, or a refusal of the server).
 */
export const turmaNow = (chosen: ChosenTurma, turmas: readonly Turma[]): ChosenTurma | null => {
  const turma = turmas.find((t) => t.id === chosen.id);
  return turma ? chosenOf(turma) : null;
};

/** Two choices that make the same set and say the same name. */
export const sameChoice = (a: ChosenTurma | null, b: ChosenTurma | null): boolean =>
  a === b || (a !== null && b !== null && a.id === b.id && a.name === b.name && a.students === b.students);

/**
 * 'Quantas versões?' with a turma chosen: its number of children, and the field locked; with none, what was typed
 * (choosing 'Nenhuma' keeps the number, now free to change).
 */
export const versionsTextWith = (chosen: ChosenTurma | null, typed: string): string =>
  chosen ? String(chosen.students) : typed;

/**
 * The choice is offered in the class-set mode: from the moment the member asks for something other than a single
 * page (a number being typed included), and always while a turma is chosen.
 */
export const showsTurmaChoice = (versions: number | null, chosen: ChosenTurma | null): boolean =>
  chosen !== null || versions !== 1;

/**
 * Beside the locked versions: 'Uma folha com o nome de cada aluno da turma 3º ano B.' ('… da Turma da tarde' for a
 * name that says "turma" itself).
 */
export const turmaLockNote = (name: string): string =>
  `Uma folha com o nome de cada aluno da ${/^turma\b/iu.test(name) ? '' : 'turma '}${name}.`;

/** Under a generated set's preview: '30 versões, uma para cada aluno de 3º ano B'. */
export const turmaSetSummary = (versions: number, name: string): string =>
  `${versions} versões, uma para cada aluno de ${name}`;

/**
 * POST /api/pageSet refused a set for a turma that changed since the builder read it: 409, another number of
 * children (`Msg.turmaChangedForSet`); 404, deleted; 400, too few children. The builder reads the turmas again.
 */
export const turmaChanged = (httpStatus: number, message: string): boolean =>
  httpStatus === 409 || httpStatus === 404 || (httpStatus === 400 && message === Msg.turmaTooSmallForSet);

/** The turmas as the builder has them: being read, not readable (the builder works without them), or read. */
export type TurmasForBuilder =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; turmas: readonly Turma[] };

/** What the choice shows: the select (busy while the turmas are read), or the link to make one when there is none. */
export type TurmaChoiceView =
  { kind: 'select'; busy: boolean; options: TurmaOption[] } | { kind: 'noTurmas' };

export function turmaChoiceView(list: TurmasForBuilder, chosen: ChosenTurma | null): TurmaChoiceView {
  if (list.state === 'ready' && list.turmas.length === 0 && !chosen) return { kind: 'noTurmas' };
  const turmas = list.state === 'ready' ? list.turmas : [];
  return { kind: 'select', busy: list.state === 'loading', options: turmaOptions(turmas, chosen) };
}
