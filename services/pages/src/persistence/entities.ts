import { EntitySchema } from 'typeorm';
import type { PageRecord, PageSetRecord, SavedSheetRecord } from '../domain/ports.js';

/**
 * The set a version belongs to, as a relation: only so that the entity describes the foreign key the migration made
 * (set_code REFERENCES page_sets). Never loaded; versions are read and written by `setCode`.
 */
interface OfSet {
  set?: PageSetRecord;
}

/** The table `pages.pages`: one row a page (domain/ports.ts says what a page is); a class set's version too. */
export const PageEntity = new EntitySchema<PageRecord & OfSet>({
  name: 'Page',
  tableName: 'pages',
  columns: {
    code: { type: 'text', primary: true },
    userId: { name: 'user_id', type: 'text' },
    seed: { type: 'text' },
    options: { type: 'jsonb' },
    rules: { type: 'smallint', nullable: true },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    boughtAt: { name: 'bought_at', type: 'timestamptz', nullable: true },
    setCode: { name: 'set_code', type: 'text', nullable: true },
    setVersion: { name: 'set_version', type: 'smallint', nullable: true },
    studentId: { name: 'student_id', type: 'uuid', nullable: true },
  },
  relations: {
    set: {
      type: 'many-to-one',
      target: 'PageSet',
      joinColumn: { name: 'set_code', foreignKeyConstraintName: 'pages_set_code_fkey' },
    },
  },
  indices: [{ name: 'pages_user_created_idx', columns: ['userId', 'createdAt'] }],
  uniques: [{ name: 'pages_set_version', columns: ['setCode', 'setVersion'] }],
  checks: [{ name: 'pages_set_both', expression: `("set_code" IS NULL) = ("set_version" IS NULL)` }],
});

/** The table `pages.page_sets`: a class set, whose versions are rows of `pages`. */
export const PageSetEntity = new EntitySchema<PageSetRecord>({
  name: 'PageSet',
  tableName: 'page_sets',
  columns: {
    code: { type: 'text', primary: true },
    userId: { name: 'user_id', type: 'text' },
    versions: { type: 'smallint' },
    options: { type: 'jsonb' },
    rules: { type: 'smallint' },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    boughtAt: { name: 'bought_at', type: 'timestamptz', nullable: true },
    turmaId: { name: 'turma_id', type: 'uuid', nullable: true },
  },
  indices: [
    { name: 'page_sets_user_created_idx', columns: ['userId', 'createdAt'] },
    { name: 'page_sets_turma_idx', columns: ['turmaId'] },
  ],
  checks: [{ name: 'page_sets_versions_range', expression: `"versions" BETWEEN 2 AND 40` }],
});

/** The table `pages.saved_sheets`: a member's named builder settings, one name once per member. */
export const SavedSheetEntity = new EntitySchema<SavedSheetRecord>({
  name: 'SavedSheet',
  tableName: 'saved_sheets',
  columns: {
    id: { type: 'uuid', primary: true },
    userId: { name: 'user_id', type: 'text' },
    name: { type: 'text' },
    options: { type: 'jsonb' },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
  },
  uniques: [{ name: 'saved_sheets_user_name', columns: ['userId', 'name'] }],
});
