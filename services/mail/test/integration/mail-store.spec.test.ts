import { describe } from 'vitest';
import { postgresStore } from '@app/testing';
import { service } from '../../src/service.js';
import { mailStore } from '../../src/persistence/store.js';
import { mailStoreSpec } from '../spec/mail-store.spec-suite.js';

// The storage specification against Postgres: a database of its own, migrated as at boot, dropped afterwards (its
// in-memory twin: test/unit/mail-store.spec.test.ts).
describe('mail store specification: Postgres', () => {
  mailStoreSpec(postgresStore(service.database!, mailStore));
});
