import { randomUUID } from 'node:crypto';
import { SET_VERSIONS_MAX } from '@app/contracts';
import type {
  PageRecord,
  PageSetRecord,
  PagesRepositories,
  PagesStore,
  SavedSheetRecord,
} from '../../src/domain/ports.js';

/** A row of `pages` as the fake keeps it: `seq` orders rows stamped at the same instant by the transaction that wrote them. */
type PageRow = PageRecord & { seq: number };

/**
 * pages' storage in memory (src/domain/ports.ts), for unit tests of the use cases. It keeps what the Postgres store
 * and its schema keep (src/persistence/store.ts, migrations/), as the one specification
 * (test/spec/pages-store.spec-suite.ts) checks against both: a code is a primary key (of a page, of a set); a set has
 * 2..SET_VERSIONS_MAX versions and is written with them or not at all; `created_at` is stamped by the store, one
 * instant for a set and its versions, and a later write is later (distinct transactions have distinct `now()`); a
 * purchase time is set once (`WHERE bought_at IS NULL`), a set's with its versions'; a member's sheet name is one
 * row, never past `max`; reads answer copies, as rows read again do. Every method reads and writes without awaiting
 * in between, so calls made at the same time run one after the other, as the locks make them in Postgres.
 *
 * `now`: the database's clock (created_at and the rate window).
 */
export function memoryPagesStore(now: () => Date = () => new Date()) {
  const state = {
    pages: new Map<string, PageRow>(),
    sets: new Map<string, PageSetRecord>(),
    sheets: new Map<string, SavedSheetRecord>(),
    seq: 0,
  };
  let queue: Promise<unknown> = Promise.resolve();

  const duplicate = (what: string) => new Error(`duplicate key value violates unique constraint (${what})`);
  const publicPage = ({ seq: _seq, ...page }: PageRow): PageRecord => structuredClone(page);
  const boughtOf = (userId: string) =>
    [...state.pages.values()].filter((p) => p.userId === userId && p.boughtAt !== null);
  const sheetsOf = (userId: string) => [...state.sheets.values()].filter((s) => s.userId === userId);

  const repositories: PagesRepositories = {
    pages: {
      async insert(page) {
        if (state.pages.has(page.code)) throw duplicate('pages_pkey');
        state.pages.set(page.code, {
          ...structuredClone(page),
          createdAt: now(),
          boughtAt: null,
          setCode: null,
          setVersion: null,
          seq: ++state.seq,
        });
      },

      async findByCode(code) {
        const page = state.pages.get(code);
        return page ? publicPage(page) : null;
      },

      async markBought(code, at) {
        const page = state.pages.get(code);
        if (!page || page.boughtAt !== null) return false;
        page.boughtAt = new Date(at);
        return true;
      },

      async insertSet(set, versions) {
        if (!(set.versions >= 2 && set.versions <= SET_VERSIONS_MAX))
          throw new Error('new row violates check constraint "page_sets_versions_range"');
        if (state.sets.has(set.code)) throw duplicate('page_sets_pkey');
        const codes = new Set(versions.map((v) => v.code));
        if (codes.size < versions.length || versions.some((v) => state.pages.has(v.code)))
          throw duplicate('pages_pkey');
        const createdAt = now();
        const seq = ++state.seq;
        const { turmaId, ...unnamed } = structuredClone(set);
        state.sets.set(set.code, { ...unnamed, ...(turmaId ? { turmaId } : {}), createdAt, boughtAt: null });
        versions.forEach((v, i) =>
          state.pages.set(v.code, {
            code: v.code,
            seed: v.seed,
            userId: set.userId,
            options: structuredClone(v.options ?? set.options),
            rules: set.rules,
            createdAt: new Date(createdAt),
            boughtAt: null,
            setCode: set.code,
            setVersion: i + 1,
            ...(v.studentId ? { studentId: v.studentId } : {}),
            seq,
          }),
        );
      },

      async findSet(code) {
        const set = state.sets.get(code);
        if (!set) return null;
        const pages = [...state.pages.values()]
          .filter((p) => p.setCode === code)
          .sort((a, b) => a.setVersion! - b.setVersion!)
          .map(publicPage);
        return { ...structuredClone(set), pages };
      },

      async setsWithNames(of) {
        const named = [...state.sets.values()]
          .filter((s) => s.turmaId !== undefined)
          .filter((s) => ('turmaId' in of ? s.turmaId === of.turmaId : s.userId === of.userId))
          .sort((a, b) => (a.code < b.code ? -1 : 1));
        return Promise.all(named.map(async (s) => (await repositories.pages.findSet(s.code))!));
      },

      async markSetBought(code, at) {
        const set = state.sets.get(code);
        if (!set || set.boughtAt !== null) return false;
        set.boughtAt = new Date(at);
        for (const page of state.pages.values())
          if (page.setCode === code && page.boughtAt === null) page.boughtAt = new Date(at);
        return true;
      },

      // Newest first (ORDER BY created_at DESC: a later write is later), then set_code ASC NULLS LAST, set_version, code.
      async listBought(userId) {
        return boughtOf(userId)
          .sort(
            (a, b) =>
              b.createdAt.getTime() - a.createdAt.getTime() ||
              b.seq - a.seq ||
              nullsLast(a.setCode, b.setCode) ||
              (a.setVersion ?? 0) - (b.setVersion ?? 0) ||
              cmp(a.code, b.code),
          )
          .map(({ code, createdAt, options, setCode, setVersion }) =>
            structuredClone({ code, createdAt, options, setCode, setVersion }),
          );
      },

      async listBoughtWithSettings(userId) {
        return boughtOf(userId)
          .sort((a, b) => a.boughtAt!.getTime() - b.boughtAt!.getTime() || cmp(a.code, b.code))
          .map(({ code, createdAt, boughtAt, options }) =>
            structuredClone({ code, createdAt, boughtAt, options }),
          );
      },

      async stats() {
        const all = [...state.pages.values()];
        return { totalPages: all.length, boughtPages: all.filter((p) => p.boughtAt !== null).length };
      },
    },

    savedSheets: {
      async list(userId) {
        return sheetsOf(userId).map((s) => structuredClone(s));
      },

      async save(userId, name, options, max) {
        const mine = sheetsOf(userId);
        const same = mine.find((s) => s.name === name);
        if (!same && mine.length >= max) return null;
        const row: SavedSheetRecord = {
          id: same?.id ?? randomUUID(),
          userId,
          name,
          options: structuredClone(options),
          createdAt: now(),
        };
        state.sheets.set(row.id, row);
        return structuredClone(row);
      },

      async delete(userId, id) {
        if (state.sheets.get(id)?.userId !== userId) return false;
        return state.sheets.delete(id);
      },

      async deleteAll(userId) {
        const mine = sheetsOf(userId);
        for (const s of mine) state.sheets.delete(s.id);
        return mine.length;
      },
    },
  };

  /** One at a time; a rejected one puts back everything as it was when it began. */
  function transaction<T>(work: (tx: PagesRepositories) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const before = structuredClone({ pages: state.pages, sets: state.sets, sheets: state.sheets });
      try {
        return await work(repositories);
      } catch (err) {
        state.pages = before.pages;
        state.sets = before.sets;
        state.sheets = before.sheets;
        throw err;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const store: PagesStore = { ...repositories, transaction };
  return { store, state };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** ASC with NULLs after every value, as Postgres orders them. */
const nullsLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : cmp(a, b);
