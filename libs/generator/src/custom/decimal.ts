import { unitsPerOne, type ContaDecimal } from '@app/contracts/decimal';
import type { AddSubOptions, Casas, DivOptions, MultOptions, NumberSize } from '@app/contracts/custom-shape';
import type { Random } from '../random.js';
import type { Operation, Problem } from '../types.js';
import {
  addSubKind,
  divisorsOf,
  drawSemReserva,
  MULTIPLICAND_RANGES,
  multipliersOf,
  type CustomKind,
  type KindPool,
  type Operands,
  type OpSpace,
} from './pool.js';

/**
 * Decimal contas ("Dinheiro e decimais", the README's "Decimais e reais"): an operation whose options have `casas`
 * draws integers of its smallest unit (a décimo, a centésimo, a centavo) with the same rules as the naturals, so a
 * carry or a borrow across the vírgula is a carry of the integers, and `solve` answers in the same unit: 3,5 + 12,75
 * is 350 + 1275 = 1625. No floating point is ever made.
 *
 * - + and −: every number of the conta has the casas asked (em reais 2); the digits count the whole part (2
 *   algarismos: 10,5 to 99,9), "até" the value (até 100 with 2 casas: up to 100,00). A term is never whole (3,0 teaches
 *   no vírgula; em reais R$ 12,00 is a price like any other), and with 2 casas a term ending in zero is printed with
 *   1 (3,5 + 12,75: the learner completes with zero).
 * - ×: a decimal multiplicand with every casa (its last not 0, but em reais; its whole part as the options say:
 *   fatos 2 to 10, 2 or 3 algarismos) by the natural multipliers of the options (EF05MA08).
 * - ÷: a natural divisor and an exact quotient with every casa asked (its last casa not 0, but em reais: 12,60 ÷ 3 =
 *   4,20); the dividend's whole part as the options say (fatos: a quotient of 2 to 10), natural when it falls whole
 *   (13 ÷ 4 = 3,25), which the learner completes with zeros.
 */

/** The notes of the Real (R$ 2 to R$ 200), in centavos: what a troco is paid with (50,00 − 32,75). */
export const NOTES = [200, 500, 1_000, 2_000, 5_000, 10_000, 20_000] as const;

/** The casas of a conta's unit: em reais 2. */
export const casasOf = (casas: Casas): 1 | 2 => (casas === 'reais' ? 2 : casas);

type Range = readonly [number, number];

const drawn = (kind: CustomKind, draw: (random: Random) => Operands | null): KindPool => ({
  kind,
  list: null,
  distinct: Infinity,
  draw,
});

/** Bound on the tries of one draw before it answers null (the caller draws again). */
const TRIES = 64;

function retry(draw: (random: Random) => Operands | null): (random: Random) => Operands | null {
  return (random) => {
    for (let tries = 0; tries < TRIES; tries++) {
      const operands = draw(random);
      if (operands !== null) return operands;
    }
    return null;
  };
}

/** The units of a whole part of `digits` digits: with 1 casa, 2 algarismos are 10,0 to 99,9 (100 to 999). */
function wholeDigits(digits: number, unit: number): Range {
  return [(digits === 1 ? 1 : 10 ** (digits - 1)) * unit, 10 ** digits * unit - 1];
}

function addSubDecimal(op: 'add' | 'sub', options: AddSubOptions, casas: Casas): OpSpace {
  const unit = unitsPerOne(casasOf(casas));
  const reais = casas === 'reais';
  const notWhole = (value: number) => reais || value % unit !== 0;
  const numbers: NumberSize = options.numbers;
  const shape =
    numbers.kind === 'digits'
      ? { a: wholeDigits(numbers.top, unit), b: wholeDigits(numbers.bottom, unit), sum: Infinity }
      : op === 'add'
        ? {
            a: [1, numbers.max * unit - 1] as Range,
            b: [1, numbers.max * unit - 1] as Range,
            sum: numbers.max * unit,
          }
        : { a: [2, numbers.max * unit] as Range, b: [1, numbers.max * unit - 1] as Range, sum: Infinity };
  const valid = (o: Operands) =>
    notWhole(o.a) && notWhole(o.b) && (op === 'add' ? o.a + o.b <= shape.sum : o.b < o.a);
  const kinds: CustomKind[] = options.regrouping === 'misturado' ? ['sem', 'com'] : [options.regrouping];
  const digitsOf = (range: Range) => String(range[1]).length;
  return {
    op,
    pools: kinds.map((kind) => {
      const ofKind = addSubKind(op, kind);
      // Sem reserva of many columns, drawn column by column (95 % of random pairs of 7 digits carry somewhere).
      const columnwise = kind === 'sem' && numbers.kind === 'digits';
      // Em reais, a third of the subtractions take a note for their minuend: the troco (50,00 − 32,75).
      const notes =
        reais && op === 'sub' ? NOTES.filter((note) => note >= shape.a[0] && note <= shape.a[1]) : [];
      return drawn(
        kind,
        retry((random) => {
          const o =
            notes.length > 0 && random.chance(1, 3)
              ? { a: random.pick(notes), b: random.int(...shape.b) }
              : columnwise
                ? drawSemReserva(random, op, digitsOf(shape.a), digitsOf(shape.b))
                : { a: random.int(...shape.a), b: random.int(...shape.b) };
          return o !== null && valid(o) && ofKind(o) ? o : null;
        }),
      );
    }),
  };
}

function multDecimal(options: MultOptions, casas: Casas): OpSpace {
  const unit = unitsPerOne(casasOf(casas));
  const reais = casas === 'reais';
  // The whole part as the options say (the tabuada em ordem is refused with decimals: checkCustom).
  const whole = MULTIPLICAND_RANGES[options.multiplicand];
  const a: Range = [whole[0] * unit, (whole[1] + 1) * unit - 1];
  const bs = multipliersOf(options);
  return {
    op: 'mult',
    pools: [
      drawn(
        'fato',
        retry((random) => {
          const o = { a: random.int(...a), b: random.pick(bs) };
          // Every casa asked: the product has as many casas as the multiplicand (2,5 × 4 = 10,0).
          return reais || o.a % 10 !== 0 ? o : null;
        }),
      ),
    ],
  };
}

function divDecimal(options: DivOptions, casas: Casas): OpSpace {
  const unit = unitsPerOne(casasOf(casas));
  const reais = casas === 'reais';
  const bs = divisorsOf(options);
  const digits = options.dividend;
  // Every casa asked is needed: the quotient is not whole, and its last casa is not 0 (but em reais: R$ 4,20).
  const needsEveryCasa = (q: number) => q % unit !== 0 && (reais || q % 10 !== 0);
  const quotients = (b: number): Range => {
    if (digits === 'fatos') return [2 * unit, 10 * unit];
    const [low, high] = wholeDigits(digits, unit);
    return [Math.max(1, Math.ceil(low / b)), Math.floor(high / b)];
  };
  return {
    op: 'div',
    pools: [
      drawn(
        'exata',
        retry((random) => {
          const b = random.pick(bs);
          const [low, high] = quotients(b);
          if (low > high) return null;
          const q = random.int(low, high);
          return needsEveryCasa(q) ? { a: q * b, b } : null;
        }),
      ),
    ],
  };
}

/** The space of an operation whose options ask for decimals. */
export function decimalSpace(
  op: Operation,
  options: AddSubOptions | MultOptions | DivOptions,
  casas: Casas,
): OpSpace {
  switch (op) {
    case 'add':
    case 'sub':
      return addSubDecimal(op, options as AddSubOptions, casas);
    case 'mult':
      return multDecimal(options as MultOptions, casas);
    case 'div':
      return divDecimal(options as DivOptions, casas);
  }
}

/**
 * The casas each number of a decimal conta is printed with: every casa, but with 2 casas (not em reais) a term ending
 * in 0 is printed with 1 (3,5), and a whole dividend with none (13 ÷ 4 = 3,25).
 */
export function contaDecimal(problem: Pick<Problem, 'op' | 'a' | 'b'>, casas: Casas): ContaDecimal {
  const c = casasOf(casas);
  const unit = unitsPerOne(c);
  const reais = casas === 'reais';
  const shown = (value: number) => (reais ? c : value % unit === 0 ? 0 : c === 2 && value % 10 === 0 ? 1 : c);
  const natural = problem.op === 'mult' || problem.op === 'div';
  return {
    casas: c,
    // A multiplicand has every casa (its product has as many); a dividend may be completed with zeros.
    a: problem.op === 'mult' ? c : shown(problem.a),
    b: natural ? 0 : shown(problem.b),
    ...(reais ? { reais: true as const } : {}),
  };
}
