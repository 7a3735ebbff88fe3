import { afterAll, beforeAll, inject } from 'vitest';
import type { DatabaseOptions } from '@app/kit';
import { throwawayDatabase } from './throwaway-database.js';

/**
 * The harness of a store's specification (services/<name>/test/spec/*.spec-suite.ts): one suite of tests per port,
 * run in the unit tier against the in-memory fake and in the integration tier against Postgres, so a fake that
 * disagrees with Postgres fails.
 */
export interface OpenedStore<S> {
  store: S;
  close(): Promise<void>;
}
export type OpenStore<S> = () => Promise<OpenedStore<S>>;

/**
 * Opens the store under specification once for the suite (beforeAll) and closes it after (afterAll). The answer
 * stands for the opened store in the suite's tests; using it before the suite opened it is an error.
 */
export function storeUnderSpec<S extends object>(open: OpenStore<S>): S {
  let opened: OpenedStore<S> | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return new Proxy({} as S, {
    get(_target, key) {
      if (!opened) throw new Error('the store under specification is used before its suite opened it');
      const value: unknown = Reflect.get(opened.store, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(opened.store) : value;
    },
  });
}

/** A service's store on a database of its own on the stack's Postgres, migrated as at boot, dropped when closed. */
export const postgresStore =
  <S>(
    database: Omit<DatabaseOptions, 'url' | 'logger'>,
    make: (db: Awaited<ReturnType<typeof throwawayDatabase>>['db']) => S,
  ): OpenStore<S> =>
  async () => {
    const { db, close } = await throwawayDatabase(inject('stack'), database);
    return { store: make(db), close };
  };

/** A store held in memory (a fake): nothing to close. */
export const memoryStore =
  <S>(make: () => S): OpenStore<S> =>
  () =>
    Promise.resolve({ store: make(), close: () => Promise.resolve() });
