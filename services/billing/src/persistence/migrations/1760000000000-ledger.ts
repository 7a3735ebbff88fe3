import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money rules live in the database, not only in code: a balance can never go negative (CHECK), a payment
 * credits at most once (UNIQUE payment_id), a debit key debits at most once per user (UNIQUE), and the ledger
 * refuses UPDATE and DELETE (trigger).
 */
export class Ledger1760000000000 implements MigrationInterface {
  name = 'Ledger1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.balances (
        user_id text PRIMARY KEY,
        balance_cents integer NOT NULL DEFAULT 0 CONSTRAINT balance_never_negative CHECK (balance_cents >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE billing.top_ups (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        amount_cents integer NOT NULL
          CONSTRAINT top_up_whole_reais_5_to_20 CHECK (amount_cents BETWEEN 500 AND 2000 AND amount_cents % 100 = 0),
        preference_id text UNIQUE,
        status text NOT NULL DEFAULT 'pending' CONSTRAINT top_up_status CHECK (status IN ('pending', 'credited')),
        last_payment_status text,
        checked_at timestamptz,
        credited_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX top_ups_user_idx ON billing.top_ups (user_id)`);
    await q.query(
      `CREATE INDEX top_ups_pending_idx ON billing.top_ups (created_at) WHERE status = 'pending'`,
    );
    await q.query(`
      CREATE TABLE billing.ledger_entries (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        kind text NOT NULL CONSTRAINT ledger_kind CHECK (kind IN ('credit', 'debit')),
        amount_cents integer NOT NULL,
        top_up_id uuid REFERENCES billing.top_ups (id),
        payment_id text UNIQUE,
        idempotency_key text,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_from_payment CHECK (
          kind <> 'credit' OR (amount_cents > 0 AND payment_id IS NOT NULL AND top_up_id IS NOT NULL)),
        CONSTRAINT debit_with_key CHECK (kind <> 'debit' OR (amount_cents < 0 AND idempotency_key IS NOT NULL)),
        CONSTRAINT debit_key_once_per_user UNIQUE (user_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX ledger_entries_user_idx ON billing.ledger_entries (user_id)`);
    await q.query(`
      CREATE FUNCTION billing.ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'billing.ledger_entries is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON billing.ledger_entries
      FOR EACH ROW EXECUTE FUNCTION billing.ledger_is_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.ledger_entries`);
    await q.query(`DROP FUNCTION billing.ledger_is_append_only()`);
    await q.query(`DROP TABLE billing.top_ups`);
    await q.query(`DROP TABLE billing.balances`);
  }
}
