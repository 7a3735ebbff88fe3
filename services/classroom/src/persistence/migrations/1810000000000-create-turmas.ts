import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Minhas turmas": a member's turmas and their children's names, in order. A turma's name once per member (the save
 * also refuses it case aside, under the member's lock: store.ts); a child is a name and a place, deleted with the
 * turma (ON DELETE CASCADE).
 */
export class CreateTurmas1810000000000 implements MigrationInterface {
  name = 'CreateTurmas1810000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "turmas" (
        "id" uuid PRIMARY KEY,
        "user_id" text NOT NULL,
        "name" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "turmas_user_name" UNIQUE ("user_id", "name")
      )`);
    await q.query(`
      CREATE TABLE "students" (
        "id" uuid PRIMARY KEY,
        "turma_id" uuid NOT NULL,
        "position" smallint NOT NULL,
        "name" text NOT NULL,
        CONSTRAINT "students_turma_fkey" FOREIGN KEY ("turma_id") REFERENCES "turmas" ("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "students_turma_position" ON "students" ("turma_id", "position")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "students"`);
    await q.query(`DROP TABLE "turmas"`);
  }
}
