import { randomUUID } from 'node:crypto';
import type {
  ClassroomRepositories,
  ClassroomStore,
  CorrectedSheet,
  CorrectionsRepository,
  StoredCell,
  TurmaRecord,
  TurmasRepository,
} from '../../src/domain/ports.js';
import { keptIds } from '../../src/domain/student-ids.js';

/**
 * classroom's storage in memory (src/domain/ports.ts), keeping what the Postgres one promises (the specification
 * test/spec/classroom-store.spec-suite.ts runs against both): a turma is the member's or not found, a name once per
 * member case aside, at most `max` a member, children's ids kept through a save. Transactions and saves run one at a
 * time, and one that rejects leaves nothing behind (turmas; the corrections' writes are each one step). A cell is
 * written unless the stored one was typed later.
 */
export function memoryClassroomStore() {
  let turmas = new Map<string, TurmaRecord>();
  const sheets = new Map<string, CorrectedSheet>();
  /** `${code} ${version} ${problem}` → the cell and its sheet's owner. */
  const answers = new Map<string, { code: string; userId: string; cell: StoredCell }>();
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

  const turmasRepository: TurmasRepository = {
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
    async find(userId, id) {
      const turma = turmas.get(id);
      return turma?.userId === userId ? copy(turma) : null;
    },
    async studentName(userId, studentId) {
      for (const turma of turmas.values()) {
        const student = turma.students.find((s) => s.id === studentId);
        if (student && turma.userId === userId) return student.name;
      }
      return null;
    },
    async sheetNames(studentId) {
      for (const turma of turmas.values()) {
        const student = turma.students.find((s) => s.id === studentId);
        if (student) return { student: student.name, turma: turma.name };
      }
      return null;
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
  };

  const correctionsRepository: CorrectionsRepository = {
    async recordSheet(sheet) {
      sheets.set(sheet.code, { ...sheet, problemCounts: [...sheet.problemCounts] });
    },
    async sheet(userId, code) {
      const sheet = sheets.get(code);
      return sheet?.userId === userId ? { ...sheet, problemCounts: [...sheet.problemCounts] } : null;
    },
    async writeCells(userId, code, cells) {
      let written = 0;
      for (const cell of cells) {
        const key = `${code} ${cell.version} ${cell.problem}`;
        const stored = answers.get(key);
        if (stored && stored.cell.at >= cell.at) continue;
        answers.set(key, { code, userId, cell: { ...cell } });
        written++;
      }
      return written;
    },
    async cells(code) {
      return [...answers.values()]
        .filter((a) => a.code === code)
        .map((a) => ({ ...a.cell }))
        .sort((x, y) => x.version - y.version || x.problem - y.problem);
    },
    async turmaSheets(userId, turmaId, since, limit) {
      const withCells = new Set([...answers.values()].map((a) => a.code));
      const found = [...sheets.values()]
        .filter(
          (s): s is CorrectedSheet & { boughtAt: Date } =>
            s.userId === userId &&
            s.turmaId === turmaId &&
            s.boughtAt !== undefined &&
            (since === null || s.boughtAt >= since) &&
            withCells.has(s.code),
        )
        .sort((x, y) => y.boughtAt.getTime() - x.boughtAt.getTime() || (x.code < y.code ? -1 : 1));
      return {
        sheets: found.slice(0, limit).map((s) => ({ code: s.code, boughtAt: new Date(s.boughtAt) })),
        total: found.length,
      };
    },
    async codesWithCells(userId) {
      return [...new Set([...answers.values()].filter((a) => a.userId === userId).map((a) => a.code))].sort();
    },
    async deleteAll(userId) {
      let deleted = 0;
      for (const [key, a] of answers)
        if (a.userId === userId) {
          answers.delete(key);
          deleted++;
        }
      for (const [code, sheet] of sheets) if (sheet.userId === userId) sheets.delete(code);
      return deleted;
    },
  };

  const repositories: ClassroomRepositories = {
    turmas: turmasRepository,
    corrections: correctionsRepository,
  };
  const store: ClassroomStore = { ...repositories, transaction: (work) => serial(() => work(repositories)) };
  return store;
}
