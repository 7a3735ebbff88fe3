import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import { balanceOf, connectBus, createActiveUser, topUp, userIdOf } from '@app/testing';

const stack = inject('stack');
const db = new pg.Client({ connectionString: stack.databaseUrl });
let bus: Bus;

beforeAll(async () => {
  await db.connect();
  bus = await connectBus(stack, 'billing-holds-test');
});
afterAll(async () => {
  await bus.drain();
  await db.end();
});

const hold = (userId: string, cents: number, key = `page:${randomUUID()}`, exclusive = false) =>
  bus.request(
    Rpc.billingHold,
    { userId, key, cents, reason: 'Página de exercícios abc', exclusive },
    { timeoutMs: 30_000 },
  );
const capture = (userId: string, key: string) =>
  bus.request(Rpc.billingCapture, { userId, key }, { timeoutMs: 30_000 });
const release = (userId: string, key: string) =>
  bus.request(Rpc.billingRelease, { userId, key }, { timeoutMs: 30_000 });

const ledgerOf = async (userId: string) => {
  const { rows } = await db.query(
    `SELECT coalesce(sum(amount_cents), 0) AS sum, count(*) FILTER (WHERE kind = 'debit') AS debits
       FROM billing.ledger_entries WHERE user_id = $1`,
    [userId],
  );
  return { sumCents: Number(rows[0].sum), debits: Number(rows[0].debits) };
};

/** A signed-up user with R$ 5,00 of balance. */
async function fundedUser() {
  const user = await createActiveUser(stack);
  const userId = await userIdOf(stack, user.token);
  await topUp(stack, user.token, 5);
  return { user, userId };
}

describe("purchases' holds over NATS (Rpc.billingHold, billingCapture, billingRelease)", () => {
  it('the database itself refuses a negative balance and any change to the ledger', async () => {
    const { user, userId } = await fundedUser();
    await expect(
      db.query('UPDATE billing.balances SET balance_cents = -1 WHERE user_id = $1', [userId]),
    ).rejects.toThrow(/balance_never_negative/);
    await expect(
      db.query('UPDATE billing.ledger_entries SET amount_cents = 1 WHERE user_id = $1', [userId]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM billing.ledger_entries WHERE user_id = $1', [userId])).rejects.toThrow(
      /append-only/,
    );
    // TRUNCATE skips row triggers: a statement trigger refuses it, directly or cascaded from top_ups (a plain TRUNCATE
    // is refused sooner still by the holds' foreign key to the ledger). Each attempt runs in a transaction rolled back
    // afterwards, so a regression cannot wipe the ledger the other tests use.
    for (const truncate of [
      'TRUNCATE billing.ledger_entries',
      'TRUNCATE billing.ledger_entries RESTART IDENTITY CASCADE',
      'TRUNCATE billing.top_ups CASCADE',
    ]) {
      await db.query('BEGIN');
      try {
        await expect(db.query(truncate), truncate).rejects.toThrow(/append-only|referenced in a foreign key/);
      } finally {
        await db.query('ROLLBACK');
      }
    }
    expect(await ledgerOf(userId)).toEqual({ sumCents: 500, debits: 0 });
    expect(await balanceOf(stack, user.token)).toBe(5);
  });

  // The money rules of a purchase's hold (held once per key, never more than the balance however many at once, a
  // capture debits once, a release frees it, one exclusive hold at a time) are stated once, in @app/testing's
  // billingHoldSpec, run against Postgres by test/spec/billing-store.spec-suite.ts. Here: what the handlers make of
  // them on the wire.
  it('answers a hold, its repeat, its capture and a release; a key reused for another amount with a remote error', async () => {
    const { user, userId } = await fundedUser();
    const key = `page:${randomUUID()}`;

    const held = await hold(userId, 50, key);
    expect(held).toEqual({ outcome: 'held', holdId: expect.any(String) });
    expect(await hold(userId, 50, key)).toEqual(held);
    await expect(hold(userId, 51, key)).rejects.toMatchObject({ code: 'REMOTE' });
    expect(await hold(userId, 451)).toEqual({ outcome: 'insufficient', availableCents: 450 });
    // A hold is not spent: the balance members see is the ledger's until the capture.
    expect(await balanceOf(stack, user.token)).toBe(5);
    expect(await capture(userId, key)).toEqual({ outcome: 'captured', balanceCents: 450 });
    expect(await capture(userId, key)).toEqual({ outcome: 'captured', balanceCents: 450 });
    expect(await hold(userId, 50, key)).toEqual({ outcome: 'captured', balanceCents: 450 });
    expect(await release(userId, key)).toEqual({ released: false });
    expect(await balanceOf(stack, user.token)).toBe(4.5);
    expect(await ledgerOf(userId)).toEqual({ sumCents: 450, debits: 1 });

    const set = `set:${randomUUID()}`;
    expect(await hold(userId, 400, set, true)).toMatchObject({ outcome: 'held' });
    expect(await hold(userId, 50, `set:${randomUUID()}`, true)).toEqual({ outcome: 'busy' });
    expect(await release(userId, set)).toEqual({ released: true });
    expect(await capture(userId, set)).toEqual({ outcome: 'not_held', balanceCents: 450 });
    await expect(
      bus.request(Rpc.billingHold, { userId, key: 'reversal:1:500', cents: 50, reason: 'x' }),
    ).rejects.toThrow();
  });

  it('holds asked at once by one account over NATS never reserve more than its balance', async () => {
    const { user, userId } = await fundedUser();
    const keys = Array.from({ length: 30 }, () => `page:${randomUUID()}`);
    const answers = await Promise.all(keys.map((key) => hold(userId, 50, key)));
    expect(answers.filter((a) => a.outcome === 'held')).toHaveLength(10);
    await Promise.all(keys.map((key) => capture(userId, key)));
    expect(await balanceOf(stack, user.token)).toBe(0);
    expect(await ledgerOf(userId)).toEqual({ sumCents: 0, debits: 10 });
  });
});
