import { PROCESSES } from '../processes.js';
import { apiRoutesByFile } from './all-routes.js';
import type { ApiRoute } from './route.js';

/** Where docs/routes.md is, from the repository's root. */
export const ROUTES_DOC_FILE = 'docs/routes.md';

const ACCESS: Record<ApiRoute['access'], string> = {
  public: 'public',
  user: 'member',
  admin: 'admin',
};

/** By path, then method (GET before POST): a path's routes side by side. */
const byPath = (a: ApiRoute, b: ApiRoute) =>
  a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path);

const line = (r: ApiRoute) => {
  const notes = [
    ACCESS[r.access],
    ...(r.rateLimited ? ['rate-limited per address'] : []),
    ...(r.spends ? [`spends ${r.spends}`] : []),
    ...(r.produces ? [r.produces] : []),
  ];
  return `- \`${r.method} ${r.path}\` (${notes.join(', ')}): ${r.summary.replace(/\s+/g, ' ')}`;
};

/**
 * docs/routes.md: every /api route by its owner, as the contracts declare it (method, path, who may call it, its
 * limits, what it does). `npx tsx scripts/routes-doc.ts` writes it; a unit test fails while the file differs.
 */
export function routesDoc(): string {
  const sections = Object.entries(apiRoutesByFile).map(([owner, routes]) => {
    const handlers =
      owner === 'gateway'
        ? 'answered by the gateway itself (`gateway/src/routes.ts`, the live stream in `gateway/src/member-events.ts`)'
        : `handled in \`${PROCESSES[owner as keyof typeof PROCESSES].folder}/src/routes.ts\``;
    return [
      `## ${owner}`,
      '',
      `Declared in \`libs/contracts/src/api/routes/${owner}.ts\`, ${handlers}.`,
      '',
      ...[...routes].sort(byPath).map(line),
    ].join('\n');
  });
  return [
    '# The /api routes',
    '',
    '<!-- Generated from libs/contracts/src/api/routes/ by `npx tsx scripts/routes-doc.ts`: do not edit by hand. -->',
    '',
    'Every route the gateway serves under `/api`, by the service that owns it. Generated from the route declarations',
    "(`libs/contracts/src/api/routes/<owner>.ts`); a unit test fails while this file differs from them. The gateway's",
    'OpenAPI document of the same routes, with their bodies and answers, is served at `/api/docs`. To add a route, see',
    '[new-route.md](new-route.md).',
    '',
    'Who may call: **public** anyone, **member** a signed-in account (the gateway checks the session, and the service',
    'again), **admin** a signed-in admin. A route that spends money or mail is refused (503) while the shared limits',
    'are out of reach; a rate-limited one is counted per client address at the edge.',
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}
