import { describe } from 'vitest';
import { memoryStore } from '@app/testing';
import { MemoryBillingStore } from '../fakes/memory-store.js';
import { billingStoreSpec } from '../spec/billing-store.spec-suite.js';

// The storage specification against the in-memory fake the use-case tests run on (its Postgres twin:
// test/integration/billing-store.spec.test.ts).
describe('billing store specification: in memory', () => {
  billingStoreSpec(memoryStore(() => new MemoryBillingStore()));
});
