import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAVED_SHEETS_MAX, SET_VERSIONS_MAX } from '@app/contracts';
import {
  defaultPageRequest,
  missingNumberRequest,
  tabuadaDo7Request,
  storeUnderSpec,
  type OpenStore,
} from '@app/testing';
import type { PageOptions, PagesStore } from '../../src/domain/ports.js';

/**
 * The one specification of pages' storage (src/domain/ports.ts), run in the unit tier against the in-memory fake
 * (test/unit/pages-store.spec.test.ts) and in the integration tier against Postgres
 * (test/integration/pages-store.spec.test.ts). A fake that disagrees with Postgres fails here.
 *
 * `open` makes a store no one else writes to; the tests share it, each with codes and users of its own. What the
 * whole table answers (the stats) is stated as a difference.
 */
export function pagesStoreSpec(open: OpenStore<PagesStore>): void {
  const store = storeUnderSpec(open);

  const newUser = () => `user-${randomUUID()}`;
  const newCode = () => randomUUID().replaceAll('-', '').slice(0, 12);
  const options: PageOptions = defaultPageRequest;

  /** A single page of the user, not bought. */
  async function page(userId: string, opts: PageOptions = options) {
    const code = newCode();
    await store.pages.insert({ code, userId, seed: `seed-${code}`, options: opts, rules: 2 });
    return code;
  }

  /** A class set of the user with `n` versions, not bought: its code and its versions' codes, in order. */
  async function set(userId: string, n = 3, opts: PageOptions = tabuadaDo7Request) {
    const code = newCode();
    const versions = Array.from({ length: n }, () => newCode());
    await store.pages.insertSet(
      { code, userId, versions: n, options: opts, rules: 2 },
      versions.map((v) => ({ code: v, seed: `seed-${v}` })),
    );
    return { code, versions };
  }

  describe('pages and class sets: creating and looking up', () => {
    it('answers a page as recorded: its owner, not bought, not a version, stamped by the store', async () => {
      const userId = newUser();
      const code = await page(userId, missingNumberRequest);
      expect(await store.pages.findByCode(code)).toEqual({
        code,
        userId,
        seed: `seed-${code}`,
        options: missingNumberRequest,
        rules: 2,
        createdAt: expect.any(Date),
        boughtAt: null,
        setCode: null,
        setVersion: null,
      });
      expect(await store.pages.findByCode(newCode())).toBeNull();
      // A single page is no set.
      expect(await store.pages.findSet(code)).toBeNull();
    });

    it('refuses a code already taken, and the first page stays as it was', async () => {
      const userId = newUser();
      const code = await page(userId);
      const before = await store.pages.findByCode(code);
      await expect(
        store.pages.insert({ code, userId: newUser(), seed: 'other', options: tabuadaDo7Request, rules: 1 }),
      ).rejects.toThrow();
      expect(await store.pages.findByCode(code)).toEqual(before);
    });

    it('records a set with its versions, each a page of its own, in order and stamped together', async () => {
      const userId = newUser();
      const { code, versions } = await set(userId, 3);
      const found = await store.pages.findSet(code);
      expect(found).toEqual({
        code,
        userId,
        versions: 3,
        options: tabuadaDo7Request,
        rules: 2,
        createdAt: expect.any(Date),
        boughtAt: null,
        pages: versions.map((v, i) => ({
          code: v,
          userId,
          seed: `seed-${v}`,
          options: tabuadaDo7Request,
          rules: 2,
          createdAt: found!.createdAt,
          boughtAt: null,
          setCode: code,
          setVersion: i + 1,
        })),
      });
      expect(await store.pages.findByCode(versions[1]!)).toEqual(found!.pages[1]);
      expect(await store.pages.findSet(newCode())).toBeNull();
      // The set's code is no page.
      expect(await store.pages.findByCode(code)).toBeNull();
    });

    it('writes a set and its versions together or not at all', async () => {
      const userId = newUser();
      const taken = await page(userId);
      const before = await store.pages.stats();
      const code = newCode();
      const first = newCode();
      // Version 2's code is a page already: nothing of the set is written.
      await expect(
        store.pages.insertSet({ code, userId, versions: 2, options, rules: 2 }, [
          { code: first, seed: 's1' },
          { code: taken, seed: 's2' },
        ]),
      ).rejects.toThrow();
      expect(await store.pages.findSet(code)).toBeNull();
      expect(await store.pages.findByCode(first)).toBeNull();
      expect((await store.pages.findByCode(taken))!.setCode).toBeNull();
      // A set's code taken: nothing either.
      const existing = await set(userId, 2);
      const fresh = [newCode(), newCode()];
      await expect(
        store.pages.insertSet(
          { code: existing.code, userId, versions: 2, options, rules: 2 },
          fresh.map((v) => ({ code: v, seed: v })),
        ),
      ).rejects.toThrow();
      for (const v of fresh) expect(await store.pages.findByCode(v)).toBeNull();
      expect((await store.pages.findSet(existing.code))!.pages.map((p) => p.code)).toEqual(existing.versions);
      expect(await store.pages.stats()).toEqual({
        totalPages: before.totalPages + 2,
        boughtPages: before.boughtPages,
      });
    });

    it(`refuses a set of fewer than 2 or more than ${SET_VERSIONS_MAX} versions`, async () => {
      const userId = newUser();
      for (const versions of [1, SET_VERSIONS_MAX + 1]) {
        const code = newCode();
        const pages = [newCode(), newCode()];
        await expect(
          store.pages.insertSet(
            { code, userId, versions, options, rules: 2 },
            pages.map((v) => ({ code: v, seed: v })),
          ),
        ).rejects.toThrow();
        expect(await store.pages.findSet(code)).toBeNull();
        for (const v of pages) expect(await store.pages.findByCode(v)).toBeNull();
      }
    });
  });

  describe('marking bought: once', () => {
    it('sets a page’s purchase time once; a second mark answers that it was bought already', async () => {
      const code = await page(newUser());
      const at = new Date('2026-11-27T10:00:00.123Z');
      expect(await store.pages.markBought(code, at)).toBe(true);
      expect(await store.pages.markBought(code, new Date('2026-11-27T11:00:00Z'))).toBe(false);
      expect((await store.pages.findByCode(code))!.boughtAt).toEqual(at);
      expect(await store.pages.markBought(newCode(), at)).toBe(false);
    });

    it('lets one of twin marks made at once set it', async () => {
      const code = await page(newUser());
      const times = Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(2026, 10, 27, 10, i)));
      const marks = await Promise.all(times.map((at) => store.pages.markBought(code, at)));
      expect(marks.filter(Boolean)).toHaveLength(1);
      expect((await store.pages.findByCode(code))!.boughtAt).toEqual(times[marks.indexOf(true)]);
    });

    it('marks a set and all its versions together, once, twins at once too', async () => {
      const { code, versions } = await set(newUser(), 4);
      const times = Array.from({ length: 5 }, (_, i) => new Date(Date.UTC(2026, 10, 27, 12, i)));
      const marks = await Promise.all(times.map((at) => store.pages.markSetBought(code, at)));
      expect(marks.filter(Boolean)).toHaveLength(1);
      const at = times[marks.indexOf(true)]!;
      const found = (await store.pages.findSet(code))!;
      expect(found.boughtAt).toEqual(at);
      expect(found.pages.map((p) => p.boughtAt)).toEqual(versions.map(() => at));
      // A second mark answers that it was bought, and changes nothing.
      expect(await store.pages.markSetBought(code, new Date('2027-01-01T00:00:00Z'))).toBe(false);
      expect((await store.pages.findSet(code))!).toEqual(found);
      expect(await store.pages.markSetBought(newCode(), at)).toBe(false);
    });
  });

  describe('bought pages of a member', () => {
    it('lists them newest first, a set’s versions together in order; and oldest purchase first for the export', async () => {
      const userId = newUser();
      const older = await page(userId, missingNumberRequest);
      const notBought = await page(userId);
      const { code: setCode, versions } = await set(userId, 3);
      const newer = await page(userId);
      const others = await page(newUser());
      const t = (m: number) => new Date(Date.UTC(2026, 10, 27, 9, m));
      await store.pages.markBought(newer, t(1));
      await store.pages.markSetBought(setCode, t(2));
      await store.pages.markBought(older, t(3));
      await store.pages.markBought(others, t(0));

      const page1 = (await store.pages.findByCode(older))!;
      const page4 = (await store.pages.findByCode(newer))!;
      const theSet = (await store.pages.findSet(setCode))!;
      expect(page4.createdAt.getTime()).toBeGreaterThanOrEqual(theSet.createdAt.getTime());
      expect(await store.pages.listBought(userId)).toEqual([
        { code: newer, createdAt: page4.createdAt, options, setCode: null, setVersion: null },
        ...versions.map((v, i) => ({
          code: v,
          createdAt: theSet.createdAt,
          options: tabuadaDo7Request,
          setCode,
          setVersion: i + 1,
        })),
        {
          code: older,
          createdAt: page1.createdAt,
          options: missingNumberRequest,
          setCode: null,
          setVersion: null,
        },
      ]);
      expect(await store.pages.listBoughtWithSettings(userId)).toEqual([
        { code: newer, createdAt: page4.createdAt, boughtAt: t(1), options },
        ...[...versions]
          .sort()
          .map((v) => ({ code: v, createdAt: theSet.createdAt, boughtAt: t(2), options: tabuadaDo7Request })),
        { code: older, createdAt: page1.createdAt, boughtAt: t(3), options: missingNumberRequest },
      ]);
      expect((await store.pages.listBought(userId)).map((p) => p.code)).not.toContain(notBought);
      expect(await store.pages.listBought(newUser())).toEqual([]);
      expect(await store.pages.listBoughtWithSettings(newUser())).toEqual([]);
    });
  });

  describe('stats', () => {
    it('counts a set’s versions as pages, and bought pages', async () => {
      const before = await store.pages.stats();
      const userId = newUser();
      const single = await page(userId);
      const { code } = await set(userId, 3);
      expect(await store.pages.stats()).toEqual({
        totalPages: before.totalPages + 4,
        boughtPages: before.boughtPages,
      });
      await store.pages.markBought(single, new Date());
      await store.pages.markSetBought(code, new Date());
      expect(await store.pages.stats()).toEqual({
        totalPages: before.totalPages + 4,
        boughtPages: before.boughtPages + 4,
      });
    });
  });

  describe('saved sheets', () => {
    it('saves under a name, replaces by name (same id, new options and time), each member’s own', async () => {
      const ana = newUser();
      const bia = newUser();
      const first = (await store.savedSheets.save(ana, 'Tabuada do 7', tabuadaDo7Request, SAVED_SHEETS_MAX))!;
      expect(first).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: ana,
        name: 'Tabuada do 7',
        options: tabuadaDo7Request,
        createdAt: expect.any(Date),
      });
      const other = (await store.savedSheets.save(ana, 'Adição', missingNumberRequest, SAVED_SHEETS_MAX))!;
      const hers = (await store.savedSheets.save(bia, 'Tabuada do 7', options, SAVED_SHEETS_MAX))!;
      expect(hers.id).not.toBe(first.id);

      const replaced = (await store.savedSheets.save(ana, 'Tabuada do 7', options, SAVED_SHEETS_MAX))!;
      expect(replaced).toEqual({ ...first, options, createdAt: expect.any(Date) });
      expect(replaced.createdAt.getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime());

      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      expect((await store.savedSheets.list(ana)).sort(byName)).toEqual([other, replaced]);
      expect(await store.savedSheets.list(bia)).toEqual([hers]);
      expect(await store.savedSheets.list(newUser())).toEqual([]);
    });

    it(`never keeps more than ${SAVED_SHEETS_MAX} a member, however many saves of new names run at once`, async () => {
      const userId = newUser();
      const elsewhere = newUser();
      await store.savedSheets.save(elsewhere, 'Dela', options, SAVED_SHEETS_MAX);
      for (let i = 1; i <= SAVED_SHEETS_MAX - 10; i++)
        expect(await store.savedSheets.save(userId, `Folha ${i}`, options, SAVED_SHEETS_MAX)).not.toBeNull();
      const racing = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          store.savedSheets.save(userId, `Nova ${i}`, options, SAVED_SHEETS_MAX),
        ),
      );
      expect(racing.filter((r) => r !== null)).toHaveLength(10);
      expect(await store.savedSheets.list(userId)).toHaveLength(SAVED_SHEETS_MAX);
      // At the cap: a new name is refused; saved names are replaced, at once too, and none is added.
      expect(await store.savedSheets.save(userId, 'Mais uma', options, SAVED_SHEETS_MAX)).toBeNull();
      const replacing = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.savedSheets.save(userId, `Folha ${i + 1}`, tabuadaDo7Request, SAVED_SHEETS_MAX),
        ),
      );
      expect(replacing.map((r) => r?.options)).toEqual(replacing.map(() => tabuadaDo7Request));
      const mine = await store.savedSheets.list(userId);
      expect(mine).toHaveLength(SAVED_SHEETS_MAX);
      const replaced = new Set(Array.from({ length: 10 }, (_, i) => `Folha ${i + 1}`));
      expect(mine.filter((s) => replaced.has(s.name)).map((s) => s.options)).toEqual(
        [...replaced].map(() => tabuadaDo7Request),
      );
      // Another member's sheets never counted.
      expect(await store.savedSheets.list(elsewhere)).toHaveLength(1);
    });

    it('deletes a sheet for its owner only', async () => {
      const ana = newUser();
      const bia = newUser();
      const mine = (await store.savedSheets.save(ana, 'Minha', options, SAVED_SHEETS_MAX))!;
      expect(await store.savedSheets.delete(bia, mine.id)).toBe(false);
      expect(await store.savedSheets.list(ana)).toEqual([mine]);
      expect(await store.savedSheets.delete(ana, randomUUID())).toBe(false);
      expect(await store.savedSheets.delete(ana, mine.id)).toBe(true);
      expect(await store.savedSheets.delete(ana, mine.id)).toBe(false);
      expect(await store.savedSheets.list(ana)).toEqual([]);
    });
  });

  describe('a member’s deletion', () => {
    it('deletes every saved sheet of theirs and answers how many; others’ sheets and the pages stay', async () => {
      const ana = newUser();
      const bia = newUser();
      await store.savedSheets.save(ana, 'Uma', options, SAVED_SHEETS_MAX);
      await store.savedSheets.save(ana, 'Outra', tabuadaDo7Request, SAVED_SHEETS_MAX);
      const hers = (await store.savedSheets.save(bia, 'Uma', options, SAVED_SHEETS_MAX))!;
      const code = await page(ana);
      await store.pages.markBought(code, new Date('2026-11-27T10:00:00Z'));

      expect(await store.savedSheets.deleteAll(ana)).toBe(2);
      expect(await store.savedSheets.list(ana)).toEqual([]);
      expect(await store.savedSheets.list(bia)).toEqual([hers]);
      expect(await store.savedSheets.deleteAll(ana)).toBe(0);
      // Pages hold no personal data: a deleted member's pages stay (their codes still print and answer).
      expect((await store.pages.findByCode(code))!.userId).toBe(ana);
    });
  });

  describe('transaction', () => {
    it('keeps what a resolved transaction wrote and nothing of a rejected one', async () => {
      const userId = newUser();
      const kept = newCode();
      await store.transaction(async (tx) => {
        await tx.pages.insert({ code: kept, userId, seed: 's', options, rules: 2 });
        await tx.savedSheets.save(userId, 'Guardada', options, SAVED_SHEETS_MAX);
      });
      expect(await store.pages.findByCode(kept)).not.toBeNull();

      const lost = newCode();
      const setCode = newCode();
      const boom = new Error('rolled back');
      await expect(
        store.transaction(async (tx) => {
          await tx.pages.insert({ code: lost, userId, seed: 's', options, rules: 2 });
          await tx.pages.insertSet({ code: setCode, userId, versions: 2, options, rules: 2 }, [
            { code: newCode(), seed: 'a' },
            { code: newCode(), seed: 'b' },
          ]);
          expect(await tx.pages.markSetBought(setCode, new Date())).toBe(true);
          await tx.pages.markBought(kept, new Date());
          await tx.savedSheets.save(userId, 'Perdida', options, SAVED_SHEETS_MAX);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.pages.findByCode(lost)).toBeNull();
      expect(await store.pages.findSet(setCode)).toBeNull();
      expect((await store.pages.findByCode(kept))!.boughtAt).toBeNull();
      expect((await store.savedSheets.list(userId)).map((s) => s.name)).toEqual(['Guardada']);
    });
  });
}
