import { describe } from 'vitest';
import { memoryStore } from '@app/testing';
import { memoryAdminStatsStore } from '../fakes/memory-store.js';
import { adminStatsStoreSpec } from '../spec/admin-stats-store.spec-suite.js';

// The storage specification against the in-memory fake (its Postgres twin: test/integration/admin-stats-store.spec.test.ts).
describe('admin-stats store specification: in memory', () => {
  adminStatsStoreSpec(memoryStore(() => memoryAdminStatsStore()));
});
