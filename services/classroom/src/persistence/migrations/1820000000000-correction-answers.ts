import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Correção rápida: the sheets being corrected (a bought page or class set: its owner and how many problems each
 * version has, as pages answered) and every typed cell, the last write of each by the time it was typed.
 */
export class CorrectionAnswers1820000000000 implements MigrationInterface {
  name = 'CorrectionAnswers1820000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "sheets" (
        "code" text PRIMARY KEY,
        "user_id" text NOT NULL,
        "problem_counts" jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX "sheets_user" ON "sheets" ("user_id")`);
    await q.query(`
      CREATE TABLE "answers" (
        "sheet_code" text NOT NULL,
        "version" smallint NOT NULL,
        "problem" smallint NOT NULL,
        "user_id" text NOT NULL,
        "result" bigint,
        "remainder" bigint,
        "blank" boolean NOT NULL,
        "typed_at" bigint NOT NULL,
        PRIMARY KEY ("sheet_code", "version", "problem")
      )`);
    await q.query(`CREATE INDEX "answers_user" ON "answers" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "answers"`);
    await q.query(`DROP TABLE "sheets"`);
  }
}
