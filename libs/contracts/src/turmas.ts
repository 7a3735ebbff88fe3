import { z } from 'zod';
import { Msg } from './messages.js';
import { SET_VERSIONS_MAX } from './set-versions.js';

/**
 * Turmas ("Minhas turmas"): a member's classes and their children's names, which a class set prints one per version.
 * LGPD art. 14 (children's data): a name is all that is kept of a child (the screen asks for the first name and an
 * initial), seen by that account only, never logged or sent in an event, exported with the member's data and deleted
 * with the turma or the account.
 */

/** A turma's name ("3º ano B") and a child's, at most this many characters. */
export const TURMA_NAME_MAX = 40;
export const STUDENT_NAME_MAX = 40;
/** Children in a turma: a class set for the turma prints one version per child, so as many as a set has versions. */
export const TURMA_STUDENTS_MAX = SET_VERSIONS_MAX;
/** Turmas per account. */
export const TURMAS_MAX = 30;

/** No control or invisible format characters (a name pasted from a spreadsheet may carry them). */
const printable = /^[^\p{Cc}\p{Cf}]*$/u;

/** Spaces collapsed and trimmed: what is kept of a typed or pasted name. */
export const tidyName = (name: string): string => name.replace(/\s+/gu, ' ').trim();

/**
 * The names of a list pasted from a spreadsheet or typed one per line. A spreadsheet's row arrives with its cells
 * separated by tabs: the first cell that holds a letter is the name (a column of numbers "1", "2" before it is
 * skipped), so "1\tAna S.\t8,5" gives "Ana S.". Blank lines are dropped.
 */
export function parseNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/u)) {
    const cell = line
      .split('\t')
      .map(tidyName)
      .find((c) => /\p{L}/u.test(c));
    if (cell) names.push(cell);
  }
  return names;
}

/** A turma's name as POST /api/saveTurma takes it. */
export const TurmaName = z
  .string({ message: Msg.turmaNameRequired })
  .overwrite(tidyName)
  .min(1, { message: Msg.turmaNameRequired })
  .max(TURMA_NAME_MAX, { message: Msg.turmaNameTooLong })
  .regex(printable, { message: Msg.nameInvalidCharacters });

/** A child's name. */
export const StudentName = z
  .string({ message: Msg.studentNameRequired })
  .overwrite(tidyName)
  .min(1, { message: Msg.studentNameRequired })
  .max(STUDENT_NAME_MAX, { message: Msg.studentNameTooLong })
  .regex(printable, { message: Msg.nameInvalidCharacters });

/** Two names a teacher would read as the same child ("ana s." and "Ana S."). */
export const nameKey = (name: string): string =>
  tidyName(name).normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

/** The first name that appears twice in the list (as `nameKey` compares them), or null. */
export function repeatedName(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = nameKey(name);
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return null;
}

/**
 * One child of a turma as saved: an `id` keeps the child's row (and later its corrections) through renames and
 * moves; a child without one is new. The list's order is the turma's (version N of a set is child N).
 */
export const TurmaStudentInput = z.object({ id: z.string().uuid().optional(), name: StudentName });

export const SaveTurmaBody = z
  .object({
    /** Absent: a new turma. */
    id: z.string().uuid().optional(),
    name: TurmaName,
    students: z
      .array(TurmaStudentInput, { message: Msg.turmaStudentsRequired })
      .min(1, { message: Msg.turmaStudentsRequired })
      .max(TURMA_STUDENTS_MAX, { message: Msg.turmaStudentsTooMany }),
  })
  .superRefine((body, ctx) => {
    const repeated = repeatedName(body.students.map((s) => s.name));
    if (repeated)
      ctx.addIssue({ code: 'custom', path: ['students'], message: Msg.studentNameRepeated(repeated) });
    const ids = body.students.flatMap((s) => (s.id ? [s.id] : []));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['students'], message: Msg.turmaStudentsRequired });
  });
export type SaveTurmaBody = z.infer<typeof SaveTurmaBody>;

export const TurmaStudent = z.object({ id: z.string(), name: z.string() });
export const Turma = z.object({
  id: z.string(),
  name: z.string(),
  /** In the turma's order. */
  students: z.array(TurmaStudent),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Turma = z.infer<typeof Turma>;
