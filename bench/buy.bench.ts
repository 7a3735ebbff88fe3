/**
 * Buy → PDF downloaded, for one user, on a whole stack: the time from `POST /api/buy` to the last byte of
 * `GET /api/page`, old and new side by side (the worker restarted between modes):
 * - before: the PDF was printed with the preview (PDF_PRERENDER=with-preview), so the purchase finds it;
 * - now, PDFs only when bought (PDF_PRERENDER=off): the purchase waits for one render;
 * - now, the default (PDF_PRERENDER=idle): the worker prints it while the parent looks at the preview (the bench
 *   waits a second after the thumbnail, as a person would).
 *   npm run bench:buy [-- --rounds 40]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buy, downloadPage } from '@app/contracts';
import {
  call,
  createActiveUser,
  download,
  generatePageCode,
  latencies,
  ms,
  printTable,
  startTestStack,
  topUp,
  waitForThumbnail,
  type StackInfo,
  type TestSession,
} from '@app/testing';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '40' } } });
const rounds = Number(values.rounds);

const MODES = [
  { name: 'before: PDF printed with the preview', worker: { PDF_PRERENDER: 'with-preview' }, lookMs: 0 },
  { name: 'now: PDF printed when bought', worker: { PDF_PRERENDER: 'off' }, lookMs: 0 },
  { name: 'now: PDF printed ahead while idle (1 s look)', worker: {}, lookMs: 1000 },
] as const;

const levels = [0, 1, 2] as const;
let round = 0;

/** Generates a page and waits for its preview, looks at it for `lookMs`, then times buy → downloaded. */
async function buyAndDownload(stack: StackInfo, user: TestSession, lookMs: number): Promise<number> {
  const level = levels[round++ % levels.length]!;
  const code = await generatePageCode(stack, user.token, {
    add: true,
    sub: true,
    mult: level > 0,
    div: level === 2,
    answers: true,
    level,
  });
  if ((await waitForThumbnail(stack, user.token, code, 60_000)).status !== 200) throw new Error('no preview');
  if (lookMs) await sleep(lookMs);
  const started = performance.now();
  const bought = await call(stack.gatewayUrl, buy, { body: { code }, token: user.token });
  if (bought.status !== 200) throw new Error(`buy answered ${bought.status}: ${bought.body.message}`);
  const pdf = await download(stack.gatewayUrl, downloadPage, { code }, user.token);
  if (pdf.status !== 200 || pdf.bytes.subarray(0, 4).toString() !== '%PDF') throw new Error('no PDF');
  return performance.now() - started;
}

// One member makes page after page here, faster than pages' per-account rate (PAGES_PER_MINUTE) lets a person.
const running = await startTestStack('bench', { LOG_LEVEL: 'info', PAGES_PER_MINUTE: '100000' });
try {
  const stack = running.info;
  const user = await createActiveUser(stack);
  // R$ 0,50 a page: enough for every round of every mode and the warm-ups.
  for (let i = 0; i < Math.ceil(((rounds + 3) * MODES.length) / 40); i++) await topUp(stack, user.token, 20);
  const rows: Array<Record<string, string | number>> = [];
  for (const mode of MODES) {
    await running.restart('pdf-worker', mode.worker);
    for (let i = 0; i < 3; i++) await buyAndDownload(stack, user, mode.lookMs);
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) samples.push(await buyAndDownload(stack, user, mode.lookMs));
    const result = latencies(samples);
    rows.push({
      mode: mode.name,
      purchases: result.count,
      'p50 ms': ms(result.p50),
      'p95 ms': ms(result.p95),
    });
  }
  printTable('POST /api/buy → GET /api/page downloaded, 1 user (target: p95 ≤ 250 ms)', rows);
} finally {
  await running.stop();
}
