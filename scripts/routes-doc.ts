/**
 * `npx tsx scripts/routes-doc.ts`: writes docs/routes.md, every /api route by its owner, from the route declarations
 * (libs/contracts/src/api/routes/). A unit test (libs/contracts/test/unit/routes-doc.test.ts) fails while the
 * checked-in file differs.
 */
import { writeFileSync } from 'node:fs';
import { routesDoc, ROUTES_DOC_FILE } from '@app/contracts';
import { fromRoot } from '@app/stack';

writeFileSync(fromRoot(ROUTES_DOC_FILE), routesDoc());
console.log(`▶ ${ROUTES_DOC_FILE}`);
