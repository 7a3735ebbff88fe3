import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allApiRoutes, routesDoc, ROUTES_DOC_FILE } from '../../src/index.js';

const checkedIn = () => readFileSync(new URL(`../../../../${ROUTES_DOC_FILE}`, import.meta.url), 'utf8');

describe('docs/routes.md', () => {
  it('is what the route declarations render (after a route changes: npx tsx scripts/routes-doc.ts)', () => {
    expect(checkedIn()).toBe(routesDoc());
  });

  it('names every /api route once, under its owner', () => {
    const doc = routesDoc();
    for (const r of allApiRoutes) {
      const at = doc.indexOf(`- \`${r.method} ${r.path}\` (`);
      expect(at, `${r.method} ${r.path}`).toBeGreaterThan(-1);
      expect(doc.indexOf(`- \`${r.method} ${r.path}\` (`, at + 1), `${r.method} ${r.path} twice`).toBe(-1);
      expect(doc.lastIndexOf('\n## ', at), `${r.method} ${r.path}`).toBe(doc.indexOf(`\n## ${r.owner}\n`));
    }
  });
});
