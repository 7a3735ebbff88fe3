/**
 * Time from `POST /api/page` to its thumbnail, through the gateway, on a whole test stack (real services, real
 * worker with its warm browser pool): p50 and p95 for 1 and 10 users generating at the same time.
 * Run: `npm run bench:gateway -w @app/pdf-worker` (the root `npm run bench:pdf` runs it after the render benchmark).
 */
import { availableParallelism } from 'node:os';
import {
  createActiveUser,
  generatePageCode,
  startTestStack,
  waitForThumbnail,
  type StackInfo,
  type TestSession,
} from '@app/testing';

const ROUNDS_PER_USER: Record<number, number> = { 1: 40, 10: 6 };
const WARM_UP_ROUNDS = 5;

interface Row {
  users: number;
  samples: number;
  p50: number;
  p95: number;
  pagesPerSecond: number;
}

/** Nearest-rank percentile of the samples (ms). */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const levels = [0, 1, 2] as const;
let round = 0;

/** One user's page: generate, then fetch the preview until it is there. Answers the milliseconds it took. */
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

async function measure(stack: StackInfo, users: TestSession[]): Promise<Row> {
  const rounds = ROUNDS_PER_USER[users.length] ?? 5;
  const samples: number[] = [];
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      for (let i = 0; i < rounds; i++) samples.push(await pageToThumbnail(stack, user));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    users: users.length,
    samples: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    pagesPerSecond: samples.length / seconds,
  };
}

const running = await startTestStack('bench');
try {
  const stack = running.info;
  const users = await Promise.all(Array.from({ length: 10 }, () => createActiveUser(stack)));
  for (let i = 0; i < WARM_UP_ROUNDS; i++) await pageToThumbnail(stack, users[0]!);

  const rows = [await measure(stack, users.slice(0, 1)), await measure(stack, users)];
  const tabs = stack.env['pdf-worker']?.PDF_TABS ?? `${availableParallelism()} (CPU count)`;
  console.log(`\nPOST /api/page → GET /api/thumb through the gateway (one pdf-worker, ${tabs} tabs)\n`);
  console.table(
    rows.map((r) => ({
      'concurrent users': r.users,
      pages: r.samples,
      'p50 (ms)': Math.round(r.p50),
      'p95 (ms)': Math.round(r.p95),
      'pages/s': Number(r.pagesPerSecond.toFixed(1)),
    })),
  );
} finally {
  await running.stop();
}
