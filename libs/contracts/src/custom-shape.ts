/**
 * The custom options of a page ("Personalizar"): their shape, their ranges and the words that refuse a value out of
 * them, stated once. The contracts' zod schema (`CustomOptionsSchema`) and the generator's `checkCustom` are both
 * written from these, so the API, the generator and the panel cannot come to accept different options.
 *
 * No zod and no other import: the generator (which has no zod) and the SPA's screens import it on its own
 * (`@app/contracts/custom-shape`).
 *
 * A change of what these options draw is a new version (`v: 2`), never an edit of version 1: a stored page keeps its
 * options and is drawn again from them.
 */

/** A range of whole numbers, both ends included. */
export interface IntRange {
  readonly min: number;
  readonly max: number;
}

/** The whole numbers of a range, in order: `valuesOf({ min: 2, max: 4 })` is `[2, 3, 4]`. */
export const valuesOf = (range: IntRange): readonly number[] =>
  Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);

/** Whether a value is a whole number of the range. */
export const inRange = (value: unknown, range: IntRange): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

/** The words that refuse a number out of its range: "Algarismos: escolha de 1 a 5.". */
export const rangeMessage = (what: string, range: IntRange): string =>
  `${what}: escolha de ${range.min} a ${range.max}.`;

export const CUSTOM_VERSION = 1;

/** The digits of each term of + and − (`numbers.kind: 'digits'`). */
export const DIGITS_RANGE: IntRange = { min: 1, max: 5 };
export const MAX_DIGITS = DIGITS_RANGE.max;
/** The limits of "até" (`numbers.kind: 'max'`): every number of the conta up to one of these. */
export const MAX_CHOICES = [10, 20, 50, 100, 1000] as const;
export type MaxChoice = (typeof MAX_CHOICES)[number];

/** The tabuadas of ×; "em ordem" (N × 1 … N × 10) the tabuada do 1 too. */
export const TABLE_RANGE: IntRange = { min: 2, max: 10 };
export const ORDERED_TABLE_RANGE: IntRange = { min: 1, max: TABLE_RANGE.max };
export const TABLES = valuesOf(TABLE_RANGE);
export const ORDERED_TABLES = valuesOf(ORDERED_TABLE_RANGE);
/** A tabuada in order holds N × 1 … N × 10. */
export const ORDERED_FACTS = 10;

/** The one-digit divisors of ÷ (dividing by 1 teaches nothing). */
export const DIVISOR_RANGE: IntRange = { min: 2, max: 9 };
export const ONE_DIGIT_DIVISORS = valuesOf(DIVISOR_RANGE);

/** How many problems a page may ask for, before the format's own counts (`allowedCounts` in the generator). */
export const COUNT_RANGE: IntRange = { min: 1, max: 40 };

/** The teacher's own line under the title: plain text of at most this many characters. */
export const TITLE_MAX = 60;

export const REGROUPINGS = ['sem', 'com', 'misturado'] as const;
export const REMAINDERS = ['exata', 'resto', 'misturado'] as const;
/** The multiplicands and dividends the options name. */
export const MULTIPLICANDS = ['fatos', 2, 3, 'ordem'] as const;
export const DIVIDENDS = ['fatos', 2, 3, 4] as const;
export const FORMATS = ['armada', 'arme', 'linha', 'lacuna', 'problemas'] as const;
export const SIZES = ['normal', 'grande'] as const;
/**
 * The numbers of an operation: naturais (the option absent), decimals of 1 or 2 casas, or em reais (2 casas, printed
 * "R$ 12,50"). A decimal conta is drawn and checked in integers of its smallest unit (decimal.ts).
 */
export const CASAS = [1, 2, 'reais'] as const;

/** The meanings of the situações-problema a teacher may choose (each a group of the generator's word kinds). */
export const MEANING_VALUES = [
  'juntar-acrescentar',
  'separar-retirar',
  'comparar',
  'quantos-a-menos',
  'completar',
  'inicio-desconhecido',
  'parcelas-iguais',
  'disposicao-retangular',
  'proporcionalidade',
  'comparacao-multiplicativa',
  'combinatoria',
  'reparticao',
  'medida',
  'cedulas-moedas',
  'duas-etapas',
] as const;

/** + and −: sem reserva (no column carries or borrows), com reserva (at least one, inside the conta), or both. */
export type Regrouping = (typeof REGROUPINGS)[number];

/** Decimals of an operation: 1 or 2 casas decimais, or em reais (`CASAS`); absent, naturais. */
export type Casas = (typeof CASAS)[number];

/** ÷: exact divisions only, only with a resto, or both. */
export type Remainders = (typeof REMAINDERS)[number];

/**
 * How a problem is printed: `armada` the conta in columns (÷ in the chave), `arme` the conta in a line with room to
 * arm it ("Arme e efetue"), `linha` a fact in a line (7 × 8 = ___), `lacuna` a missing number (___ + 6 = 9),
 * `problemas` situações-problema (each conta told as a word problem, with a "Cálculo" quadriculado and a "Resposta"
 * line).
 */
export type SheetFormat = (typeof FORMATS)[number];

export type PrintSize = (typeof SIZES)[number];

/**
 * What a teacher chooses for situações-problema (the meanings they take), each a group of the generator's word kinds:
 * juntar and acrescentar are one choice, separar and retirar another, medida holds "quantos são necessários".
 */
export type Meaning = (typeof MEANING_VALUES)[number];

/**
 * The numbers of + and −: the digits of each term (top: the first term, the minuend; bottom: the second term, the
 * subtrahend), or every number of the conta up to `max` (for + the sum, for − the minuend). `max` is typed a number,
 * like the digits, for the panel's drafts; the schema and `checkCustom` accept only `MAX_CHOICES`.
 */
export type NumberSize = { kind: 'digits'; top: number; bottom: number } | { kind: 'max'; max: number };

export interface AddSubOptions {
  /** With decimals, the digits count the whole part (12,75 has 2) and `max` the value (até 100: R$ 100,00). */
  numbers: NumberSize;
  regrouping: Regrouping;
  casas?: Casas;
}

/**
 * ×: the multiplier is one of the tabuadas (`TABLES`) or any two-digit number; the multiplicand 2–10 or of 2–3
 * digits, or `ordem`, the tabuada in order: N × 1 … N × 10 for each tabuada chosen (`ORDERED_TABLES`, the tabuada do
 * 1 too), in a line or with the number missing.
 */
export interface MultOptions {
  multiplier: { kind: 'tables'; tables: number[] } | { kind: 'twoDigits' };
  /** `fatos`: 2–10 (the facts of the tabuadas); 2 or 3: that many digits; `ordem`: 1 to 10 in order. */
  multiplicand: (typeof MULTIPLICANDS)[number];
  /** A decimal multiplicand (its whole part as `multiplicand` says) by a natural multiplier (EF05MA08). */
  casas?: Casas;
}

/** ÷: the divisors (`ONE_DIGIT_DIVISORS`, or any two-digit number), the dividend's size and the restos. */
export interface DivOptions {
  divisor: { kind: 'list'; divisors: number[] } | { kind: 'twoDigits' };
  /** `fatos`: the quotient is 2–10 (a fact of the tabuadas, plus its resto); 2, 3 or 4: the dividend's digits. */
  dividend: (typeof DIVIDENDS)[number];
  remainders: Remainders;
  /**
   * A quotient of 1 or 2 casas (or em reais), exact to its last casa: the dividend natural or decimal (its whole part
   * as `dividend` says), the divisor natural; `remainders` is then `exata`.
   */
  casas?: Casas;
}

/**
 * A page's custom options, version 1. Optional on a page: a page without them is drawn by its level's preset (the
 * level table of the generator's README).
 */
export interface CustomOptions {
  v: typeof CUSTOM_VERSION;
  /** The settings of each selected operation (and only those). */
  add?: AddSubOptions;
  sub?: AddSubOptions;
  mult?: MultOptions;
  div?: DivOptions;
  format: SheetFormat;
  /** How many problems: within `COUNT_RANGE`, and for a new page one of the generator's `allowedCounts(...)`. */
  count: number;
  size: PrintSize;
  /** The teacher's own line under the title (plain text, at most `TITLE_MAX` characters); absent: none. */
  title?: string;
  /**
   * Format `problemas`: the meanings the situações-problema take; absent, every one but duas etapas (the generator's
   * `DEFAULT_MEANINGS`).
   */
  meanings?: Meaning[];
}

/**
 * The words that refuse a value out of a closed list or a range, the same from the API (zod) and from the generator
 * (`checkCustom`, whose words the panel shows beside the control).
 */
export const CUSTOM_MESSAGES = {
  version: 'Versão das opções desconhecida.',
  format:
    'Formato: escolha conta armada, arme e efetue, fatos em linha, número que falta ou situações-problema.',
  size: 'Tamanho: escolha normal ou grande.',
  count: rangeMessage('Quantidade de contas', COUNT_RANGE),
  digits: rangeMessage('Algarismos', DIGITS_RANGE),
  max: 'Limite dos números: escolha até 10, 20, 50, 100 ou 1000.',
  regrouping: 'Reserva: escolha sem, com ou misturado.',
  multiplicand: 'Multiplicando: escolha fatos, 2 ou 3 algarismos, ou a tabuada em ordem.',
  dividend: 'Dividendo: escolha fatos, 2, 3 ou 4 algarismos.',
  remainders: 'Resto: escolha exata, com resto ou misturado.',
  meaningUnknown: 'Significado desconhecido.',
  meaningsEmpty: 'Escolha pelo menos um significado.',
  meaningTwice: 'Cada significado só uma vez.',
  casas: 'Números: escolha naturais, 1 casa decimal, 2 casas decimais ou em reais.',
} as const;
