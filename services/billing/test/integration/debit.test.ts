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
  it('100 concurrent debits of R$ 0,50 on R$ 5,00: exactly 10 succeed, the balance ends at 0 = the ledger sum', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    expect(await topUp(stack, user.token, 5)).toBe(5);

    const answers = await Promise.all(Array.from({ length: 100 }, () => debit(userId, 50)));
    const succeeded = answers.filter((a) => a.ok);
    expect(succeeded).toHaveLength(10);
    expect(
      answers.filter((a) => !a.ok).every((a) => !a.ok && a.reason === 'insufficient' && a.balanceCents === 0),
    ).toBe(true);
    expect(succeeded.map((a) => a.balanceCents).sort((x, y) => x - y)).toEqual([
      0, 50, 100, 150, 200, 250, 300, 350, 400, 450,
    ]);

    expect(await balanceOf(stack, user.token)).toBe(0);
    expect(await ledgerOf(userId)).toEqual({ sumCents: 0, debits: 10 });
    const { rows } = await db.query('SELECT balance_cents FROM billing.balances WHERE user_id = $1', [
      userId,
    ]);
    expect(rows[0].balance_cents).toBe(0);
  });

  it('the same debit key debits once, even when repeated concurrently', async () => {
    const { user, userId } = await fundedUser();
    const key = `page:${randomUUID()}`;

    expect(await debit(userId, 50, key)).toEqual({ ok: true, balanceCents: 450 });
    expect(await debit(userId, 50, key)).toEqual({ ok: true, balanceCents: 450 });
    const again = await Promise.all(Array.from({ length: 20 }, () => debit(userId, 50, key)));
    expect(again.every((a) => a.ok && a.balanceCents === 450)).toBe(true);

    expect(await balanceOf(stack, user.token)).toBe(4.5);
    expect(await ledgerOf(userId)).toEqual({ sumCents: 450, debits: 1 });
  });

  it('refuses a debit larger than the balance, and any debit for a user without balance', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    expect(await debit(userId, 50)).toEqual({ ok: false, reason: 'insufficient', balanceCents: 0 });
    await topUp(stack, user.token, 5);
    expect(await debit(userId, 501)).toEqual({ ok: false, reason: 'insufficient', balanceCents: 500 });
    expect(await debit(userId, 500)).toEqual({ ok: true, balanceCents: 0 });
  });

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

  it('a debit key reused for another amount is refused (remote error), debiting nothing; the same amount is a repeat', async () => {
    const { user, userId } = await fundedUser();
    const key = `page:${randomUUID()}`;

    expect(await debit(userId, 50, key)).toEqual({ ok: true, balanceCents: 450 });
    // Same key, same amount: the original answer again, nothing debited.
    expect(await debit(userId, 50, key)).toEqual({ ok: true, balanceCents: 450 });
    // Same key, another amount (smaller, larger, or more than the balance): not the same debit, refused.
    for (const cents of [49, 51, 100, 10_000]) {
      await expect(debit(userId, cents, key), `${cents} cents`).rejects.toMatchObject({ code: 'REMOTE' });
    }
    const racing = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => debit(userId, i % 2 ? 50 : 70, key)),
    );
    for (const [i, r] of racing.entries()) {
      if (i % 2) expect(r).toEqual({ status: 'fulfilled', value: { ok: true, balanceCents: 450 } });
      else expect(r).toMatchObject({ status: 'rejected', reason: { code: 'REMOTE' } });
    }
    expect(await balanceOf(stack, user.token)).toBe(4.5);
    expect(await ledgerOf(userId)).toEqual({ sumCents: 450, debits: 1 });

    // The key is scoped to its user: another user's debit with the same key is that user's own debit.
    const { userId: otherId } = await fundedUser();
    expect(await debit(otherId, 100, key)).toEqual({ ok: true, balanceCents: 400 });
    expect(await ledgerOf(otherId)).toEqual({ sumCents: 400, debits: 1 });
    expect(await ledgerOf(userId)).toEqual({ sumCents: 450, debits: 1 });
  });
});
