import { describe } from 'vitest';
import { memoryMailStore } from '../fakes/memory-store.js';
import { mailStoreSpec } from '../spec/mail-store.spec-suite.js';

// The storage specification against the in-memory fake (its Postgres twin: test/integration/mail-store.spec.test.ts).
describe('mail store specification: in memory', () => {
  mailStoreSpec(async () => ({ store: memoryMailStore().store, close: async () => {} }));
});
