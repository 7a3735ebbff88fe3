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
  bus = await connectBus(stack, 'billing-debit-test');
});
afterAll(async () => {
  await bus.drain();
  await db.end();
});

const debit = (userId: string, cents: number, idempotencyKey: string = randomUUID()) =>
  bus.request(
    Rpc.billingDebit,
    { userId, cents, reason: 'Compra de página', idempotencyKey },
    { timeoutMs: 30_000 },
  );

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

describe('debits over NATS (Rpc.billingDebit)', () => {
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
    // TRUNCATE skips row triggers: a statement trigger refuses it, directly or cascaded from top_ups. Each attempt
    // runs in a transaction rolled back afterwards, so a regression cannot wipe the ledger the other tests use.
    for (const truncate of [
      'TRUNCATE billing.ledger_entries',
      'TRUNCATE billing.ledger_entries RESTART IDENTITY CASCADE',
      'TRUNCATE billing.top_ups CASCADE',
    ]) {
      await db.query('BEGIN');
      try {
        await expect(db.query(truncate), truncate).rejects.toThrow(/append-only/);
      } finally {
        await db.query('ROLLBACK');
      }
    }
    expect(await ledgerOf(userId)).toEqual({ sumCents: 500, debits: 0 });
    expect(await balanceOf(stack, user.token)).toBe(5);
  });

  // The money rules of a debit (a key debits once, concurrent debits never go below zero, a reused key debits
  // nothing, keys are per user) are stated once, in test/spec/billing-store.spec-suite.ts, against Postgres too.
  // Here: what the handler makes of them on the wire.
  it('answers a debit and its repeat alike, and a key reused for another amount with a remote error', async () => {
    const { user, userId } = await fundedUser();
    const key = `page:${randomUUID()}`;

    expect(await debit(userId, 50, key)).toEqual({ ok: true, balanceCents: 450 });
    expect(await debit(userId, 50, key)).toEqual({ ok: true, balanceCents: 450 });
    await expect(debit(userId, 51, key)).rejects.toMatchObject({ code: 'REMOTE' });
    expect(await debit(userId, 451)).toEqual({ ok: false, reason: 'insufficient', balanceCents: 450 });
    expect(await balanceOf(stack, user.token)).toBe(4.5);
    expect(await ledgerOf(userId)).toEqual({ sumCents: 450, debits: 1 });
  });
});
