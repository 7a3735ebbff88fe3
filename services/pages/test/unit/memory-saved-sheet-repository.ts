import { randomUUID } from 'node:crypto';
import type { PageOptions, SavedSheetRecord, SavedSheetsRepository } from '../../src/domain/deps.js';

/**
 * `pages.saved_sheets` in memory, for unit tests of the use cases. It keeps what the SQL repository and its schema
 * keep (src/persistence/saved-sheet-repository.ts): a name once per member (saving it again replaces the options and
 * the time, the id stays), no new name past `max`, `created_at` stamped by the store, and copies on every read.
 */
export class MemorySavedSheetRepository implements SavedSheetsRepository {
  private readonly rows = new Map<string, SavedSheetRecord>();

  /** `now`: the database's clock (created_at). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async list(userId: string): Promise<SavedSheetRecord[]> {
    return this.of(userId).map((s) => structuredClone(s));
  }

  async save(
    userId: string,
    name: string,
    options: PageOptions,
    max: number,
  ): Promise<SavedSheetRecord | null> {
    const mine = this.of(userId);
    const same = mine.find((s) => s.name === name);
    if (!same && mine.length >= max) return null;
    const row: SavedSheetRecord = {
      id: same?.id ?? randomUUID(),
      userId,
      name,
      options: structuredClone(options),
      createdAt: this.now(),
    };
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (this.rows.get(id)?.userId !== userId) return false;
    return this.rows.delete(id);
  }

  async deleteAll(userId: string): Promise<number> {
    const mine = this.of(userId);
    for (const s of mine) this.rows.delete(s.id);
    return mine.length;
  }

  private of(userId: string): SavedSheetRecord[] {
    return [...this.rows.values()].filter((s) => s.userId === userId);
  }
}
