import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds and chargebacks. The ledger stays append-only: a reversal is a new entry of kind 'reversal'
 * (negative, naming the payment it takes back), never an edit of the credit.
 *
 * - `reversed_payment_id`: the payment a reversal takes back (the credit's `payment_id` is UNIQUE, so it cannot be
 *   reused). Its idempotency key is `reversal:<payment id>:<cents reversed in total after it>`, unique per user like
 *   a debit key, so the same refund state reverses once however often and concurrently it is seen.
 * - `source`: which path wrote a credit or reversal (the payer's return, the webhook or the reconciler).
 * - The balance may now go below zero, but only through a reversal. The CHECK `balance_never_negative` is replaced
 *   by two constraint triggers checked at commit: a transaction that lowers a balance below zero (or further below)
 *   must have appended a reversal for that user (`xmin` = its own transaction id), and a transaction that appends a
 *   debit must leave the balance non-negative. Credits may raise a negative balance without covering all of it.
 */
export class Reversals1760000000002 implements MigrationInterface {
  name = 'Reversals1760000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.ledger_entries ADD COLUMN reversed_payment_id text`);
    await q.query(`
      ALTER TABLE billing.ledger_entries ADD COLUMN source text
        CONSTRAINT ledger_source CHECK (source IN ('return', 'webhook', 'reconciler'))`);
    await q.query(`ALTER TABLE billing.ledger_entries DROP CONSTRAINT ledger_kind`);
    await q.query(`
      ALTER TABLE billing.ledger_entries ADD CONSTRAINT ledger_kind
        CHECK (kind IN ('credit', 'debit', 'reversal'))`);
    await q.query(`
      ALTER TABLE billing.ledger_entries ADD CONSTRAINT reversal_of_payment CHECK (
        kind <> 'reversal' OR (amount_cents < 0 AND reversed_payment_id IS NOT NULL AND top_up_id IS NOT NULL
                               AND idempotency_key IS NOT NULL))`);
    await q.query(`
      CREATE INDEX ledger_entries_reversed_payment_idx ON billing.ledger_entries (reversed_payment_id)
       WHERE reversed_payment_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX top_ups_credited_idx ON billing.top_ups (credited_at) WHERE status = 'credited'`,
    );

    await q.query(`ALTER TABLE billing.balances DROP CONSTRAINT balance_never_negative`);
    await q.query(`
      CREATE FUNCTION billing.debit_leaves_balance_non_negative() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT balance_cents FROM billing.balances WHERE user_id = NEW.user_id) < 0 THEN
          RAISE EXCEPTION 'a debit cannot take the balance of % below zero', NEW.user_id
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER debit_never_below_zero AFTER INSERT ON billing.ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.kind = 'debit')
      EXECUTE FUNCTION billing.debit_leaves_balance_non_negative()`);
    await q.query(`
      CREATE FUNCTION billing.negative_balance_only_by_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (TG_OP = 'INSERT' OR NEW.balance_cents < OLD.balance_cents) AND NOT EXISTS (
            SELECT 1 FROM billing.ledger_entries
             WHERE user_id = NEW.user_id AND kind = 'reversal' AND xmin = pg_current_xact_id()::xid) THEN
          RAISE EXCEPTION 'balance_never_negative: only a reversal may take the balance of % below zero', NEW.user_id
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER balance_negative_only_by_reversal AFTER INSERT OR UPDATE ON billing.balances
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.balance_cents < 0)
      EXECUTE FUNCTION billing.negative_balance_only_by_reversal()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER balance_negative_only_by_reversal ON billing.balances`);
    await q.query(`DROP FUNCTION billing.negative_balance_only_by_reversal()`);
    await q.query(`DROP TRIGGER debit_never_below_zero ON billing.ledger_entries`);
    await q.query(`DROP FUNCTION billing.debit_leaves_balance_non_negative()`);
    // Fails (as it should) while some balance is negative.
    await q.query(`
      ALTER TABLE billing.balances ADD CONSTRAINT balance_never_negative CHECK (balance_cents >= 0)`);
    await q.query(`DROP INDEX billing.top_ups_credited_idx`);
    await q.query(`DROP INDEX billing.ledger_entries_reversed_payment_idx`);
    await q.query(`ALTER TABLE billing.ledger_entries DROP CONSTRAINT reversal_of_payment`);
    await q.query(`ALTER TABLE billing.ledger_entries DROP CONSTRAINT ledger_kind`);
    await q.query(`
      ALTER TABLE billing.ledger_entries ADD CONSTRAINT ledger_kind CHECK (kind IN ('credit', 'debit'))`);
    await q.query(`ALTER TABLE billing.ledger_entries DROP COLUMN source`);
    await q.query(`ALTER TABLE billing.ledger_entries DROP COLUMN reversed_payment_id`);
  }
}
