import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Corrigir pela foto": a cell read from a photo of the sheet is marked until the teacher confirms it or types over
 * it. Cells typed before were typed: false.
 */
export class AnswersPhoto1840000000000 implements MigrationInterface {
  name = 'AnswersPhoto1840000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "answers" ADD COLUMN "photo" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "answers" DROP COLUMN "photo"`);
  }
}
