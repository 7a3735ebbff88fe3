import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePages1751000000000 implements MigrationInterface {
  name = 'CreatePages1751000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "pages" (
        "code" text PRIMARY KEY,
        "user_id" text NOT NULL,
        "seed" text NOT NULL,
        "options" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "bought_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "pages_user_created_idx" ON "pages" ("user_id", "created_at")`);
    await q.query(`
      CREATE TABLE "page_renders" (
        "code" text PRIMARY KEY,
        "pdf" bytea NOT NULL,
        "png" bytea NOT NULL,
        "page_count" int NOT NULL,
        "rendered_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "page_renders_code_fk" FOREIGN KEY ("code") REFERENCES "pages" ("code") ON DELETE CASCADE
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "page_renders"`);
    await q.query(`DROP TABLE "pages"`);
  }
}
