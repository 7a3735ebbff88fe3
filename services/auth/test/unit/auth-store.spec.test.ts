import { describe } from 'vitest';
import { memoryStore } from '@app/testing';
import { memoryAuthStore } from '../fakes/memory-store.js';
import { authStoreSpec } from '../spec/auth-store.spec-suite.js';

// The storage specification against the in-memory fake (its Postgres twin: test/integration/auth-store.spec.test.ts).
describe('auth store specification: in memory', () => {
  authStoreSpec(memoryStore(() => memoryAuthStore().store));
});
