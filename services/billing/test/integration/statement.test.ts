import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getStatement, Msg, processPayment, type Statement } from '@app/contracts';
import { reaisToCents } from '@app/contracts/format';
import {
  balanceOf,
  buyPage,
  call,
  createActiveUser,
  createTopUpPreference,
  generatePageCode,
  payloadOf,
  payPreference,
  setPaymentStatus,
  type TestSession,
  topUp,
} from '@app/testing';

const stack = inject('stack');

const statementOf = (token: string) => payloadOf<Statement>(stack.gatewayUrl, getStatement, token);

/** A credited top-up of `reais` through the payer's return; answers its Mercado Pago payment id. */
async function creditedTopUp(session: TestSession, reais: number) {
  const preference = await createTopUpPreference(stack, session.token, reais);
  const { paymentId } = await payPreference(stack, preference.id, 'approved');
  const res = await call(stack.gatewayUrl, processPayment, {
    token: session.token,
    body: { preferenceId: preference.id, paymentId },
  });
  expect(res.status).toBe(200);
  return paymentId;
}

let owner: TestSession;
let stranger: TestSession;
let code: string;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createActiveUser(stack), createActiveUser(stack)]);
  await creditedTopUp(owner, 10);
  code = await generatePageCode(stack, owner.token);
  const bought = await buyPage(stack, owner.token, code);
  expect(bought.status).toBe(200);
  const refunded = await creditedTopUp(owner, 5);
  await setPaymentStatus(stack, refunded, 'refunded');
  await vi.waitFor(async () => expect(await balanceOf(stack, owner.token)).toBe(9.5), { timeout: 15_000 });
  await topUp(stack, stranger.token, 20);
});

describe('GET /api/getStatement', () => {
  it('lists top-ups, the purchase and the reversal, newest first, with the running balance in cents', async () => {
    const statement = await statementOf(owner.token);
    expect(statement.hasOlder).toBe(false);
    expect(
      statement.entries.map(({ kind, description, amountCents, balanceAfterCents }) => ({
        kind,
        description,
        amountCents,
        balanceAfterCents,
      })),
    ).toEqual([
      { kind: 'reversal', description: 'Estorno de recarga', amountCents: -500, balanceAfterCents: 950 },
      { kind: 'top_up', description: Msg.statementTopUp, amountCents: 500, balanceAfterCents: 1450 },
      {
        kind: 'purchase',
        description: Msg.statementPurchase(`Adição e subtração — Médio (${code})`),
        amountCents: -50,
        balanceAfterCents: 950,
      },
      { kind: 'top_up', description: Msg.statementTopUp, amountCents: 1000, balanceAfterCents: 1000 },
    ]);
    for (const entry of statement.entries) expect(new Date(entry.at).toISOString()).toBe(entry.at);
    // The newest entry's balance is the balance the sidebar shows.
    expect(statement.entries[0]!.balanceAfterCents).toBe(reaisToCents(await balanceOf(stack, owner.token)));
  });

  it("is the caller's own: another user's statement holds only their movements", async () => {
    const statement = await statementOf(stranger.token);
    expect(statement.entries.map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([
      ['top_up', 2000, 2000],
    ]);
  });

  it('is empty for a user who never moved money, and refused without a session', async () => {
    const newcomer = await createActiveUser(stack);
    expect(await statementOf(newcomer.token)).toEqual({ pending: [], entries: [], hasOlder: false });
    const anonymous = await call(stack.gatewayUrl, getStatement);
    expect(anonymous.status).toBe(401);
  });
});
