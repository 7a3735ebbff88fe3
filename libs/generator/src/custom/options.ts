import {
  CASAS,
  COUNT_RANGE,
  CUSTOM_MESSAGES,
  DIGITS_RANGE,
  DIVIDENDS,
  DIVISOR_RANGE,
  FORMATS,
  MAX_CHOICES,
  MEANING_VALUES,
  MULTIPLICANDS,
  ORDERED_FACTS,
  ORDERED_TABLE_RANGE,
  REGROUPINGS,
  REMAINDERS,
  SIZES,
  TABLE_RANGE,
  inRange,
  type AddSubOptions,
  type CustomOptions,
  type DivOptions,
  type IntRange,
  type MultOptions,
  type PrintSize,
  type SheetFormat,
} from '@app/contracts/custom-shape';
import type { Level, Operation } from '../types.js';
import { DEFAULT_MEANINGS, kindsOfMeanings, meaningOps, type WordKind } from '../word/kinds.js';
import { tellableKinds, tellsConta } from '../word/generate.js';
import { answerKey, factOf, MAX_SAME_ANSWER, problemKey, solve } from '../problems.js';
import { randomFromSeed } from '../random.js';
import { MIN_DISTINCT, spaceOf, type KindPool } from './draw.js';
import { customSource } from './source.js';

/**
 * A page's custom options ("Personalizar"): their shape, ranges and the words that refuse them are the contracts'
 * custom-shape.ts, the one home the API's zod schema is written from too; this module adds what a shape cannot say
 * (`checkCustom`: impossible combinations, the counts a format holds), in the words the panel shows next to the
 * control. A page without custom options is drawn by its level's preset (the level table of the README).
 */
export {
  CUSTOM_VERSION,
  DIVIDENDS,
  FORMATS,
  MAX_CHOICES,
  MAX_DIGITS,
  MULTIPLICANDS,
  ONE_DIGIT_DIVISORS,
  ORDERED_FACTS,
  ORDERED_TABLES,
  TABLES,
  TITLE_MAX,
} from '@app/contracts/custom-shape';
export type {
  AddSubOptions,
  CustomOptions,
  DivOptions,
  MultOptions,
  NumberSize,
  PrintSize,
  Regrouping,
  Remainders,
  SheetFormat,
} from '@app/contracts/custom-shape';

/** The words of the formats, as the panel and the sentence say them. */
export const FORMAT_NAMES: Readonly<Record<SheetFormat, string>> = {
  armada: 'Conta armada',
  arme: 'Arme e efetue',
  linha: 'Fatos em linha',
  lacuna: 'Número que falta',
  problemas: 'Situações-problema',
};

/**
 * How many problems a format holds on one A4 page, by print size (the layout test holds every one of them). A
 * conta that needs more room (÷ in the chave, × by two digits) takes the first list of `ROOMY_COUNTS`.
 */
export const FORMAT_COUNTS: Readonly<Record<SheetFormat, Readonly<Record<PrintSize, readonly number[]>>>> = {
  armada: { normal: [10, 12, 15, 16, 20], grande: [6, 9, 12] },
  arme: { normal: [8, 10, 12], grande: [6, 8] },
  linha: { normal: [10, 15, 20, 30, 40], grande: [10, 12, 20, 30] },
  lacuna: { normal: [10, 15, 20, 30, 40], grande: [10, 12, 20, 30] },
  problemas: { normal: [4, 5, 6, 7, 8, 9, 10], grande: [2, 3, 4, 5, 6] },
};

/**
 * How many situações-problema one A4 page holds, by the lines their tallest conta takes worked in the quadriculado
 * (`problemRoom`): a page of more continues on another sheet of paper (and its gabarito likewise). Measured by the
 * pdf-worker's layout test with the longest stories that tell the widest contas: in normal a conta of five lines
 * leaves a third of the page seven lines of text, one of seven lines five, too few for the longest stories.
 */
export const PROBLEMS_PER_PAGE: Readonly<
  Record<'facts' | 'roomy' | 'widest', Readonly<Record<PrintSize, number>>>
> = {
  facts: { normal: 6, grande: 3 },
  roomy: { normal: 4, grande: 2 },
  widest: { normal: 4, grande: 2 },
};

/**
 * How many a page holds when the meanings hold duas etapas: both contas of a problem in its quadriculado (one above
 * the other in normal, side by side in grande), the second as large as its story makes it (× by up to 20 from a fact;
 * with ÷ on the page, a chave of a five-digit dividend, eleven lines). Measured like `PROBLEMS_PER_PAGE`: in grande a
 * problem with that chave takes half a page, in normal a column of a page.
 */
export const TWO_STEP_PROBLEMS_PER_PAGE: Readonly<
  Record<'facts' | 'roomy' | 'widest', Readonly<Record<PrintSize, number>>>
> = {
  facts: { normal: 4, grande: 2 },
  roomy: { normal: 2, grande: 1 },
  widest: { normal: 2, grande: 1 },
};

/**
 * The most lines a conta of these options takes worked in a quadriculado, under its terms as the gabarito writes it:
 * + and − 4 (a row of carries or borrows, the two terms, the result); × 4, or 7 by a multiplier of two digits (the
 * tabuada do 10 too: a row of carries and a partial product a digit, and their sum); ÷ the dividend, then a product
 * and a rest a step (one a digit of the dividend past the divisor's, and one): 5 for the facts or two digits by one,
 * 7 for three digits by one or four by two, 9 for four by one.
 */
export function tallestContaLines(custom: Pick<CustomOptions, 'mult' | 'div'>): number {
  const { mult, div } = custom;
  const multiplier = mult?.multiplier;
  const multLines =
    multiplier === undefined
      ? 0
      : multiplier.kind === 'twoDigits' || multiplier.tables.some((table) => table >= 10)
        ? 7
        : 4;
  let divLines = 0;
  if (div !== undefined) {
    const divisor = div.divisor.kind === 'twoDigits' ? 2 : 1;
    // A fact (a quotient of 2 to 10, and its resto) has a digit more than its divisor.
    const dividend = div.dividend === 'fatos' ? divisor + 1 : div.dividend;
    divLines = 1 + 2 * Math.max(1, dividend - divisor + 1);
  }
  return Math.max(4, multLines, divLines);
}

/**
 * The room a situação-problema of these options takes, by its tallest conta (`tallestContaLines`): `facts` up to 5
 * lines, `roomy` 7, `widest` 9; with duas etapas and ÷ on the page at least `roomy` (a story's second conta may be a
 * chave of a long dividend, whatever the page's first contas are), and with cédulas e moedas (their answer is long).
 */
export function problemRoom(
  custom: Pick<CustomOptions, 'mult' | 'div' | 'meanings'>,
): 'facts' | 'roomy' | 'widest' {
  const lines = tallestContaLines(custom);
  const room = lines <= 5 ? 'facts' : lines <= 7 ? 'roomy' : 'widest';
  // Cédulas e moedas: an answer naming up to 10 of them takes the lines of a chave beside its conta.
  const roomier =
    (custom.div !== undefined && custom.meanings?.includes('duas-etapas')) ||
    custom.meanings?.includes('cedulas-moedas');
  return room === 'facts' && roomier ? 'roomy' : room;
}

/** The situações-problema one A4 page of these options holds (`PROBLEMS_PER_PAGE`, `TWO_STEP_PROBLEMS_PER_PAGE`). */
export function problemsPerPage(custom: Pick<CustomOptions, 'size' | 'mult' | 'div' | 'meanings'>): number {
  const perPage = custom.meanings?.includes('duas-etapas') ? TWO_STEP_PROBLEMS_PER_PAGE : PROBLEMS_PER_PAGE;
  return perPage[problemRoom(custom)][custom.size];
}

/**
 * The sheets of paper a page of these options takes: 1, or more for situações-problema past one page's room (the
 * same for every page of the same options: a class set's versions share them).
 */
export function exercisePages(
  custom: Pick<CustomOptions, 'format' | 'size' | 'mult' | 'div' | 'count' | 'meanings'>,
): number {
  if (custom.format !== 'problemas') return 1;
  return Math.ceil(custom.count / problemsPerPage(custom));
}

/**
 * Counts of a page of situações-problema whose contas need more room in the "Cálculo" quadriculado (`roomy`: ÷ in
 * the chave or × by two digits; `widest`: a four-digit dividend by one digit), measured by the layout test.
 */
export const PROBLEM_ROOM_COUNTS: Readonly<
  Record<'roomy' | 'widest', Readonly<Record<PrintSize, readonly number[]>>>
> = {
  roomy: { normal: [4, 5, 6, 7, 8, 9, 10], grande: [2, 3, 4] },
  widest: { normal: [4, 5, 6, 7, 8], grande: [2, 3, 4] },
};

/**
 * Counts of a page whose contas need more room: armada or arme with ÷ in the chave or × by two digits (measured by
 * the sheet's layout test, like every list here).
 */
export const ROOMY_COUNTS: Readonly<Record<PrintSize, readonly number[]>> = {
  normal: [8, 10, 12],
  grande: [4],
};

/**
 * Counts of a page with the widest chave: a four-digit dividend by a one-digit divisor (nine digit columns and four
 * steps, nine written lines).
 */
export const WIDEST_COUNTS: Readonly<Record<PrintSize, readonly number[]>> = {
  normal: [6, 9],
  grande: [4],
};

/**
 * The room a conta of these options takes: `roomy` for ÷ in the chave or × by two digits, `widest` for a
 * four-digit dividend by one digit, `facts` for a page of lines or a conta of + − × by one digit.
 */
export function roomNeeded(
  custom: Pick<CustomOptions, 'format' | 'mult' | 'div'>,
): 'facts' | 'roomy' | 'widest' {
  if (custom.format !== 'armada' && custom.format !== 'arme' && custom.format !== 'problemas') return 'facts';
  if (custom.div?.dividend === 4 && custom.div.divisor.kind === 'list') return 'widest';
  // A decimal dividend's casas are digits of the chave too (26,95 ÷ 5 works as 2695 does).
  if (custom.div?.casas !== undefined && dividendDigits(custom.div) >= 4) return 'widest';
  return custom.div !== undefined || custom.mult?.multiplier.kind === 'twoDigits' ? 'roomy' : 'facts';
}

/**
 * The digits of the longest dividend of the options, in the chave: its whole part (a fact's up to 2) and its casas.
 */
export function dividendDigits(div: DivOptions): number {
  const whole = div.dividend === 'fatos' ? 2 : div.dividend;
  return whole + (div.casas === undefined ? 0 : div.casas === 'reais' ? 2 : div.casas);
}

/** The most digits a decimal dividend has in all (the widest chave a cell holds, measured by the layout test). */
export const DECIMAL_DIVIDEND_DIGITS = 4;

/**
 * The most digits of a decimal's whole part in + and − (9.999,99; R$ 9.999,99 is what a family or a school pays): a
 * conta of 4 and 2 casas is as wide as a natural one of 7 digits (measured by the layout test).
 */
export const DECIMAL_WHOLE_DIGITS = 4;

/** Whether a problem of these options needs the roomy cells (chave, or two partial products). */
export function needsRoom(custom: Pick<CustomOptions, 'format' | 'mult' | 'div'>): boolean {
  return roomNeeded(custom) !== 'facts';
}

export function allowedCounts(
  custom: Pick<CustomOptions, 'format' | 'size' | 'mult' | 'div'>,
): readonly number[] {
  const room = roomNeeded(custom);
  if (custom.format === 'problemas')
    return room === 'facts' ? FORMAT_COUNTS.problemas[custom.size] : PROBLEM_ROOM_COUNTS[room][custom.size];
  if (room === 'widest') return WIDEST_COUNTS[custom.size];
  return room === 'roomy' ? ROOMY_COUNTS[custom.size] : FORMAT_COUNTS[custom.format][custom.size];
}

/**
 * A refusal: the control it belongs to (a dotted path in CustomOptions) and why. `atCreation`: a rule for new pages
 * only (the counts a format holds, facts only in a line), which a stored page keeps drawing past.
 */
export interface CustomProblem {
  field: string;
  message: string;
  atCreation?: true;
}

const OPERATION_WORDS: Readonly<Record<Operation, string>> = {
  add: 'adição',
  sub: 'subtração',
  mult: 'multiplicação',
  div: 'divisão',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value is one of a closed list (the options' words and numbers). */
const isOneOf = (value: unknown, list: readonly unknown[]): boolean => list.includes(value);

/** A list of distinct whole numbers of a range, at least one (the panel's words for tabuadas and divisors). */
function listProblem(
  value: unknown,
  range: IntRange,
  words: { one: string; many: string; each: string },
): string | null {
  if (!Array.isArray(value) || value.length === 0) return `Escolha pelo menos ${words.one}.`;
  if (!value.every((item) => inRange(item, range)))
    return `Escolha ${words.many} de ${range.min} a ${range.max}.`;
  if (new Set(value).size !== value.length) return `Cada ${words.each} só uma vez.`;
  return null;
}

/**
 * The shape and ranges of the options (custom-shape.ts in the contracts, which the API's zod schema checks too), so
 * that the generator refuses what the API refuses whoever calls it, in the same words.
 */
function shapeProblems(custom: CustomOptions): CustomProblem[] {
  const problems: CustomProblem[] = [];
  const refuse = (field: string, message: string) => problems.push({ field, message });
  const options = custom as unknown as Record<string, unknown>;
  if (!isObject(options)) return [{ field: 'format', message: 'Opções da página inválidas.' }];
  if (!isOneOf(options.format, FORMATS)) refuse('format', CUSTOM_MESSAGES.format);
  if (!isOneOf(options.size, SIZES)) refuse('size', CUSTOM_MESSAGES.size);
  if (!inRange(options.count, COUNT_RANGE)) refuse('count', CUSTOM_MESSAGES.count);
  for (const op of ['add', 'sub'] as const) {
    const value = options[op];
    if (value === undefined) continue;
    const numbers = isObject(value) ? value.numbers : undefined;
    if (!isObject(value) || !isObject(numbers)) {
      refuse(op, `Escolha as opções da ${OPERATION_WORDS[op]}.`);
      continue;
    }
    if (numbers.kind === 'digits') {
      if (!inRange(numbers.top, DIGITS_RANGE) || !inRange(numbers.bottom, DIGITS_RANGE))
        refuse(`${op}.numbers`, CUSTOM_MESSAGES.digits);
    } else if (numbers.kind !== 'max' || !isOneOf(numbers.max, MAX_CHOICES))
      refuse(`${op}.numbers`, CUSTOM_MESSAGES.max);
    if (!isOneOf(value.regrouping, REGROUPINGS)) refuse(`${op}.regrouping`, CUSTOM_MESSAGES.regrouping);
  }
  const mult = options.mult;
  if (mult !== undefined) {
    if (!isObject(mult) || !isObject(mult.multiplier)) refuse('mult', 'Escolha as opções da multiplicação.');
    else {
      const ordered = mult.multiplicand === 'ordem';
      if (!isOneOf(mult.multiplicand, MULTIPLICANDS))
        refuse('mult.multiplicand', CUSTOM_MESSAGES.multiplicand);
      if (mult.multiplier.kind === 'tables') {
        const tables = mult.multiplier.tables;
        const wrong = listProblem(tables, ordered ? ORDERED_TABLE_RANGE : TABLE_RANGE, {
          one: 'uma tabuada',
          many: 'tabuadas',
          each: 'tabuada',
        });
        const onlyTheOne =
          !ordered && listProblem(tables, ORDERED_TABLE_RANGE, { one: '', many: '', each: '' }) === null;
        if (wrong !== null)
          refuse('mult.multiplier', onlyTheOne ? 'A tabuada do 1 só na tabuada em ordem.' : wrong);
      } else if (mult.multiplier.kind !== 'twoDigits')
        refuse('mult.multiplier', 'Multiplicador: escolha tabuadas ou 2 algarismos.');
      else if (ordered)
        refuse('mult.multiplicand', 'A tabuada em ordem é de uma tabuada: escolha as tabuadas.');
    }
  }
  const div = options.div;
  if (div !== undefined) {
    if (!isObject(div) || !isObject(div.divisor)) refuse('div', 'Escolha as opções da divisão.');
    else {
      if (div.divisor.kind === 'list') {
        const wrong = listProblem(div.divisor.divisors, DIVISOR_RANGE, {
          one: 'um divisor',
          many: 'divisores',
          each: 'divisor',
        });
        if (wrong !== null) refuse('div.divisor', wrong);
      } else if (div.divisor.kind !== 'twoDigits')
        refuse(
          'div.divisor',
          `Divisor: escolha de ${DIVISOR_RANGE.min} a ${DIVISOR_RANGE.max} ou 2 algarismos.`,
        );
      if (!isOneOf(div.dividend, DIVIDENDS)) refuse('div.dividend', CUSTOM_MESSAGES.dividend);
      if (!isOneOf(div.remainders, REMAINDERS)) refuse('div.remainders', CUSTOM_MESSAGES.remainders);
    }
  }
  for (const op of ['add', 'sub', 'mult', 'div'] as const) {
    const value = options[op];
    if (isObject(value) && value.casas !== undefined && !isOneOf(value.casas, CASAS))
      refuse(`${op}.casas`, CUSTOM_MESSAGES.casas);
  }
  if (options.meanings !== undefined) {
    const meanings = options.meanings;
    if (!Array.isArray(meanings) || meanings.length === 0) refuse('meanings', CUSTOM_MESSAGES.meaningsEmpty);
    else if (!meanings.every((meaning) => isOneOf(meaning, MEANING_VALUES)))
      refuse('meanings', CUSTOM_MESSAGES.meaningUnknown);
    else if (new Set(meanings).size !== meanings.length) refuse('meanings', CUSTOM_MESSAGES.meaningTwice);
  }
  return problems;
}

/** Whether an operation's options draw facts (a conta a teacher computes in the head, fit for a line). */
function isFact(op: Operation, custom: CustomOptions): boolean {
  switch (op) {
    case 'add':
    case 'sub': {
      const numbers = (custom[op] as AddSubOptions).numbers;
      return numbers.kind === 'max' ? numbers.max <= 100 : numbers.top <= 2 && numbers.bottom <= 2;
    }
    case 'mult': {
      const mult = custom.mult as MultOptions;
      return (
        mult.multiplier.kind === 'tables' && (mult.multiplicand === 'fatos' || mult.multiplicand === 'ordem')
      );
    }
    case 'div': {
      const div = custom.div as DivOptions;
      return div.divisor.kind === 'list' && div.dividend === 'fatos';
    }
  }
}

/** Why an operation's contas are not facts, said at its control. */
const NOT_FACTS: Readonly<Record<Operation, { field: string; message: string }>> = {
  add: {
    field: 'add.numbers',
    message:
      'Em “Fatos em linha” e “Número que falta”, a adição vai até 2 algarismos (ou até 100): são contas de cabeça.',
  },
  sub: {
    field: 'sub.numbers',
    message:
      'Em “Fatos em linha” e “Número que falta”, a subtração vai até 2 algarismos (ou até 100): são contas de cabeça.',
  },
  mult: {
    field: 'mult.multiplicand',
    message:
      'Em “Fatos em linha” e “Número que falta”, a multiplicação é de tabuadas: escolha multiplicando “fatos”.',
  },
  div: {
    field: 'div.dividend',
    message:
      'Em “Fatos em linha” e “Número que falta”, a divisão é de tabuada: escolha divisores de 2 a 9 e dividendo “fatos”.',
  },
};

/**
 * Everything that stops a page of these options from being drawn, or that a new page may not ask for: the shape and
 * ranges (`shapeProblems`), every selected operation with its settings and no other, − com reserva with a minuend of
 * two digits or more, the subtrahend no longer than the minuend, a missing number only with exact divisions, the
 * tabuada em ordem alone and in a line, enough different contas, meanings that the numbers can tell, and (for new
 * pages: `atCreation`) facts only in a line and a count the format holds. Empty when the page can be drawn. Never
 * throws, whatever it is given. Shared by the server (400 with the first message), the panel (each message beside its
 * control) and `generatePage`.
 */
export function checkCustom(operations: readonly Operation[], custom: CustomOptions): CustomProblem[] {
  const shape = shapeProblems(custom);
  if (shape.length > 0) return shape;
  const problems: CustomProblem[] = [];
  for (const op of ['add', 'sub', 'mult', 'div'] as const) {
    const selected = operations.includes(op);
    if (selected && custom[op] === undefined)
      problems.push({ field: op, message: `Escolha as opções da ${OPERATION_WORDS[op]}.` });
    if (!selected && custom[op] !== undefined)
      problems.push({ field: op, message: `A ${OPERATION_WORDS[op]} não está marcada nesta página.` });
  }
  // Decimals regroup across the vírgula however small their whole part (1,5 − 0,7; 3,5 + 2,7 até 10).
  const sub = custom.sub;
  const naturalSub = sub?.casas === undefined;
  if (sub?.numbers.kind === 'digits') {
    if (sub.numbers.bottom > sub.numbers.top)
      problems.push({
        field: 'sub.numbers',
        message: 'Na subtração, o número de baixo não pode ter mais algarismos que o de cima.',
      });
    else if (sub.numbers.top === 1 && sub.regrouping === 'com' && naturalSub)
      problems.push({
        field: 'sub.regrouping',
        message: 'Subtração com reserva precisa de pelo menos 2 algarismos no número de cima.',
      });
  }
  if (sub?.numbers.kind === 'max' && sub.numbers.max < 20 && sub.regrouping === 'com' && naturalSub)
    problems.push({
      field: 'sub.regrouping',
      message: 'Subtração com reserva precisa de números maiores que 10. Escolha “até 20” ou mais.',
    });
  const add = custom.add?.casas === undefined ? custom.add : undefined;
  if (add?.numbers.kind === 'max' && add.numbers.max < 20 && add.regrouping === 'com')
    problems.push({
      field: 'add.regrouping',
      message: 'Adição com reserva precisa de somas maiores que 10. Escolha “até 20” ou mais.',
    });
  if (custom.format === 'lacuna' && custom.div !== undefined && custom.div.remainders !== 'exata')
    problems.push({
      field: 'div.remainders',
      message: 'No formato “Número que falta”, a divisão precisa ser exata.',
    });
  problems.push(...decimalProblems(operations, custom));
  if (custom.meanings !== undefined && custom.format !== 'problemas')
    problems.push({ field: 'meanings', message: 'Os significados são das situações-problema.' });
  problems.push(...orderedProblems(operations, custom));
  if (problems.length > 0) return problems;
  // Too few different problems to be worth a page (counted by enumerating the option's space; the repeat rule of
  // the README covers the small spaces above the bound, such as the tabuada do 2 and its nine facts).
  for (const op of ['add', 'sub', 'mult', 'div'] as const) {
    if (!operations.includes(op) || custom[op] === undefined) continue;
    if (custom.mult?.multiplicand === 'ordem') continue;
    const few = spaceOf(op, custom).pools.find((pool) => pool.distinct < MIN_DISTINCT);
    if (few !== undefined)
      problems.push({
        field: SPACE_FIELDS[op],
        message: `Com estas opções há só ${few.distinct} ${few.distinct === 1 ? 'conta diferente' : 'contas diferentes'} de ${OPERATION_WORDS[op]}${KIND_WORDS[few.kind]}. Escolha números maiores.`,
      });
  }
  if (custom.format === 'problemas') problems.push(...checkProblemas(operations, custom, problems));
  if (custom.format === 'linha' || custom.format === 'lacuna')
    for (const op of operations)
      if (custom[op] !== undefined && !isFact(op, custom))
        problems.push({ ...NOT_FACTS[op], atCreation: true });
  if (!allowedCounts(custom).includes(custom.count))
    problems.push({
      field: 'count',
      message: `Neste formato e tamanho, escolha ${listWords(allowedCounts(custom).map(String))} ${
        custom.format === 'problemas' ? 'problemas' : 'contas'
      }.`,
      atCreation: true,
    });
  return problems;
}

/**
 * Decimals (`casas`): in situações-problema only em reais (the money stories of templates/money.ts; the others count
 * things), never the tabuada em ordem, and a division exact to its last casa.
 */
function decimalProblems(operations: readonly Operation[], custom: CustomOptions): CustomProblem[] {
  const problems: CustomProblem[] = [];
  for (const op of operations) {
    const casas = custom[op]?.casas;
    if (casas === undefined) continue;
    if (custom.format === 'problemas' && casas !== 'reais')
      problems.push({
        field: `${op}.casas`,
        message: 'Nas situações-problema, os decimais são de dinheiro: escolha “Em reais”.',
      });
  }
  if (custom.mult?.casas !== undefined && custom.mult.multiplicand === 'ordem')
    problems.push({ field: 'mult.casas', message: 'A tabuada em ordem é de números naturais.' });
  for (const op of ['add', 'sub'] as const) {
    const numbers = custom[op]?.casas !== undefined ? custom[op].numbers : undefined;
    if (numbers?.kind === 'digits' && Math.max(numbers.top, numbers.bottom) > DECIMAL_WHOLE_DIGITS)
      problems.push({
        field: `${op}.numbers`,
        message: `Com decimais, até ${DECIMAL_WHOLE_DIGITS} algarismos antes da vírgula (9.999,99).`,
      });
  }
  if (custom.div?.casas !== undefined && dividendDigits(custom.div) > DECIMAL_DIVIDEND_DIGITS)
    problems.push({
      field: 'div.dividend',
      message: `Com decimais, o dividendo tem até ${DECIMAL_DIVIDEND_DIGITS} algarismos ao todo: escolha menos algarismos ou menos casas.`,
    });
  if (custom.div?.casas !== undefined && custom.div.remainders !== 'exata')
    problems.push({
      field: 'div.remainders',
      message: 'Com decimais, a divisão continua até a última casa: escolha “exata”.',
    });
  return problems;
}

/** The tabuada em ordem: × alone, in a line (or with the number missing), ten contas a tabuada. */
function orderedProblems(operations: readonly Operation[], custom: CustomOptions): CustomProblem[] {
  const mult = custom.mult;
  if (mult === undefined) return [];
  const tables = mult.multiplier.kind === 'tables' ? mult.multiplier.tables : [];
  if (mult.multiplicand !== 'ordem') return [];
  if (operations.length > 1 || operations[0] !== 'mult')
    return [
      {
        field: 'mult.multiplicand',
        message: 'A tabuada em ordem é só de multiplicação: desmarque as outras operações.',
      },
    ];
  if (custom.format !== 'linha' && custom.format !== 'lacuna')
    return [
      {
        field: 'format',
        message: 'A tabuada em ordem é em “Fatos em linha” ou “Número que falta”.',
      },
    ];
  if (custom.count !== tables.length * ORDERED_FACTS)
    return [
      {
        field: 'count',
        message: `A tabuada em ordem tem ${ORDERED_FACTS} contas por tabuada: escolha ${tables.length * ORDERED_FACTS} contas.`,
      },
    ];
  return [];
}

/**
 * Situações-problema never repeat a conta (a page asks different problems; the repeat rule of bare contas is not
 * applied): each kind of an operation's options (each side of a misturado coin, which may fall on one side every
 * time) must hold at least as many different contas as the page has problems of that operation.
 */
function checkProblemas(
  operations: readonly Operation[],
  custom: CustomOptions,
  before: readonly CustomProblem[],
): CustomProblem[] {
  const problems: CustomProblem[] = [];
  const selected = (['add', 'sub', 'mult', 'div'] as const).filter((op) => operations.includes(op));
  const slots = Math.ceil(custom.count / Math.max(1, selected.length));
  for (const op of selected) {
    if (custom[op] === undefined) continue;
    if (before.some((problem) => problem.field === op || problem.field.startsWith(`${op}.`))) continue;
    const few = spaceOf(op, custom).pools.find((pool) => pool.distinct < slots);
    if (few !== undefined)
      problems.push({
        field: SPACE_FIELDS[op],
        message: `Com estas opções há só ${few.distinct} contas diferentes de ${OPERATION_WORDS[op]}${KIND_WORDS[few.kind]}, e as situações-problema não repetem contas. Escolha menos problemas ou números maiores.`,
      });
  }
  if (problems.length > 0) return problems;
  if (selected.includes('mult') && selected.includes('div')) {
    const short = inverseShortfall(custom, slots);
    if (short !== null) return [short];
  }
  const meanings = custom.meanings ?? DEFAULT_MEANINGS;
  const kinds = kindsOfMeanings(meanings);
  for (const op of selected) {
    const tellable = tellableKinds(customSource(op, custom), op, selected, kinds);
    if (tellable.length > 0) {
      const few = fewTold(op, custom, selected, tellable, slots);
      if (few !== null) problems.push(few);
      continue;
    }
    const chosen = meanings.some((meaning) => meaningOps(meaning).includes(op));
    // For new pages only: a stored page was told when it was made, and later templates must not refuse it.
    problems.push({
      field: 'meanings',
      message: chosen
        ? `Os significados escolhidos não servem para estas contas de ${OPERATION_WORDS[op]}: escolha outros significados ou outros números.`
        : `Escolha pelo menos um significado da ${OPERATION_WORDS[op]}.`,
      atCreation: true,
    });
  }
  return problems;
}

/**
 * Small pools (enumerated) whose contas that the page's meanings can tell are fewer than the page's problems of the
 * operation, each answer counted at most twice (a page never repeats a conta nor shows an answer three times). The
 * engine asks the source again when a draw cannot be told, and a misturado coin is tossed anew each time, so both
 * sides count together. Null when they hold the page, or when a pool is large.
 */
function fewTold(
  op: Operation,
  custom: CustomOptions,
  operations: readonly Operation[],
  kinds: readonly WordKind[],
  slots: number,
): CustomProblem | null {
  const pools = spaceOf(op, custom).pools;
  if (pools.some((pool) => pool.list === null)) return null;
  const random = randomFromSeed(`contadas|${op}`);
  const byAnswer = new Map<string, Set<string>>();
  for (const pool of pools)
    for (const operands of pool.list ?? []) {
      const conta = solve(op, operands);
      if (!tellsConta(conta, kinds, operations, random)) continue;
      const contas = byAnswer.get(answerKey(conta)) ?? new Set<string>();
      byAnswer.set(answerKey(conta), contas.add(problemKey(conta)));
    }
  const held = [...byAnswer.values()].reduce(
    (sum, contas) => sum + Math.min(MAX_SAME_ANSWER, contas.size),
    0,
  );
  if (held >= slots) return null;
  return {
    field: SPACE_FIELDS[op],
    message: `Com estas opções, só ${held} ${held === 1 ? 'conta' : 'contas diferentes'} de ${OPERATION_WORDS[op]} ${held === 1 ? 'vira' : 'viram'} situação-problema nos significados escolhidos, e as situações-problema não repetem contas. Escolha menos problemas, outros significados ou números maiores.`,
    atCreation: true,
  };
}

/**
 * A page never holds a × fact and the exact division that undoes it (3 × 5 with 15 ÷ 3 or 15 ÷ 5). With small pools of
 * both (a tabuada and its divisions as facts) the contas drawn first can leave the other operation too few: each ×
 * conta takes away up to two exact divisions, each exact division one × conta. Refused when, at worst, fewer than the
 * page's problems of an operation are left.
 */
function inverseShortfall(custom: CustomOptions, slots: number): CustomProblem | null {
  const facts = (op: 'mult' | 'div', pool: KindPool) =>
    (pool.list ?? []).map((operands) => factOf(solve(op, operands)));
  const multPool = spaceOf('mult', custom).pools[0] as KindPool;
  if (multPool.list === null) return null;
  for (const divPool of spaceOf('div', custom).pools) {
    if (divPool.kind !== 'exata' || divPool.list === null) continue;
    const divFacts = facts('div', divPool);
    const multKeys = new Set(facts('mult', multPool));
    // × first: the slots × contas that undo the most divisions.
    const undone = [...multKeys]
      .map((key) => divFacts.filter((fact) => fact === key).length)
      .sort((x, y) => y - x)
      .slice(0, slots)
      .reduce((sum, n) => sum + n, 0);
    // ÷ first: each division undoes at most one × conta.
    const shared = [...multKeys].filter((key) => divFacts.includes(key)).length;
    if (divPool.distinct - undone < slots || multPool.distinct - Math.min(slots, shared) < slots)
      return {
        field: 'div.divisor',
        message:
          'Com estas opções, as divisões desfazem as multiplicações da página (3 × 5 e 15 ÷ 3), e sobram poucas contas diferentes. Escolha menos problemas, outros divisores ou outras tabuadas.',
      };
  }
  return null;
}

/** The control that sets the size of an operation's space. */
const SPACE_FIELDS: Readonly<Record<Operation, string>> = {
  add: 'add.numbers',
  sub: 'sub.numbers',
  mult: 'mult.multiplier',
  div: 'div.dividend',
};

const KIND_WORDS = {
  sem: ' sem reserva',
  com: ' com reserva',
  exata: ' exata',
  resto: ' com resto',
  fato: '',
};

/** "8, 12 ou 16". */
export function listWords(words: readonly string[], last = 'ou'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)!}`;
}

/**
 * The panel's starting values for a level: the options nearest to the level's preset (the README's level table is
 * finer than the options can say: Fácil + draws its sums evenly, for one). A page made without custom options is
 * drawn by the preset itself, not by these.
 */
export function presetOptions(
  level: Level,
): Required<Pick<CustomOptions, 'add' | 'sub' | 'mult' | 'div'>> & Pick<CustomOptions, 'format' | 'size'> {
  switch (level) {
    case 0:
      return {
        add: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
        sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
        mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 'fatos' },
        div: { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 'fatos', remainders: 'exata' },
        format: 'armada',
        size: 'normal',
      };
    case 1:
      return {
        add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
        sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
        mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 },
        div: {
          divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
          dividend: 3,
          remainders: 'misturado',
        },
        format: 'armada',
        size: 'normal',
      };
    case 2:
      return {
        add: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' },
        sub: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' },
        mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
        div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' },
        format: 'armada',
        size: 'normal',
      };
  }
}
