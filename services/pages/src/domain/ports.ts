import type { z } from 'zod';
import type { SetVersion, StoredPageOptionsSchema } from '@app/contracts';
import type { Store } from '@app/kit';

/**
 * What pages' use cases, routes and NATS handlers need from storage, as interfaces (the port): the SQL lives in
 * src/persistence/store.ts, the in-memory fake in test/fakes/memory-store.ts, and one specification
 * (test/spec/pages-store.spec-suite.ts) runs against both. Whatever implements them keeps the rules: a code is a
 * page's (or a set's) once; a set and its versions are written together; a purchase time is set once, a set's with
 * all its versions'; a class set counts once towards the per-minute rate; a member's sheet names are one row each,
 * never more than the cap, however many saves run at once. The rendered files live in the RENDERS bucket, not here.
 */

/** A page's options as stored: the builder's, and a reforço version's `foco`. */
export type PageOptions = z.infer<typeof StoredPageOptionsSchema>;

/** A generated page: who asked for it, what to render (seed + options) and whether it was bought. */
export interface PageRecord {
  code: string;
  userId: string;
  seed: string;
  options: PageOptions;
  /**
   * The generator's rules version the page was drawn with; null for a page stored before versions,
   * drawn with rules 1. The page prints and answers with its own rules for ever.
   */
  rules: number | null;
  createdAt: Date;
  boughtAt: Date | null;
  /** The class set the page is a version of; null for a single page. */
  setCode: string | null;
  /** Its place in that set (1..N); null for a single page. */
  setVersion: number | null;
  /**
   * A version of a set made for a turma: the child it is for (classroom's id; the name is classroom's, asked as the
   * sheet is drawn). Absent otherwise.
   */
  studentId?: string;
}

/**
 * A class set ("Uma folha para cada aluno"): N versions of the same options, each a page of its own (its
 * code, seed and QR code), bought together in one debit and downloaded as one file (`<code>.pdf`).
 */
export interface PageSetRecord {
  code: string;
  userId: string;
  /** How many versions (2..SET_VERSIONS_MAX). */
  versions: number;
  options: PageOptions;
  /** The generator's rules version its versions were drawn with. */
  rules: number;
  createdAt: Date;
  /** Set once, in the same transaction as every version's. */
  boughtAt: Date | null;
  /** Made for a turma (classroom's id): its versions carry the children's names. Absent otherwise. */
  turmaId?: string;
}

/** A set with its versions' pages, in version order (version 1 first). */
export interface PageSetWithPages extends PageSetRecord {
  pages: PageRecord[];
}

/** A bought page as Minhas Compras lists it; a version also says its set and place. */
export type BoughtPage = Pick<PageRecord, 'code' | 'createdAt' | 'options' | 'setCode' | 'setVersion'>;

export interface PageCounts {
  totalPages: number;
  boughtPages: number;
}

/** The pages and the class sets, as the use cases, routes and handlers see them. */
export interface PagesRepository {
  /** Records a new page, not bought; its creation time is the store's. */
  insert(page: Pick<PageRecord, 'code' | 'userId' | 'seed' | 'options' | 'rules'>): Promise<void>;
  findByCode(code: string): Promise<PageRecord | null>;
  /** Sets the page's purchase time once; answers whether this call was the one that set it. */
  markBought(code: string, at: Date): Promise<boolean>;
  /**
   * Records a class set and its versions' pages (`versions[i]` is version i + 1, with the set's rules and its own
   * options when given, a reforço version's, else the set's),
   * none bought, in one transaction: all of them or nothing.
   */
  insertSet(
    set: Pick<PageSetRecord, 'code' | 'userId' | 'versions' | 'options' | 'rules' | 'turmaId'>,
    versions: Array<Pick<PageRecord, 'code' | 'seed' | 'studentId'> & { options?: PageOptions }>,
  ): Promise<void>;
  /** The sets made for a turma (by its id), or for any turma by a member (by the member's id), with their versions. */
  setsWithNames(of: { turmaId: string } | { userId: string }): Promise<PageSetWithPages[]>;
  /** The set with its versions in order, or null (the use cases check its owner). */
  findSet(code: string): Promise<PageSetWithPages | null>;
  /**
   * Sets the purchase time of the set and of each of its versions once, in one transaction; answers whether this
   * call was the one that set it.
   */
  markSetBought(code: string, at: Date): Promise<boolean>;
  /** The user's bought pages, newest first; a set's versions together, in order. */
  listBought(userId: string): Promise<BoughtPage[]>;
  /** The user's bought pages with their settings, oldest purchase first (for the member's data export). */
  listBoughtWithSettings(
    userId: string,
  ): Promise<Array<Pick<PageRecord, 'code' | 'createdAt' | 'boughtAt' | 'options'>>>;
  stats(): Promise<PageCounts>;
}

/** A member's saved builder settings ("Minhas folhas salvas"), named by them: one name, one row. */
export interface SavedSheetRecord {
  id: string;
  userId: string;
  name: string;
  options: PageOptions;
  /** When these options were saved under this name (saving the same name again stamps it anew). */
  createdAt: Date;
}

/** The saved sheets as the use cases see them. */
export interface SavedSheetsRepository {
  /** The member's saved sheets, in no particular order (the use case sorts them by name). */
  list(userId: string): Promise<SavedSheetRecord[]>;
  /**
   * Saves the options under the name: the member's sheet of that name is replaced (keeping its id), or a new one is
   * added if the member has fewer than `max`. Atomic per member: two saves at once never go past `max`. Answers the
   * row saved, or null when the member already has `max` sheets and none of that name.
   */
  save(userId: string, name: string, options: PageOptions, max: number): Promise<SavedSheetRecord | null>;
  /** Deletes the sheet if it is this member's; answers whether it did. */
  delete(userId: string, id: string): Promise<boolean>;
  /** Deletes every sheet of the member (their account was deleted); answers how many. */
  deleteAll(userId: string): Promise<number>;
}

export interface PagesRepositories {
  pages: PagesRepository;
  /** The members' saved builder settings. */
  savedSheets: SavedSheetsRepository;
}

/** The repositories, each call on its own (a set's writes are each one transaction), and `transaction` (kit `Store`). */
export type PagesStore = Store<PagesRepositories>;

/**
 * A page as its render job needs it: with `version` ('Versão 7 de 30') when it is a version of a class set, which its
 * sheet, preview and gabarito print beside the code.
 */
export type RenderablePage = Pick<
  PageRecord,
  'code' | 'userId' | 'seed' | 'options' | 'rules' | 'studentId'
> & {
  version?: SetVersion;
};
