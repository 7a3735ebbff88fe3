import type { DataSource } from 'typeorm';
import type {
  BoughtPage,
  PageCounts,
  PageRecord,
  PageSetRecord,
  PageSetWithPages,
  PagesRepository,
} from '../domain/deps.js';
import { PageEntity, PageSetEntity } from './entities.js';

/** Every query of the pages schema. The rendered files live in the RENDERS bucket, not here. */
export class PageRepository implements PagesRepository {
  constructor(private readonly db: DataSource) {}

  private get pages() {
    return this.db.getRepository(PageEntity);
  }

  private get sets() {
    return this.db.getRepository(PageSetEntity);
  }

  /**
   * Counted on pages_user_created_idx, by the database's clock (the one that stamps created_at). A class set counts
   * once: its version 1 (the one preview it queues).
   */
  countCreatedWithin(userId: string, withinMs: number): Promise<number> {
    return this.pages
      .createQueryBuilder('p')
      .where("p.user_id = :userId AND p.created_at > now() - :withinMs * interval '1 millisecond'", {
        userId,
        withinMs,
      })
      .andWhere('(p.set_version IS NULL OR p.set_version = 1)')
      .getCount();
  }

  async insert(page: Pick<PageRecord, 'code' | 'userId' | 'seed' | 'options' | 'rules'>): Promise<void> {
    await this.pages.insert(page);
  }

  findByCode(code: string): Promise<PageRecord | null> {
    return this.pages.findOneBy({ code });
  }

  /** Sets bought_at once; answers whether this call was the one that set it. */
  async markBought(code: string, at: Date): Promise<boolean> {
    const result = await this.pages
      .createQueryBuilder()
      .update()
      .set({ boughtAt: at })
      .where('code = :code AND bought_at IS NULL', { code })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The set and its versions' pages in one transaction (one `created_at` for all: the transaction's `now()`). */
  async insertSet(
    set: Pick<PageSetRecord, 'code' | 'userId' | 'versions' | 'options' | 'rules'>,
    versions: Array<Pick<PageRecord, 'code' | 'seed'>>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.getRepository(PageSetEntity).insert(set);
      await tx.getRepository(PageEntity).insert(
        versions.map((v, i) => ({
          code: v.code,
          seed: v.seed,
          userId: set.userId,
          options: set.options,
          rules: set.rules,
          setCode: set.code,
          setVersion: i + 1,
        })),
      );
    });
  }

  async findSet(code: string): Promise<PageSetWithPages | null> {
    const set = await this.sets.findOneBy({ code });
    if (!set) return null;
    const pages = await this.pages.find({ where: { setCode: code }, order: { setVersion: 'ASC' } });
    return { ...set, pages };
  }

  /**
   * The set's bought_at, then its versions', in one transaction. A second purchase at the same moment waits on the
   * set's row lock and then finds it bought: only one call sets it, and the versions carry the same instant.
   */
  markSetBought(code: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const set = await tx
        .createQueryBuilder()
        .update(PageSetEntity)
        .set({ boughtAt: at })
        .where('code = :code AND bought_at IS NULL', { code })
        .execute();
      if (!set.affected) return false;
      await tx
        .createQueryBuilder()
        .update(PageEntity)
        .set({ boughtAt: at })
        .where('set_code = :code AND bought_at IS NULL', { code })
        .execute();
      return true;
    });
  }

  /** The user's bought pages with their settings (what each practises), newest first; a set's versions in order. */
  listBought(userId: string): Promise<BoughtPage[]> {
    return this.pages
      .createQueryBuilder('p')
      .select(['p.code', 'p.createdAt', 'p.options', 'p.setCode', 'p.setVersion'])
      .where('p.user_id = :userId AND p.bought_at IS NOT NULL', { userId })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.set_code', 'ASC')
      .addOrderBy('p.set_version', 'ASC')
      .addOrderBy('p.code', 'ASC')
      .getMany();
  }

  /** The user's bought pages with their settings, oldest purchase first (for the member's data export). */
  listBoughtWithSettings(
    userId: string,
  ): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'boughtAt' | 'options'>>> {
    return this.pages
      .createQueryBuilder('p')
      .select(['p.code', 'p.createdAt', 'p.boughtAt', 'p.options'])
      .where('p.user_id = :userId AND p.bought_at IS NOT NULL', { userId })
      .orderBy('p.bought_at', 'ASC')
      .addOrderBy('p.code', 'ASC')
      .getMany();
  }

  async stats(): Promise<PageCounts> {
    const row = await this.pages
      .createQueryBuilder('p')
      .select('count(*)::int', 'totalPages')
      .addSelect('count(p.bought_at)::int', 'boughtPages')
      .getRawOne<PageCounts>();
    return row ?? { totalPages: 0, boughtPages: 0 };
  }
}
