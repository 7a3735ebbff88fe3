import type { Casas } from '@app/contracts/custom-shape';
import type { Operation } from '../types.js';
import { DEFAULT_MEANINGS, MEANING_LIST, meaningOps, type Meaning } from '../word/kinds.js';
import {
  listWords,
  type AddSubOptions,
  type CustomOptions,
  type DivOptions,
  type MultOptions,
} from './options.js';

/**
 * "Personalizar": one pt-BR sentence saying what a page of these options practises, shown in the panel
 * before the page is generated. Examples:
 *   "12 contas de multiplicação, tabuadas do 6 ao 9, armadas, letra grande"
 *   "30 fatos de multiplicação em linha, tabuada do 7, letra grande"
 *   "20 subtrações de 3 algarismos sem reserva, armadas"
 *   "20 adições até 20 com número que falta"
 *   "16 contas: adições de 3 algarismos com reserva e subtrações de 3 algarismos com reserva, armadas"
 *   "6 situações-problema: adições até 100 sem reserva e subtrações até 100 sem reserva, letra grande"
 *   "10 fatos de multiplicação em linha, tabuada do 7 em ordem"
 *   "6 situações-problema de quantos a menos e início desconhecido: adições até 100 e subtrações até 100"
 *   "20 adições até 100 com 1 casa decimal sem reserva, armadas"
 *   "12 contas: subtrações até R$ 100 com reserva e divisões por 2 a 5 em reais, armadas"
 * "Misturado" (reserva, resto) is not said: the page has both. The title line and the count per operation are not
 * said either. The meanings of situações-problema are said only when they are not the default for the page's
 * operations. An operation without its settings (which `checkCustom` refuses) is named without details.
 */
export function describeSheet(operations: readonly Operation[], custom: CustomOptions): string {
  const ops = ORDER.filter((op) => operations.includes(op));
  const one = custom.count === 1;
  const count = String(custom.count);
  let head: string;
  let formatSaid = false;
  if (custom.format === 'problemas') {
    // The format is the noun: "6 situações-problema: adições de 3 algarismos com reserva e subtrações…".
    const parts = ops.map((op) => opPhrase(op, custom, false));
    const meanings = meaningsWords(ops, custom);
    head = `${count} ${one ? 'situação-problema' : 'situações-problema'}${meanings ? ` de ${meanings}` : ''}: ${listWords(parts, 'e')}`;
    formatSaid = true;
  } else if (ops.length === 1) {
    const op = ops[0]!;
    if (op === 'mult') {
      const mult = custom.mult;
      const facts = mult !== undefined && (isFacts(mult) || isOrdered(mult));
      // A fact in a line is the format's name ("Fatos em linha"); contas of bigger numbers stay contas.
      if (facts && custom.format === 'linha') {
        head = `${count} ${one ? 'fato' : 'fatos'} de multiplicação em linha`;
        formatSaid = true;
      } else head = `${count} ${one ? 'conta' : 'contas'} de multiplicação`;
      if (mult) head += `, ${multDetail(mult)}`;
    } else {
      head = `${count} ${opPhrase(op, custom, one)}`;
    }
  } else {
    const parts = ops.map((op) => opPhrase(op, custom, false));
    head = `${count} ${one ? 'conta' : 'contas'}${custom.format === 'linha' ? ' em linha' : ''}: ${listWords(parts, 'e')}`;
    formatSaid = custom.format === 'linha';
  }
  const tail: string[] = [head];
  if (!formatSaid) tail.push(formatWords(custom.format, one));
  if (custom.size === 'grande') tail.push(', letra grande');
  return tail.join('');
}

const ORDER: readonly Operation[] = ['add', 'sub', 'mult', 'div'];

const NOUNS: Readonly<Record<Operation, readonly [string, string]>> = {
  add: ['adição', 'adições'],
  sub: ['subtração', 'subtrações'],
  mult: ['multiplicação', 'multiplicações'],
  div: ['divisão', 'divisões'],
};

/** How the format is said after the operations (every noun before it is feminine: contas, adições, divisões…). */
function formatWords(format: CustomOptions['format'], one: boolean): string {
  switch (format) {
    case 'armada':
      return one ? ', armada' : ', armadas';
    case 'arme':
      return ', para armar e efetuar';
    case 'linha':
      return ', em linha';
    case 'lacuna':
      return ' com número que falta';
    case 'problemas':
      return '';
  }
}

/** "subtrações de 3 algarismos sem reserva", "divisões exatas por 2 a 5", "multiplicações da tabuada do 7". */
function opPhrase(op: Operation, custom: CustomOptions, one: boolean): string {
  const noun = NOUNS[op][one ? 0 : 1];
  switch (op) {
    case 'add':
    case 'sub': {
      const settings = custom[op];
      return settings ? `${noun} ${addSubDetail(settings)}` : noun;
    }
    case 'mult': {
      const mult = custom.mult;
      if (!mult) return noun;
      if (isFacts(mult)) return `${noun} ${tablesWords(mult.multiplier.tables, true)}`;
      if (isOrdered(mult)) return `${noun} ${tablesWords(mult.multiplier.tables, true)} em ordem`;
      return `${noun} de ${multDetail(mult)}`;
    }
    case 'div': {
      const div = custom.div;
      return div ? divPhrase(noun, div, one) : noun;
    }
  }
}

/**
 * Decimals, after the size of the numbers: "com 1 casa decimal", "com 2 casas decimais", "em reais"; nothing for
 * naturais.
 */
function casasWords(casas: Casas | undefined): string {
  if (casas === undefined) return '';
  if (casas === 'reais') return ' em reais';
  return casas === 1 ? ' com 1 casa decimal' : ` com ${casas} casas decimais`;
}

/**
 * "de 3 algarismos sem reserva", "até 100 com 1 casa decimal com reserva", "de 2 algarismos em reais"; em reais up to
 * a limit, the limit is money: "até R$ 100".
 */
function addSubDetail({ numbers, regrouping, casas }: AddSubOptions): string {
  const reaisLimit = numbers.kind === 'max' && casas === 'reais';
  const size =
    numbers.kind === 'max'
      ? `até ${reaisLimit ? 'R$ ' : ''}${thousandsText(numbers.max)}`
      : numbers.top === numbers.bottom
        ? `de ${digits(numbers.top)}`
        : numbers.bottom === 1
          ? `de ${digits(numbers.top)} e ${digits(1)}`
          : `de ${numbers.top} e ${numbers.bottom} algarismos`;
  const reserve = regrouping === 'sem' ? ' sem reserva' : regrouping === 'com' ? ' com reserva' : '';
  return size + (reaisLimit ? '' : casasWords(casas)) + reserve;
}

/** Facts of the tabuadas: a natural multiplicand of 2 to 10 (a decimal one makes contas: 2,5 × 7). */
const isFacts = (mult: MultOptions): mult is MultOptions & { multiplier: { kind: 'tables' } } =>
  mult.multiplicand === 'fatos' && mult.multiplier.kind === 'tables' && mult.casas === undefined;

/** The tabuada em ordem (N × 1 … N × 10): facts too, said "tabuada do 7 em ordem". */
const isOrdered = (mult: MultOptions): mult is MultOptions & { multiplier: { kind: 'tables' } } =>
  mult.multiplicand === 'ordem' && mult.multiplier.kind === 'tables';

/**
 * "tabuadas do 6 ao 9", "tabuada do 7", "2 algarismos vezes 2 a 5", "2 a 10 vezes 2 algarismos", a decimal
 * multiplicand "2 a 10 com 1 casa decimal vezes 6 a 9".
 */
function multDetail(mult: MultOptions): string {
  if (isFacts(mult)) return tablesWords(mult.multiplier.tables, false);
  if (isOrdered(mult)) return `${tablesWords(mult.multiplier.tables, false)} em ordem`;
  const multiplicand =
    mult.multiplicand === 'fatos' || mult.multiplicand === 'ordem' ? '2 a 10' : digits(mult.multiplicand);
  const multiplier = mult.multiplier.kind === 'twoDigits' ? digits(2) : numbersWords(mult.multiplier.tables);
  return `${multiplicand}${casasWords(mult.casas)} vezes ${multiplier}`;
}

/**
 * "divisões exatas de 3 algarismos por 2 a 5", "divisões por 7 com resto", "divisões por números de 2 algarismos";
 * with decimals the quotient's casas ("divisões por 2 a 5 com 2 casas decimais", "… em reais"), exact to the last
 * one: not said.
 */
function divPhrase(noun: string, div: DivOptions, one: boolean): string {
  const words = [noun];
  if (div.remainders === 'exata' && div.casas === undefined) words.push(one ? 'exata' : 'exatas');
  if (div.dividend !== 'fatos') words.push(`de ${digits(div.dividend)}`);
  words.push(
    div.divisor.kind === 'twoDigits'
      ? `por números de ${digits(2)}`
      : `por ${numbersWords(div.divisor.divisors)}`,
  );
  if (div.remainders === 'resto') words.push('com resto');
  return words.join(' ') + casasWords(div.casas);
}

/** "1 algarismo", "3 algarismos". */
const digits = (n: number) => `${n} ${n === 1 ? 'algarismo' : 'algarismos'}`;

/** 1000 → "1.000" (no Intl in the generator). */
const thousandsText = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Runs of consecutive numbers, sorted and without repeats: [2,3,4,5,8] → [[2,5],[8,8]]. */
function runs(values: readonly number[]): Array<[number, number]> {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (last && last[1] === n - 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/** A run of three or more is a range; two in a row are said one by one ("6 e 7", not "6 a 7"). */
function parts(values: readonly number[]): Array<{ from: number; to?: number }> {
  return runs(values).flatMap(([from, to]) =>
    to - from >= 2 ? [{ from, to }] : to === from ? [{ from }] : [{ from }, { from: to }],
  );
}

/** "2 a 5", "7", "2, 5 e 7", "2 a 5, 7 e 9". */
function numbersWords(values: readonly number[]): string {
  return listWords(
    parts(values).map(({ from, to }) => (to === undefined ? String(from) : `${from} a ${to}`)),
    'e',
  );
}

/**
 * "tabuada do 7", "tabuadas do 6 ao 9", "tabuadas do 2, 5 e 7", "tabuadas do 2 ao 5, do 7 e do 9"; after a noun
 * (`of`): "da tabuada do 7", "das tabuadas do 6 ao 9".
 */
function tablesWords(tables: readonly number[], of: boolean): string {
  const list = parts(tables);
  const single = list.length === 1 && list[0]!.to === undefined;
  const noun = single ? (of ? 'da tabuada' : 'tabuada') : of ? 'das tabuadas' : 'tabuadas';
  if (list.length === 0) return noun;
  const anyRange = list.some((p) => p.to !== undefined);
  const words = list.map(({ from, to }, i) => {
    const number = to === undefined ? String(from) : `${from} ao ${to}`;
    // "do 2, 5 e 7" when all are single tables; "do 2 ao 5, do 7 e do 9" when a range is among them.
    return i === 0 || anyRange ? `do ${number}` : number;
  });
  return `${noun} ${listWords(words, 'e')}`;
}

/** How each meaning is said after "situações-problema de": juntar and acrescentar one by one, like the BNCC. */
const MEANING_WORDS: Readonly<Record<Meaning, readonly string[]>> = {
  'juntar-acrescentar': ['juntar', 'acrescentar'],
  'separar-retirar': ['separar', 'retirar'],
  comparar: ['quantos a mais'],
  'quantos-a-menos': ['quantos a menos'],
  completar: ['quanto falta'],
  'inicio-desconhecido': ['início desconhecido'],
  'parcelas-iguais': ['parcelas iguais'],
  'disposicao-retangular': ['disposição retangular'],
  proporcionalidade: ['proporcionalidade'],
  'comparacao-multiplicativa': ['comparação multiplicativa'],
  combinatoria: ['combinatória'],
  reparticao: ['repartição'],
  medida: ['medida'],
  'cedulas-moedas': ['cédulas e moedas'],
  'duas-etapas': ['duas etapas'],
};

/**
 * The chosen meanings of the page's operations, in the BNCC's order, when they are not its default ("quantos a
 * menos e início desconhecido"; the default and duas etapas: "todos os significados e duas etapas"); null for the
 * default, for none (refused by `checkCustom`) and when the options name no meanings. A meaning of an operation the
 * page does not have is not said (it tells none of its problems), nor cédulas e moedas without + or − em reais.
 */
function meaningsWords(ops: readonly Operation[], custom: CustomOptions): string | null {
  const meanings = custom.meanings;
  if (meanings === undefined) return null;
  // Cédulas e moedas tells + and − em reais only.
  const tells = (meaning: Meaning, op: Operation) =>
    ops.includes(op) &&
    (meaning !== 'cedulas-moedas' || ((op === 'add' || op === 'sub') && custom[op]?.casas === 'reais'));
  const told = MEANING_LIST.filter((meaning) => meaningOps(meaning).some((op) => tells(meaning, op)));
  const chosen = told.filter((meaning) => meanings.includes(meaning));
  const defaults = told.filter((meaning) => DEFAULT_MEANINGS.includes(meaning));
  const same = (a: readonly Meaning[], b: readonly Meaning[]) =>
    a.length === b.length && a.every((meaning, i) => meaning === b[i]);
  if (chosen.length === 0 || same(chosen, defaults)) return null;
  // The default and the chosen ones beyond it (duas etapas, cédulas e moedas): "todos os significados e duas etapas".
  const beyond = chosen.filter((m) => !DEFAULT_MEANINGS.includes(m));
  if (
    beyond.length > 0 &&
    beyond.length < chosen.length &&
    same(
      chosen.filter((m) => !beyond.includes(m)),
      defaults,
    )
  )
    return `todos os significados e ${listWords(
      beyond.flatMap((meaning) => MEANING_WORDS[meaning]),
      'e',
    )}`;
  return listWords(
    chosen.flatMap((meaning) => MEANING_WORDS[meaning]),
    'e',
  );
}
