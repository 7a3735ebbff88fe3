import {
  Msg,
  PROGRESS_SHEETS_MAX,
  Rpc,
  type CorrectionSheets,
  type TurmaProgress,
  type TurmaProgressQuery,
} from '@app/contracts';
import { saoPauloDayStart } from '@app/contracts/format';
import { childProgress, type ProgressSheet } from '@app/diagnosis';
import { AppError } from '@app/kit';
import type { ClassroomDeps } from './deps.js';
import type { StoredCell } from './ports.js';

/**
 * "Progresso no período" (the report of a set made for a turma): the turma's sets bought since a day with answers
 * typed, the latest PROGRESS_SHEETS_MAX of them, and each child's score on each and each mistake's trend, summed up
 * by @app/diagnosis's `childProgress`. What each sheet asked is pages' (`pages.v1.correctionSheets`); the cells and
 * the children's names are classroom's.
 */

interface Corrected {
  sheets: NonNullable<CorrectionSheets>;
  /** The cells typed, by `${version}:${problem}`. */
  cells: Map<string, StoredCell>;
}

/** A child's sheet in a corrected set (none: the child has no version of it) as the progress reads it. */
function childSheet(set: Corrected, studentId: string): ProgressSheet {
  const sheet = set.sheets.sheets.find((s) => s.studentId === studentId);
  if (!sheet) return { problems: [], typed: [] };
  return { problems: sheet.problems, typed: sheet.problems.map((_, i) => set.cells.get(`${sheet.n}:${i}`)) };
}

/** GET /api/turmaProgress: a turma that is not one of the member's answers 404 `Msg.turmaNotFound`. */
export async function turmaProgress(
  deps: Pick<ClassroomDeps, 'bus' | 'store'>,
  userId: string,
  query: TurmaProgressQuery,
): Promise<TurmaProgress> {
  const turma = await deps.store.turmas.find(userId, query.turmaId);
  if (!turma) throw AppError.notFound(Msg.turmaNotFound);
  const since = query.since ? saoPauloDayStart(query.since) : null;
  const latest = await deps.store.corrections.turmaSheets(userId, turma.id, since, PROGRESS_SHEETS_MAX);
  const asked = await Promise.all(
    [...latest.sheets].reverse().map(async ({ code }) => ({
      sheets: await deps.bus.request(Rpc.pagesCorrectionSheets, { userId, code }),
      cells: new Map((await deps.store.corrections.cells(code)).map((c) => [`${c.version}:${c.problem}`, c])),
    })),
  );
  // A set pages no longer answers (its account's pages gone) is left out.
  const sets = asked.filter((a): a is Corrected => a.sheets !== null);
  return {
    turma: turma.name,
    sheets: sets.map(({ sheets }) => ({ code: sheets.code, title: sheets.title, boughtAt: sheets.boughtAt })),
    older: latest.total - latest.sheets.length,
    children: turma.students.map((student) => {
      const { outcomes, trends } = childProgress(sets.map((set) => childSheet(set, student.id)));
      return { name: student.name, scores: outcomes.map((o) => o?.score ?? null), trends };
    }),
  };
}
