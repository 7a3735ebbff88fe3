import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The generator's rules version each page is drawn with. Pages stored before it keep NULL, which is
 * rules 1: they print and answer exactly as when they were bought.
 */
export class PageRulesVersion1780000000000 implements MigrationInterface {
  name = 'PageRulesVersion1780000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "pages" ADD COLUMN "rules" smallint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "pages" DROP COLUMN "rules"`);
  }
}
