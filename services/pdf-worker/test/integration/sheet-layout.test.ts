import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { resolveChromium } from '@app/browser';
import { generatePage, type Level, type Operation, type PageOptions } from '@app/generator';
import { FONTS_LOADED, launchSheetBrowser } from '../../src/browser/browser-pool.js';
import { carryBoxColumns, renderSheetHtml } from '../../src/domain/sheet-html.js';

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
};

/** What the page measures, in CSS pixels; every finding is a sentence saying what overflows where. */
const MEASURE = `(() => {
  const found = [];
  const slack = 0.5;
  const inside = (inner, outer) =>
    inner.left >= outer.left - slack && inner.right <= outer.right + slack &&
    inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
  const boxOf = (el) => el.getBoundingClientRect();
  const name = (el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '');
  const visible = (el) => { const r = boxOf(el); return r.width > 0 && r.height > 0; };
  const sheets = [...document.querySelectorAll('.sheet')];
  sheets.forEach((sheet, s) => {
    const style = getComputedStyle(sheet);
    const outer = boxOf(sheet);
    const content = {
      left: outer.left + parseFloat(style.paddingLeft), right: outer.right - parseFloat(style.paddingRight),
      top: outer.top + parseFloat(style.paddingTop), bottom: outer.bottom - parseFloat(style.paddingBottom),
    };
    if (sheet.scrollHeight > sheet.clientHeight + 1) found.push('sheet ' + (s + 1) + ' is taller than A4');
    for (const el of sheet.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      if (visible(el) && !inside(boxOf(el), content)) found.push(name(el) + ' leaves the margins of sheet ' + (s + 1));
    }
    sheet.querySelectorAll('.cell').forEach((cell, c) => {
      const box = boxOf(cell);
      for (const el of cell.querySelectorAll('*')) {
        if (visible(el) && !inside(boxOf(el), box)) found.push(name(el) + ' overflows cell ' + (c + 1) + ' of sheet ' + (s + 1));
      }
      // The problem's number never sits on the conta (a chave as wide as its cell starts under it).
      const index = cell.querySelector('.index');
      if (index) {
        const a = boxOf(index);
        for (const el of cell.querySelectorAll('.line .d, .line .s, .by, .quotient, .fact')) {
          const b = boxOf(el);
          if (b.width > 0 && el.textContent.trim() !== '' && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            found.push('the number of cell ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers ' + name(el));
          }
        }
      }
      const caption = cell.querySelector('.caption');
      if (caption) {
        const a = boxOf(caption);
        for (const el of cell.querySelectorAll('.line, .by, .quotient, .index')) {
          const b = boxOf(el);
          if (b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            found.push('the caption of cell ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers ' + name(el));
          }
        }
      }
    });
    // Sizes of the caderno (issue 24): every digit column at least 5 mm wide, every carry box at least 4 mm.
    const mm = 96 / 25.4;
    for (const el of sheet.querySelectorAll('.line:not(.small) .d, .by .d, .quotient .d, .line.small .d')) {
      const width = boxOf(el).width;
      if (width < 5 * mm - 0.05) found.push('a digit column of ' + (width / mm).toFixed(2) + ' mm on sheet ' + (s + 1));
    }
    for (const el of sheet.querySelectorAll('.box')) {
      const b = boxOf(el);
      if (Math.min(b.width, b.height) < 4 * mm - 0.05)
        found.push('a carry box of ' + (b.width / mm).toFixed(2) + ' × ' + (b.height / mm).toFixed(2) + ' mm on sheet ' + (s + 1));
    }
    // The borrow (issue 24): each crossed digit struck on its own, and a gap between neighbouring rewrites.
    sheet.querySelectorAll('.cell').forEach((cell, c) => {
      const where = ' in cell ' + (c + 1) + ' of sheet ' + (s + 1);
      const rewrites = [...cell.querySelectorAll('.rw')].map(boxOf).sort((a, b) => a.left - b.left);
      for (let i = 1; i < rewrites.length; i++) {
        const gap = rewrites[i].left - rewrites[i - 1].right;
        if (gap < 1 * mm) found.push('two rewrites ' + (gap / mm).toFixed(2) + ' mm apart' + where);
      }
      const strikes = [...cell.querySelectorAll('.strike')];
      if (strikes.length !== rewrites.length) found.push(strikes.length + ' strikes for ' + rewrites.length + ' rewrites' + where);
      const strikeBoxes = strikes.map(boxOf).sort((a, b) => a.left - b.left);
      for (let i = 1; i < strikeBoxes.length; i++) {
        if (strikeBoxes[i].left - strikeBoxes[i - 1].right < 0.5 * mm) found.push('two strikes run together' + where);
      }
      for (const strike of strikes) {
        const digit = strike.parentElement;
        const text = [...digit.childNodes].find((n) => n.nodeType === 3);
        if (!text || text.textContent.length !== 1) { found.push('a strike not on one digit' + where); continue; }
        const range = document.createRange();
        range.selectNodeContents(text);
        const glyph = range.getBoundingClientRect();
        const b = boxOf(strike);
        // Over this digit only: across most of its glyph, and not past its column into the next digit's.
        const covered = Math.min(b.right, glyph.right) - Math.max(b.left, glyph.left);
        if (covered < 0.6 * glyph.width) found.push('a strike covers ' + Math.round((100 * covered) / glyph.width) + ' % of its digit' + where);
        const column = boxOf(digit);
        if (b.left < column.left - slack || b.right > column.right + slack) found.push('a strike leaves its digit column' + where);
      }
      // Each rewrite stands above the digit it replaces.
      const crossed = [...cell.querySelectorAll('.crossed')].map(boxOf).sort((a, b) => a.left - b.left);
      rewrites.forEach((r, i) => {
        const d = crossed[i];
        const centre = (r.left + r.right) / 2;
        if (!d || centre < d.left || centre > d.right || r.bottom > d.top + d.height * 0.35)
          found.push('a rewrite not above its crossed digit' + where);
      });
    });
    const foot = sheet.querySelector('.foot');
    const tops = [...foot.children].map((el) => Math.round(boxOf(el).top + boxOf(el).height / 2));
    if (Math.max(...tops) - Math.min(...tops) > 2) found.push('the footer of sheet ' + (s + 1) + ' breaks into lines');
    if (foot.scrollWidth > foot.clientWidth + 1) found.push('the footer of sheet ' + (s + 1) + ' is wider than the page');
  });
  const boxes = [...document.querySelectorAll('.sheet.exercises .cell')].map((cell) =>
    [...cell.querySelectorAll('.line.carry .d')].reverse().flatMap((d, column) => (d.querySelector('.box') ? [column] : [])),
  );
  const acertos = document.querySelector('.sheet.exercises .score')?.textContent ?? '';
  const measured = {
    rewrites: document.querySelectorAll('.rw').length,
    columns: document.querySelectorAll('.line:not(.small) .d').length,
    boxes: document.querySelectorAll('.box').length,
  };
  return { sheets: sheets.length, found, boxes, acertos, measured };
})()`;

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
    const totals = { rewrites: 0, columns: 0, boxes: 0 };
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
        // Every other seed with the Escola / Professor(a) line: the taller header.
        await tab.setContent(renderSheetHtml(page, { ...META, schoolFields: index % 2 === 0 }), {
          waitUntil: 'load',
        });
        expect(await tab.evaluate(FONTS_LOADED)).toBe('loaded');
        const { sheets, found, boxes, acertos, measured } = (await tab.evaluate(MEASURE)) as {
          sheets: number;
          found: string[];
          boxes: number[][];
          acertos: string;
          measured: { rewrites: number; columns: number; boxes: number };
        };
        totals.rewrites += measured.rewrites;
        totals.columns += measured.columns;
        totals.boxes += measured.boxes;
        expect(sheets).toBe(answers ? 2 : 1);
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
    if (level > 0 && operations.includes('sub')) expect(totals.rewrites).toBeGreaterThan(0);
    if (level > 0 && (operations.includes('add') || operations.includes('mult'))) {
      expect(totals.boxes).toBeGreaterThan(0);
    }
  });
});
