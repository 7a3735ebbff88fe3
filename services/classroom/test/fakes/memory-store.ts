import { randomUUID } from 'node:crypto';
import type { ClassroomRepositories, ClassroomStore, TurmaRecord } from '../../src/domain/ports.js';
import { keptIds } from '../../src/domain/student-ids.js';

/**
 * classroom's storage in memory (src/domain/ports.ts), keeping what the Postgres one promises (the specification
 * test/spec/classroom-store.spec-suite.ts runs against both): a turma is the member's or not found, a name once per
 * member case aside, at most `max` a member, children's ids kept through a save. Transactions and saves run one at a
 * time, and one that rejects leaves nothing behind.
 */
export function memoryClassroomStore() {
  let turmas = new Map<string, TurmaRecord>();
  let queue: Promise<unknown> = Promise.resolve();

  const copy = (t: TurmaRecord): TurmaRecord => ({ ...t, students: t.students.map((s) => ({ ...s })) });
  /** Runs `work` alone, as the Postgres store's lock and transaction do. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const before = new Map([...turmas].map(([k, t]) => [k, copy(t)]));
      try {
        return await work();
      } catch (err) {
        turmas = before;
        throw err;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const repositories: ClassroomRepositories = {
    turmas: {
      async list(userId) {
        return [...turmas.values()].filter((t) => t.userId === userId).map(copy);
      },
      save(userId, draft, max) {
        return serial(async () => {
          const mine = [...turmas.values()].filter((t) => t.userId === userId);
          const existing = draft.id === undefined ? undefined : mine.find((t) => t.id === draft.id);
          if (draft.id !== undefined && !existing) return { outcome: 'not-found' as const };
          if (!existing && mine.length >= max) return { outcome: 'full' as const };
          const lower = draft.name.toLowerCase();
          if (mine.some((t) => t.id !== existing?.id && t.name.toLowerCase() === lower))
            return { outcome: 'name-taken' as const };
          const now = new Date();
          const ids = keptIds(
            new Set(existing?.students.map((s) => s.id)),
            draft.students.map((s) => s.id),
          );
          const turma: TurmaRecord = {
            id: existing?.id ?? randomUUID(),
            userId,
            name: draft.name,
            createdAt: existing?.createdAt ?? now,
            updatedAt: now,
            students: draft.students.map((s, i) => ({ id: ids[i]!, name: s.name })),
          };
          turmas.set(turma.id, turma);
          return { outcome: 'saved' as const, turma: copy(turma) };
        });
      },
      async delete(userId, id) {
        const turma = turmas.get(id);
        if (turma?.userId !== userId) return false;
        turmas.delete(id);
        return true;
      },
      async deleteAll(userId) {
        const mine = [...turmas.values()].filter((t) => t.userId === userId);
        for (const t of mine) turmas.delete(t.id);
        return mine.length;
      },
    },
  };

  const store: ClassroomStore = { ...repositories, transaction: (work) => serial(() => work(repositories)) };
  return store;
}
