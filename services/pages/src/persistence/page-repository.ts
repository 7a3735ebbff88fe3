import type { DataSource } from 'typeorm';
import { PageEntity, PageRenderEntity, type PageOptions, type PageRecord } from './entities.js';

export interface PageStatsRow {
  totalPages: number;
  boughtPages: number;
}

/** Every query of the pages schema. Rendered bytes are read only by the routes that send them. */
export class PageRepository {
  constructor(private readonly db: DataSource) {}

  private get pages() {
    return this.db.getRepository(PageEntity);
  }
  private get renders() {
    return this.db.getRepository(PageRenderEntity);
  }

  async insert(page: { code: string; userId: string; seed: string; options: PageOptions }): Promise<void> {
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

  /** The user's bought pages, newest first. */
  listBought(userId: string): Promise<Array<Pick<PageRecord, 'code' | 'createdAt'>>> {
    return this.pages
      .createQueryBuilder('p')
      .select(['p.code', 'p.createdAt'])
      .where('p.user_id = :userId AND p.bought_at IS NOT NULL', { userId })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.code', 'ASC')
      .getMany();
  }

  /** Stores the rendered bytes once: a redelivered job finds the row there and changes nothing. */
  async insertRender(render: { code: string; pdf: Buffer; png: Buffer; pageCount: number }): Promise<void> {
    await this.renders.createQueryBuilder().insert().values(render).orIgnore().execute();
  }

  /** Whether the page's render is stored (without reading its bytes). */
  async hasRender(code: string): Promise<true | null> {
    return (await this.renders.existsBy({ code })) || null;
  }

  async findPng(code: string): Promise<Buffer | null> {
    const row = await this.renders.findOne({ where: { code }, select: { code: true, png: true } });
    return row?.png ?? null;
  }

  async findPdf(code: string): Promise<Buffer | null> {
    const row = await this.renders.findOne({ where: { code }, select: { code: true, pdf: true } });
    return row?.pdf ?? null;
  }

  async stats(): Promise<PageStatsRow> {
    const row = await this.pages
      .createQueryBuilder('p')
      .select('count(*)::int', 'totalPages')
      .addSelect('count(p.bought_at)::int', 'boughtPages')
      .getRawOne<PageStatsRow>();
    return row ?? { totalPages: 0, boughtPages: 0 };
  }
}
