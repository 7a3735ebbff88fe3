/**
 * Class sets, buy → whole file downloaded, on a whole stack: the time from `POST /api/buySet` to the last
 * byte of `GET /api/pageSet` (its progress followed until bought, as the builder does), for sets of 10 and 30 versions with
 * gabarito, beside a single page (`POST /api/buy` → `GET /api/page`), with one pdf-worker process and then with two
 * (a second one started in the same run); and the CPU per version of that window (every process of the stack, the
 * workers with their Chromium, and the machine's Postgres and NATS) against a single page's.
 * Every render is paid in the window: the workers print nothing ahead of time (PDF_PRERENDER=off), and each set is
 * new (its versions printed for the purchase). The preview is drawn before the clock starts, as a person looks at it.
 *   npm run bench:set [-- --rounds 8]   (a single page: 3 × rounds purchases; each set size: rounds purchases)
 */
import { parseArgs } from 'node:util';
import { buy, createPageSet, downloadPage, downloadSet } from '@app/contracts';
import {
  buySetAndWait,
  call,
  cpuTime,
  createActiveUser,
  download,
  generatePageCode,
  latencies,
  ms,
  printTable,
  startTestStack,
  topUp,
  waitForThumbnail,
  type PageRequest,
  type RunningTestStack,
  type TestSession,
} from '@app/testing';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '8' } } });
const rounds = Number(values.rounds);
const SIZES = [1, 10, 30] as const;
const SYSTEM_PROCESSES = ['postgres', 'nats-server'];
/** The teacher's sheet: Médio with the four operations and the gabarito. */
const REQUEST: PageRequest = { add: true, sub: true, mult: true, div: true, answers: true, level: 1 };

const purchasesOf = (size: number) => (size === 1 ? 3 * rounds : rounds);

/** A new page (size 1) or set, its preview drawn; answers what buys and downloads it. */
async function prepare(running: RunningTestStack, user: TestSession, size: number) {
  const stack = running.info;
  if (size === 1) {
    const code = await generatePageCode(stack, user.token, REQUEST);
    if ((await waitForThumbnail(stack, user.token, code, 60_000)).status !== 200)
      throw new Error('no preview');
    return { set: false, downloadRoute: downloadPage, code };
  }
  const res = await call<{ code: string; codes: string[] }>(stack.gatewayUrl, createPageSet, {
    body: { ...REQUEST, versions: size },
    token: user.token,
  });
  if (res.status !== 200 || !res.body.payload)
    throw new Error(`pageSet answered ${res.status}: ${res.body.message}`);
  const { code, codes } = res.body.payload;
  if ((await waitForThumbnail(stack, user.token, codes[0]!, 60_000)).status !== 200)
    throw new Error('no preview');
  return { set: true, downloadRoute: downloadSet, code };
}

/**
 * Buy → file downloaded: the milliseconds, and the CPU ms of each process meanwhile. A page is asked again on 503; a
 * set is posted once and its progress followed until bought, as the builder does.
 */
async function buyAndDownload(running: RunningTestStack, user: TestSession, size: number) {
  const { set, downloadRoute, code } = await prepare(running, user, size);
  const gw = running.info.gatewayUrl;
  const cpuBefore = cpuTime(running.pids(), SYSTEM_PROCESSES);
  const started = performance.now();
  if (set) {
    const { answer } = await buySetAndWait(running.info, user.token, code, { timeoutMs: 600_000 });
    if (answer.status !== 200 && answer.status !== 202)
      throw new Error(`buySet answered ${answer.status}: ${answer.body.message}`);
  } else
    for (;;) {
      const bought = await call(gw, buy, { body: { code }, token: user.token });
      if (bought.status === 200) break;
      if (bought.status !== 503) throw new Error(`buy answered ${bought.status}: ${bought.body.message}`);
    }
  const file = await download(gw, downloadRoute, { code }, user.token);
  if (file.status !== 200 || file.bytes.subarray(0, 4).toString() !== '%PDF') throw new Error('no PDF');
  const elapsed = performance.now() - started;
  const cpuAfter = cpuTime(running.pids(), SYSTEM_PROCESSES);
  const cpu = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, cpuAfter[k]! - (cpuBefore[k] ?? 0)]));
  return { elapsed, cpu };
}

/** The processes' CPU grouped as the table shows it: the workers (with Chromium), pages, the rest. */
function grouped(cpu: Record<string, number>) {
  const out = { 'pdf-worker(s)': 0, pages: 0, 'postgres + nats': 0, others: 0 };
  for (const [name, value] of Object.entries(cpu)) {
    if (name.startsWith('pdf-worker')) out['pdf-worker(s)'] += value;
    else if (name === 'pages') out.pages += value;
    else if (SYSTEM_PROCESSES.includes(name)) out['postgres + nats'] += value;
    else out.others += value;
  }
  return out;
}

// One member buys set after set, faster than pages' per-account rate (PAGES_PER_MINUTE) lets a person.
const running = await startTestStack('bench', {
  LOG_LEVEL: 'info',
  PAGES_PER_MINUTE: '100000',
  PDF_PRERENDER: 'off',
});
try {
  const user = await createActiveUser(running.info);
  // R$ 0,50 a version, for every purchase (and the warm-ups) with 1 and with 2 workers.
  const versions = 2 * SIZES.reduce((sum, size) => sum + (purchasesOf(size) + 1) * size, 0);
  for (let reais = 0; reais < versions / 2; reais += 20) await topUp(running.info, user.token, 20);

  const timeRows: Array<Record<string, string | number>> = [];
  const cpuRows: Array<Record<string, string | number>> = [];
  for (const workers of [1, 2]) {
    if (workers === 2) await running.startReplica('pdf-worker', 'pdf-worker-2');
    let singlePageCpu = Number.NaN;
    for (const size of SIZES) {
      await buyAndDownload(running, user, size); // warm-up
      const samples: number[] = [];
      let cpu: Record<string, number> = {};
      for (let i = 0; i < purchasesOf(size); i++) {
        const round = await buyAndDownload(running, user, size);
        samples.push(round.elapsed);
        for (const [k, v] of Object.entries(round.cpu)) cpu[k] = (cpu[k] ?? 0) + v;
      }
      const result = latencies(samples);
      timeRows.push({
        workers,
        versions: size,
        purchases: result.count,
        'p50 ms': ms(result.p50),
        'p95 ms': ms(result.p95),
      });
      const perVersion = Object.fromEntries(
        Object.entries(grouped(cpu)).map(([k, v]) => [k, v / (samples.length * size)]),
      );
      const total = Object.values(perVersion).reduce((sum, v) => sum + v, 0);
      if (size === 1) singlePageCpu = total;
      cpu = {};
      cpuRows.push({
        workers,
        versions: size,
        ...Object.fromEntries(Object.entries(perVersion).map(([k, v]) => [k, ms(v)])),
        total: ms(total),
        'vs a page': `${Math.round((total / singlePageCpu) * 100)} %`,
      });
    }
  }
  printTable(
    'Buy → whole file downloaded (1: POST /api/buy → GET /api/page; N: POST /api/buySet → GET /api/pageSet), gabarito, PDF_PRERENDER=off (target: 30 versions p95 < 6 s with 1 worker)',
    timeRows,
  );
  printTable(
    'CPU ms per version from buy to downloaded (pdf-worker(s) with their Chromium; target: a version costs no more than a page)',
    cpuRows,
  );
} finally {
  await running.stop();
}
