import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { renderFiles } from '@app/contracts';
import type { Logger } from '@app/kit';
import {
  assembleSet,
  mergeSet,
  versionJob,
  versionPages,
  type AssembleSetJob,
  type SetDeps,
} from '../../src/domain/assemble-set.js';
import type { Outputs, Rendered, RenderOptions } from '../../src/domain/tab-pool.js';
import type { SheetDocument, SheetPages } from '../../src/domain/sheet-html.js';

// Every page of the small PDFs below is told apart by its size: width 100 + the version's number (the table: 500),
// height 200 + i for page i of a student sheet, 300 + i for page i of a gabarito, 400 + i for the table's page i.
const SHEET_H = 200;
const GABARITO_H = 300;
const TABLE_W = 500;
/** A sheet of one page (and its gabarito of one), and one that continues on a second page. */
const ONE: SheetPages = { exercises: 1, answerKey: 1 };
const TWO: SheetPages = { exercises: 2, answerKey: 2 };

async function pdfOf(sizes: Array<[number, number]>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  return Buffer.from(await doc.save());
}
/** Version n's PDF: its sheet's pages, then (with answers) its gabarito's. */
const versionPdf = (n: number, answers: boolean, pages: SheetPages = ONE) =>
  pdfOf([
    ...Array.from({ length: pages.exercises }, (_, i): [number, number] => [100 + n, SHEET_H + i]),
    ...Array.from({ length: answers ? pages.answerKey : 0 }, (_, i): [number, number] => [
      100 + n,
      GABARITO_H + i,
    ]),
  ]);
const tablePdf = (pages: number) =>
  pdfOf(Array.from({ length: pages }, (_, i): [number, number] => [TABLE_W, 400 + i]));

async function sizesOf(pdf: Uint8Array): Promise<Array<[number, number]>> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const { width, height } = page.getSize();
    return [Math.round(width), Math.round(height)];
  });
}

const progress = { working() {} };
const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;

const setJob = (versions: number, answers = true): AssembleSetJob => ({
  setCode: 'CONJUNTO',
  options: { add: true, sub: true, mult: true, div: false, answers, level: 1 },
  rules: 2,
  versions: Array.from({ length: versions }, (_, i) => ({ code: `V${i + 1}`, seed: `semente-${i + 1}` })),
});

/**
 * In-memory fakes: a file store in a Map, and a pool that prints a sheet as versionPdf does (its version's number read
 * from the label in the HTML, a page per sheet of the HTML) and the answer table as two pages, recording what it was
 * asked.
 */
function fakes(stored: Map<string, Buffer>) {
  const asked: Array<{ kind: string | undefined; body: string }> = [];
  const deps: SetDeps = {
    pool: {
      async render<O extends Outputs>(sheet: SheetDocument, options: RenderOptions<O>) {
        asked.push({ kind: options.kind, body: sheet.body });
        const table = sheet.body.includes('class="answer-table"');
        const n = Number(sheet.body.match(/Versão (\d+) de/)?.[1] ?? 0);
        const pages = {
          exercises: sheet.body.split('<section class="sheet exercises').length - 1,
          answerKey: sheet.body.split('<section class="sheet answer-key').length - 1,
        };
        const answers = pages.answerKey > 0;
        const pdf = table ? await tablePdf(2) : await versionPdf(n, answers, pages);
        return { pdf, pages: (await sizesOf(pdf)).length } as unknown as Rendered<O>;
      },
    },
    files: {
      async put(name, data) {
        if (!stored.has(name)) stored.set(name, Buffer.from(data));
      },
      async get(name) {
        return stored.get(name) ?? null;
      },
      async has(name) {
        return stored.has(name);
      },
    },
    publicUrl: 'https://exemplo.com.br',
    prerender: 'off',
    logger: silent,
  };
  return { deps, asked };
}

describe('a class set assembled', () => {
  it('puts every sheet in version order, then every gabarito in version order, then the answer table', async () => {
    const { pdf, pages } = await mergeSet({
      versions: await Promise.all(
        [1, 2, 3].map(async (n) => ({ code: `V${n}`, pdf: await versionPdf(n, true), pages: ONE })),
      ),
      answers: true,
      table: await tablePdf(2),
      title: 'Adição — 3 versões',
    });
    expect(pages).toBe(8);
    expect(await sizesOf(pdf)).toEqual([
      [101, SHEET_H],
      [102, SHEET_H],
      [103, SHEET_H],
      [101, GABARITO_H],
      [102, GABARITO_H],
      [103, GABARITO_H],
      [TABLE_W, 400],
      [TABLE_W, 401],
    ]);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('Adição — 3 versões');
  });

  it('without answers: the sheets, then the table', async () => {
    const { pdf } = await mergeSet({
      versions: await Promise.all(
        [1, 2].map(async (n) => ({ code: `V${n}`, pdf: await versionPdf(n, false), pages: ONE })),
      ),
      answers: false,
      table: await tablePdf(1),
      title: 't',
    });
    expect(await sizesOf(pdf)).toEqual([
      [101, SHEET_H],
      [102, SHEET_H],
      [TABLE_W, 400],
    ]);
  });

  it('keeps one copy of a stream every version embeds alike (the fonts), and every page points at it', async () => {
    const marked = async (n: number) => {
      const doc = await PDFDocument.load(await versionPdf(n, true));
      for (const page of doc.getPages()) {
        // A resource every version carries alike (as the sheet's fonts), and one of its own (as its content).
        page.node.set(PDFName.of('Alike'), doc.context.register(doc.context.stream('the same font')));
        page.node.set(PDFName.of('Own'), doc.context.register(doc.context.stream(`version ${n}`)));
      }
      return { code: `V${n}`, pdf: await doc.save(), pages: ONE };
    };
    const { pdf } = await mergeSet({
      versions: await Promise.all([1, 2, 3].map(marked)),
      answers: true,
      table: await tablePdf(1),
      title: 't',
    });
    const doc = await PDFDocument.load(pdf);
    const text = (stream: PDFRawStream) => Buffer.from(stream.contents).toString('latin1');
    const streams = doc.context
      .enumerateIndirectObjects()
      .flatMap(([, object]) => (object instanceof PDFRawStream ? [text(object)] : []));
    expect(streams.filter((s) => s === 'the same font')).toHaveLength(1);
    expect(streams.filter((s) => s.startsWith('version ')).sort()).toEqual([
      'version 1',
      'version 2',
      'version 3',
    ]);
    const pages = doc.getPages().slice(0, 6);
    const alike = new Set(pages.map((page) => String(page.node.get(PDFName.of('Alike')))));
    expect(alike.size).toBe(1);
    const own = pages.map((page) => {
      const ref = page.node.get(PDFName.of('Own'));
      expect(ref).toBeInstanceOf(PDFRef);
      return text(doc.context.lookup(ref as PDFRef) as PDFRawStream);
    });
    expect(own).toEqual(['version 1', 'version 2', 'version 3', 'version 1', 'version 2', 'version 3']);
  });

  it('a sheet of two pages: the two pages of every version, then the two of every gabarito, then the table', async () => {
    const { pdf, pages } = await mergeSet({
      versions: await Promise.all(
        [1, 2, 3].map(async (n) => ({ code: `V${n}`, pdf: await versionPdf(n, true, TWO), pages: TWO })),
      ),
      answers: true,
      table: await tablePdf(1),
      title: 'Situações-problema de adição — 3 versões',
    });
    expect(pages).toBe(13);
    expect(await sizesOf(pdf)).toEqual([
      [101, SHEET_H],
      [101, SHEET_H + 1],
      [102, SHEET_H],
      [102, SHEET_H + 1],
      [103, SHEET_H],
      [103, SHEET_H + 1],
      [101, GABARITO_H],
      [101, GABARITO_H + 1],
      [102, GABARITO_H],
      [102, GABARITO_H + 1],
      [103, GABARITO_H],
      [103, GABARITO_H + 1],
      [TABLE_W, 400],
    ]);
  });

  it('refuses a version whose PDF has not the pages of its sheet (and gabarito): nothing is misplaced', async () => {
    expect(versionPages(2, ONE, true, 'X')).toEqual({ sheet: [0], gabarito: [1] });
    expect(versionPages(1, ONE, false, 'X')).toEqual({ sheet: [0], gabarito: [] });
    expect(versionPages(4, TWO, true, 'X')).toEqual({ sheet: [0, 1], gabarito: [2, 3] });
    expect(versionPages(2, TWO, false, 'X')).toEqual({ sheet: [0, 1], gabarito: [] });
    expect(() => versionPages(1, ONE, true, 'X')).toThrow('X.pdf has 1 pages; a sheet with gabarito has 2');
    expect(() => versionPages(3, ONE, true, 'X')).toThrow('X.pdf has 3 pages');
    expect(() => versionPages(2, ONE, false, 'X')).toThrow('a sheet without gabarito has 1');
    expect(() => versionPages(2, TWO, true, 'X')).toThrow('X.pdf has 2 pages; a sheet with gabarito has 4');
    await expect(
      mergeSet({
        versions: [
          { code: 'V1', pdf: await versionPdf(1, true), pages: ONE },
          { code: 'V2', pdf: await versionPdf(2, false), pages: ONE },
        ],
        answers: true,
        table: await tablePdf(1),
        title: 't',
      }),
    ).rejects.toThrow('V2.pdf has 1 pages');
  });

  it("gives each version's render job its place in the set", () => {
    const job = setJob(3);
    expect(versionJob(job, 1)).toEqual({
      code: 'V2',
      seed: 'semente-2',
      options: job.options,
      rules: 2,
      version: { n: 2, of: 3 },
    });
    const { rules: _, ...withoutRules } = job;
    expect(versionJob(withoutRules, 0)).not.toHaveProperty('rules');
  });

  it('reads the stored versions, prints a missing one with its label (and stores it), and stores the set', async () => {
    const stored = new Map<string, Buffer>();
    stored.set(renderFiles('V1').pdf, await versionPdf(1, true));
    stored.set(renderFiles('V3').pdf, await versionPdf(3, true));
    const { deps, asked } = fakes(stored);
    const done = await assembleSet(deps, setJob(3), progress);
    expect(done).toEqual({ outcome: 'assembled', rendered: 1, pages: 8 });
    // Version 2 printed as its own version job would have (its label, its gabarito), and kept for next time.
    const printed = asked.filter((a) => !a.body.includes('class="answer-table"'));
    expect(printed).toHaveLength(1);
    expect(printed[0]!.kind).toBe('set');
    expect(printed[0]!.body).toContain('Versão 2 de 3');
    expect(printed[0]!.body).toContain('V2');
    expect(await sizesOf(stored.get(renderFiles('V2').pdf)!)).toEqual([
      [102, SHEET_H],
      [102, GABARITO_H],
    ]);
    // The answer table, drawn as a class set's work (after any page's render), lists the three versions.
    const table = asked.find((a) => a.body.includes('class="answer-table"'))!;
    expect(table.kind).toBe('set');
    expect(table.body.indexOf('Versão 1 de 3')).toBeLessThan(table.body.indexOf('Versão 2 de 3'));
    expect(table.body.indexOf('Versão 2 de 3')).toBeLessThan(table.body.indexOf('Versão 3 de 3'));
    expect(await sizesOf(stored.get(renderFiles('CONJUNTO').pdf)!)).toEqual([
      [101, SHEET_H],
      [102, SHEET_H],
      [103, SHEET_H],
      [101, GABARITO_H],
      [102, GABARITO_H],
      [103, GABARITO_H],
      [TABLE_W, 400],
      [TABLE_W, 401],
    ]);
  });

  it("takes each version's pages from its options: 8 situações-problema take two pages and two of gabarito", async () => {
    const job: AssembleSetJob = {
      ...setJob(3),
      options: {
        add: true,
        sub: true,
        mult: false,
        div: false,
        answers: true,
        level: 1,
        custom: {
          v: 1,
          add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
          sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
          format: 'problemas',
          count: 8,
          size: 'normal',
        },
      },
      rules: 3,
    };
    const stored = new Map<string, Buffer>();
    stored.set(renderFiles('V1').pdf, await versionPdf(1, true, TWO));
    stored.set(renderFiles('V3').pdf, await versionPdf(3, true, TWO));
    const { deps, asked } = fakes(stored);
    expect(await assembleSet(deps, job, progress)).toEqual({ outcome: 'assembled', rendered: 1, pages: 14 });
    // Version 2 printed here: its two pages of problems (4 and 4) and its two of gabarito.
    expect(await sizesOf(stored.get(renderFiles('V2').pdf)!)).toEqual([
      [102, SHEET_H],
      [102, SHEET_H + 1],
      [102, GABARITO_H],
      [102, GABARITO_H + 1],
    ]);
    const body = asked.find((a) => !a.body.includes('class="answer-table"'))!.body;
    expect(body).toContain('Versão 2 de 3');
    expect(body).toContain('Página 2 de 2');
    expect(await sizesOf(stored.get(renderFiles('CONJUNTO').pdf)!)).toEqual([
      ...[101, 102, 103].flatMap((w) => [
        [w, SHEET_H],
        [w, SHEET_H + 1],
      ]),
      ...[101, 102, 103].flatMap((w) => [
        [w, GABARITO_H],
        [w, GABARITO_H + 1],
      ]),
      [TABLE_W, 400],
      [TABLE_W, 401],
    ]);
  });

  it('does nothing when the set is stored already (a repeated job)', async () => {
    const stored = new Map<string, Buffer>([[renderFiles('CONJUNTO').pdf, Buffer.from('%PDF stored')]]);
    const { deps, asked } = fakes(stored);
    expect(await assembleSet(deps, setJob(3), progress)).toEqual({
      outcome: 'stored',
      rendered: 0,
      pages: 0,
    });
    expect(asked).toEqual([]);
    expect(stored.get(renderFiles('CONJUNTO').pdf)!.toString()).toBe('%PDF stored');
    expect(stored.size).toBe(1);
  });
});
