import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUnderSpec, type OpenStore } from '@app/testing';
import type { ClassroomStore, TurmaDraft } from '../../src/domain/ports.js';
import { cell } from '../support/cells.js';

/**
 * The one specification of classroom's storage (src/domain/ports.ts), run in the unit tier against the in-memory
 * fake (test/unit/classroom-store.spec.test.ts) and in the integration tier against Postgres
 * (test/integration/classroom-store.spec.test.ts). Its tests share one store: each works with users of its own.
 */
export function classroomStoreSpec(open: OpenStore<ClassroomStore>): void {
  const store = storeUnderSpec(open);
  const user = () => `user-${randomUUID()}`;
  const draft = (name: string, students: string[]): TurmaDraft => ({
    name,
    students: students.map((n) => ({ name: n })),
  });

  async function saved(userId: string, d: TurmaDraft, max = 30) {
    const result = await store.turmas.save(userId, d, max);
    if (result.outcome !== 'saved') throw new Error(`not saved: ${result.outcome}`);
    return result.turma;
  }

  describe('turmas', () => {
    it('saves a turma with its children in order, and lists only the member’s own', async () => {
      const ana = user();
      const turma = await saved(ana, draft('3º ano B', ['Ana S.', 'Bruno L.', 'Caio M.']));
      expect(turma.name).toBe('3º ano B');
      expect(turma.students.map((s) => s.name)).toEqual(['Ana S.', 'Bruno L.', 'Caio M.']);
      expect(new Set(turma.students.map((s) => s.id)).size).toBe(3);
      await saved(user(), draft('3º ano B', ['Outro A.']));
      const listed = await store.turmas.list(ana);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: turma.id, userId: ana, students: turma.students });
    });

    it('keeps each child’s id through renames and moves, adds new ones and removes the ones left out', async () => {
      const ana = user();
      const t = await saved(ana, draft('4º ano A', ['Ana', 'Bruno', 'Caio', 'Davi']));
      const [a, b, c] = t.students;
      const edited = await saved(ana, {
        id: t.id,
        name: '4º ano A (tarde)',
        students: [
          { id: c!.id, name: 'Caio M.' },
          { id: a!.id, name: 'Ana S.' },
          { name: 'Eva' },
          { id: b!.id, name: 'Bruno' },
        ],
      });
      expect(edited.id).toBe(t.id);
      expect(edited.name).toBe('4º ano A (tarde)');
      expect(edited.students.map((s) => s.name)).toEqual(['Caio M.', 'Ana S.', 'Eva', 'Bruno']);
      expect(edited.students[0]!.id).toBe(c!.id);
      expect(edited.students[1]!.id).toBe(a!.id);
      expect(edited.students[3]!.id).toBe(b!.id);
      expect([a, b, c].map((s) => s!.id)).not.toContain(edited.students[2]!.id);
      expect(edited.createdAt.getTime()).toBe(t.createdAt.getTime());
      const [listed] = await store.turmas.list(ana);
      expect(listed!.students).toEqual(edited.students);
    });

    it('gives a new id to a child whose id is another turma’s or given twice', async () => {
      const ana = user();
      const one = await saved(ana, draft('Turma 1', ['Ana']));
      const two = await saved(ana, draft('Turma 2', ['Bia']));
      const foreign = one.students[0]!.id;
      const own = two.students[0]!.id;
      const edited = await saved(ana, {
        id: two.id,
        name: 'Turma 2',
        students: [
          { id: own, name: 'Bia' },
          { id: own, name: 'Bia 2' },
          { id: foreign, name: 'Ana' },
        ],
      });
      expect(edited.students[0]!.id).toBe(own);
      expect(edited.students[1]!.id).not.toBe(own);
      expect(edited.students[2]!.id).not.toBe(foreign);
      const [first] = (await store.turmas.list(ana)).filter((t) => t.id === one.id);
      expect(first!.students).toEqual(one.students);
    });

    it('answers not-found for another member’s turma, and changes nothing of it', async () => {
      const ana = user();
      const t = await saved(ana, draft('5º ano', ['Ana']));
      expect(await store.turmas.save(user(), { ...draft('5º ano', ['Zé']), id: t.id }, 30)).toEqual({
        outcome: 'not-found',
      });
      expect(await store.turmas.save(ana, { ...draft('5º ano', ['Zé']), id: randomUUID() }, 30)).toEqual({
        outcome: 'not-found',
      });
      expect((await store.turmas.list(ana))[0]!.students.map((s) => s.name)).toEqual(['Ana']);
    });

    it('refuses a name another turma of the member has, case aside; the turma itself may keep its name', async () => {
      const ana = user();
      const t = await saved(ana, draft('3º Ano B', ['Ana']));
      expect(await store.turmas.save(ana, draft('3º ano b', ['Bia']), 30)).toEqual({ outcome: 'name-taken' });
      const other = await saved(ana, draft('3º ano C', ['Bia']));
      expect(await store.turmas.save(ana, { ...draft('3º ANO B', ['Bia']), id: other.id }, 30)).toEqual({
        outcome: 'name-taken',
      });
      expect((await saved(ana, { ...draft('3º Ano B', ['Ana', 'Caio']), id: t.id })).students).toHaveLength(
        2,
      );
    });

    it('never makes more than max turmas a member, however many saves run at once', async () => {
      const ana = user();
      await saved(ana, draft('Primeira', ['Ana']), 5);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => store.turmas.save(ana, draft(`Turma ${i}`, ['Ana']), 5)),
      );
      expect(results.filter((r) => r.outcome === 'saved')).toHaveLength(4);
      expect(results.filter((r) => r.outcome === 'full')).toHaveLength(8);
      expect(await store.turmas.list(ana)).toHaveLength(5);
      // An existing turma is still saved when the member is at the limit.
      const [first] = await store.turmas.list(ana);
      expect(
        (await store.turmas.save(ana, { ...draft(first!.name, ['Bia']), id: first!.id }, 5)).outcome,
      ).toBe('saved');
    });

    it('names a child for the turma’s owner only, and for the sheet with the turma’s name', async () => {
      const ana = user();
      const t = await saved(ana, draft('3º ano B', ['Ana S.', 'Bruno L.']));
      const bruno = t.students[1]!.id;
      expect(await store.turmas.studentName(ana, bruno)).toBe('Bruno L.');
      expect(await store.turmas.studentName(user(), bruno)).toBeNull();
      expect(await store.turmas.sheetNames(bruno)).toEqual({ student: 'Bruno L.', turma: '3º ano B' });
      expect(await store.turmas.find(ana, t.id)).toMatchObject({ id: t.id, students: t.students });
      expect(await store.turmas.find(user(), t.id)).toBeNull();
      await store.turmas.delete(ana, t.id);
      expect(await store.turmas.studentName(ana, bruno)).toBeNull();
      expect(await store.turmas.sheetNames(bruno)).toBeNull();
    });

    it('deletes only the member’s own turma, with its children; and all of a deleted account’s', async () => {
      const ana = user();
      const bia = user();
      const t = await saved(ana, draft('A', ['Ana']));
      await saved(ana, draft('B', ['Bia', 'Caio']));
      const other = await saved(bia, draft('A', ['Davi']));
      expect(await store.turmas.delete(bia, t.id)).toBe(false);
      expect(await store.turmas.delete(ana, t.id)).toBe(true);
      expect(await store.turmas.delete(ana, t.id)).toBe(false);
      expect((await store.turmas.list(ana)).map((x) => x.name)).toEqual(['B']);
      expect(await store.turmas.deleteAll(ana)).toBe(1);
      expect(await store.turmas.list(ana)).toEqual([]);
      expect((await store.turmas.list(bia)).map((x) => x.id)).toEqual([other.id]);
    });
  });

  describe('corrections', () => {
    const code = () => `set-${randomUUID().slice(0, 12)}`;

    it('records a sheet for its owner only, and refreshes its shape', async () => {
      const ana = user();
      const c = code();
      await store.corrections.recordSheet({ code: c, userId: ana, problemCounts: [10, 10] });
      expect(await store.corrections.sheet(ana, c)).toEqual({
        code: c,
        userId: ana,
        problemCounts: [10, 10],
      });
      expect(await store.corrections.sheet(user(), c)).toBeNull();
      await store.corrections.recordSheet({ code: c, userId: ana, problemCounts: [10, 12] });
      expect((await store.corrections.sheet(ana, c))!.problemCounts).toEqual([10, 12]);
    });

    it('keeps the last write of each cell by the time it was typed, whatever order the saves arrive in', async () => {
      const ana = user();
      const c = code();
      expect(
        await store.corrections.writeCells(ana, c, [
          cell(1, 0, 35, 1000),
          cell(1, 1, 12, 1000),
          cell(2, 0, null, 1000, { blank: true }),
        ]),
      ).toBe(3);
      // A late save of an older value changes nothing; the same save again writes nothing.
      expect(await store.corrections.writeCells(ana, c, [cell(1, 0, 25, 900)])).toBe(0);
      expect(await store.corrections.writeCells(ana, c, [cell(1, 1, 12, 1000)])).toBe(0);
      // A newer one replaces it; a division keeps its resto; a big product fits.
      expect(
        await store.corrections.writeCells(ana, c, [
          cell(1, 0, 25, 2000),
          cell(2, 1, 7, 2000, { remainder: 3 }),
          cell(2, 2, 9_999_800_001, 2000),
        ]),
      ).toBe(3);
      expect(await store.corrections.cells(c)).toEqual([
        cell(1, 0, 25, 2000),
        cell(1, 1, 12, 1000),
        cell(2, 0, null, 1000, { blank: true }),
        cell(2, 1, 7, 2000, { remainder: 3 }),
        cell(2, 2, 9_999_800_001, 2000),
      ]);
      expect(await store.corrections.cells(code())).toEqual([]);
    });

    it('keeps a cell read from a photo marked until a later write confirms it', async () => {
      const ana = user();
      const c = code();
      await store.corrections.writeCells(ana, c, [
        cell(1, 0, 35, 1000, { photo: true }),
        cell(1, 1, null, 1000, { blank: true, photo: true }),
      ]);
      expect(await store.corrections.cells(c)).toEqual([
        cell(1, 0, 35, 1000, { photo: true }),
        cell(1, 1, null, 1000, { blank: true, photo: true }),
      ]);
      // The teacher confirms the first as read and types over the second.
      expect(await store.corrections.writeCells(ana, c, [cell(1, 0, 35, 2000), cell(1, 1, 7, 2000)])).toBe(2);
      expect(await store.corrections.cells(c)).toEqual([cell(1, 0, 35, 2000), cell(1, 1, 7, 2000)]);
    });

    it('ends with the latest of saves of one cell arriving at once', async () => {
      const ana = user();
      const c = code();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.corrections.writeCells(ana, c, [cell(1, 0, i, 5000 + i)])),
      );
      expect(await store.corrections.cells(c)).toEqual([cell(1, 0, 9, 5009)]);
    });

    it('keeps a sheet’s turma and purchase time, refreshed as pages answers them', async () => {
      const ana = user();
      const c = code();
      const turmaId = randomUUID();
      const boughtAt = new Date('2026-03-02T12:00:00Z');
      await store.corrections.recordSheet({ code: c, userId: ana, problemCounts: [4] });
      await store.corrections.recordSheet({ code: c, userId: ana, problemCounts: [4], turmaId, boughtAt });
      expect(await store.corrections.sheet(ana, c)).toEqual({
        code: c,
        userId: ana,
        problemCounts: [4],
        turmaId,
        boughtAt,
      });
    });

    it('lists a turma’s sheets with cells, newest first, since a moment and up to a limit', async () => {
      const ana = user();
      const turmaId = randomUUID();
      const day = (d: number) => new Date(Date.UTC(2026, 2, d, 12));
      const [march1, march8, march15, march22] = [code(), code(), code(), code()];
      const record = (c: string, d: number, turma = turmaId, userId = ana) =>
        store.corrections.recordSheet({
          code: c,
          userId,
          problemCounts: [3],
          turmaId: turma,
          boughtAt: day(d),
        });
      await record(march1!, 1);
      await record(march8!, 8);
      await record(march15!, 15);
      await record(march22!, 22);
      for (const c of [march1!, march8!, march22!])
        await store.corrections.writeCells(ana, c, [cell(1, 0, 1, 1)]);
      // Not listed: a sheet with nothing typed (march15), another turma's, a sheet with no turma, another member's.
      const other = code();
      await record(other, 20, randomUUID());
      const page = code();
      await store.corrections.recordSheet({ code: page, userId: ana, problemCounts: [3], boughtAt: day(21) });
      const bias = code();
      await record(bias, 23, turmaId, user());
      for (const c of [other, page, bias]) await store.corrections.writeCells(ana, c, [cell(1, 0, 1, 1)]);

      const all = await store.corrections.turmaSheets(ana, turmaId, null, 10);
      expect(all).toEqual({
        sheets: [
          { code: march22, boughtAt: day(22) },
          { code: march8, boughtAt: day(8) },
          { code: march1, boughtAt: day(1) },
        ],
        total: 3,
      });
      expect(await store.corrections.turmaSheets(ana, turmaId, null, 2)).toEqual({
        sheets: all.sheets.slice(0, 2),
        total: 3,
      });
      expect(await store.corrections.turmaSheets(ana, turmaId, day(8), 10)).toEqual({
        sheets: all.sheets.slice(0, 2),
        total: 2,
      });
      expect(await store.corrections.turmaSheets(ana, turmaId, day(23), 10)).toEqual({
        sheets: [],
        total: 0,
      });
    });

    it('lists the codes a member typed cells for, and deletes only theirs with the account', async () => {
      const ana = user();
      const bia = user();
      const [c1, c2, c3] = [code(), code(), code()].sort();
      await store.corrections.recordSheet({ code: c1!, userId: ana, problemCounts: [5] });
      await store.corrections.writeCells(ana, c1!, [cell(1, 0, 1, 1)]);
      await store.corrections.writeCells(ana, c2!, [cell(1, 0, 1, 1), cell(1, 1, 2, 1)]);
      await store.corrections.writeCells(bia, c3!, [cell(1, 0, 1, 1)]);
      expect(await store.corrections.codesWithCells(ana)).toEqual([c1, c2]);
      expect(await store.corrections.deleteAll(ana)).toBe(3);
      expect(await store.corrections.codesWithCells(ana)).toEqual([]);
      expect(await store.corrections.sheet(ana, c1!)).toBeNull();
      expect(await store.corrections.cells(c3!)).toHaveLength(1);
    });
  });
}
