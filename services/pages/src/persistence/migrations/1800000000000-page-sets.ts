import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Class sets ("Uma folha para cada aluno"): a set of 2 to 40 versions of the same options, bought together
 * (one debit) and downloaded as one file. Each version is a row of `pages` of its own (code, seed, QR code) that
 * names its set and its place in it; a single page has neither (both null, or both set).
 */
export class PageSets1800000000000 implements MigrationInterface {
  name = 'PageSets1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "page_sets" (
        "code" text PRIMARY KEY,
        "user_id" text NOT NULL,
        "versions" smallint NOT NULL,
        "options" jsonb NOT NULL,
        "rules" smallint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "bought_at" timestamptz,
        CONSTRAINT "page_sets_versions_range" CHECK ("versions" BETWEEN 2 AND 40)
      )`);
    await q.query(`CREATE INDEX "page_sets_user_created_idx" ON "page_sets" ("user_id", "created_at")`);
    await q.query(`
      ALTER TABLE "pages"
        ADD COLUMN "set_code" text,
        ADD COLUMN "set_version" smallint,
        ADD CONSTRAINT "pages_set_code_fkey" FOREIGN KEY ("set_code") REFERENCES "page_sets" ("code"),
        ADD CONSTRAINT "pages_set_version" UNIQUE ("set_code", "set_version"),
        ADD CONSTRAINT "pages_set_both" CHECK (("set_code" IS NULL) = ("set_version" IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "pages"
        DROP CONSTRAINT "pages_set_both",
        DROP CONSTRAINT "pages_set_version",
        DROP CONSTRAINT "pages_set_code_fkey",
        DROP COLUMN "set_version",
        DROP COLUMN "set_code"`);
    await q.query(`DROP TABLE "page_sets"`);
  }
}
