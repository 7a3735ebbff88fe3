import { describe } from 'vitest';
import { memoryStore } from '@app/testing';
import { memoryClassroomStore } from '../fakes/memory-store.js';
import { classroomStoreSpec } from '../spec/classroom-store.spec-suite.js';

// The storage specification against the in-memory fake (its Postgres twin: test/integration/classroom-store.spec.test.ts).
describe('classroom store specification: in memory', () => {
  classroomStoreSpec(memoryStore(() => memoryClassroomStore()));
});
