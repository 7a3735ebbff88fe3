import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The progress of a term ("Progresso no período"): a sheet being corrected records when it was bought and, for a set
 * made for a turma, the turma, as pages answered them, so that a turma's sheets of a period are found here. A sheet
 * recorded before has neither until it is opened again.
 */
export class SheetTurma1830000000000 implements MigrationInterface {
  name = 'SheetTurma1830000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sheets" ADD COLUMN "turma_id" uuid, ADD COLUMN "bought_at" timestamptz`);
    await q.query(
      `CREATE INDEX "sheets_turma" ON "sheets" ("user_id", "turma_id", "bought_at") WHERE "turma_id" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "sheets_turma"`);
    await q.query(`ALTER TABLE "sheets" DROP COLUMN "bought_at", DROP COLUMN "turma_id"`);
  }
}
