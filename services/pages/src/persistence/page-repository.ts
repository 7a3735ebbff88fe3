import type { DataSource } from 'typeorm';
import type { PageCounts, PageRecord, PagesRepository } from '../domain/deps.js';
import { PageEntity } from './entities.js';

/** Every query of the pages schema. The rendered files live in the RENDERS bucket, not here. */
export class PageRepository implements PagesRepository {
  constructor(private readonly db: DataSource) {}

  private get pages() {
    return this.db.getRepository(PageEntity);
  }

  /** Counted on pages_user_created_idx, by the database's clock (the one that stamps created_at). */
  countCreatedWithin(userId: string, withinMs: number): Promise<number> {
    return this.pages
      .createQueryBuilder('p')
      .where("p.user_id = :userId AND p.created_at > now() - :withinMs * interval '1 millisecond'", {
        userId,
        withinMs,
      })
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

  /** The user's bought pages with their settings (what each practises), newest first. */
  listBought(userId: string): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'options'>>> {
    return this.pages
      .createQueryBuilder('p')
      .select(['p.code', 'p.createdAt', 'p.options'])
      .where('p.user_id = :userId AND p.bought_at IS NOT NULL', { userId })
      .orderBy('p.created_at', 'DESC')
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
