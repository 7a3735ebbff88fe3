import { describe } from 'vitest';
import { memoryStore } from '@app/testing';
import { memoryMailStore } from '../fakes/memory-store.js';
import { mailStoreSpec } from '../spec/mail-store.spec-suite.js';

// The storage specification against the in-memory fake (its Postgres twin: test/integration/mail-store.spec.test.ts).
describe('mail store specification: in memory', () => {
  mailStoreSpec(memoryStore(() => memoryMailStore().store));
});
