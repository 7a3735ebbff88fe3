/**
 * `POST /api/page` → its thumbnail, through the gateway, on a whole stack (real services, one real worker with its
 * warm pool): p50/p95/p99 for 1 and for 10 users generating at the same time, and the CPU every process spends per
 * generated page. Old and new side by side, on one stack whose worker and gateway are restarted between modes:
 * - before: each preview also prints the page's PDF (PDF_PRERENDER=with-preview), and the gateway asks auth about
 *   the session on every request (SESSION_CACHE_TTL_MS=0);
 * - now: the preview alone, PDFs ahead of time when the worker is idle (the defaults);
 * - now, PDFs only when bought (PDF_PRERENDER=off).
 *   npm run bench:preview [-- --rounds 60]
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
  waitForThumbnail,
  type RunningTestStack,
  type StackInfo,
  type TestSession,
} from '@app/testing';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '60' } } });
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

const levels = [0, 1, 2] as const;
let round = 0;

/** One user's page: generate, then fetch the preview (the server waits for it). Answers the milliseconds it took. */
async function pageToThumbnail(stack: StackInfo, user: TestSession): Promise<number> {
  const level = levels[round++ % levels.length]!;
  const started = performance.now();
  const code = await generatePageCode(stack, user.token, {
    add: true,
    sub: true,
    mult: true,
    div: level !== 0,
    answers: true,
    level,
  });
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

// Production's log level: the tier's debug lines would be a cost no deployment pays.
// One member makes page after page here, faster than pages' per-account rate (PAGES_PER_MINUTE) lets a person.
const running = await startTestStack('bench', { LOG_LEVEL: 'info', PAGES_PER_MINUTE: '100000' });
try {
  const users = await Promise.all(Array.from({ length: 10 }, () => createActiveUser(running.info)));
  const rows: Array<Record<string, string | number>> = [];
  const cpuRows: Array<Record<string, string | number>> = [];
  for (const mode of MODES) {
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
  }
  printTable(
    'POST /api/page → GET /api/thumb through the gateway, one pdf-worker (targets: p95 ≤ 80 ms for 1 user, ≤ 400 ms for 10)',
    rows,
  );
  printTable(
    'CPU ms per generated page, 10 users (pdf-worker includes its Chromium; postgres and nats-server are the machine’s)',
    cpuRows,
  );
} finally {
  await running.stop();
}
