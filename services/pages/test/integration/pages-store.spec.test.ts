import { describe } from 'vitest';
import { postgresStore } from '@app/testing';
import { pagesStore } from '../../src/persistence/store.js';
import { service } from '../../src/service.js';
import { pagesStoreSpec } from '../spec/pages-store.spec-suite.js';

// The storage specification against Postgres: a database of its own, migrated as at boot, dropped afterwards (its
// in-memory twin: test/unit/pages-store.spec.test.ts).
describe('pages store specification: Postgres', () => {
  pagesStoreSpec(postgresStore(service.database!, pagesStore));
});
