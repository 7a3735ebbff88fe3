import { describe, expect, it } from 'vitest';
import {
  MISTAKE_IDS,
  answerOf,
  answerWith,
  contaText,
  mistakeName,
  rightAnswer,
  type Conta,
  type Mistake,
} from '../../src/index.js';

const add = (a: number, b: number): Conta => ({ op: 'add', a, b });
const sub = (a: number, b: number): Conta => ({ op: 'sub', a, b });
const mult = (a: number, b: number): Conta => ({ op: 'mult', a, b });
const div = (a: number, b: number): Conta => ({ op: 'div', a, b });
const result = (m: Mistake, c: Conta) => answerOf(m, c).result;

describe('the written algorithms with no mistake answer right', () => {
  it('on every conta of a sweep of sizes', () => {
    for (let a = 0; a <= 1200; a += 7)
      for (let b = 0; b <= a; b += 13) {
        expect(rightAnswer(add(a, b)).result).toBe(a + b);
        expect(rightAnswer(sub(a, b)).result).toBe(a - b);
        expect(rightAnswer(mult(a, b % 100)).result).toBe(a * (b % 100));
        const d = (b % 98) + 2;
        expect(rightAnswer(div(a, d))).toEqual({ result: Math.floor(a / d), remainder: a % d });
      }
  });
});

// Each mistake of the catalogue, problem by problem, worked by hand.
describe('+ esquece a reserva', () => {
  const m: Mistake = { id: 'add.semReserva' };
  it.each([
    [57, 68, 115], // 7 + 8 = 15 → 5, 5 + 6 = 11 written whole
    [38, 45, 73], // 8 + 5 = 13 → 3, 3 + 4 = 7
    [199, 1, 190], // 9 + 1 → 0, 9 + 0 → 9, 1
    [23, 45, 68], // no reserva: right
  ])('%i + %i → %i', (a, b, wrote) => expect(result(m, add(a, b))).toBe(wrote));
});

describe('+ escreve o número todo na coluna', () => {
  const m: Mistake = { id: 'add.numeroTodo' };
  it.each([
    [47, 35, 712], // 7 + 5 = 12 written in the units, 4 + 3 = 7
    [7, 5, 12], // a fact: right
    [58, 67, 1115], // 8 + 7 = 15, 5 + 6 = 11
    [123, 45, 168],
  ])('%i + %i → %i', (a, b, wrote) => expect(result(m, add(a, b))).toBe(wrote));
});

describe('− subtrai o menor do maior em cada coluna', () => {
  const m: Mistake = { id: 'sub.menorDoMaior' };
  it.each([
    [52, 27, 35], // 7 − 2 = 5, 5 − 2 = 3
    [61, 28, 47],
    [403, 158, 355], // 8 − 3, 5 − 0, 4 − 1
    [86, 24, 62], // no reserva: right
  ])('%i − %i → %i', (a, b, wrote) => expect(result(m, sub(a, b))).toBe(wrote));
});

describe('− empresta e não desconta', () => {
  const m: Mistake = { id: 'sub.emprestaNaoDesconta' };
  it.each([
    [61, 28, 43], // 11 − 8 = 3, 6 − 2 = 4 (the 6 not made 5)
    [52, 17, 45],
    [304, 127, 287], // 14 − 7 = 7, 10 − 2 = 8, 3 − 1 = 2
    [86, 24, 62],
  ])('%i − %i → %i', (a, b, wrote) => expect(result(m, sub(a, b))).toBe(wrote));
});

describe('− zero no minuendo', () => {
  const m: Mistake = { id: 'sub.zeroNoMinuendo' };
  it.each([
    [500, 123, 477], // 10 − 3 = 7, the 0 made 9: 9 − 2 = 7, the 5 left as it is: 5 − 1 = 4
    [302, 45, 357], // 12 − 5 = 7, 9 − 4 = 5, 3
    [5003, 1247, 3856], // 13 − 7 = 6, 9 − 4 = 5, 10 − 2 = 8 (borrowing from the 5, a 4), 4 − 1 = 3
    [52, 27, 25], // no zero lends: right
  ])('%i − %i → %i', (a, b, wrote) => expect(result(m, sub(a, b))).toBe(wrote));
});

describe('× esquece de somar a reserva', () => {
  const m: Mistake = { id: 'mult.semReserva' };
  it.each([
    [47, 3, 121], // 7 × 3 = 21 → 1, 4 × 3 = 12 without the 2
    [26, 4, 84], // 6 × 4 = 24 → 4, 2 × 4 = 8
    [7, 8, 56], // a fact: right
    [23, 12, 276], // 23 × 2 = 46, 23 × 1 = 23: no reserva, right
  ])('%i × %i → %i', (a, b, wrote) => expect(result(m, mult(a, b))).toBe(wrote));
});

describe('× não desloca o segundo produto parcial', () => {
  const m: Mistake = { id: 'mult.naoDesloca' };
  it.each([
    [23, 14, 115], // 92 + 23
    [35, 12, 105], // 70 + 35
    [47, 3, 141], // one digit: right
  ])('%i × %i → %i', (a, b, wrote) => expect(result(m, mult(a, b))).toBe(wrote));
});

describe('× fato da tabuada', () => {
  const m: Mistake = { id: 'mult.fato', fact: { x: 7, y: 8, value: 54 } };
  it.each([
    [7, 8, 54],
    [8, 7, 54],
    [78, 8, 604], // 8 × 8 = 64 → 4, 7 × 8 = 54 + 6 = 60 written whole
    [6, 8, 48], // the fact is not used: right
  ])('%i × %i → %i', (a, b, wrote) => expect(result(m, mult(a, b))).toBe(wrote));
  it('is named with its fact', () => expect(mistakeName(m)).toBe('Fato da tabuada: 7 × 8 = 54'));
});

describe('÷ esquece o zero do quociente', () => {
  const m: Mistake = { id: 'div.esqueceZero' };
  it.each([
    [612, 6, 12, 0], // 6 ÷ 6 = 1, 1 ÷ 6 = 0 forgotten, 12 ÷ 6 = 2
    [425, 4, 16, 1], // 106 resto 1
    [360, 6, 6, 0], // 60: the last 0 too
    [84, 4, 21, 0], // no zero: right
  ])('%i ÷ %i → %i resto %i', (a, b, q, r) =>
    expect(answerOf(m, div(a, b))).toEqual({ result: q, remainder: r }),
  );
});

describe('÷ resto maior que o divisor', () => {
  const m: Mistake = { id: 'div.restoMaior' };
  it.each([
    [29, 4, 6, 5], // 7 resto 1 → 6 resto 5
    [87, 4, 20, 7], // 21 resto 3 → 20 resto 7
    [80, 4, 20, 0], // the last digit is 0: right
  ])('%i ÷ %i → %i resto %i', (a, b, q, r) =>
    expect(answerOf(m, div(a, b))).toEqual({ result: q, remainder: r }),
  );
});

describe('two mistakes of one operation at once', () => {
  it('× without the reserva and without the shift', () => {
    // 47 × 23: 47 × 3 = 121 (no reserva), 47 × 2 = 84, not shifted: 205
    expect(answerWith(mult(47, 23), { mult: { semReserva: true, naoDesloca: true } }).result).toBe(205);
  });
  it('÷ forgetting the zero and stopping short', () => {
    expect(answerWith(div(613, 6), { div: { esqueceZero: true, restoMaior: true } })).toEqual({
      result: 11,
      remainder: 7,
    });
  });
});

describe('the catalogue', () => {
  it('names ten mistakes, each producing a wrong answer on some conta', () => {
    expect(MISTAKE_IDS).toHaveLength(10);
  });
  it('writes a conta as a teacher does', () => {
    expect(contaText(sub(52, 27), { result: 35 })).toBe('52 − 27 → 35');
    expect(contaText(div(29, 4), { result: 6, remainder: 5 })).toBe('29 ÷ 4 → 6 resto 5');
    expect(contaText(add(1234, 56), { result: 1280 })).toBe('1234 + 56 → 1280');
  });

  it('writes a decimal conta with its casas, a natural multiplier and divisor as they are', () => {
    const casas = (c: Conta, decimal: NonNullable<Conta['decimal']>): Conta => ({ ...c, decimal });
    expect(contaText(casas(add(350, 75), { casas: 2, a: 1, b: 2 }), { result: 415 })).toBe(
      '3,5 + 0,75 → 4,15',
    );
    expect(contaText(casas(mult(25, 4), { casas: 1, a: 1, b: 0 }), { result: 80 })).toBe('2,5 × 4 → 8,0');
    expect(contaText(casas(div(1300, 4), { casas: 2, a: 0, b: 0 }), { result: 325 })).toBe('13 ÷ 4 → 3,25');
    // Em reais, the conta's columns: no "R$", no thousands' dot.
    expect(contaText(casas(sub(123450, 99), { casas: 2, a: 2, b: 2, reais: true }), { result: 123351 })).toBe(
      '1234,50 − 0,99 → 1233,51',
    );
  });
});
