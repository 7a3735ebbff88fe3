import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the payer's return (/pagamento-sucesso) was first answered 'approved' for a top-up, so that the
 * return link opened again says the payment was already added instead of announcing it once more.
 */
export class ReturnAnnounced1760000000003 implements MigrationInterface {
  name = 'ReturnAnnounced1760000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.top_ups ADD COLUMN return_announced_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.top_ups DROP COLUMN return_announced_at`);
  }
}
