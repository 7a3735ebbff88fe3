import { describe } from 'vitest';
import { memoryStore } from '@app/testing';
import { memoryPagesStore } from '../fakes/memory-store.js';
import { pagesStoreSpec } from '../spec/pages-store.spec-suite.js';

// The storage specification against the in-memory fake (its Postgres twin: test/integration/pages-store.spec.test.ts).
describe('pages store specification: in memory', () => {
  pagesStoreSpec(memoryStore(() => memoryPagesStore().store));
});
