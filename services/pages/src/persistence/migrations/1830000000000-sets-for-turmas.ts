import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Class sets made for a turma (classroom's "Minhas turmas"): the set keeps the turma's id and each version the child's
 * id, never a name (the worker asks classroom for the names as it draws the sheet). Null for every set before.
 */
export class SetsForTurmas1830000000000 implements MigrationInterface {
  name = 'SetsForTurmas1830000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "page_sets" ADD COLUMN "turma_id" uuid`);
    await q.query(`CREATE INDEX "page_sets_turma_idx" ON "page_sets" ("turma_id")`);
    await q.query(`ALTER TABLE "pages" ADD COLUMN "student_id" uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "pages" DROP COLUMN "student_id"`);
    await q.query(`DROP INDEX "page_sets_turma_idx"`);
    await q.query(`ALTER TABLE "page_sets" DROP COLUMN "turma_id"`);
  }
}
