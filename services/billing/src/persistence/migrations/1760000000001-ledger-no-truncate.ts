import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's append-only trigger (1760000000000) is a row trigger, which TRUNCATE never fires: a TRUNCATE of
 * `ledger_entries` (or of `top_ups` with CASCADE) would have wiped every entry. A statement trigger refuses it with
 * the same function and message. `balances` gets none: it is a cache the code updates, guarded only by its CHECK.
 */
export class LedgerNoTruncate1760000000001 implements MigrationInterface {
  name = 'LedgerNoTruncate1760000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON billing.ledger_entries
      FOR EACH STATEMENT EXECUTE FUNCTION billing.ledger_is_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER ledger_no_truncate ON billing.ledger_entries`);
  }
}
