import {
  Msg,
  Rpc,
  type Correction,
  type CorrectionSheets,
  type SaveAnswersBody,
  type TypedCell,
} from '@app/contracts';
import { AppError } from '@app/kit';
import type { ClassroomDeps } from './deps.js';
import type { CorrectedSheet, StoredCell } from './ports.js';

/**
 * Correção rápida: the member types what each child wrote on a bought page or class set, cell by cell, as she goes.
 * pages says what the sheets asked (`pages.v1.correctionSheets`: only a bought one of hers); classroom keeps the
 * cells, the last write of each winning by the time it was typed. Marking right or wrong is @app/diagnosis's
 * (`markOf`), in the browser as she types.
 */

type Sheets = NonNullable<CorrectionSheets>;

/** Asks pages for the sheets, and records their owner and shape for the saves that follow. */
async function askSheets(deps: Pick<ClassroomDeps, 'bus' | 'store'>, userId: string, code: string) {
  const sheets = await deps.bus.request(Rpc.pagesCorrectionSheets, { userId, code });
  if (!sheets) throw AppError.notFound(Msg.correctionNotFound);
  await deps.store.corrections.recordSheet(shapeOf(userId, sheets));
  return sheets;
}

const shapeOf = (userId: string, sheets: Sheets): CorrectedSheet => ({
  code: sheets.code,
  userId,
  problemCounts: sheets.sheets.map((s) => s.problems.length),
  boughtAt: new Date(sheets.boughtAt),
  ...(sheets.turmaId ? { turmaId: sheets.turmaId } : {}),
});

const typedCell = (c: StoredCell): TypedCell => ({ ...c });

/** A version made for a child of one of the member's turmas: the child's name (the row of the grid is theirs). */
async function withStudentName(
  deps: Pick<ClassroomDeps, 'store'>,
  userId: string,
  sheet: Sheets['sheets'][number],
): Promise<Sheets['sheets'][number]> {
  const { studentId, ...rest } = sheet;
  if (!studentId) return rest;
  const name = await deps.store.turmas.studentName(userId, studentId);
  return name === null ? rest : { ...rest, student: name };
}

/**
 * GET /api/correction: a bought page's or set's sheets (a version's code answers its set) and every cell typed so
 * far. Not a bought one of the member's: 404 `Msg.correctionNotFound`.
 */
export async function openCorrection(
  deps: Pick<ClassroomDeps, 'bus' | 'store'>,
  userId: string,
  code: string,
): Promise<Correction> {
  const sheets = await askSheets(deps, userId, code);
  const cells = await deps.store.corrections.cells(sheets.code);
  // The turma a set was made for, while it is still one of hers: the report shows its progress.
  const turma = sheets.turmaId ? await deps.store.turmas.find(userId, sheets.turmaId) : null;
  return {
    code: sheets.code,
    title: sheets.title,
    ...(turma ? { turmaId: turma.id } : {}),
    sheets: await Promise.all(sheets.sheets.map((sheet) => withStudentName(deps, userId, sheet))),
    cells: cells.map(typedCell),
  };
}

/**
 * The cells to write: each inside the sheet (else 400 `Msg.correctionCellOutOfSheet`, nothing written), and one per
 * (version, problem): of two in one save, the one typed later.
 */
export function cellsToWrite(
  sheet: Pick<CorrectedSheet, 'problemCounts'>,
  cells: readonly TypedCell[],
): StoredCell[] {
  const latest = new Map<string, StoredCell>();
  for (const cell of cells) {
    const count = sheet.problemCounts[cell.version - 1];
    if (count === undefined || cell.problem >= count) throw AppError.badRequest(Msg.correctionCellOutOfSheet);
    const key = `${cell.version}:${cell.problem}`;
    const kept = latest.get(key);
    if (!kept || kept.at < cell.at) latest.set(key, { ...cell });
  }
  return [...latest.values()];
}

/**
 * POST /api/saveAnswers: the cells of a sheet the member opened (or, first, one pages says is hers), each written
 * unless a later one is stored. Answers how many were written.
 */
export async function saveTypedAnswers(
  deps: Pick<ClassroomDeps, 'bus' | 'store'>,
  userId: string,
  body: SaveAnswersBody,
): Promise<{ saved: number }> {
  const sheet =
    (await deps.store.corrections.sheet(userId, body.code)) ??
    shapeOf(userId, await askSheets(deps, userId, body.code));
  const saved = await deps.store.corrections.writeCells(userId, sheet.code, cellsToWrite(sheet, body.cells));
  return { saved };
}

/** The member deleted their account: the cells typed for their sheets go. */
export function forgetCorrections(deps: Pick<ClassroomDeps, 'store'>, userId: string): Promise<number> {
  return deps.store.corrections.deleteAll(userId);
}
