import { describe, expect, it } from 'vitest';
import {
  generatePage,
  workProblem,
  type Level,
  type Operation,
  type Problem,
  type WorkedAddition,
  type WorkedDivision,
  type WorkedMultiplication,
  type WorkedSubtraction,
} from '../../src/index.js';

const problem = (op: Operation, a: number, b: number): Problem => {
  switch (op) {
    case 'add':
      return { op, a, b, result: a + b, remainder: 0 };
    case 'sub':
      return { op, a, b, result: a - b, remainder: 0 };
    case 'mult':
      return { op, a, b, result: a * b, remainder: 0 };
    case 'div':
      return { op, a, b, result: Math.floor(a / b), remainder: a % b };
  }
};

/** Digit of `value` in column `column`, counted from the units. */
const digit = (value: number, column: number) => Math.floor(value / 10 ** column) % 10;
const columnsOf = (value: number) => String(value).length;

describe('workProblem, hand-checked', () => {
  it.each([
    // 5 + 7 = 12: vai um above the tens; 9 + 1 + 1 = 11 goes straight into the result.
    [95, 17, [0, 1], 112],
    [4567, 5678, [0, 1, 1, 1], 10_245],
    [23, 45, [0, 0], 68],
    [1234, 56, [0, 1, 0, 0], 1290],
    [56, 1234, [0, 1, 0, 0], 1290],
  ])('%i + %i: carries %j', (a, b, carries, result) => {
    expect(workProblem(problem('add', a, b))).toEqual({
      op: 'add',
      carries,
      result,
    } satisfies WorkedAddition);
  });

  it.each([
    [5003, 1247, [13, 9, 9, 4], 3756],
    [52, 17, [12, 4], 35],
    // The tens lend 1 (1 → 0) and then borrow themselves: 10.
    [512, 37, [12, 10, 4], 475],
    [87, 23, [null, null], 64],
    [103, 45, [13, 9, 0], 58],
    [10_000, 1, [10, 9, 9, 9, 0], 9999],
    [7420, 1315, [10, 1, null, null], 6105],
  ])('%i − %i: rewritten %j', (a, b, rewritten, result) => {
    expect(workProblem(problem('sub', a, b))).toEqual({
      op: 'sub',
      rewritten,
      result,
    } satisfies WorkedSubtraction);
  });

  it.each([
    [47, 3, [141], [[0, 2]], 141],
    [
      123,
      45,
      [615, 492],
      [
        [0, 1, 1],
        [0, 1, 0],
      ],
      5535,
    ],
    // A digit 0 in the multiplier gives a partial 0.
    [
      256,
      40,
      [0, 1024],
      [
        [0, 0, 0],
        [0, 2, 2],
      ],
      10_240,
    ],
    [10, 2, [20], [[0, 0]], 20],
  ])('%i × %i: partials %j', (a, b, partials, carries, result) => {
    expect(workProblem(problem('mult', a, b))).toEqual({
      op: 'mult',
      partials,
      carries,
      result,
    } satisfies WorkedMultiplication);
  });

  const step = (dividend: number, digit: number, product: number, rest: number, endColumn: number) => ({
    dividend,
    digit,
    product,
    rest,
    endColumn,
  });

  it.each([
    [5535, 45, [step(55, 1, 45, 10, 1), step(103, 2, 90, 13, 2), step(135, 3, 135, 0, 3)], 123, 0],
    // A quotient digit 0: the 1 brought down is smaller than 4.
    [812, 4, [step(8, 2, 8, 0, 0), step(1, 0, 0, 1, 1), step(12, 3, 12, 0, 2)], 203, 0],
    [17, 5, [step(17, 3, 15, 2, 1)], 3, 2],
    // The first partial dividend takes three digits (1 and 10 are smaller than 11); the last 0 brought down.
    [1000, 11, [step(100, 9, 99, 1, 2), step(10, 0, 0, 10, 3)], 90, 10],
    [20, 2, [step(2, 1, 2, 0, 0), step(0, 0, 0, 0, 1)], 10, 0],
    [3, 5, [step(3, 0, 0, 3, 0)], 0, 3],
  ])('%i ÷ %i in the chave', (a, b, steps, quotient, remainder) => {
    expect(workProblem(problem('div', a, b))).toEqual({
      op: 'div',
      steps,
      quotient,
      remainder,
    } satisfies WorkedDivision);
  });

  it('refuses what no page holds: a negative difference, a division by 0', () => {
    expect(() => workProblem(problem('sub', 3, 5))).toThrow(RangeError);
    expect(() => workProblem({ op: 'div', a: 3, b: 0, result: 0, remainder: 0 })).toThrow(RangeError);
  });
});

// ---------------- the worked algorithms reconstruct the answer on generated pages ----------------

function additionBroken(
  { a, b, result }: Problem,
  { carries, result: worked }: WorkedAddition,
): string | null {
  const columns = Math.max(columnsOf(a), columnsOf(b));
  if (worked !== result) return 'result';
  if (carries.length !== columns || carries[0] !== 0) return `carries ${carries.join(',')}`;
  let carryOut = 0;
  for (let column = 0; column < columns; column++) {
    const sum = digit(a, column) + digit(b, column) + (carries[column] as number);
    if (sum % 10 !== digit(result, column)) return `column ${column}`;
    carryOut = Math.floor(sum / 10);
    if (column + 1 < columns && carries[column + 1] !== carryOut) return `carry into column ${column + 1}`;
  }
  return Math.floor(result / 10 ** columns) === carryOut ? null : 'last carry';
}

function subtractionBroken(
  { a, b, result }: Problem,
  { rewritten, result: worked }: WorkedSubtraction,
): string | null {
  if (worked !== result || rewritten.length !== columnsOf(a)) return 'shape';
  let value = 0;
  for (let column = 0; column < rewritten.length; column++) {
    const written = rewritten[column];
    if (written === digit(a, column)) return `column ${column} rewritten to the same digit`;
    const top = written ?? digit(a, column);
    value += top * 10 ** column;
    // Each column subtracts on its own, with no borrow left over.
    if (top - digit(b, column) !== digit(result, column)) return `column ${column}`;
  }
  // Borrowing only moves ten units between neighbours: the rewritten digits still make the minuend.
  return value === a ? null : `rewritten digits make ${value}`;
}

function multiplicationBroken(
  { a, b, result }: Problem,
  { partials, carries, result: worked }: WorkedMultiplication,
): string | null {
  if (worked !== result || partials.length !== columnsOf(b) || carries.length !== partials.length)
    return 'shape';
  let sum = 0;
  for (let j = 0; j < partials.length; j++) {
    const multiplier = digit(b, j);
    const partial = partials[j] as number;
    const row = carries[j] as number[];
    if (partial !== a * multiplier) return `partial ${j}`;
    if (row.length !== columnsOf(a) || row[0] !== 0) return `carries of partial ${j}`;
    let carryOut = 0;
    for (let column = 0; column < row.length; column++) {
      const product = digit(a, column) * multiplier + (row[column] as number);
      if (product % 10 !== digit(partial, column)) return `partial ${j} column ${column}`;
      carryOut = Math.floor(product / 10);
      if (column + 1 < row.length && row[column + 1] !== carryOut) return `partial ${j} carry ${column + 1}`;
    }
    if (Math.floor(partial / 10 ** row.length) !== carryOut) return `partial ${j} last carry`;
    sum += partial * 10 ** j;
  }
  return sum === result ? null : `partials sum to ${sum}`;
}

function divisionBroken(
  { a, b, result, remainder }: Problem,
  { steps, quotient, remainder: rest }: WorkedDivision,
): string | null {
  if (quotient !== result || rest !== remainder || quotient * b + rest !== a) return 'quotient or remainder';
  const digits = String(a);
  const first = steps[0];
  if (!first) return 'no step';
  if (first.dividend !== Number(digits.slice(0, first.endColumn + 1))) return 'first partial dividend';
  if (first.endColumn > 0 && Number(digits.slice(0, first.endColumn)) >= b) return 'first partial too long';
  let previous: (typeof steps)[number] | null = null;
  for (const step of steps) {
    if (previous) {
      if (step.endColumn !== previous.endColumn + 1) return 'endColumn not the next digit';
      if (step.dividend !== previous.rest * 10 + Number(digits[step.endColumn])) return 'digit brought down';
    }
    if (step.product !== step.digit * b || step.rest !== step.dividend - step.product)
      return 'product or rest';
    if (step.rest < 0 || step.rest >= b) return 'rest out of range';
    previous = step;
  }
  if (steps.at(-1)?.endColumn !== digits.length - 1) return 'does not end at the last digit';
  if (steps.at(-1)?.rest !== remainder) return 'last rest';
  const written = Number(steps.map((s) => s.digit).join(''));
  return written === quotient ? null : `quotient digits ${written}`;
}

describe('workProblem on generated pages', () => {
  const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];
  const SEEDS = 2_000;

  it.each([0, 1, 2] as Level[])(
    'level %i: every worked problem reconstructs its answer, column by column',
    (level) => {
      const options = { add: true, sub: true, mult: true, div: true, answers: true, level };
      const singles = ORDER.map((op) => ({
        ...options,
        add: op === 'add',
        sub: op === 'sub',
        mult: op === 'mult',
        div: op === 'div',
      }));
      const broken: string[] = [];
      let worked = 0;
      for (let index = 0; index < SEEDS && broken.length < 20; index++) {
        for (const mix of singles) {
          for (const p of generatePage(`worked-${level}-${index}`, mix).problems) {
            const w = workProblem(p);
            worked++;
            let why: string | null;
            if (w.op === 'add') why = additionBroken(p, w);
            else if (w.op === 'sub') why = subtractionBroken(p, w);
            else if (w.op === 'mult') why = multiplicationBroken(p, w);
            else why = divisionBroken(p, w);
            if (w.op !== p.op) why = `worked as ${w.op}`;
            if (why) broken.push(`${p.a} ${p.op} ${p.b}: ${why}`);
          }
        }
      }
      expect(broken).toEqual([]);
      expect(worked).toBeGreaterThan(100_000);
    },
  );
});
