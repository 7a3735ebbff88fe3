/**
 * Rendering throughput: one warm BrowserPool against a browser launched per page (the baseline).
 *   npm run bench:pdf -w @app/pdf-worker -- [--pages 300] [--concurrency 8] [--baseline 10] [--tabs N]
 * Every job makes the PDF and the PNG thumbnail of page 1. Pages mix the levels, operations and gabarito.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { generatePage, type Level } from '@app/generator';
import { BrowserPool } from '../src/domain/browser-pool.js';
import { renderSheetHtml } from '../src/domain/sheet-html.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '8' },
    baseline: { type: 'string', default: '10' },
    tabs: { type: 'string', default: String(availableParallelism()) },
  },
});
const pages = Number(values.pages);
const concurrency = Number(values.concurrency);
const baselinePages = Number(values.baseline);
const tabs = Number(values.tabs);

function sheets(count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, index) => {
    const bits = (index % 15) + 1;
    const options = {
      add: (bits & 1) > 0,
      sub: (bits & 2) > 0,
      mult: (bits & 4) > 0,
      div: (bits & 8) > 0,
      answers: index % 2 === 0,
      level: (index % 3) as Level,
    };
    return renderSheetHtml(generatePage(`${prefix}-${index}`, options), {
      code: `${prefix}-${index}`,
      answersUrl: `http://localhost:8080/gabarito/${prefix}-${index}`,
    });
  });
}

/** utime + stime + cutime + cstime of a process in ms (Linux /proc, 100 ticks a second); null if it is gone. */
function processCpu(pid: number | 'self'): { ppid: number; ms: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { ppid: fields[1]!, ms: (fields[11]! + fields[12]! + fields[13]! + fields[14]!) * 10 };
  } catch {
    return null;
  }
}

/**
 * CPU spent by this process, its reaped children and the live process tree under `browserPid`. Wall-clock
 * throughput depends on whatever else the machine runs; CPU per page much less, so both are reported.
 */
function cpuMs(browserPid: number | undefined): number {
  let total = processCpu('self')?.ms ?? 0;
  if (browserPid === undefined) return total;
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) ? processCpu(Number(entry)) : null;
    if (stat) parents.set(Number(entry), stat.ppid);
  }
  for (const pid of parents.keys()) {
    let ancestor: number | undefined = pid;
    while (ancestor !== undefined && ancestor !== browserPid && ancestor > 1)
      ancestor = parents.get(ancestor);
    if (ancestor === browserPid) total += processCpu(pid)?.ms ?? 0;
  }
  return total;
}

interface Measured {
  mode: string;
  pages: number;
  concurrency: number;
  seconds: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

/** Runs `jobs` with at most `parallel` in flight; latency is from request to result, queueing included. */
async function measure(
  mode: string,
  jobs: string[],
  parallel: number,
  job: (html: string) => Promise<unknown>,
): Promise<Measured> {
  const latenciesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const html = jobs[next++]!;
        const requested = performance.now();
        await job(html);
        latenciesMs.push(performance.now() - requested);
      }
    }),
  );
  return {
    mode,
    pages: jobs.length,
    concurrency: parallel,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
  };
}

const pool = new BrowserPool({ size: tabs, restartEvery: Number.MAX_SAFE_INTEGER });
await pool.warm();
// The first renders of a fresh browser are slower (caches, JIT); real workers are long-lived.
await measure('warm-up', sheets(tabs * 4, 'warm'), tabs, (html) => pool.render(html));
const cpuBefore = cpuMs(pool.stats.pid);
const warm = await measure(`warm pool, ${tabs} tabs`, sheets(pages, 'pool'), concurrency, (html) =>
  pool.render(html),
);
const warmCpuMsPerPage = (cpuMs(pool.stats.pid) - cpuBefore) / pages;
await pool.close();

const perPage = await measure('browser per page', sheets(baselinePages, 'cold'), 1, async (html) => {
  const once = new BrowserPool({ size: 1 });
  try {
    return await once.render(html);
  } finally {
    await once.close();
  }
});

const rows = [warm, perPage].map((run) => {
  const sorted = [...run.latenciesMs].sort((a, b) => a - b);
  return {
    mode: run.mode,
    pages: run.pages,
    'in flight': run.concurrency,
    'pages/s': +(run.pages / run.seconds).toFixed(1),
    'p50 ms': Math.round(percentile(sorted, 0.5)),
    'p95 ms': Math.round(percentile(sorted, 0.95)),
  };
});
console.table(rows);
console.log(
  `speed-up of the warm pool over a browser per page: ${(rows[0]!['pages/s'] / rows[1]!['pages/s']).toFixed(1)}×`,
);
console.log(
  `warm pool CPU: ${warmCpuMsPerPage.toFixed(0)} ms a page (Chromium and this process), a ceiling of ` +
    `${((availableParallelism() * 1000) / warmCpuMsPerPage).toFixed(1)} pages/s on ${availableParallelism()} idle ` +
    `cores; load average now ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
);
