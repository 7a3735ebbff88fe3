import { describe, expect, it } from 'vitest';
import { Msg, PROGRESS_SHEETS_MAX, Rpc, type CorrectionSheets } from '@app/contracts';
import { openCorrection, saveTypedAnswers } from '../../src/domain/correction.js';
import { turmaProgress } from '../../src/domain/progress.js';
import { saveTurma } from '../../src/domain/turmas.js';
import { memoryClassroomStore } from '../fakes/memory-store.js';
import { cell } from '../support/cells.js';

/** Four subtractions with borrows in 3 of them: "subtrai o menor do maior" changes 52 − 27, 61 − 28 and 40 − 12. */
const subs = [
  { op: 'sub' as const, a: 52, b: 27, result: 25, remainder: 0 },
  { op: 'sub' as const, a: 61, b: 28, result: 33, remainder: 0 },
  { op: 'sub' as const, a: 40, b: 12, result: 28, remainder: 0 },
  { op: 'sub' as const, a: 75, b: 23, result: 52, remainder: 0 },
];

/** pages as classroom asks it: each set Ana bought, made for a turma, a version per child id given. */
function withPages() {
  const store = memoryClassroomStore();
  const sets = new Map<string, NonNullable<CorrectionSheets>>();
  const bus = {
    async request(def: { subject: string }, req: { userId: string; code: string }) {
      expect(def.subject).toBe(Rpc.pagesCorrectionSheets.subject);
      return req.userId === 'ana' ? (sets.get(req.code) ?? null) : null;
    },
  } as never;
  const deps = { bus, store };
  function bought(code: string, day: string, turmaId: string, studentIds: string[]) {
    sets.set(code, {
      code,
      title: 'Subtração',
      boughtAt: `${day}T13:00:00.000Z`,
      turmaId,
      sheets: studentIds.map((studentId, i) => ({
        n: i + 1,
        code: `${code}-${i + 1}`,
        label: `Versão ${i + 1} de ${studentIds.length}`,
        studentId,
        problems: subs,
      })),
    });
  }
  /** Opens the set to correct (as the grid does) and types a child's four answers. */
  async function typed(code: string, version: number, answers: number[]) {
    await openCorrection(deps, 'ana', code);
    await saveTypedAnswers(deps, 'ana', { code, cells: answers.map((a, i) => cell(version, i, a, 1)) });
  }
  return { deps, bought, typed };
}

async function turmaOf(deps: ReturnType<typeof withPages>['deps'], names: string[]) {
  const turma = await saveTurma(deps, 'ana', { name: '3º ano B', students: names.map((name) => ({ name })) });
  return { id: turma.id, ids: turma.students.map((s) => s.id!) };
}

const buggy = [35, 47, 32, 52];
const fixed = [25, 33, 28, 52];

describe('Progresso no período', () => {
  it("sums up each child's sheets of the turma, oldest first, with each mistake's trend", async () => {
    const { deps, bought, typed } = withPages();
    const turma = await turmaOf(deps, ['Ana S.', 'Bruno T.', 'Caio R.']);
    const [ana, bruno, caio] = turma.ids;
    bought('mar01', '2026-03-01', turma.id, [ana!, bruno!]);
    bought('mar08', '2026-03-08', turma.id, [ana!, bruno!, caio!]);
    bought('mar15', '2026-03-15', turma.id, [ana!, bruno!, caio!]);
    await typed('mar01', 1, buggy);
    await typed('mar01', 2, fixed);
    await typed('mar08', 1, fixed);
    await typed('mar08', 3, buggy);
    // mar15 is opened but nothing is typed: it is not a corrected sheet yet.
    await openCorrection(deps, 'ana', 'mar15');

    const progress = await turmaProgress(deps, 'ana', { turmaId: turma.id });
    expect(progress.turma).toBe('3º ano B');
    expect(progress.sheets).toEqual([
      { code: 'mar01', title: 'Subtração', boughtAt: '2026-03-01T13:00:00.000Z' },
      { code: 'mar08', title: 'Subtração', boughtAt: '2026-03-08T13:00:00.000Z' },
    ]);
    expect(progress.older).toBe(0);
    const score = (right: number) => ({ right, wrong: 4 - right, blank: 0, empty: 0, total: 4 });
    const menorDoMaior = {
      mistake: { id: 'sub.menorDoMaior' },
      name: 'Subtrai o menor do maior em cada coluna',
    };
    expect(progress.children).toEqual([
      {
        name: 'Ana S.',
        scores: [score(1), score(4)],
        trends: [{ ...menorDoMaior, marks: ['seen', 'gone'] }],
      },
      // Bruno's second sheet has nothing typed; Caio had no version of the first.
      { name: 'Bruno T.', scores: [score(4), null], trends: [] },
      {
        name: 'Caio R.',
        scores: [null, score(1)],
        trends: [{ ...menorDoMaior, marks: ['untested', 'seen'] }],
      },
    ]);
  });

  it('keeps to the sheets bought since the day asked (São Paulo), and shows the latest ones, counting the older', async () => {
    const { deps, bought, typed } = withPages();
    const turma = await turmaOf(deps, ['Ana S.']);
    const days = Array.from({ length: PROGRESS_SHEETS_MAX + 2 }, (_, i) => `2026-04-${String(i + 10)}`);
    for (const [i, day] of days.entries()) {
      bought(`s${i}`, day, turma.id, turma.ids);
      await typed(`s${i}`, 1, fixed);
    }
    const all = await turmaProgress(deps, 'ana', { turmaId: turma.id });
    expect(all.sheets.map((s) => s.code)).toEqual(days.slice(2).map((_, i) => `s${i + 2}`));
    expect(all.older).toBe(2);
    expect(all.children[0]!.scores).toHaveLength(PROGRESS_SHEETS_MAX);
    // Bought at 10:00 in São Paulo on 2026-04-20: since that day, it and the sheets after it.
    const since = await turmaProgress(deps, 'ana', { turmaId: turma.id, since: '2026-04-20' });
    expect(since.sheets.map((s) => s.code)).toEqual(['s10', 's11']);
    expect(since.older).toBe(0);
  });

  it("answers 404 for a turma that is not the member's, and leaves out another turma's sets", async () => {
    const { deps, bought, typed } = withPages();
    const turma = await turmaOf(deps, ['Ana S.']);
    const other = await saveTurma(deps, 'ana', { name: '4º ano A', students: [{ name: 'Davi P.' }] });
    bought('other', '2026-03-01', other.id, [other.students[0]!.id!]);
    await typed('other', 1, fixed);
    expect((await turmaProgress(deps, 'ana', { turmaId: turma.id })).sheets).toEqual([]);
    await expect(turmaProgress(deps, 'bia', { turmaId: turma.id })).rejects.toEqual(
      expect.objectContaining({ statusCode: 404, message: Msg.turmaNotFound }),
    );
  });

  it('tells the correction of a set made for one of her turmas which turma it is', async () => {
    const { deps, bought } = withPages();
    const turma = await turmaOf(deps, ['Ana S.']);
    bought('mar01', '2026-03-01', turma.id, turma.ids);
    expect((await openCorrection(deps, 'ana', 'mar01')).turmaId).toBe(turma.id);
    bought('gone', '2026-03-01', '00000000-0000-4000-8000-000000000000', turma.ids);
    expect((await openCorrection(deps, 'ana', 'gone')).turmaId).toBeUndefined();
  });
});
