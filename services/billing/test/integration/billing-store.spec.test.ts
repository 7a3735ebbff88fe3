import { describe } from 'vitest';
import { postgresStore } from '@app/testing';
import { billingStore } from '../../src/persistence/store.js';
import { service } from '../../src/service.js';
import { billingStoreSpec } from '../spec/billing-store.spec-suite.js';

// The storage specification against Postgres: a database of its own, migrated as at boot, dropped afterwards (its
// in-memory twin: test/unit/billing-store.spec.test.ts).
describe('billing store specification: Postgres', () => {
  billingStoreSpec(postgresStore(service.database!, billingStore));
});
