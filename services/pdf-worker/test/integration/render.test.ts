import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePage, type GeneratedPage, type Level, type PageOptions, type Problem } from '@app/generator';
import { BrowserPool, countPdfPages, type RenderedSheet } from '../../src/domain/browser-pool.js';
import { DIGIT_SIZE_PT, SHEET_MM, renderSheetHtml } from '../../src/domain/sheet-html.js';

// Chromium tier: renders real sheets and reads them back with poppler (pdfinfo, pdftotext), as a reader would.

const run = promisify(execFile);
const MM_TO_PT = 72 / 25.4;
const A4_PT = { width: 595, height: 842 };
const SIGNS = { add: '+', sub: '\u2212', mult: '×', div: '÷' } as const;
/** DejaVu Sans Mono's ascent + descent: what poppler reports as a word's height, per point of font size. */
const MONO_HEIGHT_PER_PT = 1.164;

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'pdf-worker-render-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

let fileCounter = 0;
async function savePdf(pdf: Buffer): Promise<string> {
  const path = join(workDir, `sheet-${++fileCounter}.pdf`);
  await writeFile(path, pdf);
  return path;
}

async function pdfInfo(path: string): Promise<{ pages: number; width: number; height: number }> {
  const { stdout } = await run('pdfinfo', [path]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]),
    width: Number(size?.[1]),
    height: Number(size?.[2]),
  };
}

async function pageText(path: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', '-f', String(page), '-l', String(page), path, '-']);
  return stdout;
}

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

async function words(path: string): Promise<Word[]> {
  const { stdout } = await run('pdftotext', ['-bbox', path, '-']);
  const found: Word[] = [];
  let page = 0;
  for (const line of stdout.split('\n')) {
    if (line.includes('<page ')) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
      line,
    );
    if (match) {
      const [, xMin, yMin, xMax, yMax, text] = match;
      found.push({ page, text: text!, xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, yMax: +yMax! });
    }
  }
  return found;
}

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function answerPattern(problem: Problem): RegExp {
  const result =
    problem.op === 'div' ? `quociente ${problem.result}, resto ${problem.remainder}` : String(problem.result);
  const parts = [String(problem.a), SIGNS[problem.op], String(problem.b), '=', result].map(escapeRegExp);
  return new RegExp(`(^|\\s)${parts.join('\\s*')}(\\s|$)`, 'm');
}

describe('rendered sheets', () => {
  const pool = new BrowserPool({ size: 2 });
  beforeAll(() => pool.warm());
  afterAll(() => pool.close());

  const LEVELS: Level[] = [0, 1, 2];
  const cases = LEVELS.flatMap((level) =>
    [false, true].flatMap((div) =>
      [false, true].map((answers) => ({
        level,
        answers,
        div,
        label: `level ${level}, ${div ? 'with' : 'without'} ÷, ${answers ? 'with' : 'without'} gabarito`,
      })),
    ),
  );

  it.each(cases)('$label fits A4 and reads back', async ({ level, answers, div }) => {
    const options: PageOptions = { add: true, sub: true, mult: true, div, answers, level };
    // The widest numbers of the level make the hardest fit; several seeds vary the operand lengths.
    for (const seed of ['render-a', 'render-b']) {
      const page = generatePage(`${seed}-${level}-${div}-${answers}`, options);
      const code = `T${level}${div ? 'D' : 'N'}${answers ? 'G' : 'S'}`;
      const rendered = await pool.render(renderSheetHtml(page, { code }));
      const path = await savePdf(rendered.pdf);

      const info = await pdfInfo(path);
      const expectedPages = answers ? 2 : 1;
      expect(info.pages).toBe(expectedPages);
      expect(rendered.pages).toBe(expectedPages);
      expect(Math.round(info.width)).toBe(A4_PT.width);
      expect(Math.round(info.height)).toBe(A4_PT.height);
      expect(pngSize(rendered.png).width).toBe(300);

      await expectExercisePage(path, page, code);
      if (answers) await expectAnswerKey(path, page);
      await expectInsideMarginsAtFullSize(path, page);
    }
  });

  async function expectExercisePage(path: string, page: GeneratedPage, code: string): Promise<void> {
    const text = await pageText(path, 1);
    for (const label of [
      'Exercícios de Matemática',
      'Nome:',
      'Turma:',
      'Data:',
      'Acertos:',
      `/ ${page.problems.length}`,
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(`Nível ${page.levelName}`);
    for (const bncc of page.bncc) expect(text).toContain(bncc);
    expect(text).toContain(code);
    const tokens = new Set(text.split(/\s+/));
    for (const problem of page.problems) {
      expect(tokens, `${problem.a} on page 1`).toContain(String(problem.a));
      expect(tokens, `${problem.b} on page 1`).toContain(String(problem.b));
      if (problem.op !== 'div') expect(tokens).toContain(SIGNS[problem.op]);
    }
    // Answers belong on the gabarito only.
    const answersOnPage = page.problems.filter((problem) => answerPattern(problem).test(text));
    expect(answersOnPage).toEqual([]);
  }

  async function expectAnswerKey(path: string, page: GeneratedPage): Promise<void> {
    const text = await pageText(path, 2);
    expect(text).toContain('Gabarito');
    for (const problem of page.problems) expect(text).toMatch(answerPattern(problem));
  }

  async function expectInsideMarginsAtFullSize(path: string, page: GeneratedPage): Promise<void> {
    const margin = SHEET_MM.margin * MM_TO_PT - 0.5;
    const all = await words(path);
    expect(all.length).toBeGreaterThan(40);
    for (const word of all) {
      const where = `"${word.text}" on page ${word.page} at ${word.xMin},${word.yMin}-${word.xMax},${word.yMax}`;
      expect(word.xMin, where).toBeGreaterThanOrEqual(margin);
      expect(word.yMin, where).toBeGreaterThanOrEqual(margin);
      expect(word.xMax, where).toBeLessThanOrEqual(A4_PT.width - margin);
      expect(word.yMax, where).toBeLessThanOrEqual(A4_PT.height - margin);
    }
    // Chromium shrinks a page that does not fit; the digits would then come out smaller than the CSS asks.
    const expectedHeight = DIGIT_SIZE_PT[page.options.level] * MONO_HEIGHT_PER_PT;
    for (const problem of page.problems) {
      const heights = all
        .filter((word) => word.page === 1 && word.text === String(problem.a))
        .map((word) => word.yMax - word.yMin);
      expect(Math.max(...heights), `height of ${problem.a}`).toBeCloseTo(expectedHeight, 1);
    }
  }

  it('never overflows a sheet, whatever the seed', async () => {
    const overflowing: string[] = [];
    for (let index = 0; index < 12; index++) {
      const level = (index % 3) as Level;
      const options: PageOptions = {
        add: true,
        sub: true,
        mult: true,
        div: index % 2 === 0,
        answers: true,
        level,
      };
      const rendered = await pool.render(
        renderSheetHtml(generatePage(`overflow-${index}`, options), { code: 'X' }),
      );
      if (rendered.pages !== 2) overflowing.push(`overflow-${index}: ${rendered.pages} pages`);
    }
    expect(overflowing).toEqual([]);
  });
});

describe('BrowserPool', () => {
  const sheet = (seed: string, answers = false) =>
    renderSheetHtml(
      generatePage(seed, { add: true, sub: true, mult: false, div: false, answers, level: 1 }),
      { code: seed },
    );

  function expectSheet(rendered: RenderedSheet, pages: number): void {
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.pages).toBe(pages);
    expect(countPdfPages(rendered.pdf)).toBe(pages);
    const { width, height } = pngSize(rendered.png);
    expect(width).toBe(300);
    expect(height).toBeGreaterThan(420);
    expect(height).toBeLessThan(430);
  }

  it('renders concurrent jobs on a fixed set of tabs', async () => {
    const pool = new BrowserPool({ size: 2 });
    try {
      await pool.warm();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) => pool.render(sheet(`concurrent-${index}`, index % 2 === 0))),
      );
      results.forEach((rendered, index) => expectSheet(rendered, index % 2 === 0 ? 2 : 1));
      expect(pool.stats).toMatchObject({ launches: 1, rendered: 10, retried: 0 });
    } finally {
      await pool.close();
    }
  });

  it('restarts the browser every N jobs without losing waiting jobs', async () => {
    const pool = new BrowserPool({ size: 2, restartEvery: 3 });
    try {
      await pool.warm();
      const firstPid = pool.stats.pid;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, index) => pool.render(sheet(`restart-${index}`))),
      );
      results.forEach((rendered) => expectSheet(rendered, 1));
      // 8 jobs at 3 per browser: the third browser takes jobs 7 and 8.
      expect(pool.stats.launches).toBe(3);
      expect(pool.stats.pid).not.toBe(firstPid);
      expect(pool.stats.retried).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('survives its browser being killed mid-way', async () => {
    const pool = new BrowserPool({ size: 2 });
    try {
      await pool.warm();
      const pid = pool.stats.pid;
      expect(pid).toBeTypeOf('number');
      const jobs = Array.from({ length: 6 }, (_, index) => pool.render(sheet(`kill-${index}`)));
      await new Promise((resolve) => setTimeout(resolve, 30));
      process.kill(pid!, 'SIGKILL');
      const results = await Promise.all(jobs);
      results.forEach((rendered) => expectSheet(rendered, 1));
      expectSheet(await pool.render(sheet('after-kill')), 1);
      expect(pool.stats.launches).toBe(2);
      expect(pool.stats.pid).not.toBe(pid);
      // The jobs that were on the killed browser's tabs were run again on the new one.
      expect(pool.stats.retried).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('replaces a tab that hangs and keeps serving', async () => {
    const pool = new BrowserPool({ size: 2, callTimeoutMs: 2_000 });
    try {
      await pool.warm();
      const hanging = '<!doctype html><html><body><script>for (;;) {}</script></body></html>';
      await expect(pool.render(hanging)).rejects.toThrow();
      const results = await Promise.all([1, 2, 3].map((index) => pool.render(sheet(`after-hang-${index}`))));
      results.forEach((rendered) => expectSheet(rendered, 1));
    } finally {
      await pool.close();
    }
  });

  it('refuses work once closed', async () => {
    const pool = new BrowserPool({ size: 1 });
    await pool.warm();
    await pool.close();
    await expect(pool.render(sheet('closed'))).rejects.toThrow(/closed/);
  });
});
