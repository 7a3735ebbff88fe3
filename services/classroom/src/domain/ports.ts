import type { Store } from '@app/kit';

/**
 * What classroom needs from storage, as interfaces (the port): the SQL lives in src/persistence/store.ts, the
 * in-memory fake in test/fakes/memory-store.ts, and one specification (test/spec/classroom-store.spec-suite.ts)
 * runs against both.
 */

export interface StudentRecord {
  id: string;
  name: string;
}

export interface TurmaRecord {
  id: string;
  userId: string;
  name: string;
  /** In the turma's order: version N of a set for the turma is child N. */
  students: StudentRecord[];
  createdAt: Date;
  updatedAt: Date;
}

/** A turma as saved: no id is a new turma; a child without an id, or with one that is not of this turma, is new. */
export interface TurmaDraft {
  id?: string;
  name: string;
  students: { id?: string; name: string }[];
}

export type SaveTurmaOutcome =
  | { outcome: 'saved'; turma: TurmaRecord }
  /** A new turma past the account's `max`. */
  | { outcome: 'full' }
  /** The id is not one of this member's turmas (another member's, or deleted). */
  | { outcome: 'not-found' }
  /** Another turma of the member has this name (case aside). */
  | { outcome: 'name-taken' };

export interface TurmasRepository {
  /** The member's turmas, each with its children in order. */
  list(userId: string): Promise<TurmaRecord[]>;
  /**
   * Creates or replaces a turma with its children in one transaction: a child's id is kept through renames and
   * moves, a child left out is removed. Saves of one member at once never make more than `max` turmas.
   */
  save(userId: string, draft: TurmaDraft, max: number): Promise<SaveTurmaOutcome>;
  /** Only the member's own; answers whether it was there. Its children go with it. */
  delete(userId: string, id: string): Promise<boolean>;
  /** Every turma of a deleted account; answers how many. */
  deleteAll(userId: string): Promise<number>;
  /** A member's turma with its children, or null when it is not one of theirs. */
  find(userId: string, id: string): Promise<TurmaRecord | null>;
  /** The name of a child of one of the member's turmas; null when it is not (or no longer) one of theirs. */
  studentName(userId: string, studentId: string): Promise<string | null>;
  /** A child's name and its turma's, by the child's id; null when the child is no longer in a turma. */
  sheetNames(studentId: string): Promise<{ student: string; turma: string } | null>;
}

/** A sheet being corrected (a bought page or class set, by its code): whose it is and how many problems each has. */
export interface CorrectedSheet {
  code: string;
  userId: string;
  /** `problemCounts[n - 1]`: how many problems version n has (a page: one entry). */
  problemCounts: number[];
  /** A set made for a turma: the turma's id. */
  turmaId?: string;
  /** When it was bought (absent for a sheet recorded before it was kept). */
  boughtAt?: Date;
}

/** A turma's sheet with cells typed, as the progress of a term lists it. */
export interface TurmaSheet {
  code: string;
  boughtAt: Date;
}

/** One typed cell (TypedCell of @app/contracts): `at` is when it was typed, by the browser's clock. */
export interface StoredCell {
  version: number;
  problem: number;
  result: number | null;
  remainder: number | null;
  blank: boolean;
  at: number;
  /** Read from a photo, not yet confirmed by the teacher (absent once confirmed or typed). */
  photo?: true;
}

export interface CorrectionsRepository {
  /** Records (or refreshes) a sheet's owner and shape, as pages answered them. */
  recordSheet(sheet: CorrectedSheet): Promise<void>;
  /** The sheet if it is recorded for this member; null otherwise. */
  sheet(userId: string, code: string): Promise<CorrectedSheet | null>;
  /**
   * Writes each cell unless the stored one was typed later (`at`): the last write of a cell wins, whatever order
   * the saves arrive in, and the same save again changes nothing. At most one cell per (version, problem). Answers
   * how many cells were written.
   */
  writeCells(userId: string, code: string, cells: StoredCell[]): Promise<number>;
  /** Every cell of a sheet, by version and problem. */
  cells(code: string): Promise<StoredCell[]>;
  /**
   * The member's sheets made for a turma that have cells, bought at or after `since` (null: any time), newest first:
   * the latest `limit`, and how many there are in all.
   */
  turmaSheets(
    userId: string,
    turmaId: string,
    since: Date | null,
    limit: number,
  ): Promise<{ sheets: TurmaSheet[]; total: number }>;
  /** The codes of the member's sheets that have cells, in code order (the data export). */
  codesWithCells(userId: string): Promise<string[]>;
  /** A deleted account's sheets and cells; answers how many cells went. */
  deleteAll(userId: string): Promise<number>;
}

export interface ClassroomRepositories {
  turmas: TurmasRepository;
  corrections: CorrectionsRepository;
}

/** The repositories, each call on its own, and `transaction` (kit `Store`). */
export type ClassroomStore = Store<ClassroomRepositories>;
