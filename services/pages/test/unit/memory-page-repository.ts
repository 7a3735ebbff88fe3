import type {
  BoughtPage,
  PageCounts,
  PageRecord,
  PageSetRecord,
  PageSetWithPages,
  PagesRepository,
} from '../../src/domain/deps.js';

/**
 * The pages and page_sets tables in memory, for unit tests of the use cases. It keeps what the SQL repository and
 * its schema keep (src/persistence/page-repository.ts): a code is a primary key, `created_at` is stamped by the store,
 * a purchase time is set once (`WHERE bought_at IS NULL`), a set and its versions are written together (one
 * transaction), and the lists' orders. Reads answer copies, as rows read again do.
 */
export class MemoryPageRepository implements PagesRepository {
  private readonly pages = new Map<string, PageRecord>();
  private readonly sets = new Map<string, PageSetRecord>();

  /** `now`: the database's clock (created_at). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async countCreatedWithin(userId: string, withinMs: number): Promise<number> {
    const since = this.now().getTime() - withinMs;
    return [...this.pages.values()].filter(
      (p) =>
        p.userId === userId && p.createdAt.getTime() > since && (p.setVersion === null || p.setVersion === 1),
    ).length;
  }

  async insert(page: Pick<PageRecord, 'code' | 'userId' | 'seed' | 'options' | 'rules'>): Promise<void> {
    if (this.pages.has(page.code)) throw new Error(`duplicate key value violates unique constraint (code)`);
    this.pages.set(page.code, {
      ...structuredClone(page),
      createdAt: this.now(),
      boughtAt: null,
      setCode: null,
      setVersion: null,
    });
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

  async insertSet(
    set: Pick<PageSetRecord, 'code' | 'userId' | 'versions' | 'options' | 'rules'>,
    versions: Array<Pick<PageRecord, 'code' | 'seed'>>,
  ): Promise<void> {
    if (this.sets.has(set.code) || versions.some((v) => this.pages.has(v.code)))
      throw new Error(`duplicate key value violates unique constraint (code)`);
    const createdAt = this.now();
    this.sets.set(set.code, { ...structuredClone(set), createdAt, boughtAt: null });
    versions.forEach((v, i) =>
      this.pages.set(v.code, {
        code: v.code,
        seed: v.seed,
        userId: set.userId,
        options: structuredClone(set.options),
        rules: set.rules,
        createdAt,
        boughtAt: null,
        setCode: set.code,
        setVersion: i + 1,
      }),
    );
  }

  async findSet(code: string): Promise<PageSetWithPages | null> {
    const set = this.sets.get(code);
    if (!set) return null;
    const pages = [...this.pages.values()]
      .filter((p) => p.setCode === code)
      .sort((a, b) => a.setVersion! - b.setVersion!);
    return structuredClone({ ...set, pages });
  }

  async markSetBought(code: string, at: Date): Promise<boolean> {
    const set = this.sets.get(code);
    if (!set || set.boughtAt !== null) return false;
    set.boughtAt = new Date(at);
    for (const page of this.pages.values())
      if (page.setCode === code && page.boughtAt === null) page.boughtAt = new Date(at);
    return true;
  }

  async listBought(userId: string): Promise<BoughtPage[]> {
    return this.bought(userId)
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() ||
          cmp(a.setCode ?? '', b.setCode ?? '') ||
          (a.setVersion ?? 0) - (b.setVersion ?? 0) ||
          cmp(a.code, b.code),
      )
      .map(({ code, createdAt, options, setCode, setVersion }) => ({
        code,
        createdAt,
        options,
        setCode,
        setVersion,
      }));
  }

  async listBoughtWithSettings(
    userId: string,
  ): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'boughtAt' | 'options'>>> {
    return this.bought(userId)
      .sort((a, b) => a.boughtAt!.getTime() - b.boughtAt!.getTime() || cmp(a.code, b.code))
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

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
