import { beforeAll, describe, expect, inject, it } from 'vitest';
import { exportMyData, Msg, type MyDataExport } from '@app/contracts';
import {
  buyPage,
  call,
  createActiveUser,
  defaultPageRequest,
  generatePageCode,
  googleUser,
  payloadOf,
  type TestSession,
  topUp,
} from '@app/testing';

const stack = inject('stack');

const exportOf = (token: string) => payloadOf<MyDataExport>(stack.gatewayUrl, exportMyData, token);

let owner: TestSession;
let other: TestSession;
let ownerCode: string;
let otherCode: string;
const hardDivision = { ...defaultPageRequest, div: true, level: 2 as const };

beforeAll(async () => {
  [owner, other] = await Promise.all([
    createActiveUser(stack, { fullname: 'Ana Exportadora' }),
    createActiveUser(stack, { fullname: 'Bruno Alheio' }),
  ]);
  await Promise.all([topUp(stack, owner.token, 10), topUp(stack, other.token, 20)]);
  [ownerCode, otherCode] = await Promise.all([
    generatePageCode(stack, owner.token, hardDivision),
    generatePageCode(stack, other.token),
  ]);
  for (const [session, code] of [
    [owner, ownerCode],
    [other, otherCode],
  ] as const) {
    const bought = await buyPage(stack, session.token, code);
    expect(bought.status).toBe(200);
  }
  // A page generated and not bought is no purchase.
  await generatePageCode(stack, owner.token);
});

describe('GET /api/exportMyData', () => {
  it('holds the account, the purchase with its page settings, the statement and the payment', async () => {
    const before = Date.now();
    const data = await exportOf(owner.token);
    expect(Date.parse(data.exportedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.account).toEqual({
      fullname: 'Ana Exportadora',
      email: owner.email,
      fromGoogle: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Object.keys(data.account).sort()).toEqual([
      'createdAt',
      'email',
      'fromGoogle',
      'fullname',
      'updatedAt',
    ]);
    expect(data.purchases).toEqual([
      {
        code: ownerCode,
        createdAt: expect.any(String),
        boughtAt: expect.any(String),
        settings: hardDivision,
      },
    ]);
    expect(
      data.statement.map(({ kind, description, amountCents, balanceAfterCents }) => ({
        kind,
        description,
        amountCents,
        balanceAfterCents,
      })),
    ).toEqual([
      { kind: 'top_up', description: Msg.statementTopUp, amountCents: 1000, balanceAfterCents: 1000 },
      {
        kind: 'purchase',
        description: Msg.statementPurchase(`Adição, subtração e divisão — Difícil (${ownerCode})`),
        amountCents: -50,
        balanceAfterCents: 950,
      },
    ]);
    expect(data.statementHasOlder).toBe(false);
    expect(data.payments).toEqual([
      {
        topUpId: expect.any(String),
        amountCents: 1000,
        status: 'credited',
        paymentStatus: 'approved',
        createdAt: expect.any(String),
        creditedAt: expect.any(String),
      },
    ]);
  });

  it("never holds another user's data, and holds no secrets", async () => {
    const text = JSON.stringify(await exportOf(owner.token));
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('Bruno Alheio');
    expect(text).not.toContain(otherCode);
    expect(text).not.toContain(owner.password);
    expect(text).not.toMatch(/\$2[aby]\$/); // a bcrypt hash
    const theirs = await exportOf(other.token);
    expect(theirs.account.email).toBe(other.email);
    expect(theirs.purchases.map((p) => p.code)).toEqual([otherCode]);
    expect(theirs.statement.map((e) => e.amountCents)).toEqual([2000, -50]);
  });

  it('says fromGoogle for a Google account, and answers 401 without a session', async () => {
    const google = await googleUser(stack, 'Gabi Google');
    const data = await exportOf(google.token);
    expect(data.account).toMatchObject({ fullname: 'Gabi Google', email: google.email, fromGoogle: true });
    expect(data).toMatchObject({ purchases: [], statement: [], payments: [] });
    expect((await call(stack.gatewayUrl, exportMyData)).status).toBe(401);
  });
});
