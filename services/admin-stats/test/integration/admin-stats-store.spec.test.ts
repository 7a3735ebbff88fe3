import { describe } from 'vitest';
import { postgresStore } from '@app/testing';
import { adminStatsStore } from '../../src/persistence/store.js';
import { service } from '../../src/service.js';
import { adminStatsStoreSpec } from '../spec/admin-stats-store.spec-suite.js';

// The storage specification against Postgres: a database of its own, migrated as at boot, dropped afterwards (its
// in-memory twin: test/unit/admin-stats-store.spec.test.ts).
describe('admin-stats store specification: Postgres', () => {
  adminStatsStoreSpec(postgresStore(service.database!, adminStatsStore));
});
