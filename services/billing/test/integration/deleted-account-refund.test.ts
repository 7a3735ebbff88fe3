import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { adminLogs, deleteMyAccount, Msg, type AuditEntry } from '@app/contracts';
import {
  adminToken,
  call,
  createActiveUser,
  createTopUpPreference,
  payPreference,
  resendPaymentNotification,
  setPaymentStatus,
  userIdOf,
} from '@app/testing';

const stack = inject('stack');
const db = new pg.Client({ connectionString: stack.databaseUrl });
beforeAll(() => db.connect());
afterAll(() => db.end());

// A Pix approved after the account was deleted was credited to the deleted account and nobody was
// told. Billing hears the deletion (events.auth.user.deleted) and sends such a payment back through Mercado Pago's
// refund API (the stand-in implements POST /v1/payments/{id}/refunds), once, and the admin's activity log says so.

const mp = (path: string) =>
  fetch(`${stack.devProvidersUrl}${path}`, { headers: { authorization: 'Bearer TEST-token' } }).then(
    (r) => r.json() as Promise<Record<string, unknown>>,
  );

async function refundRow(paymentId: string) {
  const { rows } = await db.query(
    `SELECT r.provider_refund_id, r.refunded_at, t.checked_at
       FROM billing.refunds r JOIN billing.top_ups t ON t.id = r.top_up_id WHERE r.payment_id = $1`,
    [paymentId],
  );
  return rows[0] as
    { provider_refund_id: string | null; refunded_at: Date | null; checked_at: Date | null } | undefined;
}

describe('a payment approved for a deleted account goes back to the payer', () => {
  it('is refunded through the refund API once, never credited, and shown in the admin log', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const preference = await createTopUpPreference(stack, user.token, 10);
    // A Pix waiting for payment when the member deletes the account.
    const { paymentId } = await payPreference(stack, preference.id, 'pending', { notify: false });

    const deleted = await call(stack.gatewayUrl, deleteMyAccount, {
      token: user.token,
      body: { password: user.password },
    });
    expect(deleted.body.status).toBe('SUCCESS');
    await expect
      .poll(
        async () =>
          (await db.query('SELECT 1 FROM billing.deleted_accounts WHERE user_id = $1', [userId])).rowCount,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);

    // The Pix is paid: Mercado Pago notifies the approval.
    await setPaymentStatus(stack, paymentId, 'approved');
    await expect
      .poll(async () => (await refundRow(paymentId))?.refunded_at ?? null, { timeout: 30_000 })
      .not.toBeNull();

    const refunds = (await mp(`/v1/payments/${paymentId}/refunds`)) as unknown as Array<{
      id: number;
      amount: number;
    }>;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 10 });
    expect((await refundRow(paymentId))!.provider_refund_id).toBe(String(refunds[0]!.id));
    expect(await mp(`/v1/payments/${paymentId}`)).toMatchObject({
      status: 'refunded',
      transaction_amount_refunded: 10,
    });
    const credits = await db.query(`SELECT 1 FROM billing.ledger_entries WHERE payment_id = $1`, [paymentId]);
    expect(credits.rowCount).toBe(0);

    // The admin's activity log shows it.
    const admin = await adminToken(stack);
    const summary = Msg.auditTopUpRefunded('R$ 10,00');
    const logged = async () => {
      const res = await call<AuditEntry[]>(stack.gatewayUrl, adminLogs, {
        token: admin,
        query: { type: 'topup.refunded', limit: '500' },
      });
      return (res.body.payload ?? []).filter((e) => e.userId === userId);
    };
    await expect
      .poll(async () => (await logged()).map((e) => e.summary), { timeout: 30_000 })
      .toEqual([summary]);

    // Notified again, and looked up again by the reconciler (seen on its next claim of the top-up after the refund):
    // still one refund, nothing credited, one line in the log.
    await resendPaymentNotification(stack, paymentId);
    // Two claims after the refund: the pass that made the first one has finished (passes never overlap).
    const checkedAt = async () => (await refundRow(paymentId))!.checked_at?.getTime() ?? 0;
    const refundedAt = (await refundRow(paymentId))!.refunded_at!.getTime();
    await expect.poll(checkedAt, { timeout: 60_000 }).toBeGreaterThan(refundedAt);
    const first = await checkedAt();
    await expect.poll(checkedAt, { timeout: 60_000 }).toBeGreaterThan(first);
    expect((await mp(`/v1/payments/${paymentId}/refunds`)) as unknown as unknown[]).toHaveLength(1);
    expect(
      (await db.query(`SELECT 1 FROM billing.ledger_entries WHERE payment_id = $1`, [paymentId])).rowCount,
    ).toBe(0);
    expect(await logged()).toHaveLength(1);
  });
});
