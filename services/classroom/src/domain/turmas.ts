import {
  Events,
  Msg,
  TURMAS_MAX,
  type ClassroomDataExport,
  type SaveTurmaBody,
  type Turma,
} from '@app/contracts';
import { AppError } from '@app/kit';
import type { ClassroomDeps } from './deps.js';
import type { TurmaRecord } from './ports.js';

/**
 * "Minhas turmas": a member's classes and the names of their children. Each member sees and changes only their own:
 * another member's id answers like one that does not exist. A child's name is never written to a log or an event
 * (ids only): it is in the member's answers, their data export, and nowhere else.
 */

/** Names as a pt-BR reader sorts them ("2º ano" before "10º ano", "ábaco" before "Bela"). */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byName = (a: TurmaRecord, b: TurmaRecord) =>
  collator.compare(a.name, b.name) || a.createdAt.getTime() - b.createdAt.getTime();

/** A turma as the API answers it. */
const view = (t: TurmaRecord): Turma => ({
  id: t.id,
  name: t.name,
  students: t.students.map((s) => ({ id: s.id, name: s.name })),
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** GET /api/getTurmas: the member's turmas by name, each with its children in the turma's order. */
export async function listTurmas(deps: Pick<ClassroomDeps, 'store'>, userId: string): Promise<Turma[]> {
  return (await deps.store.turmas.list(userId)).sort(byName).map(view);
}

/**
 * POST /api/saveTurma (the body checked by `SaveTurmaBody`: names tidied, 1 to 40 children, no name twice): a new
 * turma past TURMAS_MAX answers 409 `Msg.turmasFull`, a name another turma has 409 `Msg.turmaNameTaken`, an id that
 * is not the member's 404 `Msg.turmaNotFound`.
 */
export async function saveTurma(
  deps: Pick<ClassroomDeps, 'store'>,
  userId: string,
  body: SaveTurmaBody,
): Promise<Turma> {
  const result = await deps.store.turmas.save(userId, body, TURMAS_MAX);
  switch (result.outcome) {
    case 'saved':
      return view(result.turma);
    case 'full':
      throw AppError.conflict(Msg.turmasFull);
    case 'name-taken':
      throw AppError.conflict(Msg.turmaNameTaken);
    case 'not-found':
      throw AppError.notFound(Msg.turmaNotFound);
  }
}

/**
 * POST /api/deleteTurma: only the member's own, with its children's names; any other id is 404. Announced first
 * (`events.classroom.turma.deleted`, ids only: pages deletes the printed files that carry the names), then deleted:
 * a delete that fails after the announcement is asked again and announces once (the event's id is the turma's).
 */
export async function deleteTurma(deps: Pick<ClassroomDeps, 'store' | 'bus'>, userId: string, id: string) {
  if (!(await deps.store.turmas.find(userId, id))) throw AppError.notFound(Msg.turmaNotFound);
  await deps.bus.publishEvent(Events.turmaDeleted, { turmaId: id, userId }, id);
  if (!(await deps.store.turmas.delete(userId, id))) throw AppError.notFound(Msg.turmaNotFound);
}

/** `classroom.v1.turmaRoster` (pages, a class set for a turma): the children's ids in order; null if not hers. */
export async function turmaRoster(deps: Pick<ClassroomDeps, 'store'>, userId: string, turmaId: string) {
  const turma = await deps.store.turmas.find(userId, turmaId);
  return turma ? { studentIds: turma.students.map((s) => s.id) } : null;
}

/** `classroom.v1.sheetNames` (pdf-worker, drawing a child's sheet): the child's name and the turma's. */
export function sheetNames(deps: Pick<ClassroomDeps, 'store'>, studentId: string) {
  return deps.store.turmas.sheetNames(studentId);
}

/** The member deleted their account (`events.auth.user.deleted`): their turmas and children's names go. */
export function forgetTurmas(deps: Pick<ClassroomDeps, 'store'>, userId: string): Promise<number> {
  return deps.store.turmas.deleteAll(userId);
}

/** classroom's part of the member's data export (`classroom.v1.exportUserData`, composed by auth). */
export async function exportUserData(
  deps: Pick<ClassroomDeps, 'store'>,
  userId: string,
): Promise<ClassroomDataExport> {
  const turmas = (await deps.store.turmas.list(userId)).sort(byName);
  const codes = await deps.store.corrections.codesWithCells(userId);
  return {
    turmas: turmas.map((t) => ({
      name: t.name,
      createdAt: t.createdAt.toISOString(),
      students: t.students.map((s) => s.name),
    })),
    corrections: await Promise.all(
      codes.map(async (code) => ({
        code,
        cells: (await deps.store.corrections.cells(code)).map(({ at: _at, ...cell }) => cell),
      })),
    ),
  };
}
