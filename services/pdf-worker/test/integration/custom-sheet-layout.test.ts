import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { resolveChromium } from '@app/browser';
import { contaNumberText, decimalText } from '@app/contracts/decimal';
import type { Casas } from '@app/contracts/custom-shape';
import {
  allowedCounts,
  checkCustom,
  generatePage,
  OPERATIONS,
  ORDERED_FACTS,
  sheetTitle,
  thousands,
  type CustomOptions,
  type GeneratedPage,
  type PrintSize,
  type SheetFormat,
} from '@app/generator';
import { FONTS_LOADED, launchSheetBrowser } from '../../src/browser/browser-pool.js';
import { carryBoxColumns, renderSheetHtml } from '../../src/domain/sheet-html.js';
import { PRINT_SIZES } from '../../src/domain/sheet-formats.js';
import { customPage } from '../support/custom-pages.js';
import { CUSTOM_SAMPLES, customPageOptions, customSamplePage } from '../support/custom-samples.js';
import { measureSheets, WIDEST_VERSION } from '../support/measure-sheet.js';
import { PRACTICES, type Practice } from '../support/custom-practices.js';

// Every format × print size × allowed count of "Personalizar", over a pairwise sample of the other options
// (operation mixes, digits 1–5, tabuadas, two-digit multipliers and divisors, restos), each page with its gabarito,
// laid out in the sheet browser and measured there: inside the A4 box, no cell over another, no text clipped, digit
// columns and carry boxes of the print size, the footer on one line, the quadriculado of "Arme e efetue" holding the
// whole conta worked, the blanks (since rules 6 and 7 the boxes) of the facts filled in the gabarito only.

const FORMATS: SheetFormat[] = ['armada', 'arme', 'linha', 'lacuna'];
/** The formats of the tabuada em ordem. */
const ORDERED_PAGES = ['linha', 'lacuna'] as const;
const SIZES: PrintSize[] = ['normal', 'grande'];
/** The longest code and a long address: the worst case for the QR caption and the footer. */
const META = {
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  answersUrl: 'https://www.exercicios-de-aritmetica.com.br/gabarito/AbCdEfGhIjKlMnOpQrStUv',
  correctionUrl: 'https://www.exercicios-de-aritmetica.com.br/corrigir/AbCdEfGhIjKlMnOpQrStUv',
};
/** The widest title a teacher can write (60 of the widest letter). */
const WIDEST_TITLE = 'W'.repeat(60);

/** A missing number needs exact divisions (checkCustom); the practice keeps its divisors. */
function forFormat(practice: Practice, format: SheetFormat): Practice {
  if (format !== 'lacuna' || !practice.div) return practice;
  return { ...practice, div: { ...practice.div, remainders: 'exata' } };
}

/** What the page shows, read from the DOM. */
const READ = `(() => ({
  acertos: document.querySelector('.sheet.exercises .score')?.textContent ?? '',
  bncc: document.querySelector('.sheet.exercises .bncc')?.textContent ?? '',
  studentFilled: document.querySelectorAll('.sheet.exercises .filled, .sheet.exercises .result').length,
  filled: [...document.querySelectorAll('.sheet.answer-key .fx-cell')].map((cell) =>
    [...cell.querySelectorAll('.filled, .boxes')].map((el) => el.classList.contains('boxes')
      ? [...el.querySelectorAll('.ab, .v')].map((box) => box.textContent).join('')
      : el.textContent.trim())),
  boxes: [...document.querySelectorAll('.sheet.exercises .cell')].map((cell) =>
    [...cell.querySelectorAll('.line.carry .d:not(.v)')].reverse().flatMap((d, column) => (d.querySelector('.box') ? [column] : []))),
  teacherLines: [...document.querySelectorAll('.teacher-line')].map((el) => el.textContent),
  // Printed sizes, in pt: the digits of the contas (armada), of the quadriculado (arme), of the facts.
  digitPt: [...document.querySelectorAll('.sheet .line:not(.small) .d')].map((el) => parseFloat(getComputedStyle(el).fontSize) * 0.75),
  factPt: [...document.querySelectorAll('.sheet .fx')].map((el) => parseFloat(getComputedStyle(el).fontSize) * 0.75),
}))()`;

interface Read {
  acertos: string;
  bncc: string;
  studentFilled: number;
  filled: string[][];
  boxes: number[][];
  teacherLines: string[];
  digitPt: number[];
  factPt: number[];
}

/**
 * The smallest digits each print size prints (PRINT_SIZES): a conta's, a quadriculado's, a fact's. Grande's facts
 * go below large print's 18 pt only on a page of 30 whose longest line two columns of 18 pt cannot hold: terms of
 * 4–5 digits, or a division of three digits or more with its resto (README, "Custom pages").
 */
const SMALLEST_PT: Record<PrintSize, { digit: number; square: number; fact: number }> = {
  normal: { digit: 15, square: 13, fact: 12 },
  grande: { digit: 22, square: 18, fact: 18 },
};
const longLines = (page: GeneratedPage) =>
  page.problems.some(
    (p) =>
      Math.max(p.a, p.b) >= 1000 ||
      (p.op === 'div' && p.a >= 100 && page.options.custom?.div?.remainders !== 'exata'),
  );

describe('custom sheet layout', () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await launchSheetBrowser((await resolveChromium()).path, 30_000);
    tab = await browser.newPage();
    await tab.setViewport({ width: 800, height: 1200 });
  });
  afterAll(() => browser?.close());

  /** Lays the page out with its gabarito, measures it and checks what it prints; returns the findings. */
  async function check(page: GeneratedPage, label: string, schoolFields: boolean): Promise<string[]> {
    const custom = page.options.custom!;
    // The pages without the Escola line are laid out as a version of a class set: the widest label in the footer.
    const meta = schoolFields ? { ...META, schoolFields } : { ...META, version: WIDEST_VERSION };
    await tab.setContent(renderSheetHtml(page, meta), { waitUntil: 'load' });
    expect(await tab.evaluate(FONTS_LOADED)).toBe('loaded');
    const size = PRINT_SIZES[custom.size];
    const { sheets, found } = (await tab.evaluate(
      measureSheets({ columnMm: size.columnMm, carryBoxMm: size.carryBoxMm, strict: true }),
    )) as { sheets: number; found: string[] };
    expect(sheets, label).toBe(2);
    const read = (await tab.evaluate(READ)) as Read;
    expect(read.acertos.replace(/\s+/g, ' '), label).toMatch(new RegExp(`/ ${custom.count}$`));
    expect(read.bncc, label).toBe(`BNCC ${page.bncc.join(' · ')}`);
    // The student's sheet has no answer; the gabarito fills each blank with its answer.
    expect(read.studentFilled, label).toBe(0);
    if (custom.format === 'linha' || custom.format === 'lacuna') {
      const expected = page.problems.map((p) => {
        // Money as the sheet writes it, R$ held to its number (a no-break space).
        const text = (which: 'a' | 'b' | 'result') => contaNumberText(p, which).replace('R$ ', 'R$\u00a0');
        // Rules 6 (linha) and 7 (lacuna): a fact of natural numbers has its answer (and resto) in boxes, a digit in
        // each from the first; rules 9, a decimal fact in a line too, its casas after a vírgula (no R$, no dot).
        const boxed = page.rules >= (custom.format === 'lacuna' ? 7 : 6) && p.decimal === undefined;
        if (custom.format === 'linha' && page.rules >= 9 && p.decimal !== undefined)
          return [decimalText(p.result, p.decimal.casas)];
        // A lacuna's decimal term with every casa of its conta; the natural multiplier or divisor as it is.
        if (custom.format === 'lacuna' && page.rules >= 9 && p.decimal !== undefined) {
          const missing = p.blank === 'b' ? 'b' : 'a';
          return [
            missing === 'b' && (p.op === 'mult' || p.op === 'div')
              ? String(p.b)
              : decimalText(p[missing], p.decimal.casas),
          ];
        }
        if (custom.format === 'lacuna') {
          const missing = p.blank === 'b' ? 'b' : 'a';
          return [boxed ? String(p[missing]) : text(missing)];
        }
        const number = (value: number) => (boxed ? String(value) : thousands(value));
        return p.op === 'div' && custom.div?.remainders !== 'exata'
          ? [number(p.result), number(p.remainder)]
          : [boxed ? String(p.result) : text('result')];
      });
      expect(read.filled, label).toEqual(expected);
    }
    // Carry boxes where the options can carry (the conta armada), none elsewhere.
    page.problems.forEach((problem, index) => {
      const expected = custom.format === 'armada' ? carryBoxColumns(problem, page.options.level, custom) : [];
      expect(read.boxes[index] ?? [], `${label}, cell ${index + 1}`).toEqual(expected);
    });
    // The teacher's line on both sheets, unless it says what the heading says (a preset's words).
    const ownLine = custom.title !== undefined && custom.title !== sheetTitle(page.options);
    expect(read.teacherLines, label).toEqual(ownLine ? [custom.title, custom.title] : []);
    // The print size's digits: none smaller than its smallest.
    const smallest = SMALLEST_PT[custom.size];
    const digitFloor = custom.format === 'arme' ? smallest.square : smallest.digit;
    expect(Math.min(...read.digitPt), label).toBeGreaterThanOrEqual(digitFloor - 0.01);
    if (read.factPt.length > 0 && !(custom.size === 'grande' && custom.count === 30 && longLines(page)))
      expect(Math.min(...read.factPt), label).toBeGreaterThanOrEqual(smallest.fact - 0.01);
    if (custom.format === 'armada' || custom.format === 'arme') measured.columns += read.digitPt.length;
    return found.map((finding) => `${label}: ${finding}`);
  }

  let pages = 0;
  const measured = { columns: 0 };
  it.each(FORMATS.flatMap((format) => SIZES.map((size) => ({ format, size }))))(
    '$format, $size: every allowed count over the sample of options fits, with its gabarito',
    async ({ format, size }) => {
      const findings: string[] = [];
      const counts = new Set<number>();
      let index = 0;
      for (const { name, practice } of PRACTICES) {
        const options = { ...forFormat(practice, format), format, size };
        for (const count of allowedCounts(options)) {
          counts.add(count);
          const custom: CustomOptions = {
            v: 1,
            ...options,
            count,
            // Every third page with the widest title the teacher can write.
            ...(index % 3 === 0 ? { title: WIDEST_TITLE } : {}),
          };
          const page = customPage(`layout-${format}-${size}-${count}-${index}`, custom);
          expect(page.problems).toHaveLength(count);
          findings.push(...(await check(page, `${name}, ${count}`, index % 2 === 1)));
          index++;
          pages++;
        }
      }
      // The first findings, and how many there are.
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
      // Every count the format offers at this size was laid out, the roomy ones included.
      const offered = new Set(
        PRACTICES.flatMap(({ practice }) => [...allowedCounts({ ...practice, format, size })]),
      );
      expect([...counts].sort()).toEqual([...offered].sort());
      // Digit columns were measured on the contas armadas and in the quadriculados.
      if (format === 'armada' || format === 'arme') expect(measured.columns).toBeGreaterThan(0);
    },
  );

  it.each(FORMATS.flatMap((format) => SIZES.map((size) => ({ format, size }))))(
    '$format, $size: the pages the generator draws fit, every allowed count, with their gabaritos',
    async ({ format, size }) => {
      const findings: string[] = [];
      let index = 0;
      for (const { name, practice } of PRACTICES) {
        const options = { ...forFormat(practice, format), format, size };
        for (const count of allowedCounts(options)) {
          const custom: CustomOptions = {
            v: 1,
            ...options,
            count,
            ...(index % 3 === 1 ? { title: WIDEST_TITLE } : {}),
          };
          const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
          // Options the generator refuses (too few distinct problems) are not pages.
          if (checkCustom(operations, custom).length > 0) continue;
          const page = generatePage(`gerada-${format}-${size}-${count}-${index}`, customPageOptions(custom));
          expect(page.problems).toHaveLength(count);
          findings.push(...(await check(page, `gerada: ${name}, ${count}`, index % 2 === 0)));
          index++;
          pages++;
        }
      }
      expect(index).toBeGreaterThan(PRACTICES.length);
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  /** The tabuadas laid out in order: one (the tabuada do 1, the 7), two to four (as many as a count holds). */
  const ORDERED: number[][] = [[7], [1], [1, 2], [6, 7, 8], [7, 8, 9, 10]];

  it.each(ORDERED_PAGES.flatMap((format) => SIZES.map((size) => ({ format, size }))))(
    'the tabuada em ordem, $format, $size: N × 1 … N × 10 down the columns, a column per tabuada where they fit',
    async ({ format, size }) => {
      const findings: string[] = [];
      let laidOut = 0;
      for (const tables of ORDERED) {
        const custom: CustomOptions = {
          v: 1,
          mult: { multiplier: { kind: 'tables', tables }, multiplicand: 'ordem' },
          format,
          size,
          count: tables.length * ORDERED_FACTS,
        };
        if (!allowedCounts(custom).includes(custom.count)) continue;
        expect(checkCustom(['mult'], custom)).toEqual([]);
        const label = `em ordem: tabuadas ${tables.join(', ')}`;
        const page = generatePage(`ordem-${format}-${size}-${tables.join('')}`, customPageOptions(custom));
        findings.push(...(await check(page, label, laidOut % 2 === 0)));
        const cells =
          (await tab.evaluate(`[...document.querySelectorAll('.sheet.exercises .fx-cell')].map((cell) => {
          const box = cell.getBoundingClientRect();
          return { text: cell.querySelector('.fx').textContent, x: Math.round(box.left), y: Math.round(box.top) };
        })`)) as Array<{ text: string; x: number; y: number }>;
        // Each line the tabuada first, × 1 … × 10 in order (a missing number leaves its term out).
        const expected = tables.flatMap((table) =>
          Array.from({ length: ORDERED_FACTS }, (_, i) => [
            String(table),
            String(i + 1),
            String(table * (i + 1)),
          ]),
        );
        cells.forEach((cell, i) => {
          const [table, times, product] = expected[i]!;
          const line =
            format === 'linha'
              ? `${table}×${times}=`
              : page.problems[i]!.blank === 'b'
                ? `×${times}=${product}`
                : `${table}×=${product}`;
          expect(cell.text, `${label}, linha ${i + 1}`).toBe(line);
        });
        // Read down each column: the next line is under this one, or at the top of the next column.
        const top = Math.min(...cells.map((cell) => cell.y));
        cells.slice(1).forEach((cell, i) => {
          const before = cells[i]!;
          const down = cell.x === before.x && cell.y > before.y;
          const nextColumn = cell.x > before.x && cell.y === top;
          expect(down || nextColumn, `${label}, linha ${i + 2} after ${i + 1}`).toBe(true);
        });
        // A column per tabuada when they fit (one tabuada: one column of ten).
        const columns = new Set(cells.map((cell) => cell.x)).size;
        if (columns === tables.length)
          tables.forEach((_, t) =>
            expect(cells[t * ORDERED_FACTS]!.y, `${label}, tabuada ${t + 1}`).toBe(top),
          );
        if (tables.length === 1) expect(columns, label).toBe(1);
        laidOut++;
        pages++;
      }
      expect(laidOut).toBeGreaterThan(2);
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  /**
   * Decimals and money: the widest contas each option allows (5 algarismos of whole part and 2 casas, × of 3 by two
   * digits, a dividend of 5 digits in all by one digit and by two) and the facts in a line, every casas, at the
   * smallest and the largest count of each format and size, with their gabaritos.
   */
  const DECIMAL_PRACTICES = (
    casas: Casas,
    wide = 4,
  ): Array<{ name: string; practice: Partial<CustomOptions> }> => [
    {
      name: 'as quatro, as mais largas',
      practice: {
        add: { numbers: { kind: 'digits', top: wide, bottom: wide }, regrouping: 'misturado', casas },
        sub: { numbers: { kind: 'digits', top: wide, bottom: wide - 1 }, regrouping: 'com', casas },
        mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3, casas },
        div: { divisor: { kind: 'twoDigits' }, dividend: casas === 1 ? 3 : 2, remainders: 'exata', casas },
      },
    },
    {
      name: 'divisão por um algarismo, a mais longa',
      practice: {
        div: {
          divisor: { kind: 'list', divisors: [3, 7, 9] },
          dividend: casas === 1 ? 3 : 2,
          remainders: 'exata',
          casas,
        },
      },
    },
    {
      name: 'fatos',
      practice: {
        add: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas },
        sub: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'misturado', casas },
        mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 'fatos', casas },
        div: {
          divisor: { kind: 'list', divisors: [6, 7, 8, 9] },
          dividend: 'fatos',
          remainders: 'exata',
          casas,
        },
      },
    },
  ];

  it.each(FORMATS.flatMap((format) => SIZES.map((size) => ({ format, size }))))(
    'decimals and money, $format, $size: the widest contas fit, with their gabaritos',
    async ({ format, size }) => {
      const findings: string[] = [];
      let laidOut = 0;
      for (const casas of [1, 2, 'reais'] as const)
        for (const { name, practice } of DECIMAL_PRACTICES(casas)) {
          const counts = allowedCounts({ ...practice, format, size });
          for (const count of new Set([counts[0]!, counts.at(-1)!])) {
            const custom = { v: 1, ...practice, format, size, count } as CustomOptions;
            const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
            if (checkCustom(operations, custom).length > 0) continue;
            const page = generatePage(
              `decimal-${format}-${size}-${count}-${laidOut}`,
              customPageOptions(custom),
            );
            findings.push(...(await check(page, `${String(casas)}: ${name}, ${count}`, laidOut % 2 === 0)));
            laidOut++;
            pages++;
          }
        }
      expect(laidOut).toBeGreaterThanOrEqual(6);
      expect({
        first: [...new Set(findings.map((f) => f.replace(/ (of|on) sheet.*| cell \d+.*/, '')))].slice(0, 30),
        total: findings.length,
      }).toEqual({ first: [], total: 0 });
    },
  );

  // The situações-problema samples are laid out by problemas-sheet-layout.test.ts.
  it.each(
    CUSTOM_SAMPLES.filter((sample) => sample.custom.format !== 'problemas').map((sample) => ({
      name: sample.name,
      sample,
    })),
  )('the sample "$name" fits, with its gabarito', async ({ sample }) => {
    expect(allowedCounts(sample.custom)).toContain(sample.custom.count);
    const findings = await check(customSamplePage(sample), sample.name, false);
    expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    pages++;
  });

  it("prints the teacher's title as plain text: no markup of theirs becomes an element", async () => {
    const title = '<img src=x onerror=alert(1)><b>Turma</b> & "5º ano"';
    const page = customPage('titulo', {
      v: 1,
      add: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com' },
      format: 'armada',
      count: 12,
      size: 'normal',
      title,
    });
    await tab.setContent(renderSheetHtml(page, META), { waitUntil: 'load' });
    const dom = (await tab.evaluate(`(() => ({
      lines: [...document.querySelectorAll('.teacher-line')].map((el) => ({
        text: el.textContent, children: el.children.length, html: el.innerHTML,
      })),
      images: document.querySelectorAll('img').length,
      withHandlers: [...document.querySelectorAll('*')].filter((el) =>
        [...el.attributes].some((attribute) => attribute.name.startsWith('on'))).length,
      bold: [...document.querySelectorAll('b')].filter((el) => el.textContent === 'Turma').length,
    }))()`)) as {
      lines: Array<{ text: string; children: number; html: string }>;
      images: number;
      withHandlers: number;
      bold: number;
    };
    // On the exercises and on the gabarito: the text exactly as typed, and no element made of it.
    expect(dom.lines.map((line) => line.text)).toEqual([title, title]);
    expect(dom.lines.map((line) => line.children)).toEqual([0, 0]);
    expect(dom.images).toBe(0);
    expect(dom.withHandlers).toBe(0);
    expect(dom.bold).toBe(0);
    pages++;
  });

  afterAll(() => {
    console.warn(`custom sheet layout: ${pages} pages laid out with their gabaritos`);
  });
});
