import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money before work: `holds`, the price of a purchase reserved before anything is printed for it. A hold is
 * `held` until its purchase's file is stored (`captured`: its debit is `entry_id`), its printing fails for good
 * (`released`) or it outlives the bound of an open hold (`expired`: its purchase's service stopped). Rules the
 * database keeps: one open hold per purchase key and user (a hold is taken once), at most one open `exclusive` hold
 * per user (one class set printing at a time), a positive amount. What is available to hold is the balance less the
 * user's open holds, worked out under the user's balance row lock (store.ts).
 */
export class PurchaseHolds1760000000005 implements MigrationInterface {
  name = 'PurchaseHolds1760000000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.holds (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        purchase_key text NOT NULL,
        cents integer NOT NULL CONSTRAINT hold_cents_positive CHECK (cents > 0),
        reason text NOT NULL,
        exclusive boolean NOT NULL,
        state text NOT NULL DEFAULT 'held'
          CONSTRAINT hold_state CHECK (state IN ('held', 'captured', 'released', 'expired')),
        entry_id bigint CONSTRAINT holds_entry_id_fkey REFERENCES billing.ledger_entries (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        CONSTRAINT captured_with_entry CHECK ((state = 'captured') = (entry_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX holds_open_once_per_key ON billing.holds (user_id, purchase_key) WHERE state = 'held'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX holds_one_exclusive_open ON billing.holds (user_id) WHERE state = 'held' AND exclusive`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.holds`);
  }
}
