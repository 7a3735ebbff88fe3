import { CustomOptionsSchema } from '@app/contracts';
import { contaNumberText } from '@app/contracts/decimal';
import { describe, expect, it } from 'vitest';
import {
  allowedCounts,
  checkCustom,
  DECIMAL_DIVIDEND_DIGITS,
  DECIMAL_WHOLE_DIGITS,
  dividendDigits,
  type DivOptions,
  generatePage,
  type CustomOptions,
  type Operation,
  type PageOptions,
  type Problem,
  type SheetFormat,
} from '../../src/index.js';
import type { Casas } from '@app/contracts/custom-shape';
import { reaisText as reais } from '@app/contracts/decimal';
import { CEDULAS_TEMPLATES } from '../../src/word/templates/cedulas.js';
import { MONEY_TEMPLATES } from '../../src/word/templates/money.js';
import { leastPieces, piecesOfSentence } from '../support/least-pieces.js';

/**
 * Decimal and money pages ("Dinheiro e decimais"), property-tested: every option set of decimals the API accepts is
 * drawn with many seeds, ≥ 100 000 pages in all, and every problem is read back from the text the sheet prints
 * ("12,50", "3,5") and recomputed here in integers of its smallest unit, with oracles that share nothing with the
 * generator: the answer, the casas each number has, the reserva asked, the exact division to the last casa.
 * `DECIMAL_SEEDS` scales the seeds.
 */

const SCALE = Number(process.env.DECIMAL_SEEDS ?? 1);
const MIN_PAGES = 100_000;
/** Pages of situações-problema em reais (each 10 problems at most). */
const MONEY_PAGES = 2_000;

/** A printed number read back as an integer of 10^−casas, by its text alone: "3,5" with 2 casas is 350. */
function unitsOfText(text: string, casas: number): { units: number; shown: number } {
  const match = /^(\d+)(?:,(\d+))?$/.exec(text);
  if (match === null || (match[2] ?? '').length > casas) return { units: NaN, shown: NaN };
  const part = match[2] ?? '';
  return { units: Number(match[1]) * 10 ** casas + Number(part.padEnd(casas, '0')), shown: part.length };
}

/** Column by column, as taught: whether a sum of two aligned integers carries anywhere. */
function carries(a: number, b: number): boolean {
  let carry = 0;
  for (; a > 0 || b > 0; a = Math.floor(a / 10), b = Math.floor(b / 10)) {
    carry = (a % 10) + (b % 10) + carry >= 10 ? 1 : 0;
    if (carry) return true;
  }
  return false;
}

function borrows(a: number, b: number): boolean {
  let borrow = 0;
  for (; a > 0 || b > 0; a = Math.floor(a / 10), b = Math.floor(b / 10)) {
    borrow = (a % 10) - borrow < b % 10 ? 1 : 0;
    if (borrow) return true;
  }
  return false;
}

/** Every rule a decimal problem of these options keeps, as violations (empty when it keeps them all). */
function violations(problem: Problem, custom: CustomOptions): string[] {
  const found: string[] = [];
  const options = custom[problem.op]!;
  const casas = options.casas as Casas;
  const c = casas === 'reais' ? 2 : casas;
  const unit = 10 ** c;
  const decimal = problem.decimal;
  if (decimal === undefined || decimal.casas !== c || (casas === 'reais') !== (decimal.reais === true))
    return [`${JSON.stringify(problem)}: not a conta of ${String(casas)}`];
  const text = (which: 'a' | 'b' | 'result') => contaNumberText(problem, which, { group: false });
  const a = unitsOfText(text('a'), c);
  const result = unitsOfText(text('result'), c);
  if (result.shown !== c) found.push(`result ${text('result')} without every casa`);
  const line = `${text('a')} ${problem.op} ${text('b')} = ${text('result')}`;
  if (problem.op === 'add' || problem.op === 'sub') {
    const b = unitsOfText(text('b'), c);
    const expected = problem.op === 'add' ? a.units + b.units : a.units - b.units;
    if (result.units !== expected) found.push(`${line}: the answer is ${expected}`);
    if (b.units >= a.units && problem.op === 'sub')
      found.push(`${line}: not a subtraction of a smaller number`);
    if (casas !== 'reais' && (a.units % unit === 0 || b.units % unit === 0))
      found.push(`${line}: a whole term`);
    if (casas === 'reais' && (a.shown !== 2 || b.shown !== 2)) found.push(`${line}: money without centavos`);
    const regrouping = (options as { regrouping: string }).regrouping;
    const regroups = problem.op === 'add' ? carries(a.units, b.units) : borrows(a.units, b.units);
    if (regrouping === 'sem' && regroups) found.push(`${line}: sem reserva regroups`);
    if (regrouping === 'com' && !regroups) found.push(`${line}: com reserva without a reserva`);
    const numbers = (options as { numbers: CustomOptions['add'] & object }['numbers']).valueOf() as
      { kind: 'digits'; top: number; bottom: number } | { kind: 'max'; max: number };
    if (numbers.kind === 'digits') {
      const wholeDigits = (units: number) => String(Math.floor(units / unit)).length;
      if (wholeDigits(a.units) !== numbers.top || wholeDigits(b.units) !== numbers.bottom)
        found.push(`${line}: whole parts not of ${numbers.top} and ${numbers.bottom} algarismos`);
    } else if (Math.max(a.units, b.units, result.units) > numbers.max * unit)
      found.push(`${line}: past até ${numbers.max}`);
  } else {
    const b = Number(text('b'));
    if (!/^\d+$/.test(text('b')))
      found.push(`${line}: a decimal ${problem.op === 'mult' ? 'multiplier' : 'divisor'}`);
    if (problem.op === 'mult') {
      if (result.units !== a.units * b) found.push(`${line}: the product is ${a.units * b}`);
      if (a.shown !== c) found.push(`${line}: the multiplicand without every casa`);
      if (casas !== 'reais' && a.units % 10 === 0) found.push(`${line}: the last casa is 0`);
    } else {
      if (result.units * b !== a.units || problem.remainder !== 0)
        found.push(`${line}: not exact to the last casa`);
      if (result.units % unit === 0 || (casas !== 'reais' && result.units % 10 === 0))
        found.push(`${line}: a quotient without its last casa`);
      if (casas === 'reais' && a.shown !== 2) found.push(`${line}: money without centavos`);
    }
  }
  return found;
}

const CASAS: Casas[] = [1, 2, 'reais'];

/** The decimal options of one operation, every setting a teacher can choose. */
function settingsOf(op: Operation, casas: Casas): NonNullable<CustomOptions[Operation]>[] {
  switch (op) {
    case 'add':
    case 'sub': {
      const numbers = [
        ...[1, 2, 3, 4, 5].flatMap((top) =>
          [1, 2, 3, 4, 5]
            .filter((bottom) => op === 'add' || bottom <= top)
            .map((bottom) => ({ kind: 'digits' as const, top, bottom })),
        ),
        ...[10, 20, 50, 100, 1000].map((max) => ({ kind: 'max' as const, max })),
      ];
      return numbers.flatMap((n) =>
        (['sem', 'com', 'misturado'] as const).map((regrouping) => ({ numbers: n, regrouping, casas })),
      );
    }
    case 'mult':
      return [[2], [3, 4, 5], [2, 3, 4, 5, 6, 7, 8, 9, 10]]
        .map((tables) => ({ kind: 'tables' as const, tables }))
        .concat([{ kind: 'twoDigits' } as never])
        .flatMap((multiplier) =>
          (['fatos', 2, 3] as const).map((multiplicand) => ({ multiplier, multiplicand, casas })),
        );
    case 'div':
      return [
        { kind: 'list' as const, divisors: [2] },
        { kind: 'list' as const, divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
      ]
        .concat([{ kind: 'twoDigits' } as never])
        .flatMap((divisor) =>
          (['fatos', 2, 3, 4] as const).map((dividend) => ({
            divisor,
            dividend,
            remainders: 'exata' as const,
            casas,
          })),
        );
  }
}

interface Case {
  label: string;
  operations: Operation[];
  custom: CustomOptions;
}

const FORMATS: SheetFormat[] = ['armada', 'arme', 'linha', 'lacuna'];

/** Every accepted setting of each operation alone in each format, and the four operations together. */
function cases(): Case[] {
  const all: Case[] = [];
  for (const casas of CASAS)
    for (const op of ['add', 'sub', 'mult', 'div'] as const)
      for (const setting of settingsOf(op, casas))
        for (const format of FORMATS) {
          const base = { v: 1 as const, format, size: 'normal' as const, [op]: setting };
          const count = allowedCounts(base).at(-1)!;
          const custom = { ...base, count } as CustomOptions;
          if (!CustomOptionsSchema.safeParse(custom).success || checkCustom([op], custom).length > 0)
            continue;
          all.push({
            label: `${op} ${String(casas)} ${format} ${JSON.stringify(setting)}`,
            operations: [op],
            custom,
          });
        }
  for (const casas of CASAS) {
    const custom: CustomOptions = {
      v: 1,
      format: 'armada',
      size: 'normal',
      count: 12,
      add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'misturado', casas },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas },
      mult: { multiplier: { kind: 'tables', tables: [3, 4, 6] }, multiplicand: 2, casas },
      div: { divisor: { kind: 'list', divisors: [2, 4, 5] }, dividend: 2, remainders: 'exata', casas },
    };
    all.push({ label: `+ − × ÷ ${String(casas)}`, operations: ['add', 'sub', 'mult', 'div'], custom });
  }
  return all;
}

const pageOptions = (operations: readonly Operation[], custom: CustomOptions): PageOptions => ({
  add: operations.includes('add'),
  sub: operations.includes('sub'),
  mult: operations.includes('mult'),
  div: operations.includes('div'),
  answers: true,
  level: 2,
  custom,
});

describe('decimal and money pages', () => {
  const all = cases();

  it('accept in the conta armada every setting they accept for naturals, and the reserva of small numbers', () => {
    for (const casas of CASAS)
      for (const op of ['add', 'sub', 'mult', 'div'] as const)
        for (const setting of settingsOf(op, casas)) {
          // Each at the largest count it holds (a decimal chave of 4 digits takes the widest cells).
          const withCount = (options: object) => {
            const base = { v: 1, format: 'armada', size: 'normal', [op]: options } as const;
            return { ...base, count: allowedCounts(base as never).at(-1)! } as CustomOptions;
          };
          const custom = withCount(setting);
          const { casas: _, ...natural } = setting;
          const naturals = checkCustom([op], withCount(natural));
          // ÷ of decimals is exact (the naturals' resto options are not asked), its dividend 4 digits at most.
          const numbers = (setting as { numbers?: { kind: string; top?: number; bottom?: number } }).numbers;
          const tooWide =
            numbers?.kind === 'digits' && Math.max(numbers.top!, numbers.bottom!) > DECIMAL_WHOLE_DIGITS;
          const tooLong =
            (op === 'div' && dividendDigits(setting as DivOptions) > DECIMAL_DIVIDEND_DIGITS) || tooWide;
          if (naturals.length === 0 && !tooLong)
            expect(checkCustom([op], custom), JSON.stringify(setting)).toEqual([]);
          if (tooLong)
            expect(checkCustom([op], custom).map((p) => p.message)).toContain(
              tooWide
                ? 'Com decimais, até 4 algarismos antes da vírgula (9.999,99).'
                : 'Com decimais, o dividendo tem até 4 algarismos ao todo: escolha menos algarismos ou menos casas.',
            );
        }
    // 1,5 − 0,7 borrows and 3,5 + 2,7 carries: the reserva of one digit or até 10, which naturals cannot have.
    const small = (op: 'add' | 'sub', numbers: CustomOptions['add'] & object): CustomOptions =>
      ({
        v: 1,
        format: 'armada',
        size: 'normal',
        count: 12,
        [op]: { ...numbers, regrouping: 'com', casas: 1 },
      }) as CustomOptions;
    expect(
      checkCustom(['sub'], small('sub', { numbers: { kind: 'digits', top: 1, bottom: 1 } } as never)),
    ).toEqual([]);
    expect(checkCustom(['add'], small('add', { numbers: { kind: 'max', max: 10 } } as never))).toEqual([]);
    expect(checkCustom(['sub'], small('sub', { numbers: { kind: 'max', max: 10 } } as never))).toEqual([]);
  });

  it(`recompute every answer in integer units with no violation, over ≥ ${MIN_PAGES} pages`, () => {
    const seeds = Math.ceil(((MIN_PAGES / all.length) * SCALE) / 1) + 1;
    let pages = 0;
    let problems = 0;
    const found: string[] = [];
    const mixedCasas = { seen: 0 };
    for (const { label, operations, custom } of all)
      for (let seed = 0; seed < seeds; seed++) {
        const page = generatePage(`decimal-${seed}`, pageOptions(operations, custom));
        pages++;
        for (const problem of page.problems) {
          problems++;
          for (const violation of violations(problem, custom))
            if (found.length < 20) found.push(`${label}: ${violation}`);
          if (
            problem.decimal &&
            problem.decimal.a !== problem.decimal.b &&
            problem.op !== 'mult' &&
            problem.op !== 'div'
          )
            mixedCasas.seen++;
        }
        const codes = page.bncc;
        const money = operations.some((op) => custom[op]?.casas === 'reais');
        if (
          money
            ? !codes.some((code) => code === 'EF03MA24' || code === 'EF04MA25')
            : !codes.some((code) => code.startsWith('EF05'))
        )
          if (found.length < 20) found.push(`${label}: BNCC ${codes.join(' ')}`);
      }
    expect(found).toEqual([]);
    expect(pages).toBeGreaterThanOrEqual(MIN_PAGES);
    expect(problems).toBeGreaterThan(pages);
    // 3,5 + 12,75: terms of different casas come, for the learner to complete with zero.
    expect(mixedCasas.seen).toBeGreaterThan(0);
  });

  it(`tells money in situações-problema: every setting em reais, answers recomputed in centavos, over ≥ ${MONEY_PAGES} pages`, () => {
    const found: string[] = [];
    let pages = 0;
    let settings = 0;
    const templates = new Set<string>();
    const reaisSettings = (['add', 'sub', 'mult', 'div'] as const).flatMap((op) =>
      settingsOf(op, 'reais').map((setting) => ({ op, setting })),
    );
    // Half the settings or more are told (the others are wider than a cell), so twice the seeds of an even share.
    const seeds = Math.ceil((2 * MONEY_PAGES * SCALE) / reaisSettings.length);
    for (const { op, setting } of reaisSettings) {
      const withFormat = (format: SheetFormat) => {
        const base = { v: 1, format, size: 'normal', [op]: setting } as const;
        return { ...base, count: allowedCounts(base as never).at(-1)! } as CustomOptions;
      };
      const custom = withFormat('problemas');
      // Every setting em reais a conta armada takes is told in situações-problema too.
      const armada = checkCustom([op], withFormat('armada')).length === 0;
      const refused = checkCustom([op], custom);
      if (armada !== (refused.length === 0))
        found.push(`${op} ${JSON.stringify(setting)}: ${refused[0]?.message}`);
      if (refused.length > 0) continue;
      settings++;
      for (let seed = 0; seed < seeds; seed++) {
        const page = generatePage(`dinheiro-${seed}`, pageOptions([op], custom));
        pages++;
        for (const word of page.words!) {
          const c = word.conta;
          const label = `${word.template}: ${word.statement} ${word.question} ${word.answerSentence}`;
          templates.add(word.template);
          const expected =
            c.op === 'add' ? c.a + c.b : c.op === 'sub' ? c.a - c.b : c.op === 'mult' ? c.a * c.b : c.a / c.b;
          if (c.decimal?.reais !== true || !word.template.endsWith('-reais'))
            found.push(`${label}: not money`);
          if (c.result !== expected || word.answer !== expected)
            found.push(`${label}: the answer is ${expected}`);
          // The story says the conta's numbers and the answer sentence its result, as money is written.
          if (!word.statement.includes(reais(c.a))) found.push(`${label}: ${reais(c.a)} not told`);
          if (!word.answerSentence.includes(reais(c.result)))
            found.push(`${label}: ${reais(c.result)} not answered`);
          const small = (c.op === 'add' || c.op === 'sub') && Math.max(c.a, c.b, c.result) <= 10_000;
          if (word.bncc.join() !== (small ? 'EF03MA24' : 'EF04MA25'))
            found.push(`${label}: BNCC ${word.bncc.join()}`);
        }
      }
    }
    expect(found.slice(0, 10)).toEqual([]);
    expect(settings).toBeGreaterThan(reaisSettings.length / 2);
    expect(pages).toBeGreaterThanOrEqual(MONEY_PAGES);
    // Every money story comes: the troco of a note among them.
    expect([...templates].sort()).toEqual(MONEY_TEMPLATES.map((t) => t.id).sort());
  });

  it('pays in cédulas e moedas: the fewest pieces, read back from the answer sentence, over every setting of + and − em reais', () => {
    const least = leastPieces(200_000);
    const found: string[] = [];
    const templates = new Set<string>();
    let pages = 0;
    let accepted = 0;
    const settings = (['add', 'sub'] as const).flatMap((op) =>
      settingsOf(op, 'reais').map((setting) => ({ op, setting })),
    );
    for (const { op, setting } of settings) {
      const base = { v: 1, format: 'problemas', size: 'normal', [op]: setting } as const;
      const options = { ...base, meanings: ['cedulas-moedas'] } as Omit<CustomOptions, 'count'>;
      const custom = { ...options, count: allowedCounts(options).at(-1)! } as CustomOptions;
      if (checkCustom([op], custom).length > 0) continue;
      accepted++;
      for (let seed = 0; seed < Math.ceil(20 * SCALE); seed++) {
        const page = generatePage(`cedulas-${seed}`, pageOptions([op], custom));
        pages++;
        for (const word of page.words!) {
          const c = word.conta;
          const label = `${word.template}: ${word.statement} ${word.question} ${word.answerSentence}`;
          templates.add(word.template);
          const total = c.op === 'add' ? c.a + c.b : c.a - c.b;
          const read = piecesOfSentence(word.answerSentence);
          if (word.kind !== 'cedulas-moedas' || c.result !== total)
            found.push(`${label}: not a conta of ${total}`);
          else if (read === null) found.push(`${label}: pieces not read`);
          else if (read.value !== total) found.push(`${label}: the pieces make ${read.value}, not ${total}`);
          else if (read.count !== least[total / 5] || word.answer !== read.count)
            found.push(`${label}: ${read.count} pieces, the least is ${least[total / 5]}`);
          if (!word.statement.includes(reais(c.a)) || !word.statement.includes(reais(c.b)))
            found.push(`${label}: the terms not told`);
          const small = Math.max(c.a, c.b, c.result) <= 10_000;
          if (word.bncc.join() !== (small ? 'EF03MA24' : 'EF04MA25'))
            found.push(`${label}: BNCC ${word.bncc.join()}`);
        }
      }
    }
    expect(found.slice(0, 10)).toEqual([]);
    // The settings of 3º and 4º ano money pages are told (the 3º ano's "até R$ 100" among them).
    expect(accepted).toBeGreaterThan(settings.length / 3);
    expect(pages).toBeGreaterThanOrEqual(400);
    expect([...templates].sort()).toEqual(CEDULAS_TEMPLATES.map((t) => t.id).sort());
  });

  it('refuses decimals but money in situações-problema, the tabuada em ordem and a division with resto', () => {
    const base = { v: 1 as const, size: 'normal' as const };
    const refusal = (ops: Operation[], custom: CustomOptions) =>
      checkCustom(ops, custom).map((p) => p.message);
    expect(
      refusal(['add'], {
        ...base,
        format: 'problemas',
        count: 6,
        add: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 1 },
      }),
    ).toContain('Nas situações-problema, os decimais são de dinheiro: escolha “Em reais”.');
    expect(
      refusal(['mult'], {
        ...base,
        format: 'linha',
        count: 10,
        mult: { multiplier: { kind: 'tables', tables: [2] }, multiplicand: 'ordem', casas: 1 },
      }),
    ).toContain('A tabuada em ordem é de números naturais.');
    expect(
      refusal(['div'], {
        ...base,
        format: 'armada',
        count: 12,
        div: { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 3, remainders: 'misturado', casas: 2 },
      }),
    ).toContain('Com decimais, a divisão continua até a última casa: escolha “exata”.');
    const wrong = {
      ...base,
      format: 'armada',
      count: 12,
      add: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 3 },
    } as unknown as CustomOptions;
    expect(refusal(['add'], wrong)).toEqual([
      'Números: escolha naturais, 1 casa decimal, 2 casas decimais ou em reais.',
    ]);
    expect(CustomOptionsSchema.safeParse(wrong).error?.issues[0]?.message).toBe(
      'Números: escolha naturais, 1 casa decimal, 2 casas decimais ou em reais.',
    );
  });

  it('draws quotients em reais ending in 0 (12,60 ÷ 3 = 4,20) and whole dividends completed with zeros (13 ÷ 4 = 3,25)', () => {
    const div = (casas: Casas): CustomOptions => ({
      v: 1,
      format: 'armada',
      size: 'normal',
      count: 12,
      div: { divisor: { kind: 'list', divisors: [2, 4, 5] }, dividend: 2, remainders: 'exata', casas },
    });
    const problems = (casas: Casas) =>
      Array.from(
        { length: 200 },
        (_, seed) => generatePage(`d${seed}`, pageOptions(['div'], div(casas))).problems,
      ).flat();
    const text = (p: Problem) =>
      `${contaNumberText(p, 'a', { group: false })} ÷ ${p.b} = ${contaNumberText(p, 'result', { group: false })}`;
    expect(
      problems('reais')
        .map(text)
        .some((line) => /^\d+,\d\d ÷ \d = \d+,\d0$/.test(line)),
    ).toBe(true);
    expect(
      problems(2)
        .map(text)
        .some((line) => /^\d+ ÷ \d = \d+,\d\d$/.test(line)),
    ).toBe(true);
    expect(
      problems(1)
        .map(text)
        .some((line) => /^\d+ ÷ \d = \d+,\d$/.test(line)),
    ).toBe(true);
  });
});
