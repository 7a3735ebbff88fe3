import { describe } from 'vitest';
import { postgresStore } from '@app/testing';
import { classroomStore } from '../../src/persistence/store.js';
import { service } from '../../src/service.js';
import { classroomStoreSpec } from '../spec/classroom-store.spec-suite.js';

// The storage specification against Postgres: a database of its own, migrated as at boot, dropped afterwards (its
// in-memory twin: test/unit/classroom-store.spec.test.ts).
describe('classroom store specification: Postgres', () => {
  classroomStoreSpec(postgresStore(service.database!, classroomStore));
});
