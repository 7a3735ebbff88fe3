import { EntitySchema } from 'typeorm';
import type { PageRecord, SavedSheetRecord } from '../domain/deps.js';

/** The table `pages.pages`: one row a page (domain/deps.ts says what a page is). */
export const PageEntity = new EntitySchema<PageRecord>({
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
  },
  indices: [{ name: 'pages_user_created_idx', columns: ['userId', 'createdAt'] }],
});

/** The table `pages.saved_sheets` (issue 25): a member's named builder settings, one name once per member. */
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
