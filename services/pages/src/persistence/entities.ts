import { EntitySchema } from 'typeorm';
import type { z } from 'zod';
import type { PageOptionsSchema } from '@app/contracts';

export type PageOptions = z.infer<typeof PageOptionsSchema>;

/** A generated page: who asked for it, what to render (seed + options) and whether it was bought. */
export interface PageRecord {
  code: string;
  userId: string;
  seed: string;
  options: PageOptions;
  createdAt: Date;
  boughtAt: Date | null;
}

export const PageEntity = new EntitySchema<PageRecord>({
  name: 'Page',
  tableName: 'pages',
  columns: {
    code: { type: 'text', primary: true },
    userId: { name: 'user_id', type: 'text' },
    seed: { type: 'text' },
    options: { type: 'jsonb' },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    boughtAt: { name: 'bought_at', type: 'timestamptz', nullable: true },
  },
  indices: [{ name: 'pages_user_created_idx', columns: ['userId', 'createdAt'] }],
});
