import type { Operation } from './types.js';

/**
 * The order in which operations are dealt onto a page. On its own so the word problems' drawing (word/generate.ts)
 * can read it without importing the page that calls them.
 */
export const OPERATIONS: readonly Operation[] = ['add', 'sub', 'mult', 'div'];
