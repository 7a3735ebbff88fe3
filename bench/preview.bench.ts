/**
 * `POST /api/page` → its thumbnail, through the gateway, on a whole stack (real services, one real worker with its
 * warm pool): p50/p95/p99 for 1 and for 10 users generating at the same time, and the CPU every process spends per
 * generated page. Old and new side by side, on one stack whose worker and gateway are restarted between modes:
 * - before: each preview also prints the page's PDF (PDF_PRERENDER=with-preview), and the gateway asks auth about
 *   the session on every request (SESSION_CACHE_TTL_MS=0);
 * - now: the preview alone, PDFs ahead of time when the worker is idle (the defaults);
 * - now, PDFs only when bought (PDF_PRERENDER=off).
 * Then, in the default mode, a custom page ("Personalizar": the tabuada do 7, 30 facts in a line, letra
 * grande) and a page of situações-problema beside a preset page (Médio ×), each user alternating them so
 * all meet the same load.
 *   npm run bench:preview [-- --rounds 60] [-- --custom-only]   (--custom-only: the default mode and the custom
 *   comparison alone)
 */
import { parseArgs } from 'node:util';
import {
  cpuTime,
  createActiveUser,
  generatePageCode,
  latencies,
  ms,
  printTable,
  startTestStack,
  tabuadaDo7Request,
  wordProblemsRequest,
  waitForThumbnail,
  type PageRequest,
  type RunningTestStack,
  type StackInfo,
  type TestSession,
} from '@app/testing';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '60' }, 'custom-only': { type: 'boolean', default: false } },
});
/** Pages per measurement: one user makes them one after the other; ten users make a tenth each, all at once. */
const rounds = Number(values.rounds);
const WARM_UP_ROUNDS = 5;
const SYSTEM_PROCESSES = ['postgres', 'nats-server'];

const MODES = [
  {
    name: 'before: PDF + thumbnail, session asked every request',
    worker: { PDF_PRERENDER: 'with-preview' },
    gateway: { SESSION_CACHE_TTL_MS: '0' },
  },
  { name: 'now: preview, PDFs ahead when idle', worker: {}, gateway: {} },
  { name: 'now: preview, PDFs when bought', worker: { PDF_PRERENDER: 'off' }, gateway: {} },
] as const;
const DEFAULT_MODE = MODES[1];

/** The custom page (the tabuada do 7 in a line) and the preset page it is compared with (same operation, same run, same load). */
const PAGE_KINDS: ReadonlyArray<{ name: string; request: PageRequest }> = [
  {
    name: 'preset Médio ×: 20 contas armadas',
    request: { add: false, sub: false, mult: true, div: false, answers: true, level: 1 },
  },
  { name: 'custom: tabuada do 7, 30 fatos em linha, grande', request: tabuadaDo7Request },
  { name: 'custom: 6 situações-problema de + e −', request: wordProblemsRequest },
];

const levels = [0, 1, 2] as const;
let round = 0;

/** The next page of the modes' measurements: the three levels in turn. */
function nextLevelPage(): PageRequest {
  const level = levels[round++ % levels.length]!;
  return { add: true, sub: true, mult: true, div: level !== 0, answers: true, level };
}

/** One user's page: generate, then fetch the preview (the server waits for it). Answers the milliseconds it took. */
async function pageToThumbnail(
  stack: StackInfo,
  user: TestSession,
  request: PageRequest = nextLevelPage(),
): Promise<number> {
  const started = performance.now();
  const code = await generatePageCode(stack, user.token, request);
  const preview = await waitForThumbnail(stack, user.token, code, 60_000);
  if (preview.status !== 200) throw new Error(`thumbnail answered ${preview.status}`);
  return performance.now() - started;
}

async function measure(running: RunningTestStack, users: TestSession[]) {
  const perUser = Math.max(1, Math.round(rounds / users.length));
  const samples: number[] = [];
  const before = cpuTime(running.pids(), SYSTEM_PROCESSES);
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      for (let i = 0; i < perUser; i++) samples.push(await pageToThumbnail(running.info, user));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = cpuTime(running.pids(), SYSTEM_PROCESSES);
  const cpuPerPage = Object.fromEntries(
    Object.keys(after).map((name) => [name, (after[name]! - (before[name] ?? 0)) / samples.length]),
  );
  return { ...latencies(samples), pagesPerSecond: samples.length / seconds, cpuPerPage };
}

/** The page kinds measured together: each user makes them in turn, so a load that comes and goes meets each alike. */
async function measureKinds(running: RunningTestStack, users: TestSession[]) {
  const perUser = Math.max(PAGE_KINDS.length, Math.round((rounds * PAGE_KINDS.length) / users.length));
  const samples = PAGE_KINDS.map(() => [] as number[]);
  await Promise.all(
    users.map(async (user, u) => {
      for (let i = 0; i < perUser; i++) {
        const kind = (i + u) % PAGE_KINDS.length;
        samples[kind]!.push(await pageToThumbnail(running.info, user, PAGE_KINDS[kind]!.request));
      }
    }),
  );
  return samples.map((s) => latencies(s));
}

// Production's log level: the tier's debug lines would be a cost no deployment pays.
// One member makes page after page here, faster than pages' per-account rate (PAGES_PER_MINUTE) lets a person.
const running = await startTestStack('bench', { LOG_LEVEL: 'info', PAGES_PER_MINUTE: '100000' });
try {
  const users = await Promise.all(Array.from({ length: 10 }, () => createActiveUser(running.info)));
  const rows: Array<Record<string, string | number>> = [];
  const cpuRows: Array<Record<string, string | number>> = [];
  const kindRows: Array<Record<string, string | number>> = [];
  for (const mode of values['custom-only'] ? [DEFAULT_MODE] : MODES) {
    await running.restart('pdf-worker', mode.worker);
    await running.restart('gateway', mode.gateway);
    for (let i = 0; i < WARM_UP_ROUNDS; i++) await pageToThumbnail(running.info, users[0]!);
    for (const group of [users.slice(0, 1), users]) {
      const result = await measure(running, group);
      rows.push({
        mode: mode.name,
        users: group.length,
        pages: result.count,
        'p50 ms': ms(result.p50),
        'p95 ms': ms(result.p95),
        'p99 ms': ms(result.p99),
        'pages/s': Math.round(result.pagesPerSecond * 10) / 10,
      });
      if (group.length === 10) {
        const total = Object.values(result.cpuPerPage).reduce((sum, v) => sum + v, 0);
        cpuRows.push({
          mode: mode.name,
          total: ms(total),
          ...Object.fromEntries(Object.entries(result.cpuPerPage).map(([name, v]) => [name, ms(v)])),
        });
      }
    }
    if (mode !== DEFAULT_MODE) continue;
    for (const kind of PAGE_KINDS)
      for (let i = 0; i < WARM_UP_ROUNDS; i++) await pageToThumbnail(running.info, users[0]!, kind.request);
    for (const group of [users.slice(0, 1), users]) {
      const results = await measureKinds(running, group);
      results.forEach((result, k) =>
        kindRows.push({
          page: PAGE_KINDS[k]!.name,
          users: group.length,
          pages: result.count,
          'p50 ms': ms(result.p50),
          'p95 ms': ms(result.p95),
          'p99 ms': ms(result.p99),
        }),
      );
    }
  }
  printTable(
    'POST /api/page → GET /api/thumb through the gateway, one pdf-worker (targets: p95 ≤ 80 ms for 1 user, ≤ 400 ms for 10)',
    rows,
  );
  printTable(
    'CPU ms per generated page, 10 users (pdf-worker includes its Chromium; postgres and nats-server are the machine’s)',
    cpuRows,
  );
  printTable(
    `Custom options beside a preset: POST /api/page → GET /api/thumb, ${DEFAULT_MODE.name}, each user alternating the two`,
    kindRows,
  );
} finally {
  await running.stop();
}
