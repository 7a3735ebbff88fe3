import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { storeOver } from '@app/kit';
import type {
  BoughtPage,
  PageCounts,
  PageOptions,
  PageRecord,
  PageSetRecord,
  PageSetWithPages,
  PagesRepositories,
  PagesRepository,
  PagesStore,
  SavedSheetRecord,
  SavedSheetsRepository,
} from '../domain/ports.js';
import { PageEntity, PageSetEntity, SavedSheetEntity } from './entities.js';

/** pages' repositories over Postgres (kit `storeOver`: in a transaction or not). */
export const pagesStore = (db: DataSource): PagesStore => storeOver(db, pagesRepositories);

/** Every repository on one manager (the data source's, or a transaction's). */
const pagesRepositories = (m: EntityManager): PagesRepositories => ({
  pages: pages(m),
  savedSheets: savedSheets(m),
});

/** A row of `pages` as the port has it: no `studentId` key for a page not made for a child. */
const pageOf = ({ studentId, ...page }: PageRecord): PageRecord =>
  studentId ? { ...page, studentId } : page;
/** A row of `page_sets`: no `turmaId` key for a set not made for a turma. */
const setOf = ({ turmaId, ...set }: PageSetRecord): PageSetRecord => (turmaId ? { ...set, turmaId } : set);

/** Every query of `pages.pages` and `pages.page_sets`. */
const pages = (m: EntityManager): PagesRepository => {
  const rows = m.getRepository(PageEntity);
  const sets = m.getRepository(PageSetEntity);
  async function findSet(code: string): Promise<PageSetWithPages | null> {
    const set = await sets.findOneBy({ code });
    if (!set) return null;
    const versions = await rows.find({ where: { setCode: code }, order: { setVersion: 'ASC' } });
    return { ...setOf(set), pages: versions.map(pageOf) };
  }
  return {
    async insert(page: Pick<PageRecord, 'code' | 'userId' | 'seed' | 'options' | 'rules'>): Promise<void> {
      await rows.insert(page);
    },

    async findByCode(code: string): Promise<PageRecord | null> {
      const row = await rows.findOneBy({ code });
      return row && pageOf(row);
    },

    /** Sets bought_at once; answers whether this call was the one that set it. */
    async markBought(code: string, at: Date): Promise<boolean> {
      const result = await rows
        .createQueryBuilder()
        .update()
        .set({ boughtAt: at })
        .where('code = :code AND bought_at IS NULL', { code })
        .execute();
      return (result.affected ?? 0) > 0;
    },

    /** The set and its versions' pages in one transaction (one `created_at` for all: the transaction's `now()`). */
    async insertSet(
      set: Pick<PageSetRecord, 'code' | 'userId' | 'versions' | 'options' | 'rules' | 'turmaId'>,
      versions: Array<Pick<PageRecord, 'code' | 'seed' | 'studentId'> & { options?: PageOptions }>,
    ): Promise<void> {
      await m.transaction(async (tx) => {
        await tx.getRepository(PageSetEntity).insert(set);
        await tx.getRepository(PageEntity).insert(
          versions.map((v, i) => ({
            code: v.code,
            seed: v.seed,
            userId: set.userId,
            options: v.options ?? set.options,
            rules: set.rules,
            setCode: set.code,
            setVersion: i + 1,
            ...(v.studentId ? { studentId: v.studentId } : {}),
          })),
        );
      });
    },

    findSet,

    async setsWithNames(of: { turmaId: string } | { userId: string }): Promise<PageSetWithPages[]> {
      const found = await sets
        .createQueryBuilder('s')
        .where('s.turma_id IS NOT NULL')
        .andWhere('turmaId' in of ? 's.turma_id = :id' : 's.user_id = :id', {
          id: 'turmaId' in of ? of.turmaId : of.userId,
        })
        .orderBy('s.code')
        .getMany();
      return Promise.all(found.map(async (s) => (await findSet(s.code))!));
    },

    /**
     * The set's bought_at, then its versions', in one transaction. A second purchase at the same moment waits on the
     * set's row lock and then finds it bought: only one call sets it, and the versions carry the same instant.
     */
    markSetBought(code: string, at: Date): Promise<boolean> {
      return m.transaction(async (tx) => {
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
    },

    /** The user's bought pages with their settings (what each practises), newest first; a set's versions in order. */
    listBought(userId: string): Promise<BoughtPage[]> {
      return rows
        .createQueryBuilder('p')
        .select(['p.code', 'p.createdAt', 'p.options', 'p.setCode', 'p.setVersion'])
        .where('p.user_id = :userId AND p.bought_at IS NOT NULL', { userId })
        .orderBy('p.created_at', 'DESC')
        .addOrderBy('p.set_code', 'ASC')
        .addOrderBy('p.set_version', 'ASC')
        .addOrderBy('p.code', 'ASC')
        .getMany();
    },

    /** The user's bought pages with their settings, oldest purchase first (for the member's data export). */
    listBoughtWithSettings(
      userId: string,
    ): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'boughtAt' | 'options'>>> {
      return rows
        .createQueryBuilder('p')
        .select(['p.code', 'p.createdAt', 'p.boughtAt', 'p.options'])
        .where('p.user_id = :userId AND p.bought_at IS NOT NULL', { userId })
        .orderBy('p.bought_at', 'ASC')
        .addOrderBy('p.code', 'ASC')
        .getMany();
    },

    async stats(): Promise<PageCounts> {
      const row = await rows
        .createQueryBuilder('p')
        .select('count(*)::int', 'totalPages')
        .addSelect('count(p.bought_at)::int', 'boughtPages')
        .getRawOne<PageCounts>();
      return row ?? { totalPages: 0, boughtPages: 0 };
    },
  };
};

interface SavedSheetRow {
  id: string;
  user_id: string;
  name: string;
  options: PageOptions;
  created_at: Date;
}

const sheetRecord = (row: SavedSheetRow): SavedSheetRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  options: row.options,
  createdAt: row.created_at,
});

/** Every query of `pages.saved_sheets` ("Minhas folhas salvas"). */
const savedSheets = (m: EntityManager): SavedSheetsRepository => {
  const sheets = m.getRepository(SavedSheetEntity);
  return {
    list(userId: string): Promise<SavedSheetRecord[]> {
      return sheets.findBy({ userId });
    },

    /**
     * One upsert: the member's row of that name gets the new options (its id stays), or a new row is added while the
     * member has fewer than `max`. The count and the insert are one statement, after a lock of the member's saves for
     * the transaction: a save waiting on it reads the rows the other one added, so two saves at once never make
     * `max + 1` (READ COMMITTED takes each statement's snapshot when it starts).
     */
    save(userId: string, name: string, options: PageOptions, max: number): Promise<SavedSheetRecord | null> {
      return m.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('pages.saved_sheets'), hashtext($1))`, [
          userId,
        ]);
        const saved: SavedSheetRow[] = await tx.query(
          `INSERT INTO "saved_sheets" ("id", "user_id", "name", "options")
           SELECT $1, $2, $3, $4::jsonb
           WHERE EXISTS (SELECT 1 FROM "saved_sheets" WHERE "user_id" = $2 AND "name" = $3)
              OR (SELECT count(*) FROM "saved_sheets" WHERE "user_id" = $2) < $5
           ON CONFLICT ("user_id", "name") DO UPDATE SET "options" = EXCLUDED."options", "created_at" = now()
           RETURNING "id", "user_id", "name", "options", "created_at"`,
          [randomUUID(), userId, name, JSON.stringify(options), max],
        );
        return saved[0] ? sheetRecord(saved[0]) : null;
      });
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await sheets.delete({ id, userId });
      return (result.affected ?? 0) > 0;
    },

    async deleteAll(userId: string): Promise<number> {
      const result = await sheets.delete({ userId });
      return result.affected ?? 0;
    },
  };
};
