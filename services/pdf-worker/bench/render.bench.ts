/**
 * One worker's renders, old and new side by side: what every generated page cost before (its PDF and its thumbnail)
 * against what it costs now (the preview alone), and the PDF alone (a purchase); then previews a second by pool
 * size (PDF_TABS' default). CPU is the browser's whole process tree plus this process, read from /proc.
 *   npm run bench:render [-- --renders 300 --tabs 2]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { generatePage, type Level } from '@app/generator';
import { cpuTime, latencies, ms, ownCpuMs, printTable } from '@app/testing';
import { BrowserPool, type Outputs } from '../src/browser/browser-pool.js';
import type { RenderKind } from '../src/domain/render-queue.js';
import { sheetDocument, type SheetDocument } from '../src/domain/sheet-html.js';

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '300' },
    tabs: { type: 'string', default: String(availableParallelism()) },
  },
});
const renders = Number(values.renders);
const tabs = Number(values.tabs);

/** Pages mixing the levels, the operations and the gabarito; a preview shows page 1 only. */
function sheets(count: number, prefix: string, answerKey?: boolean): SheetDocument[] {
  return Array.from({ length: count }, (_, index) => {
    const bits = (index % 15) + 1;
    const page = generatePage(`${prefix}-${index}`, {
      add: (bits & 1) > 0,
      sub: (bits & 2) > 0,
      mult: (bits & 4) > 0,
      div: (bits & 8) > 0,
      answers: index % 2 === 0,
      level: (index % 3) as Level,
    });
    return sheetDocument(
      page,
      {
        code: `${prefix}-${index}`,
        answersUrl: 'http://localhost:8080/gabarito/x',
        correctionUrl: 'http://localhost:8080/corrigir/x',
      },
      { answerKey },
    );
  });
}

interface Mode {
  name: string;
  /** The thumbnail's pixels per CSS pixel (the pool's default: THUMBNAIL_SCALE). */
  thumbnailScale?: number;
  outputs: Outputs;
  kind: RenderKind;
  /** Page 1 only (a preview), or the page's own choice (its gabarito when it asks for answers). */
  answerKey?: boolean;
}

/** Renders `count` sheets on a warm pool of `size` tabs, two renders per tab in flight, as a busy worker would. */
async function measure(mode: Mode, size: number, count: number) {
  const pool = new BrowserPool({ size, thumbnailScale: mode.thumbnailScale });
  try {
    await pool.warm();
    // A fresh browser's first renders are slower (caches, JIT); real workers are long-lived.
    const warmUp = sheets(size * 10, `warm-${mode.name}`, mode.answerKey);
    await Promise.all(warmUp.map((sheet) => pool.render(sheet, { outputs: mode.outputs, kind: mode.kind })));
    const work = sheets(count, `bench-${mode.name}`, mode.answerKey);
    const roots = { browser: pool.stats.pid! };
    const cpuBefore = cpuTime(roots).browser! + ownCpuMs();
    const started = performance.now();
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: size * 2 }, async () => {
        while (next < work.length) {
          const sheet = work[next++]!;
          const asked = performance.now();
          await pool.render(sheet, { outputs: mode.outputs, kind: mode.kind });
          samples.push(performance.now() - asked);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = cpuTime(roots).browser! + ownCpuMs() - cpuBefore;
    const { p50, p95 } = latencies(samples);
    return {
      perSecond: count / seconds,
      cpuPerRender: cpuMs / count,
      p50,
      p95,
      executable: pool.executablePath,
    };
  } finally {
    await pool.close();
  }
}

const before: Mode = { name: 'PDF + thumbnail', outputs: 'pdf+png', kind: 'preview' };
const preview: Mode = { name: 'preview', outputs: 'png', kind: 'preview', answerKey: false };
/** The preview as it was drawn before 'Ampliar prévia' needed its words readable: at half the sheet's size. */
const halfPreview: Mode = { ...preview, name: 'preview-half', thumbnailScale: 0.5 };
const pdf: Mode = { name: 'PDF', outputs: 'pdf', kind: 'document' };

const rows: Array<Record<string, string | number>> = [];
let executable: string | undefined;
let baseline = 0;
for (const [label, mode] of [
  ['PDF + thumbnail: every generated page, before', before],
  ['preview only at 0.5 (397 × 562): every generated page, before', halfPreview],
  ['preview only at 1 (794 × 1123): every generated page, now', preview],
  ['PDF only: a bought page, now', pdf],
] as const) {
  const result = await measure(mode, tabs, renders);
  executable = result.executable;
  if (mode === before) baseline = result.perSecond;
  rows.push({
    render: label,
    tabs,
    renders,
    'renders/s': Math.round(result.perSecond * 10) / 10,
    '× PDF + thumbnail': Math.round((result.perSecond / baseline) * 100) / 100,
    'CPU ms/render': ms(result.cpuPerRender),
    'p50 ms': ms(result.p50),
    'p95 ms': ms(result.p95),
  });
}
printTable(`One worker, ${tabs} tabs, ${renders} renders each (${executable})`, rows);

const sweep: Array<Record<string, string | number>> = [];
for (const size of [1, 2, 3, 4]) {
  const result = await measure(preview, size, renders);
  sweep.push({
    PDF_TABS: size,
    'previews/s': Math.round(result.perSecond * 10) / 10,
    'CPU ms/preview': ms(result.cpuPerRender),
    'p50 ms': ms(result.p50),
    'p95 ms': ms(result.p95),
  });
}
printTable(
  `Previews by pool size, ${availableParallelism()} cores (PDF_TABS defaults to the core count)`,
  sweep,
);
