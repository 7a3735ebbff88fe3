import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rendered files moved to the RENDERS bucket of NATS's Object Store. Nothing is lost by dropping the table: a page
 * is rendered again from its seed and options (the same sheet) when a preview or download finds no file.
 */
export class RendersInObjectStore1760000000000 implements MigrationInterface {
  name = 'RendersInObjectStore1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "page_renders"`);
  }

  async down(q: QueryRunner): Promise<void> {
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
}
