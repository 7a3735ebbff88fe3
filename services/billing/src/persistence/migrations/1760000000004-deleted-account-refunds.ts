import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money of a deleted account goes back. `deleted_accounts`: the users auth reported deleted
 * (`events.auth.user.deleted`; only the id). `refunds`: one row per payment approved for a deleted account and sent
 * back through Mercado Pago's refund API instead of credited (the payment id is the key: a payment is refunded once),
 * claimed before the call and completed with Mercado Pago's refund id.
 */
export class DeletedAccountRefunds1760000000004 implements MigrationInterface {
  name = 'DeletedAccountRefunds1760000000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.deleted_accounts (
        user_id text PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE billing.refunds (
        payment_id text PRIMARY KEY,
        top_up_id uuid NOT NULL CONSTRAINT refunds_top_up_id_fkey REFERENCES billing.top_ups(id),
        user_id text NOT NULL,
        amount_cents integer NOT NULL CONSTRAINT refund_amount_positive CHECK (amount_cents > 0),
        reason text NOT NULL CONSTRAINT refund_reason CHECK (reason IN ('account_deleted')),
        provider_refund_id text,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        refunded_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.refunds`);
    await q.query(`DROP TABLE billing.deleted_accounts`);
  }
}
