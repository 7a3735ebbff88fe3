import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { resolveChromium } from '@app/browser';
import { generatePage, type Level, type Operation, type PageOptions } from '@app/generator';
import { FONTS_LOADED, launchSheetBrowser } from '../../src/browser/browser-pool.js';
import { renderSheetHtml } from '../../src/domain/sheet-html.js';

// Every level × operation mix, with and without gabarito, laid out in the sheet browser and measured there: nothing
// may leave its cell or the page, the footer is one line, and each cell keeps the room it reserves for the work.

const OPERATIONS: Operation[] = ['add', 'sub', 'mult', 'div'];
const MIXES = Array.from({ length: 15 }, (_, index) =>
  OPERATIONS.filter((_, bit) => ((index + 1) >> bit) & 1),
);
const LEVELS: Level[] = [0, 1, 2];
/** Several seeds per mix, so operands of every length of the level show up. */
const SEEDS = ['layout-a', 'layout-b', 'layout-c'];
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
    const foot = sheet.querySelector('.foot');
    const tops = [...foot.children].map((el) => Math.round(boxOf(el).top + boxOf(el).height / 2));
    if (Math.max(...tops) - Math.min(...tops) > 2) found.push('the footer of sheet ' + (s + 1) + ' breaks into lines');
    if (foot.scrollWidth > foot.clientWidth + 1) found.push('the footer of sheet ' + (s + 1) + ' is wider than the page');
  });
  return { sheets: sheets.length, found };
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
        const { sheets, found } = (await tab.evaluate(MEASURE)) as { sheets: number; found: string[] };
        expect(sheets).toBe(answers ? 2 : 1);
        findings.push(...found.map((f) => `${seed}${answers ? ' (gabarito)' : ''}: ${f}`));
      }
    }
    expect(findings).toEqual([]);
  });
});
