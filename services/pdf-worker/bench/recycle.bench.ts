/**
 * 2 000 previews on one worker with a browser replacement in the middle, old and new side by side:
 * - before: a cold relaunch (as every PDF_RESTART_EVERY=500 jobs did): once the renders in flight are done, the
 *   browser closes, a new one launches and opens its tabs, and the renders asked meanwhile wait for it;
 * - now: past PDF_BROWSER_MAX_MB the replacement is launched and warmed while the old browser keeps rendering, then
 *   takes over. The threshold is the memory the cold run's browser had reached at render 1 000, so the warm
 *   replacement also happens about halfway.
 *   npm run bench:recycle [-- --renders 2000 --tabs 2]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { generatePage, type Level } from '@app/generator';
import { latencies, ms, printTable } from '@app/testing';
import { browserMemoryMb } from '../src/browser/browser-memory.js';
import { BrowserPool } from '../src/browser/browser-pool.js';
import { sheetDocument, type SheetDocument } from '../src/domain/sheet-html.js';

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '2000' },
    tabs: { type: 'string', default: String(availableParallelism()) },
  },
});
const renders = Number(values.renders);
const tabs = Number(values.tabs);
const halfway = Math.floor(renders / 2);

const sheets: SheetDocument[] = Array.from({ length: 200 }, (_, index) => {
  const bits = (index % 15) + 1;
  const page = generatePage(`recycle-${index}`, {
    add: (bits & 1) > 0,
    sub: (bits & 2) > 0,
    mult: (bits & 4) > 0,
    div: (bits & 8) > 0,
    answers: false,
    level: (index % 3) as Level,
  });
  return sheetDocument(page, {
    code: `R${index}`,
    answersUrl: 'http://localhost:8080/gabarito/x',
    correctionUrl: 'http://localhost:8080/corrigir/x',
  });
});

/** Renders in flight, so that a cold relaunch can let them finish first. */
const inFlight = new Set<Promise<unknown>>();

/** Renders `renders` previews, two per tab in flight; `pool()` is the pool to ask (it may change mid-run). */
async function run(pool: () => Promise<BrowserPool>, onRendered: (done: number) => void) {
  const samples: number[] = [];
  let asked = 0;
  await Promise.all(
    Array.from({ length: tabs * 2 }, async () => {
      while (asked < renders) {
        const sheet = sheets[asked++ % sheets.length]!;
        const started = performance.now();
        const render = pool().then((p) => p.render(sheet, { outputs: 'png', kind: 'preview' }));
        inFlight.add(render);
        await render.finally(() => inFlight.delete(render));
        samples.push(performance.now() - started);
        onRendered(samples.length);
      }
    }),
  );
  return latencies(samples);
}

// Before: a cold relaunch at render 1 000.
let cold = new BrowserPool({ size: tabs });
await cold.warm();
let current: Promise<BrowserPool> = Promise.resolve(cold);
let memoryAtHalfway = 0;
let relaunchMs = 0;
const before = await run(
  () => current,
  (done) => {
    if (done !== halfway) return;
    // What the old pool did: no new render for the old browser; once its renders are done, close it, launch the
    // next one and open its tabs; then serve the renders that waited.
    const old = cold;
    const draining = [...inFlight];
    current = (async () => {
      const started = performance.now();
      memoryAtHalfway = (await browserMemoryMb(old.stats.pid!)) ?? 0;
      await Promise.allSettled(draining);
      await old.close();
      cold = new BrowserPool({ size: tabs });
      await cold.warm();
      relaunchMs = performance.now() - started;
      return cold;
    })();
  },
);
await cold.close();

// Now: replaced warm, past the memory the cold run's browser had at render 1 000.
const threshold = Math.max(1, memoryAtHalfway - 5);
let recycledAt: number | undefined;
let rendered = 0;
const warm = new BrowserPool({
  size: tabs,
  maxMemoryMb: threshold,
  onRecycle: () => (recycledAt ??= rendered),
});
await warm.warm();
const after = await run(
  () => Promise.resolve(warm),
  (done) => void (rendered = done),
);
const replacements = warm.stats.recycled;
await warm.close();

const row = (mode: string, l: typeof before, replaced: string) => ({
  mode,
  renders: l.count,
  replaced,
  'p50 ms': ms(l.p50),
  'p95 ms': ms(l.p95),
  'p99 ms': ms(l.p99),
  'max ms': ms(l.max),
  'p99 / p95': Math.round((l.p99 / l.p95) * 100) / 100,
});
printTable(`${renders} previews on ${tabs} tabs with a browser replacement (target: p99 ≤ 2 × p95)`, [
  row('before: cold relaunch', before, `at ${halfway} (${Math.round(relaunchMs)} ms to relaunch)`),
  row(
    `now: warm, past ${threshold} MB`,
    after,
    recycledAt === undefined
      ? `no replacement: memory stayed under ${threshold} MB`
      : `at ${recycledAt}${replacements > 1 ? ` (+${replacements - 1} more)` : ''}`,
  ),
]);
console.log(
  `browser memory at render ${halfway} of the cold run: ${memoryAtHalfway} MB (proportional set size)`,
);
