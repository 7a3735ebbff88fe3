import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fontconfigXml, packagedChromium, resolveChromium } from '@app/browser';
import {
  generatePage,
  sheetTitle,
  thousands,
  type GeneratedPage,
  type Level,
  type PageOptions,
  type Problem,
} from '@app/generator';
import { readPdf, type PdfDocument } from '@app/testing';
import {
  BrowserPool,
  countPdfPages,
  FONTS_LOADED,
  launchSheetBrowser,
  type RecycleEvent,
  type RenderedFiles,
} from '../../src/browser/browser-pool.js';
import {
  DIGIT_SIZE_PT,
  SHEET_MM,
  renderSheetHtml,
  sheetDocument,
  type SheetDocument,
} from '../../src/domain/sheet-html.js';

// Chromium tier: renders real sheets and reads them back with pdfjs (pages, text, word boxes, fonts), as a reader
// would, with nothing from the system (no poppler).

const MM_TO_PT = 72 / 25.4;
const A4_PT = { width: 595, height: 842 };
const SIGNS = { add: '+', sub: '\u2212', mult: '×', div: '÷' } as const;
/** The faces the sheet embeds (sheet-html.ts), by the PostScript names they carry into the PDF. */
const SHEET_PDF_FONTS = ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSansMono', 'DejaVuSansMono-Bold'];

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The thumbnail: the A4 sheet (794 × 1123 CSS pixels) drawn at its CSS size. */
const THUMBNAIL = { width: 794, height: 1123 };

/** What the sheet prints around a code: the QR code opens this address. */
const meta = (code: string) => ({
  code,
  answersUrl: `http://localhost:8080/gabarito/${code}`,
  correctionUrl: `http://localhost:8080/corrigir/${code}`,
});

/**
 * How the gabarito prints an answer: the worked result in its column, and a caption under each chave and under
 * each result of 1.000 or more (with the thousands dot); a Fácil division as its fact.
 */
function answerPattern(problem: Problem, level: Level): RegExp {
  // A Fácil division is a fact (rules 2): 18 ÷ 2 = 9 on one line.
  if (problem.op === 'div' && level === 0) {
    return new RegExp(`(^|\\s)${problem.a}\\s*÷\\s*${problem.b}\\s*=\\s*${problem.result}(\\s|,|$)`, 'm');
  }
  const caption =
    problem.op !== 'div'
      ? problem.result >= 1000
        ? `= ${thousands(problem.result)}`
        : String(problem.result)
      : level === 0
        ? `quociente ${thousands(problem.result)}`
        : `quociente ${thousands(problem.result)}, resto ${thousands(problem.remainder)}`;
  return new RegExp(`(^|\\s)${escapeRegExp(caption)}(\\s|,|$)`, 'm');
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
      const rendered = await pool.render(sheetDocument(page, meta(code)), { outputs: 'pdf+png' });
      const pdf = await readPdf(rendered.pdf);

      const expectedPages = answers ? 2 : 1;
      expect(pdf.pages).toHaveLength(expectedPages);
      expect(rendered.pages).toBe(expectedPages);
      for (const { width, height } of pdf.pages) {
        expect(Math.round(width)).toBe(A4_PT.width);
        expect(Math.round(height)).toBe(A4_PT.height);
      }
      expect(pngSize(rendered.png)).toEqual(THUMBNAIL);
      // Only the embedded faces: a glyph they lacked would have brought in a fallback font.
      // (The bold mono face prints the gabarito's results only.)
      expect(pdf.fonts).toEqual(answers ? SHEET_PDF_FONTS : SHEET_PDF_FONTS.slice(0, 3));

      expectExercisePage(pdf, page, code);
      if (answers) expectAnswerKey(pdf, page);
      expectInsideMarginsAtFullSize(pdf, page);
    }
  });

  function expectExercisePage(pdf: PdfDocument, page: GeneratedPage, code: string): void {
    const text = pdf.pages[0]!.text;
    for (const label of [
      sheetTitle(page.options),
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
    // Answers belong on the gabarito only (a result under 1.000 may be another problem's operand: not checked).
    const answersOnPage = page.problems.filter(
      (problem) =>
        (problem.op === 'div' || problem.result >= 1000) &&
        answerPattern(problem, page.options.level).test(text),
    );
    expect(answersOnPage).toEqual([]);
  }

  function expectAnswerKey(pdf: PdfDocument, page: GeneratedPage): void {
    const text = pdf.pages[1]!.text;
    expect(text).toContain('Gabarito');
    for (const problem of page.problems) expect(text).toMatch(answerPattern(problem, page.options.level));
  }

  function expectInsideMarginsAtFullSize(pdf: PdfDocument, page: GeneratedPage): void {
    const margin = SHEET_MM.margin * MM_TO_PT - 0.5;
    // Word boxes run from the font's ascent to its descent (DejaVu: 0.928 and 0.236 of the size), as poppler's did.
    const all = pdf.pages.flatMap((p) => p.words);
    expect(all.length).toBeGreaterThan(40);
    for (const word of all) {
      const where = `"${word.text}" on page ${word.page} at ${word.xMin},${word.yMin}-${word.xMax},${word.yMax}`;
      expect(word.xMin, where).toBeGreaterThanOrEqual(margin);
      expect(word.yMin, where).toBeGreaterThanOrEqual(margin);
      expect(word.xMax, where).toBeLessThanOrEqual(A4_PT.width - margin);
      expect(word.yMax, where).toBeLessThanOrEqual(A4_PT.height - margin);
    }
    // Chromium shrinks a page that does not fit; the digits would then come out smaller than the CSS asks. pdfjs
    // reads the size itself (the text matrix), where poppler's word height was the size times the font's height.
    // Each digit of a written column is a run of its own.
    const digitSizes = all
      .filter((word) => word.page === 1 && /^\d+$/.test(word.text))
      .map((w) => w.fontSize);
    expect(Math.max(...digitSizes)).toBeCloseTo(DIGIT_SIZE_PT[page.options.level], 1);
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
        sheetDocument(generatePage(`overflow-${index}`, options), meta('X')),
        {
          outputs: 'pdf',
        },
      );
      if (rendered.pages !== 2) overflowing.push(`overflow-${index}: ${rendered.pages} pages`);
    }
    expect(overflowing).toEqual([]);
  });
});

describe('BrowserPool', () => {
  const page = (seed: string, answers = false) =>
    generatePage(seed, { add: true, sub: true, mult: false, div: false, answers, level: 1 });
  const sheet = (seed: string, answers = false) => sheetDocument(page(seed, answers), meta(seed));
  const both = { outputs: 'pdf+png' } as const;

  function expectSheet(rendered: RenderedFiles, pages: number): void {
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.pages).toBe(pages);
    expect(countPdfPages(rendered.pdf)).toBe(pages);
    expect(pngSize(rendered.png)).toEqual(THUMBNAIL);
  }

  it('renders concurrent jobs on a fixed set of tabs', async () => {
    const pool = new BrowserPool({ size: 2 });
    try {
      await pool.warm();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          pool.render(sheet(`concurrent-${index}`, index % 2 === 0), both),
        ),
      );
      results.forEach((rendered, index) => expectSheet(rendered, index % 2 === 0 ? 2 : 1));
      expect(pool.stats).toMatchObject({ launches: 1, rendered: 10, retried: 0, recycled: 0 });
    } finally {
      await pool.close();
    }
  });

  it('makes only the file asked for: a preview is the picture, a document the PDF', async () => {
    const pool = new BrowserPool({ size: 1 });
    try {
      const preview = await pool.render(sheet('only-png'), { outputs: 'png', kind: 'preview' });
      expect(Object.keys(preview)).toEqual(['png']);
      expect(pngSize(preview.png)).toEqual(THUMBNAIL);
      const document = await pool.render(sheet('only-pdf', true), { outputs: 'pdf', kind: 'document' });
      expect(Object.keys(document).sort()).toEqual(['pages', 'pdf']);
      expect(document.pages).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('prints the same PDF in a reused tab as a fresh page loading the whole document', async () => {
    const pool = new BrowserPool({ size: 1 });
    const executablePath = (await resolveChromium()).path;
    const browser = await launchSheetBrowser(executablePath, 30_000);
    try {
      // The reused tab has held other sheets (another level's rules, a gabarito) before this one.
      for (const seed of ['before-1', 'before-2']) {
        await pool.render(
          sheetDocument(generatePage(seed, { ...page(seed).options, level: 2, answers: true }), meta(seed)),
          both,
        );
      }
      const printed = page('same-layout', true);
      const reused = await pool.render(sheetDocument(printed, meta('IGUAL')), both);

      const fresh = await browser.newPage();
      await fresh.setContent(renderSheetHtml(printed, meta('IGUAL')), { waitUntil: 'load' });
      expect(await fresh.evaluate(FONTS_LOADED)).toBe('loaded');
      const whole = Buffer.from(
        await fresh.pdf({ preferCSSPageSize: true, printBackground: true, tagged: false }),
      );
      // Text, every word box and the fonts: the same layout.
      expect(await readPdf(reused.pdf)).toEqual(await readPdf(whole));
    } finally {
      await Promise.all([pool.close(), browser.close()]);
    }
  });

  it('replaces a browser that grew past its memory limit with a warm one, losing no render', async () => {
    const recycles: RecycleEvent[] = [];
    // Any browser uses more than 1 MB: the first reading (after 20 renders) starts a replacement.
    const pool = new BrowserPool({ size: 2, maxMemoryMb: 1, onRecycle: (event) => recycles.push(event) });
    try {
      await pool.warm();
      const firstPid = pool.stats.pid!;
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, index) => pool.render(sheet(`memory-${index}`), both)),
      );
      results.forEach((rendered) => expectSheet(rendered, 1));
      await vi.waitFor(() => expect(pool.stats.recycled).toBeGreaterThan(0), { timeout: 30_000 });
      expect(recycles[0]).toMatchObject({ reason: 'memory', launches: 2 });
      expect(recycles[0]!.memoryMb).toBeGreaterThan(1);
      // The new browser takes the renders; the old one, its renders done, is gone.
      expectSheet(await pool.render(sheet('after-recycle'), both), 1);
      expect(pool.stats.pid).not.toBe(firstPid);
      await vi.waitFor(() => expect(alive(firstPid)).toBe(false), { timeout: 15_000 });
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
      const jobs = Array.from({ length: 6 }, (_, index) => pool.render(sheet(`kill-${index}`), both));
      // Mid-way without a clock: the first job is done, and the moment it handed its tab back the next waiting job
      // took it, so that job (and the one on the other tab, unless it finished too) is on the browser being killed.
      expectSheet(await jobs[0]!, 1);
      process.kill(pid!, 'SIGKILL');
      const results = await Promise.all(jobs.slice(1));
      results.forEach((rendered) => expectSheet(rendered, 1));
      expectSheet(await pool.render(sheet('after-kill'), both), 1);
      expect(pool.stats.launches).toBe(2);
      expect(pool.stats.recycled).toBe(1);
      expect(pool.stats.pid).not.toBe(pid);
      // The jobs that were on the killed browser's tabs were run again on the new one.
      expect(pool.stats.retried).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('replaces a tab that hangs and keeps serving', async () => {
    // The call timeout is also the browser's protocol timeout, which its launch meets too: 2 s was once too short
    // for a launch on a machine loaded by the whole test run (Target.setDiscoverTargets timed out).
    const pool = new BrowserPool({ size: 2, callTimeoutMs: 10_000 });
    try {
      await pool.warm();
      // Scripts put in with innerHTML do not run, event handlers do: this one never returns.
      const hanging: SheetDocument = { title: 'hang', css: '', body: '<img src="x:" onerror="for (;;) {}">' };
      await expect(pool.render(hanging, both)).rejects.toThrow();
      const results = await Promise.all(
        [1, 2, 3].map((index) => pool.render(sheet(`after-hang-${index}`), both)),
      );
      results.forEach((rendered) => expectSheet(rendered, 1));
    } finally {
      await pool.close();
    }
  });

  it('refuses work once closed', async () => {
    const pool = new BrowserPool({ size: 1 });
    await pool.warm();
    await pool.close();
    await expect(pool.render(sheet('closed'), both)).rejects.toThrow(/closed/);
  });
});

/** Whether a process is still running (a zombie left for its parent to reap counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}

describe('the packaged Chromium', () => {
  it('renders a sheet whose text reads back, with the @sparticuz/chromium binary as the executable', async () => {
    const executablePath = await packagedChromium();
    const pool = new BrowserPool({ size: 1, executablePath });
    try {
      const page = generatePage('packaged-chromium', {
        add: true,
        sub: true,
        mult: true,
        div: true,
        answers: true,
        level: 2,
      });
      const rendered = await pool.render(sheetDocument(page, meta('PACOTE')), { outputs: 'pdf' });
      expect(pool.executablePath).toBe(executablePath);
      const pdf = await readPdf(rendered.pdf);
      expect(pdf.pages).toHaveLength(2);
      expect(pdf.fonts).toEqual(SHEET_PDF_FONTS);
      expect(pdf.pages[0]!.text).toContain('As quatro operações — Difícil');
      expect(pdf.pages[0]!.text).toContain('Código PACOTE');
      expect(pdf.pages[1]!.text).toContain('Gabarito');
      for (const problem of page.problems) expect(pdf.pages[1]!.text).toMatch(answerPattern(problem, 2));
    } finally {
      await pool.close();
    }
  });
});

describe('embedded fonts', () => {
  let otherFonts: string;
  beforeAll(async () => {
    // Another machine's fonts: only Open Sans (the fonts.tar.br that ships in @sparticuz/chromium), no DejaVu.
    // Not zero fonts: a Chromium whose fontconfig knows no font at all cannot decode web fonts either.
    otherFonts = await mkdtemp(join(tmpdir(), 'pdf-worker-other-fonts-'));
    const tar = brotliDecompressSync(await readFile(join(sparticuzDir(), 'bin', 'fonts.tar.br')));
    for (const { name, data } of untar(tar)) {
      if (name.endsWith('.ttf')) await writeFile(join(otherFonts, basename(name)), data);
    }
    // The rendering rules every sheet browser gets (@app/browser), over this machine's fonts instead of ours.
    await writeFile(
      join(otherFonts, 'fonts.conf'),
      fontconfigXml({ dirs: [otherFonts], cacheDir: join(otherFonts, 'cache'), system: false }),
    );
  });
  afterAll(() => rm(otherFonts, { recursive: true, force: true }));

  /** A pool whose browser sees only the other fonts (puppeteer hands process.env to the browser at launch). */
  async function poolWithOtherFonts(): Promise<BrowserPool> {
    const saved = process.env.FONTCONFIG_FILE;
    process.env.FONTCONFIG_FILE = join(otherFonts, 'fonts.conf');
    const pool = new BrowserPool({ size: 1 });
    try {
      await pool.warm();
    } finally {
      if (saved === undefined) delete process.env.FONTCONFIG_FILE;
      else process.env.FONTCONFIG_FILE = saved;
    }
    return pool;
  }

  it('print the same sheet whatever fonts the system has', async () => {
    const here = new BrowserPool({ size: 1 });
    const elsewhere = await poolWithOtherFonts();
    try {
      await here.warm();
      // The control: the other browser really lacks DejaVu; a page asking the system for it gets Open Sans.
      const systemFontPage: SheetDocument = {
        title: 'control',
        css: '',
        body: '<p style="font-family: \'DejaVu Sans\'">Olá − × ÷</p>',
      };
      const control = await readPdf((await elsewhere.render(systemFontPage, { outputs: 'pdf' })).pdf);
      expect(control.fonts).not.toContain('DejaVuSans');
      expect(control.fonts.join()).toContain('OpenSans');

      const page = generatePage('fonts-anywhere', {
        add: true,
        sub: true,
        mult: true,
        div: true,
        answers: true,
        level: 1,
      });
      const sheet = sheetDocument(page, meta('FONTES'));
      const [a, b] = await Promise.all([
        here.render(sheet, { outputs: 'pdf+png' }),
        elsewhere.render(sheet, { outputs: 'pdf+png' }),
      ]);
      const [pdfA, pdfB] = await Promise.all([readPdf(a.pdf), readPdf(b.pdf)]);
      expect(pdfA.fonts).toEqual(SHEET_PDF_FONTS);
      // Same fonts, same text, every word at the same place, the same thumbnail.
      expect(pdfB).toEqual(pdfA);
      expect(b.png.equals(a.png)).toBe(true);
    } finally {
      await Promise.all([here.close(), elsewhere.close()]);
    }
  });
});

/** The @sparticuz/chromium package's folder (its `exports` hide package.json: walk up from its entry point). */
function sparticuzDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium'));
  while (!existsSync(join(dir, 'bin', 'fonts.tar.br'))) {
    if (dir === dirname(dir)) throw new Error('@sparticuz/chromium has no bin/fonts.tar.br');
    dir = dirname(dir);
  }
  return dir;
}

/** The regular files of a ustar archive. */
function* untar(tar: Buffer): Generator<{ name: string; data: Buffer }> {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    if (!name) return;
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = header.toString('utf8', 345, 500).replace(/\0.*$/s, '');
    if (type === '0' || type === '\0') {
      yield {
        name: prefix ? `${prefix}/${name}` : name,
        data: tar.subarray(offset + 512, offset + 512 + size),
      };
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}
