import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { SET_VERSIONS_MAX } from '@app/contracts';
import { resolveChromium } from '@app/browser';
import { generatePage, type CustomOptions, type GeneratedPage, type Problem } from '@app/generator';
import { FONTS_LOADED, launchSheetBrowser } from '../../src/browser/browser-pool.js';
import { answerTableDocument, answerText, tableColumns } from '../../src/domain/answer-table.js';
import { sheetShellHtml } from '../../src/domain/sheet-html.js';
import { CUSTOM_SAMPLES, customSamplePage } from '../support/custom-samples.js';
import { customPage } from '../support/custom-pages.js';
import { PRACTICES } from '../support/custom-practices.js';

// The answer table of a class set laid out in the sheet browser at the printed width (A4 less its 11 mm
// margins) and measured there: no block leaves the page, no answer is wider than its column, a heading stays on its
// line; over the presets, every practice of the custom layout test and the widest answers a page can have.

const PRINTED_WIDTH_PX = Math.floor(((210 - 2 * 11) * 96) / 25.4);
const CODE = 'AbCdEfGhIjKlMnOpQrStUv';

const MEASURE = `(() => {
  const found = [];
  const slack = 0.5;
  const area = document.querySelector('.versions').getBoundingClientRect();
  if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push('the table is wider than the page');
  document.querySelectorAll('.version').forEach((block, v) => {
    const b = block.getBoundingClientRect();
    if (b.left < area.left - slack || b.right > area.right + slack) found.push('block ' + (v + 1) + ' leaves the page');
    const h2 = block.querySelector('h2');
    if (h2.scrollWidth > h2.clientWidth + 1) found.push('the heading of block ' + (v + 1) + ' is wider than its block');
    block.querySelectorAll('.answers li').forEach((li, i) => {
      const r = li.getBoundingClientRect();
      if (li.scrollWidth > li.clientWidth + 1) found.push('answer ' + (i + 1) + ' of block ' + (v + 1) + ' is wider than its column');
      if (r.left < b.left - slack || r.right > b.right + slack) found.push('answer ' + (i + 1) + ' leaves block ' + (v + 1));
    });
  });
  return { found, blocks: document.querySelectorAll('.version').length, answers: document.querySelectorAll('.answers li').length };
})()`;

/** A page whose every answer is as long as an answer can be: a 4-digit quotient and a remainder ('1.110 r 8'). */
function widestPage(): GeneratedPage {
  const custom: CustomOptions = {
    v: 1,
    div: { divisor: { kind: 'list', divisors: [9] }, dividend: 4, remainders: 'resto' },
    format: 'linha',
    count: 40,
    size: 'normal',
  };
  const problem: Problem = { op: 'div', a: 9998, b: 9, result: 1110, remainder: 8 };
  return {
    ...customPage('mais-larga', custom),
    problems: Array.from({ length: 40 }, () => ({ ...problem })),
  };
}

const setOf = (pages: GeneratedPage[]) =>
  pages.map((page, i) => ({ version: { n: i + 1, of: pages.length }, code: CODE, page }));

describe('answer table layout', () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await launchSheetBrowser((await resolveChromium()).path, 30_000);
    tab = await browser.newPage();
    await tab.setViewport({ width: PRINTED_WIDTH_PX, height: 1000 });
  });
  afterAll(() => browser?.close());

  async function check(pages: GeneratedPage[]): Promise<string[]> {
    await tab.setContent(sheetShellHtml(answerTableDocument(CODE, setOf(pages))), { waitUntil: 'load' });
    expect(await tab.evaluate(FONTS_LOADED)).toBe('loaded');
    const { found, blocks, answers } = (await tab.evaluate(MEASURE)) as {
      found: string[];
      blocks: number;
      answers: number;
    };
    expect(blocks).toBe(pages.length);
    expect(answers).toBe(pages.reduce((sum, page) => sum + page.problems.length, 0));
    return found;
  }

  it(`holds ${SET_VERSIONS_MAX} versions of 40 of the widest answers ('1.110 r 8') in 3 columns`, async () => {
    const page = widestPage();
    expect(answerText(page, 0)).toBe('1.110 r 8');
    expect(tableColumns('1.110 r 8'.length)).toBe(3);
    expect(await check(Array.from({ length: SET_VERSIONS_MAX }, () => page))).toEqual([]);
  });

  it('holds every preset level', async () => {
    const findings: string[] = [];
    for (const level of [0, 1, 2] as const) {
      const pages = Array.from({ length: 6 }, (_, i) =>
        generatePage(`tabela-${level}-${i}`, {
          add: true,
          sub: true,
          mult: true,
          div: true,
          answers: true,
          level,
        }),
      );
      findings.push(...(await check(pages)).map((f) => `level ${level}: ${f}`));
    }
    expect(findings).toEqual([]);
  });

  it('holds every practice of the custom layout test (40 facts a page, the widest first), and the samples', async () => {
    const findings: string[] = [];
    for (const { name, practice } of PRACTICES) {
      const custom: CustomOptions = { v: 1, ...practice, format: 'linha', count: 40, size: 'normal' };
      const pages = Array.from({ length: 4 }, (_, i) => customPage(`tabela-${name}-${i}`, custom));
      findings.push(...(await check(pages)).map((f) => `${name}: ${f}`));
    }
    for (const sample of CUSTOM_SAMPLES) {
      const page = customSamplePage(sample);
      findings.push(...(await check([page, page, page])).map((f) => `${sample.name}: ${f}`));
    }
    expect(findings).toEqual([]);
  });
});
