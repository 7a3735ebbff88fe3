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
}

export interface ClassroomRepositories {
  turmas: TurmasRepository;
}

/** The repositories, each call on its own, and `transaction` (kit `Store`). */
export type ClassroomStore = Store<ClassroomRepositories>;
