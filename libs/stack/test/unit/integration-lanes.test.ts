import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/paths.js';

/**
 * The integration tier runs in two lanes at once (vitest.config.ts): the files of the `integration-apart` lane share
 * nothing with the tier's stack. A file listed there that reads the shared stack (`inject('stack')`, directly or
 * through a store specification) would run beside the files that stop and count it; a file that does not exist would
 * silently not run at all.
 */
const config = readFileSync(fromRoot('vitest.config.ts'), 'utf8');
const apart = [...(/const APART = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
  (m) => m[1]!,
);

describe('the integration lane that runs beside the shared stack', () => {
  it('lists test files', () => {
    expect(apart.length).toBeGreaterThan(0);
    for (const file of apart) expect(file).toMatch(/\/test\/integration\/[^/]+\.test\.ts$/);
  });

  it.each(apart)('%s exists and uses no part of the shared stack', (file) => {
    expect(existsSync(fromRoot(file)), `${file} exists`).toBe(true);
    const text = readFileSync(fromRoot(file), 'utf8');
    expect(text).not.toMatch(/\binject\(/);
    expect(text).not.toMatch(/storeUnderSpec|postgresStore/);
  });
});
