import { describe, expect, it } from 'vitest';
import { Msg, Rpc, type CorrectionSheets } from '@app/contracts';
import {
  cellsToWrite,
  forgetCorrections,
  openCorrection,
  saveTypedAnswers,
} from '../../src/domain/correction.js';
import { exportUserData } from '../../src/domain/turmas.js';
import { memoryClassroomStore } from '../fakes/memory-store.js';
import { cell } from '../support/cells.js';

/** pages as classroom asks it: the set `set1` of two versions is Ana's and bought; `v2` is its second version's code. */
function withPages() {
  const asked: string[] = [];
  const sheets = (code: string): CorrectionSheets => ({
    code,
    title: 'Subtração',
    boughtAt: '2026-03-02T12:00:00.000Z',
    sheets: [1, 2].map((n) => ({
      n,
      code: `v${n}`,
      label: `Versão ${n} de 2`,
      problems: [
        { op: 'sub' as const, a: 52, b: 27, result: 25, remainder: 0 },
        { op: 'div' as const, a: 17, b: 5, result: 3, remainder: 2 },
      ],
    })),
  });
  const bus = {
    async request(def: { subject: string }, req: { userId: string; code: string }) {
      expect(def.subject).toBe(Rpc.pagesCorrectionSheets.subject);
      asked.push(req.code);
      return req.userId === 'ana' && (req.code === 'set1' || req.code === 'v2') ? sheets('set1') : null;
    },
  } as never;
  return { deps: { bus, store: memoryClassroomStore() }, asked };
}

const refusal = (statusCode: number, message: string) =>
  expect.objectContaining({ statusCode, message }) as unknown;

describe('Correção rápida', () => {
  it('opens a bought set (also by a version’s code) with the cells typed so far, under the set’s code', async () => {
    const { deps } = withPages();
    const opened = await openCorrection(deps, 'ana', 'v2');
    expect(opened).toMatchObject({ code: 'set1', title: 'Subtração', cells: [] });
    expect(opened.sheets.map((s) => s.label)).toEqual(['Versão 1 de 2', 'Versão 2 de 2']);
    await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(2, 0, 35, 10)] });
    expect((await openCorrection(deps, 'ana', 'set1')).cells).toEqual([cell(2, 0, 35, 10)]);
  });

  it('answers 404 for a sheet that is not a bought one of the member’s, opening or saving', async () => {
    const { deps } = withPages();
    await expect(openCorrection(deps, 'bia', 'set1')).rejects.toEqual(refusal(404, Msg.correctionNotFound));
    await expect(saveTypedAnswers(deps, 'bia', { code: 'set1', cells: [cell(1, 0, 1, 1)] })).rejects.toEqual(
      refusal(404, Msg.correctionNotFound),
    );
    // Ana opened it: Bia still cannot write to it.
    await openCorrection(deps, 'ana', 'set1');
    await expect(saveTypedAnswers(deps, 'bia', { code: 'set1', cells: [cell(1, 0, 1, 1)] })).rejects.toEqual(
      refusal(404, Msg.correctionNotFound),
    );
    expect(await deps.store.corrections.cells('set1')).toEqual([]);
  });

  it('asks pages once: the saves after the opening check the recorded sheet', async () => {
    const { deps, asked } = withPages();
    await openCorrection(deps, 'ana', 'set1');
    await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 0, 25, 1)] });
    await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 1, 3, 2)] });
    expect(asked).toEqual(['set1']);
  });

  it('refuses a cell outside the sheet with its message, writing nothing of the save', async () => {
    const { deps } = withPages();
    for (const outside of [cell(3, 0, 1, 1), cell(1, 2, 1, 1)])
      await expect(
        saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 0, 25, 1), outside] }),
      ).rejects.toEqual(refusal(400, Msg.correctionCellOutOfSheet));
    expect(await deps.store.corrections.cells('set1')).toEqual([]);
  });

  it('writes one cell per problem of a save, the one typed last, and a late older save changes nothing', async () => {
    expect(
      cellsToWrite({ problemCounts: [2] }, [cell(1, 0, 1, 5), cell(1, 0, 2, 9), cell(1, 0, 3, 7)]),
    ).toEqual([cell(1, 0, 2, 9)]);
    const { deps } = withPages();
    expect(await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 0, 35, 20)] })).toEqual({
      saved: 1,
    });
    expect(await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 0, 25, 10)] })).toEqual({
      saved: 0,
    });
    expect(await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 0, 35, 20)] })).toEqual({
      saved: 0,
    });
    expect((await openCorrection(deps, 'ana', 'set1')).cells).toEqual([cell(1, 0, 35, 20)]);
  });

  it('puts the typed cells in the data export and forgets them with the account', async () => {
    const { deps } = withPages();
    await saveTypedAnswers(deps, 'ana', { code: 'set1', cells: [cell(1, 0, 35, 20), cell(1, 1, 3, 21)] });
    expect((await exportUserData(deps, 'ana')).corrections).toEqual([
      {
        code: 'set1',
        cells: [
          { version: 1, problem: 0, result: 35, remainder: null, blank: false },
          { version: 1, problem: 1, result: 3, remainder: null, blank: false },
        ],
      },
    ]);
    expect(await forgetCorrections(deps, 'ana')).toBe(2);
    expect((await exportUserData(deps, 'ana')).corrections).toEqual([]);
  });

  it('names a version’s row after its child when the set was made for one of the member’s turmas', async () => {
    const { deps } = withPages();
    const saved = await deps.store.turmas.save('ana', { name: '3º B', students: [{ name: 'Ana S.' }] }, 30);
    if (saved.outcome !== 'saved') throw new Error(saved.outcome);
    const ana = saved.turma.students[0]!.id;
    const bus = deps.bus as unknown as {
      request: (def: unknown, req: { userId: string; code: string }) => Promise<unknown>;
    };
    const plain = bus.request.bind(bus);
    bus.request = async (def, req) => {
      const sheets = (await plain(def, req)) as { sheets: Array<Record<string, unknown>> } | null;
      if (sheets) sheets.sheets[0]!.studentId = ana;
      if (sheets) sheets.sheets[1]!.studentId = '00000000-0000-4000-8000-000000000099';
      return sheets;
    };
    const opened = await openCorrection(deps, 'ana', 'set1');
    expect(opened.sheets.map((s) => s.student)).toEqual(['Ana S.', undefined]);
    expect(opened.sheets.some((s) => 'studentId' in s)).toBe(false);
  });
});
