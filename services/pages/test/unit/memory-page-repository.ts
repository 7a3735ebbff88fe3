import type { PageCounts, PageRecord, PagesRepository } from '../../src/domain/deps.js';

/**
 * The pages table in memory, for unit tests of the use cases. It keeps what the SQL repository and its schema keep
 * (src/persistence/page-repository.ts): a code is a primary key, `created_at` is stamped by the store, a purchase
 * time is set once (`WHERE bought_at IS NULL`), and the lists' orders. Reads answer copies, as rows read again do.
 */
export class MemoryPageRepository implements PagesRepository {
  private readonly pages = new Map<string, PageRecord>();

  /** `now`: the database's clock (created_at). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async countCreatedWithin(userId: string, withinMs: number): Promise<number> {
    const since = this.now().getTime() - withinMs;
    return [...this.pages.values()].filter((p) => p.userId === userId && p.createdAt.getTime() > since)
      .length;
  }

  async insert(page: Pick<PageRecord, 'code' | 'userId' | 'seed' | 'options' | 'rules'>): Promise<void> {
    if (this.pages.has(page.code)) throw new Error(`duplicate key value violates unique constraint (code)`);
    this.pages.set(page.code, { ...structuredClone(page), createdAt: this.now(), boughtAt: null });
  }

  async findByCode(code: string): Promise<PageRecord | null> {
    const page = this.pages.get(code);
    return page ? structuredClone(page) : null;
  }

  async markBought(code: string, at: Date): Promise<boolean> {
    const page = this.pages.get(code);
    if (!page || page.boughtAt !== null) return false;
    page.boughtAt = new Date(at);
    return true;
  }

  async listBought(userId: string): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'options'>>> {
    return this.bought(userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byCode(a, b))
      .map((p) => ({ code: p.code, createdAt: p.createdAt, options: p.options }));
  }

  async listBoughtWithSettings(
    userId: string,
  ): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'boughtAt' | 'options'>>> {
    return this.bought(userId)
      .sort((a, b) => a.boughtAt!.getTime() - b.boughtAt!.getTime() || byCode(a, b))
      .map(({ code, createdAt, boughtAt, options }) => ({ code, createdAt, boughtAt, options }));
  }

  async stats(): Promise<PageCounts> {
    const all = [...this.pages.values()];
    return { totalPages: all.length, boughtPages: all.filter((p) => p.boughtAt !== null).length };
  }

  private bought(userId: string): PageRecord[] {
    return [...this.pages.values()]
      .filter((p) => p.userId === userId && p.boughtAt !== null)
      .map((p) => structuredClone(p));
  }
}

const byCode = (a: PageRecord, b: PageRecord) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
