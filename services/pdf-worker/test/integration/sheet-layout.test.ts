import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { resolveChromium } from '@app/browser';
import { generatePage, type Level, type Operation, type PageOptions } from '@app/generator';
import { FONTS_LOADED, launchSheetBrowser } from '../../src/browser/browser-pool.js';
import { carryBoxColumns, renderSheetHtml } from '../../src/domain/sheet-html.js';
import { measureSheets, WIDEST_VERSION } from '../support/measure-sheet.js';

// Every level × operation mix, with and without gabarito, laid out in the sheet browser and measured there: nothing
// may leave its cell or the page, the footer is one line, and each cell keeps the room it reserves for the work.

const OPERATIONS: Operation[] = ['add', 'sub', 'mult', 'div'];
const MIXES = Array.from({ length: 15 }, (_, index) =>
  OPERATIONS.filter((_, bit) => ((index + 1) >> bit) & 1),
);
const LEVELS: Level[] = [0, 1, 2];
/** Several seeds per mix, so operands of every length of the level show up. */
const SEEDS = ['layout-a', 'layout-b', 'layout-c', 'layout-d', 'layout-e'];
/** A long public address and the longest code: the worst case for the QR caption and the footer. */
const META = {
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  answersUrl: 'https://www.exercicios-de-aritmetica.com.br/gabarito/AbCdEfGhIjKlMnOpQrStUv',
  correctionUrl: 'https://www.exercicios-de-aritmetica.com.br/corrigir/AbCdEfGhIjKlMnOpQrStUv',
};

/** What the page measures (test/support/measure-sheet.ts), at the caderno quadriculado's sizes. */
const MEASURE = measureSheets({ columnMm: 5, carryBoxMm: 4 });

describe('sheet layout', () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await launchSheetBrowser((await resolveChromium()).path, 30_000);
    tab = await browser.newPage();
    await tab.setViewport({ width: 800, height: 1200 });
  });
  afterAll(() => browser?.close());

  const cases = LEVELS.flatMap((level) =>
    MIXES.map((operations) => ({ level, operations, label: `level ${level} ${operations.join('+')}` })),
  );

  it.each(cases)('$label fits, with and without gabarito', async ({ level, operations }) => {
    const findings: string[] = [];
    const totals = { rewrites: 0, columns: 0, boxes: 0, answerBoxes: 0 };
    for (const [index, seed] of SEEDS.entries()) {
      for (const answers of [false, true]) {
        const options: PageOptions = {
          add: operations.includes('add'),
          sub: operations.includes('sub'),
          mult: operations.includes('mult'),
          div: operations.includes('div'),
          answers,
          level,
        };
        const page = generatePage(`${seed}-${level}-${operations.join('')}`, options);
        // Every other seed with the Escola / Professor(a) line: the taller header; the others as a version of a
        // class set, with the widest label beside the code in the footer.
        const meta = index % 2 === 0 ? { ...META, schoolFields: true } : { ...META, version: WIDEST_VERSION };
        await tab.setContent(renderSheetHtml(page, meta), { waitUntil: 'load' });
        expect(await tab.evaluate(FONTS_LOADED)).toBe('loaded');
        const { sheets, found, boxes, acertos, measured } = (await tab.evaluate(MEASURE)) as {
          sheets: number;
          found: string[];
          boxes: number[][];
          acertos: string;
          measured: {
            rewrites: number;
            columns: number;
            boxes: number;
            answerBoxes: number;
            cornerMarks: number;
          };
        };
        totals.rewrites += measured.rewrites;
        totals.columns += measured.columns;
        totals.boxes += measured.boxes;
        totals.answerBoxes += measured.answerBoxes;
        expect(sheets).toBe(answers ? 2 : 1);
        // A sheet to be read (reading-marks.ts): four corner marks on the exercises, none on the gabarito.
        expect(measured.cornerMarks).toBe(4);
        findings.push(...found.map((f) => `${seed}${answers ? ' (gabarito)' : ''}: ${f}`));
        // No carry box where the conta cannot carry: only over the columns carryBoxColumns names (none at Fácil),
        // and every carry the worked algorithm writes lands in a box.
        page.problems.forEach((problem, index) => {
          const expected = carryBoxColumns(problem, level);
          expect(boxes[index], `cell ${index + 1}: ${problem.a} ${problem.op} ${problem.b}`).toEqual(
            expected,
          );
          if (level === 0) expect(boxes[index]).toEqual([]);
        });
        // "Acertos ___ / N" counts the problems the page holds.
        expect(acertos.replace(/\s+/g, ' ')).toMatch(new RegExp(`/ ${page.problems.length}$`));
      }
    }
    expect(findings).toEqual([]);
    // What was measured is there: digit columns on every sheet with a conta (a Fácil ÷-only page is all facts,
    // 18 ÷ 2 = ___), borrows in every Médio and Difícil − gabarito, carry boxes on every Médio and Difícil page
    // with + or ×.
    if (level > 0 || operations.some((op) => op !== 'div')) expect(totals.columns).toBeGreaterThan(0);
    // Every problem's answer in boxes: at least one box a problem.
    expect(totals.answerBoxes).toBeGreaterThanOrEqual(SEEDS.length * 2 * 12);
    if (level > 0 && operations.includes('sub')) expect(totals.rewrites).toBeGreaterThan(0);
    if (level > 0 && (operations.includes('add') || operations.includes('mult'))) {
      expect(totals.boxes).toBeGreaterThan(0);
    }
  });
});
