import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Minhas folhas salvas": a member's named builder settings. A name once per member (saving it again
 * replaces the row); at most SAVED_SHEETS_MAX rows a member, kept by the save itself (store.ts).
 */
export class SavedSheets1790000000000 implements MigrationInterface {
  name = 'SavedSheets1790000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "saved_sheets" (
        "id" uuid PRIMARY KEY,
        "user_id" text NOT NULL,
        "name" text NOT NULL,
        "options" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "saved_sheets_user_name" UNIQUE ("user_id", "name")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "saved_sheets"`);
  }
}
