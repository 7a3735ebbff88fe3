import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { PageOptions, SavedSheetRecord, SavedSheetsRepository } from '../domain/deps.js';
import { SavedSheetEntity } from './entities.js';

interface SavedSheetRow {
  id: string;
  user_id: string;
  name: string;
  options: PageOptions;
  created_at: Date;
}

const record = (row: SavedSheetRow): SavedSheetRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  options: row.options,
  createdAt: row.created_at,
});

/** Every query of `pages.saved_sheets` ("Minhas folhas salvas", issue 25). */
export class SavedSheetRepository implements SavedSheetsRepository {
  constructor(private readonly db: DataSource) {}

  private get sheets() {
    return this.db.getRepository(SavedSheetEntity);
  }

  list(userId: string): Promise<SavedSheetRecord[]> {
    return this.sheets.findBy({ userId });
  }

  /**
   * One upsert: the member's row of that name gets the new options (its id stays), or a new row is added while the
   * member has fewer than `max`. The count and the insert are one statement, after a lock of the member's saves for
   * the transaction: a save waiting on it reads the rows the other one added, so two saves at once never make
   * `max + 1` (READ COMMITTED takes each statement's snapshot when it starts).
   */
  save(userId: string, name: string, options: PageOptions, max: number): Promise<SavedSheetRecord | null> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('pages.saved_sheets'), hashtext($1))`, [userId]);
      const rows: SavedSheetRow[] = await tx.query(
        `INSERT INTO "saved_sheets" ("id", "user_id", "name", "options")
         SELECT $1, $2, $3, $4::jsonb
         WHERE EXISTS (SELECT 1 FROM "saved_sheets" WHERE "user_id" = $2 AND "name" = $3)
            OR (SELECT count(*) FROM "saved_sheets" WHERE "user_id" = $2) < $5
         ON CONFLICT ("user_id", "name") DO UPDATE SET "options" = EXCLUDED."options", "created_at" = now()
         RETURNING "id", "user_id", "name", "options", "created_at"`,
        [randomUUID(), userId, name, JSON.stringify(options), max],
      );
      return rows[0] ? record(rows[0]) : null;
    });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.sheets.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  async deleteAll(userId: string): Promise<number> {
    const result = await this.sheets.delete({ userId });
    return result.affected ?? 0;
  }
}
