import { describe } from 'vitest';
import { postgresStore } from '@app/testing';
import { authStore } from '../../src/persistence/store.js';
import { service } from '../../src/service.js';
import { authStoreSpec } from '../spec/auth-store.spec-suite.js';

// The storage specification against Postgres: a database of its own, migrated as at boot, dropped afterwards (its
// in-memory twin: test/unit/auth-store.spec.test.ts).
describe('auth store specification: Postgres', () => {
  authStoreSpec(postgresStore(service.database!, authStore));
});
