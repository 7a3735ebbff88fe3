// Type-only: brings the typing of `inject('stack')` (declared with the integration tier's global setup) to test files.
import type {} from './global-setup.js';
export * from './client.js';
export * from './db.js';
export * from './mailbox.js';
export * from './test-stack.js';
export * from './infra.js';
export * from './private-servers.js';
export * from './users.js';
export * from './pages.js';
export * from './billing.js';
export * from './billing-hold-spec.js';
export * from './drain.js';
export * from './pdf.js';
export * from './schema-drift.js';
export * from './throwaway-database.js';
export * from './bench/measure.js';
export * from './recording-bus.js';
export * from './member-events.js';
