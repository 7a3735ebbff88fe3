import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { resolveChromium } from '@app/browser';
import {
  allowedCounts,
  checkCustom,
  DEFAULT_MEANINGS,
  exercisePages,
  generatePage,
  NAMES,
  ONE_DIGIT_DIVISORS,
  OPERATIONS,
  problemsPerPage,
  presetOptions,
  RELATIVES,
  TABLES,
  inRanges,
  renderTwoSteps,
  renderWordProblem,
  templateFits,
  twoStepFits,
  TWO_STEP_TEMPLATES,
  WORD_KINDS,
  WORD_KIND_LIST,
  WORD_TEMPLATES,
  wordPageBncc,
  type Cast,
  type CustomOptions,
  type GeneratedPage,
  type Meaning,
  type Operation,
  type Person,
  type PrintSize,
  type Problem,
  type TwoStepTemplate,
  type WordProblem,
} from '@app/generator';
import { FONTS_LOADED, launchSheetBrowser } from '../../src/browser/browser-pool.js';
import { renderSheetHtml, sheetPages, versionLabel } from '../../src/domain/sheet-html.js';
import { contaLines, PRINT_SIZES } from '../../src/domain/sheet-formats.js';
import { customPage, drawCustomProblem, sequence } from '../support/custom-pages.js';
import { PRACTICES, type Practice } from '../support/custom-practices.js';
import { CUSTOM_SAMPLES, customPageOptions, customSamplePage } from '../support/custom-samples.js';
import { measureSheets, WIDEST_VERSION } from '../support/measure-sheet.js';

// The format "Situações-problema" at every print size × allowed count, over the sample of options of the
// custom layout test and each level's preset options, with its gabarito, laid out in the sheet browser and measured
// there (measureSheets, strict: inside A4, no cell over another, no text clipped, the quadriculado holding the conta
// worked, its squares of the print size, the footer on one line), and each problem's texts printed whole: the
// statement and question on both sheets, the Resposta line empty on the student's and holding the answer sentence
// in the gabarito, inside its ruled box.

const SIZES: PrintSize[] = ['normal', 'grande'];
const META = {
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  answersUrl: 'https://www.exercicios-de-aritmetica.com.br/gabarito/AbCdEfGhIjKlMnOpQrStUv',
  correctionUrl: 'https://www.exercicios-de-aritmetica.com.br/corrigir/AbCdEfGhIjKlMnOpQrStUv',
};
const WIDEST_TITLE = 'W'.repeat(60);

/**
 * The sample of the custom layout test, two borders of the rooms a page of situações-problema takes (`problemRoom`:
 * a chave of a two-digit dividend takes five lines like + and −, the tabuada do 10 seven like × by two digits), then
 * each level's preset options (the four operations).
 */
const PROBLEM_PRACTICES: Array<{ name: string; practice: Practice }> = [
  ...PRACTICES,
  {
    name: '÷ 2 algarismos por 2–9',
    practice: {
      div: {
        divisor: { kind: 'list', divisors: [...ONE_DIGIT_DIVISORS] },
        dividend: 2,
        remainders: 'misturado',
      },
    },
  },
  {
    name: '× tabuadas 2 a 10, multiplicando 3 algarismos',
    practice: { mult: { multiplier: { kind: 'tables', tables: [...TABLES] }, multiplicand: 3 } },
  },
  ...([0, 1, 2] as const).map((level) => {
    const { add, sub, mult, div } = presetOptions(level);
    return { name: `preset ${level}`, practice: { add, sub, mult, div } };
  }),
];

/** Every count of situações-problema a size offers (a page past one sheet of paper's room continues on another). */
const ALL_COUNTS = { normal: [4, 5, 6, 7, 8, 9, 10], grande: [2, 3, 4, 5, 6] };

/** Every meaning, duas etapas too: an operation no two-step story starts from keeps the others. */
const WITH_TWO_STEPS: Meaning[] = [...DEFAULT_MEANINGS, 'duas-etapas'];

/** The two longest names (of either gender) and the longest relative: the longest texts a template can print. */
const byLength = <T>(items: readonly T[], text: (item: T) => string) =>
  [...items].sort((x, y) => text(y).length - text(x).length);
const LONG_CAST: Cast = {
  people: byLength(NAMES, (person: Person) => person.name).slice(0, 2),
  relative: byLength(RELATIVES, (relative) => relative.plural)[0]!,
};

/** Whether a kind reads a conta: a "quantos são necessários" needs a resto, a metade an exact division. */
function kindReads(template: { kind: WordProblem['kind'] }, conta: Problem): boolean {
  const { remainder } = WORD_KINDS[template.kind];
  return conta.op !== 'div' || remainder === 'any' || (remainder === 'required') === conta.remainder > 0;
}

const wordLength = (word: WordProblem) => word.statement + word.question + word.answerSentence;

/**
 * The conta told by the template whose statement, question and answer are longest among those that tell it (its
 * kind reads it, its story's ranges hold its numbers: what the generator may print), or, for a conta no story tells
 * (the widest of some options), among every template of its operation whose kind reads it.
 */
function longestWord(conta: Problem): WordProblem {
  // A conta em reais is told by the templates of money only, a natural one by the others.
  const reading = WORD_TEMPLATES.filter(
    (template) =>
      template.op === conta.op &&
      kindReads(template, conta) &&
      (template.centavos === true) === (conta.decimal?.reais === true),
  );
  const telling = reading.filter((template) => templateFits(template, conta));
  const told = (telling.length > 0 ? telling : reading).map((template) =>
    renderWordProblem(template, conta, LONG_CAST),
  );
  const longest = byLength(told, wordLength)[0];
  if (longest === undefined) throw new Error(`no template tells ${JSON.stringify(conta)}`);
  return longest;
}

/** A page of the widest contas the options allow (customPage), each told by its longest template (rules 3). */
function longPage(seed: string, custom: CustomOptions): GeneratedPage {
  const bare = customPage(seed, custom);
  const words = bare.problems.map(longestWord);
  return { ...bare, rules: 3, problems: words.map((word) => word.conta), words, bncc: wordPageBncc(words) };
}

/** The generator's source of numbers, which a story's `next` draws from. */
type Random = Parameters<TwoStepTemplate['next']>[0];

/** The generator's source of numbers over a seeded sequence, for the stories' second contas. */
function randomOf(seed: string): Random {
  const next = sequence(seed);
  return {
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (numerator, denominator) => next() * denominator < numerator,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/** Draws of a story's second conta from its first, as the generator tries them. */
const SECOND_DRAWS = 30;

/**
 * A first conta told in two steps at its worst: among the two-step stories that start from it and end in an
 * operation of the page, with the second contas each makes (`next`, within its ranges), the longest texts with their
 * tallest second conta, or (`tallest`) the tallest pair of contas (`contaLines`) with the longest texts; undefined
 * when no story starts from it.
 */
function twoStepWord(
  first: Problem,
  operations: readonly Operation[],
  random: Random,
  tallest: boolean,
): WordProblem | undefined {
  const told: WordProblem[] = [];
  for (const template of TWO_STEP_TEMPLATES) {
    if (!operations.includes(template.steps[1].op) || !twoStepFits(template, first)) continue;
    const seconds: Problem[] = [];
    for (let draw = 0; draw < SECOND_DRAWS; draw++) {
      const second = template.next(random, first);
      if (second !== null && inRanges(template.nextRanges, second) && second.result > 0) seconds.push(second);
    }
    const second = seconds.sort((x, y) => contaLines(y) - contaLines(x) || y.a - x.a)[0];
    if (second !== undefined) told.push(renderTwoSteps(template, [first, second], LONG_CAST));
  }
  const height = (word: WordProblem) => contaLines(word.steps![0]) + contaLines(word.steps![1]);
  return told.sort((x, y) =>
    tallest
      ? height(y) - height(x) || wordLength(y).length - wordLength(x).length
      : wordLength(y).length - wordLength(x).length || height(y) - height(x),
  )[0];
}

/** Contas drawn for a problem until one starts a story in two steps, as the generator draws them. */
const FIRST_DRAWS = 40;

/**
 * A page of situações-problema in two steps (duas etapas) at their worst: each problem's first conta the widest the
 * options allow (customPage) or, when no two-step story starts from it, the first of the options' contas drawn after
 * it that one does, told by its worst story (`twoStepWord`: every other problem the longest texts, the others the
 * tallest pair of contas), both contas worked in the quadriculado; a problem none of whose draws starts a story is
 * told in one step by its longest template, as the generator tells it.
 */
function twoStepPage(seed: string, custom: CustomOptions): GeneratedPage {
  const bare = customPage(seed, custom);
  const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
  const next = sequence(`${seed}-primeiras`);
  const random = randomOf(`${seed}-segundas`);
  const words = bare.problems.map((conta, index) => {
    const tallest = index % 2 === 1;
    for (let draw = 0, first = conta; draw < FIRST_DRAWS; draw++) {
      const word = twoStepWord(first, operations, random, tallest);
      if (word !== undefined) return word;
      first = drawCustomProblem(next, conta.op, custom, false);
    }
    return longestWord(conta);
  });
  return { ...bare, rules: 3, problems: words.map((word) => word.conta), words, bncc: wordPageBncc(words) };
}

const READ = `(() => {
  const text = (el) => (el?.textContent ?? '').replace(/\\u00a0/g, ' ').trim();
  const sheet = (cls) => [...document.querySelectorAll('.sheet.' + cls + ' .cell.prob')].map((cell) => {
    const box = (el) => el.getBoundingClientRect();
    const resposta = cell.querySelector('.resposta');
    const respText = cell.querySelector('.resp-text');
    const index = cell.querySelector('.index');
    const words = cell.querySelector('.prob-text');
    return {
      statement: text(cell.querySelector('.statement')),
      question: text(cell.querySelector('.question')),
      resposta: text(respText),
      // The answer sentence stays inside its ruled box; the number stays clear of the text.
      respInside: box(respText).bottom <= box(resposta).bottom + 0.5 && box(respText).right <= box(resposta).right + 0.5,
      indexClear: box(index).right <= box(words).left + 0.5,
      squares: cell.querySelectorAll('.squares').length,
      worked: cell.querySelectorAll('.squares .line, .squares .chave').length,
      contas: cell.querySelectorAll('.squares .alg, .squares .chave').length,
    };
  });
  // Each page of a sheet: its part, its numbers, whether it has the header and the QR code, its footer's page.
  const pages = [...document.querySelectorAll('.sheet')].map((el) => ({
    key: el.classList.contains('answer-key'),
    numbers: [...el.querySelectorAll('.cell .index')].map((index) => Number(text(index))),
    heads: el.querySelectorAll('.head').length,
    names: el.querySelectorAll('.field.name').length,
    qr: el.querySelectorAll('.qr svg').length,
    foot: el.querySelectorAll('.foot').length,
    sheetOf: text(el.querySelector('.sheet-of')),
  }));
  return {
    pages,
    exercises: sheet('exercises'),
    key: sheet('answer-key'),
    bncc: document.querySelector('.sheet.exercises .bncc')?.textContent ?? '',
    title: document.querySelector('.sheet.exercises h1')?.textContent ?? '',
    acertos: (document.querySelector('.sheet.exercises .score')?.textContent ?? '').replace(/\\s+/g, ' '),
    digitPt: [...document.querySelectorAll('.sheet .squares .line:not(.small) .d')].map((el) => parseFloat(getComputedStyle(el).fontSize) * 0.75),
  };
})()`;

interface SheetPage {
  key: boolean;
  numbers: number[];
  heads: number;
  names: number;
  qr: number;
  foot: number;
  sheetOf: string;
}

interface Cell {
  statement: string;
  question: string;
  resposta: string;
  respInside: boolean;
  indexClear: boolean;
  squares: number;
  worked: number;
  contas: number;
}

describe('situações-problema sheet layout', () => {
  let browser: Browser;
  let tab: Page;
  let pages = 0;
  let kinds = new Set<string>();
  beforeAll(async () => {
    browser = await launchSheetBrowser((await resolveChromium()).path, 30_000);
    tab = await browser.newPage();
    await tab.setViewport({ width: 800, height: 1200 });
  });
  afterAll(async () => {
    console.warn(`situações-problema layout: ${pages} pages laid out with their gabaritos`);
    await browser?.close();
  });

  async function check(page: GeneratedPage, label: string, schoolFields: boolean): Promise<string[]> {
    const custom = page.options.custom!;
    const words = page.words!;
    // The pages without the Escola line are laid out as a version of a class set: the widest label in the footer.
    const meta = schoolFields ? { ...META, schoolFields } : { ...META, version: WIDEST_VERSION };
    await tab.setContent(renderSheetHtml(page, meta), { waitUntil: 'load' });
    expect(await tab.evaluate(FONTS_LOADED)).toBe('loaded');
    const size = PRINT_SIZES[custom.size];
    const { sheets, found } = (await tab.evaluate(
      measureSheets({ columnMm: size.columnMm, carryBoxMm: size.carryBoxMm, strict: true }),
    )) as { sheets: number; found: string[] };
    // One sheet of paper, or more past one page's room; the gabarito as many.
    const paper = exercisePages(custom);
    expect(sheetPages(page), label).toEqual({ exercises: paper, answerKey: paper });
    expect(sheets, label).toBe(2 * paper);
    const read = (await tab.evaluate(READ)) as {
      pages: SheetPage[];
      exercises: Cell[];
      key: Cell[];
      bncc: string;
      title: string;
      acertos: string;
      digitPt: number[];
    };
    expect(read.bncc, label).toBe(`BNCC ${page.bncc.join(' · ')}`);
    expect(read.acertos, label).toMatch(new RegExp(`/ ${custom.count}$`));
    expect(read.title, label).toMatch(/^Situações-problema d/);
    // The student's sheet, then the gabarito, each numbered on from its first page, no page fuller than one page's
    // room; the header (Nome, the QR code) on the first page of each only, the footer on every page.
    const perPage = problemsPerPage(custom);
    const numbers = Array.from({ length: custom.count }, (_, i) => i + 1);
    read.pages.forEach((sheet, p) => {
      const where = `${label}, página ${p + 1}`;
      const first = p % paper === 0;
      expect(sheet.key, where).toBe(p >= paper);
      expect(sheet.numbers.length, where).toBeLessThanOrEqual(perPage);
      expect(sheet.numbers.length, where).toBeGreaterThan(0);
      expect(sheet.heads, where).toBe(first ? 1 : 0);
      expect(sheet.names, where).toBe(first && !sheet.key ? 1 : 0);
      expect(sheet.qr, where).toBe(first && !sheet.key ? 1 : 0);
      expect(sheet.foot, where).toBe(1);
      // A version of a class set says its label there too (its continuing pages have no header).
      const version = 'version' in meta ? `${versionLabel(meta.version)} · ` : '';
      expect(sheet.sheetOf, where).toBe(paper > 1 ? `${version}Página ${(p % paper) + 1} de ${paper}` : '');
    });
    expect(
      read.pages.filter((sheet) => !sheet.key).flatMap((sheet) => sheet.numbers),
      label,
    ).toEqual(numbers);
    expect(
      read.pages.filter((sheet) => sheet.key).flatMap((sheet) => sheet.numbers),
      label,
    ).toEqual(numbers);
    const findings = [...found];
    words.forEach((word, i) => {
      kinds.add(word.kind);
      const where = `${label}, problema ${i + 1}`;
      const student = read.exercises[i]!;
      const key = read.key[i]!;
      for (const cell of [student, key]) {
        expect(cell.statement, where).toBe(word.statement);
        expect(cell.question, where).toBe(word.question);
        expect(cell.squares, where).toBe(1);
        if (!cell.indexClear) findings.push(`${where}: the number covers the text`);
        if (!cell.respInside) findings.push(`${where}: the Resposta leaves its lines`);
      }
      // The student's quadriculado and Resposta are empty; the gabarito's hold the conta worked and the sentence.
      expect(student.resposta, where).toBe('Resposta:');
      expect(student.worked, where).toBe(0);
      expect(key.resposta, where).toBe(`Resposta: ${word.answerSentence}`);
      expect(key.worked, where).toBeGreaterThan(0);
      // Duas etapas: both contas worked in the quadriculado.
      expect(key.contas, where).toBe(word.steps ? 2 : 1);
    });
    expect(read.exercises).toHaveLength(custom.count);
    expect(Math.min(...read.digitPt), label).toBeGreaterThanOrEqual(size.squareDigitPt - 0.01);
    pages++;
    return findings.map((finding) => (finding.startsWith(label) ? finding : `${label}: ${finding}`));
  }

  it.each(SIZES.map((size) => ({ size })))(
    '$size: the widest contas told by the longest templates fit at every allowed count, with the gabarito',
    async ({ size }) => {
      const findings: string[] = [];
      const counts = new Set<number>();
      let index = 0;
      for (const { name, practice } of PROBLEM_PRACTICES) {
        const options = { ...practice, format: 'problemas' as const, size };
        for (const count of allowedCounts(options)) {
          counts.add(count);
          const custom: CustomOptions = {
            v: 1,
            ...options,
            count,
            ...(index % 3 === 0 ? { title: WIDEST_TITLE } : {}),
          };
          const page = longPage(`problemas-${size}-${count}-${index}`, custom);
          findings.push(...(await check(page, `longos: ${name}, ${count}`, index % 2 === 1)));
          index++;
        }
      }
      expect([...counts].sort((a, b) => a - b)).toEqual(
        size === 'normal' ? ALL_COUNTS.normal : ALL_COUNTS.grande,
      );
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  /**
   * Money em reais: the 4º ano's widest contas of the four operations, the 3º ano's up to R$ 100, and values paid in
   * cédulas and moedas.
   */
  const MONEY_PRACTICES: Array<{ name: string; practice: Partial<CustomOptions> }> = [
    {
      name: 'as quatro em reais, as mais largas',
      practice: {
        add: { numbers: { kind: 'digits', top: 4, bottom: 4 }, regrouping: 'com', casas: 'reais' },
        sub: { numbers: { kind: 'digits', top: 4, bottom: 2 }, regrouping: 'com', casas: 'reais' },
        mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3, casas: 'reais' },
        div: {
          divisor: { kind: 'list', divisors: [3, 7, 9] },
          dividend: 2,
          remainders: 'exata',
          casas: 'reais',
        },
      },
    },
    {
      name: 'somar e dar troco até R$ 100',
      practice: {
        add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado', casas: 'reais' },
        sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 'reais' },
      },
    },
    {
      // The longest answers: up to 10 cédulas and moedas named one by one.
      name: 'cédulas e moedas, o menor número',
      practice: {
        add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com', casas: 'reais' },
        sub: { numbers: { kind: 'max', max: 1000 }, regrouping: 'com', casas: 'reais' },
        meanings: ['cedulas-moedas'],
      },
    },
  ];

  it.each(SIZES.map((size) => ({ size })))(
    'money em reais, $size: the pages the generator draws fit at every allowed count, with the gabarito',
    async ({ size }) => {
      const findings: string[] = [];
      let index = 0;
      for (const { name, practice } of MONEY_PRACTICES) {
        const options = { ...practice, format: 'problemas' as const, size };
        for (const count of allowedCounts(options)) {
          const custom = { v: 1, ...options, count } as CustomOptions;
          const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
          expect(checkCustom(operations, custom), name).toEqual([]);
          const page = generatePage(`problemas-reais-${size}-${count}-${index}`, customPageOptions(custom));
          findings.push(...(await check(page, `reais: ${name}, ${count}`, index % 2 === 0)));
          index++;
          if (custom.meanings?.includes('cedulas-moedas')) {
            // At its worst: the page's problems replaced by the longest answers (10 pieces named) of many pages.
            const longest = byLength(
              Array.from({ length: 40 }, (_, k) =>
                generatePage(`cedulas-${size}-${count}-${k}`, customPageOptions(custom)),
              ).flatMap((other) => other.words!),
              (word) => `${word.answerSentence}${word.statement}`,
            ).slice(0, count);
            const worst = { ...page, words: longest, problems: longest.map((word) => word.conta) };
            findings.push(...(await check(worst, `reais: ${name}, ${count}, as mais longas`, true)));
          }
        }
      }
      expect(index).toBeGreaterThan(MONEY_PRACTICES.length);
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  it.each(SIZES.map((size) => ({ size })))(
    '$size: the pages the generator draws fit at every allowed count, with the gabarito',
    async ({ size }) => {
      const findings: string[] = [];
      kinds = new Set<string>();
      let index = 0;
      for (const { name, practice } of PROBLEM_PRACTICES) {
        const options = { ...practice, format: 'problemas' as const, size };
        for (const count of allowedCounts(options)) {
          const custom: CustomOptions = { v: 1, ...options, count };
          const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
          // Options refused (too few different contas for the page) are not pages.
          if (checkCustom(operations, custom).length > 0) continue;
          const page = generatePage(`problemas-gerada-${size}-${count}-${index}`, customPageOptions(custom));
          findings.push(...(await check(page, `gerada: ${name}, ${count}`, index % 2 === 0)));
          index++;
        }
      }
      expect(index).toBeGreaterThan(PROBLEM_PRACTICES.length);
      // Every meaning that has a story of naturals was laid out, "quantos são necessários" (÷ com resto) included
      // (duas etapas, chosen by the teacher only: below; cédulas e moedas, em reais: above).
      if (size === 'normal')
        expect([...kinds].sort()).toEqual(
          WORD_KIND_LIST.filter((kind) =>
            WORD_TEMPLATES.some((template) => template.kind === kind && template.centavos !== true),
          ).sort(),
        );
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  it.each(SIZES.map((size) => ({ size })))(
    '$size: two contas a problem (duas etapas) at their widest fit at every allowed count, with the gabarito',
    async ({ size }) => {
      const findings: string[] = [];
      let index = 0;
      for (const { name, practice } of PROBLEM_PRACTICES) {
        const options = { ...practice, format: 'problemas' as const, size, meanings: WITH_TWO_STEPS };
        for (const count of allowedCounts(options)) {
          const custom: CustomOptions = {
            v: 1,
            ...options,
            count,
            ...(index % 3 === 0 ? { title: WIDEST_TITLE } : {}),
          };
          const page = twoStepPage(`duas-etapas-${size}-${count}-${index}`, custom);
          findings.push(...(await check(page, `duas etapas: ${name}, ${count}`, index % 2 === 1)));
          index++;
        }
      }
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  it.each(SIZES.map((size) => ({ size })))(
    '$size: the pages with duas etapas the generator draws fit at every allowed count, with the gabarito',
    async ({ size }) => {
      const findings: string[] = [];
      kinds = new Set<string>();
      let index = 0;
      for (const { name, practice } of PROBLEM_PRACTICES) {
        const options = { ...practice, format: 'problemas' as const, size, meanings: WITH_TWO_STEPS };
        for (const count of allowedCounts(options)) {
          const custom: CustomOptions = { v: 1, ...options, count };
          const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
          if (checkCustom(operations, custom).length > 0) continue;
          const page = generatePage(
            `duas-etapas-gerada-${size}-${count}-${index}`,
            customPageOptions(custom),
          );
          findings.push(...(await check(page, `duas etapas gerada: ${name}, ${count}`, index % 2 === 0)));
          index++;
        }
      }
      expect(kinds).toContain('duas-etapas');
      expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
    },
  );

  it.each(
    CUSTOM_SAMPLES.filter((sample) => sample.custom.format === 'problemas').map((sample) => ({
      name: sample.name,
      sample,
    })),
  )('the sample "$name" fits, with its gabarito', async ({ sample }) => {
    const findings = await check(customSamplePage(sample), sample.name, false);
    expect({ first: findings.slice(0, 12), total: findings.length }).toEqual({ first: [], total: 0 });
  });

  it('prints the texts as text: markup in a statement never becomes an element', async () => {
    const page = longPage('escape', {
      v: 1,
      add: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com' },
      format: 'problemas',
      count: 4,
      size: 'normal',
    });
    const hostile = '<img src=x onerror=alert(1)> & "aspas"';
    const words = page.words!.map((word) => ({
      ...word,
      statement: `${word.statement} ${hostile}`,
      answerSentence: `${hostile}`,
    }));
    await tab.setContent(renderSheetHtml({ ...page, words }, META), { waitUntil: 'load' });
    const dom = (await tab.evaluate(`(() => ({
      images: document.querySelectorAll('img').length,
      statements: [...document.querySelectorAll('.statement')].map((el) => el.textContent),
      answers: [...document.querySelectorAll('.sheet.answer-key .resp-text .result')].map((el) => el.textContent),
    }))()`)) as { images: number; statements: string[]; answers: string[] };
    expect(dom.images).toBe(0);
    expect(dom.statements.every((text) => text.endsWith(hostile))).toBe(true);
    expect(dom.answers).toEqual(words.map(() => hostile));
  });
});
