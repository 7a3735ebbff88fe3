import { describe, expect, inject, it } from 'vitest';
import {
  deleteMyAccount,
  exportMyData,
  getCorrection,
  Msg,
  pageAnswers,
  saveAnswers,
  type Correction,
  type MyDataExport,
  type TypedCell,
} from '@app/contracts';
import {
  buySetAndWait,
  call,
  createActiveUser,
  fundedMember,
  newPageSet,
  payloadOf,
  sql,
  userIdOf,
  waitUntilConsumed,
  type TestSession,
} from '@app/testing';
import { cell } from '../support/cells.js';

// Correção rápida through the gateway, on the whole stack: a bought class set's sheets come from pages, the typed
// cells are classroom's.

const stack = inject('stack');
const gw = stack.gatewayUrl;

const open = (token: string, code: string) => call<Correction>(gw, getCorrection, { query: { code }, token });
const save = (token: string, code: string, cells: TypedCell[]) =>
  call<{ saved: number }>(gw, saveAnswers, { body: { code, cells }, token });
const refusal = (status: number, message: string, code: string) => ({
  status,
  body: { status: 'ERROR', message, payload: null, code },
});
const cellRows = async (userId: string) =>
  (
    await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM classroom.answers WHERE user_id = $1', [
      userId,
    ])
  )[0]!.n;

const newSet = (member: TestSession, versions: number) => newPageSet(stack, member.token, versions);

describe('Correção rápida', () => {
  it('corrects a bought class set: its sheets as the gabarito, the cells kept, the last typed winning', async () => {
    const member = await fundedMember(stack, 5);
    const set = await newSet(member, 2);
    // Not bought yet: nothing to correct.
    expect(await open(member.token, set.code)).toMatchObject(
      refusal(404, Msg.correctionNotFound, 'NOT_FOUND'),
    );
    expect((await buySetAndWait(stack, member.token, set.code)).progress?.bought).toBe(true);

    const opened = await open(member.token, set.code);
    expect(opened.status).toBe(200);
    const correction = opened.body.payload!;
    expect(correction.code).toBe(set.code);
    expect(correction.cells).toEqual([]);
    expect(correction.sheets.map((s) => [s.n, s.code, s.label])).toEqual([
      [1, set.codes[0], 'Versão 1 de 2'],
      [2, set.codes[1], 'Versão 2 de 2'],
    ]);
    // Each sheet's problems are its gabarito's, with the answers it expects.
    for (const sheet of correction.sheets) {
      const gabarito = (
        await call<{ problems: Array<Record<string, number>> }>(gw, pageAnswers, {
          query: { code: sheet.code },
          token: member.token,
        })
      ).body.payload!;
      expect(sheet.problems).toEqual(
        gabarito.problems.map(({ op, a, b, result, remainder }) => ({ op, a, b, result, remainder })),
      );
    }
    // A version's code (its sheet's QR) opens the whole set.
    expect((await open(member.token, set.codes[1]!)).body.payload!.code).toBe(set.code);

    const first = correction.sheets[0]!.problems[0]!;
    const typed = [
      cell(1, 0, first.result, 1000),
      cell(1, 1, null, 1000, { blank: true }),
      cell(2, 0, 12345, 1000),
    ];
    expect((await save(member.token, set.code, typed)).body.payload).toEqual({ saved: 3 });
    // The same save again (a retry) and an older one arriving late write nothing; a newer one wins.
    expect((await save(member.token, set.code, typed)).body.payload).toEqual({ saved: 0 });
    expect((await save(member.token, set.code, [cell(2, 0, 1, 500)])).body.payload).toEqual({ saved: 0 });
    expect((await save(member.token, set.code, [cell(2, 0, 54321, 2000)])).body.payload).toEqual({
      saved: 1,
    });
    // Saves through a version's code land on the set.
    expect((await save(member.token, set.codes[0]!, [cell(1, 2, 7, 3000)])).body.payload).toEqual({
      saved: 1,
    });
    expect((await open(member.token, set.code)).body.payload!.cells).toEqual([
      cell(1, 0, first.result, 1000),
      cell(1, 1, null, 1000, { blank: true }),
      cell(1, 2, 7, 3000),
      cell(2, 0, 54321, 2000),
    ]);
  });

  it('refuses what is not a bought sheet of the member, a cell outside the sheet and a typed value not a whole number', async () => {
    const member = await fundedMember(stack, 5);
    const set = await newSet(member, 2);
    await buySetAndWait(stack, member.token, set.code);
    const other = await createActiveUser(stack);
    const unknown = await open(other.token, 'codigo-que-nao-existe');
    const theirs = await open(other.token, set.code);
    expect(theirs).toMatchObject(refusal(404, Msg.correctionNotFound, 'NOT_FOUND'));
    expect(theirs.body).toEqual(unknown.body);
    expect(await save(other.token, set.code, [cell(1, 0, 1, 1)])).toMatchObject(
      refusal(404, Msg.correctionNotFound, 'NOT_FOUND'),
    );

    const problems = (await open(member.token, set.code)).body.payload!.sheets[0]!.problems.length;
    for (const outside of [cell(3, 0, 1, 1), cell(1, problems, 1, 1)])
      expect(await save(member.token, set.code, [cell(1, 0, 1, 1), outside])).toMatchObject(
        refusal(400, Msg.correctionCellOutOfSheet, 'VALIDATION'),
      );
    for (const result of [-1, 1.5, '12'])
      expect(
        await save(member.token, set.code, [{ ...cell(1, 0, 1, 1), result } as TypedCell]),
      ).toMatchObject(refusal(400, Msg.typedAnswerInvalid, 'VALIDATION'));
    expect((await open(member.token, set.code)).body.payload!.cells).toEqual([]);
    expect((await call(gw, getCorrection, { query: { code: set.code } })).status).toBe(401);
  });

  it("puts the typed cells in the member's data export, and deletes them with the account", async () => {
    const member = await fundedMember(stack, 5);
    const userId = await userIdOf(stack, member.token);
    const set = await newSet(member, 2);
    await buySetAndWait(stack, member.token, set.code);
    await open(member.token, set.code);
    await save(member.token, set.code, [cell(1, 0, 35, 10), cell(2, 1, 3, 10, { remainder: 2 })]);

    const data = await payloadOf<MyDataExport>(gw, exportMyData, member.token);
    expect(data.corrections).toEqual([
      {
        code: set.code,
        cells: [
          { version: 1, problem: 0, result: 35, remainder: null, blank: false },
          { version: 2, problem: 1, result: 3, remainder: 2, blank: false },
        ],
      },
    ]);

    const deleted = await call(gw, deleteMyAccount, {
      body: { password: member.password },
      token: member.token,
    });
    expect(deleted.status).toBe(200);
    await waitUntilConsumed(stack, 'EVENTS', 'classroom-user-deleted');
    expect(await cellRows(userId)).toBe(0);
  });
});
