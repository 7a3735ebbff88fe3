/**
 * What a class set costs one worker against single pages: each version's PDF (a document job, its label
 * printed) against a single page's PDF, then the set's assembly once its versions are stored — the answer table
 * drawn by a tab and the pdf-lib merge — for sets of 10 and 30 versions (and 40, the most), with the set's file size;
 * and a page bought as today (its preview when generated, then its PDF) against a version (a set draws one preview).
 * CPU is the browser's whole process tree plus this process, read from /proc; the merge is this process alone.
 *   npm run bench:assemble [-- --repeats 5 --tabs 2]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { renderFiles } from '@app/contracts';
import { generatePage, rulesVersion } from '@app/generator';
import { createLogger } from '@app/kit';
import { cpuTime, latencies, ms, ownCpuMs, printTable } from '@app/testing';
import { BrowserPool } from '../src/browser/browser-pool.js';
import { answerTableDocument } from '../src/domain/answer-table.js';
import { assembleSet, mergeSet, versionJob, type AssembleSetJob } from '../src/domain/assemble-set.js';
import { answersUrl, correctionUrl } from '../src/domain/render-job.js';
import { sheetDocument, sheetPages } from '../src/domain/sheet-html.js';
import { memoryFiles } from '../test/support/memory-files.js';

const { values } = parseArgs({
  options: {
    repeats: { type: 'string', default: '5' },
    tabs: { type: 'string', default: String(availableParallelism()) },
  },
});
const repeats = Number(values.repeats);
const tabs = Number(values.tabs);

/** The measured case: the four operations at Difícil with their gabarito (the heaviest preset sheet). */
const OPTIONS: AssembleSetJob['options'] = {
  add: true,
  sub: true,
  mult: true,
  div: true,
  answers: true,
  level: 2,
};
const PUBLIC_URL = 'http://localhost:8080';
const quiet = createLogger('pdf-worker', 'silent');

const setJob = (name: string, versions: number): AssembleSetJob => ({
  setCode: `${name}-conjunto`,
  options: OPTIONS,
  rules: 2,
  versions: Array.from({ length: versions }, (_, i) => ({ code: `${name}-v${i + 1}`, seed: `${name}-${i}` })),
});

const pool = new BrowserPool({ size: tabs });
const cpuNow = () => cpuTime({ browser: pool.stats.pid! }).browser! + ownCpuMs();

/** Renders sheets as a busy worker does (two renders per tab in flight): wall time per render and CPU per render. */
async function renderAll(sheets: ReturnType<typeof sheetDocument>[], outputs: 'pdf' | 'png' = 'pdf') {
  const cpu = cpuNow();
  const started = performance.now();
  const pdfs: Buffer[] = new Array<Buffer>(sheets.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: tabs * 2 }, async () => {
      while (next < sheets.length) {
        const index = next++;
        const rendered = await pool.render(sheets[index]!, {
          outputs,
          kind: outputs === 'png' ? 'preview' : 'document',
        });
        pdfs[index] = 'pdf' in rendered ? rendered.pdf : rendered.png;
      }
    }),
  );
  return { pdfs, wallMs: performance.now() - started, cpuMs: cpuNow() - cpu };
}

try {
  await pool.warm();
  // A fresh browser's first renders are slower (caches, JIT); real workers are long-lived.
  await renderAll(
    Array.from({ length: tabs * 10 }, (_, i) =>
      sheetDocument(generatePage(`aquecer-${i}`, OPTIONS, 2), {
        code: `A${i}`,
        answersUrl: PUBLIC_URL,
        correctionUrl: PUBLIC_URL,
      }),
    ),
  );

  const singles = 60;
  const single = await renderAll(
    Array.from({ length: singles }, (_, i) =>
      sheetDocument(generatePage(`pagina-${i}`, OPTIONS, 2), {
        code: `pagina-${i}`,
        answersUrl: answersUrl(PUBLIC_URL, `pagina-${i}`),
        correctionUrl: correctionUrl(PUBLIC_URL, `pagina-${i}`),
      }),
    ),
  );
  const singleCpu = single.cpuMs / singles;
  // Today a page bought was first generated: its preview (page 1 drawn) and then its PDF. A set draws one preview
  // (version 1's) for all its versions.
  const previews = await renderAll(
    Array.from({ length: singles }, (_, i) =>
      sheetDocument(
        generatePage(`pagina-${i}`, OPTIONS, 2),
        {
          code: `pagina-${i}`,
          answersUrl: answersUrl(PUBLIC_URL, `pagina-${i}`),
          correctionUrl: correctionUrl(PUBLIC_URL, `pagina-${i}`),
        },
        { answerKey: false },
      ),
    ),
    'png',
  );
  const previewCpu = previews.cpuMs / singles;
  const boughtCpu = singleCpu + previewCpu;
  const rows: Array<Record<string, string | number>> = [
    {
      what: `single page PDF (${singles})`,
      'wall ms': ms(single.wallMs / singles),
      'CPU ms': ms(singleCpu),
      'CPU ms/version': ms(singleCpu),
      '× single page': 1,
      'bought: + preview': ms(boughtCpu),
      '× bought page': 1,
      'file kB': Math.round(single.pdfs.reduce((sum, pdf) => sum + pdf.byteLength, 0) / singles / 1024),
    },
  ];
  const assembly: Array<Record<string, string | number>> = [];

  for (const versions of [10, 30, 40]) {
    const job = setJob(`bench${versions}`, versions);
    const jobs = job.versions.map((_, i) => versionJob(job, i));
    // The versions' document jobs, with their labels, as every replica prints them.
    const printed = await renderAll(
      jobs.map((version) =>
        sheetDocument(generatePage(version.seed, version.options, rulesVersion(version.rules)), {
          code: version.code,
          answersUrl: answersUrl(PUBLIC_URL, version.code),
          correctionUrl: correctionUrl(PUBLIC_URL, version.code),
          version: version.version!,
        }),
      ),
    );
    const files = memoryFiles();
    jobs.forEach((version, i) => files.stored.set(renderFiles(version.code).pdf, printed.pdfs[i]!));
    const pages = jobs.map((version) => ({
      version: version.version!,
      code: version.code,
      page: generatePage(version.seed, version.options, rulesVersion(version.rules)),
    }));

    const table: number[] = [];
    const tableCpu: number[] = [];
    const merge: number[] = [];
    const mergeCpu: number[] = [];
    const whole: number[] = [];
    const wholeCpu: number[] = [];
    let setBytes = 0;
    let setPages = 0;
    for (let r = 0; r < repeats; r++) {
      // The answer table alone: drawn and printed by a tab (with its pages drawn from the seeds).
      let cpu = cpuNow();
      let started = performance.now();
      const tablePdf = (
        await pool.render(answerTableDocument(job.setCode, pages), { outputs: 'pdf', kind: 'document' })
      ).pdf;
      table.push(performance.now() - started);
      tableCpu.push(cpuNow() - cpu);
      // The merge alone (pdf-lib, this process).
      const own = ownCpuMs();
      started = performance.now();
      const merged = await mergeSet({
        versions: jobs.map((version, i) => ({
          code: version.code,
          pdf: printed.pdfs[i]!,
          pages: sheetPages(pages[i]!.page),
        })),
        answers: true,
        table: tablePdf,
        title: 'bench',
      });
      merge.push(performance.now() - started);
      mergeCpu.push(ownCpuMs() - own);
      setBytes = merged.pdf.byteLength;
      setPages = merged.pages;
      // The whole job as the consumer runs it: the versions read from the store, the table, the merge, the put.
      files.stored.delete(renderFiles(job.setCode).pdf);
      cpu = cpuNow();
      started = performance.now();
      await assembleSet({ pool, files, publicUrl: PUBLIC_URL, prerender: 'off', logger: quiet }, job, {
        working() {},
      });
      whole.push(performance.now() - started);
      wholeCpu.push(cpuNow() - cpu);
    }
    const median = (samples: number[]) => latencies(samples).p50;
    const perVersion = (printed.cpuMs + median(wholeCpu)) / versions;
    rows.push({
      what: `${versions} versions: their PDFs, then the set`,
      'wall ms': ms(printed.wallMs + median(whole)),
      'CPU ms': ms(printed.cpuMs + median(wholeCpu)),
      'CPU ms/version': ms(perVersion),
      '× single page': Math.round((perVersion / singleCpu) * 100) / 100,
      'bought: + preview': ms(perVersion + previewCpu / versions),
      '× bought page': Math.round(((perVersion + previewCpu / versions) / boughtCpu) * 100) / 100,
      'file kB': Math.round(setBytes / 1024),
    });
    assembly.push({
      set: `${versions} versions (${setPages} pages)`,
      'table ms': ms(median(table)),
      'table CPU ms': ms(median(tableCpu)),
      'merge ms': ms(median(merge)),
      'merge CPU ms': ms(median(mergeCpu)),
      'assembly ms p50': ms(median(whole)),
      'assembly ms p95': ms(latencies(whole).p95),
      'assembly CPU ms': ms(median(wholeCpu)),
      'set kB': Math.round(setBytes / 1024),
    });
  }
  printTable(
    `One worker, ${tabs} tabs: a class set's versions and assembly against single pages (Difícil, 4 operations, with gabarito; ${pool.executablePath})`,
    rows,
  );
  printTable(`The assembly of a stored set, median of ${repeats} (p95 of the whole job)`, assembly);
} finally {
  await pool.close();
}
