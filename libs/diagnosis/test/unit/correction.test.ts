import { describe, expect, it } from 'vitest';
import {
  asksRemainder,
  contaText,
  diagnoseSheet,
  expectedOf,
  markOf,
  scoreOf,
  type SheetProblem,
  type TypedAnswer,
} from '../../src/index.js';

const typed = (result: number | null, remainder: number | null = null): TypedAnswer => ({
  result,
  remainder,
  blank: false,
});
const emBranco: TypedAnswer = { result: null, remainder: null, blank: true };
const sub = (a: number, b: number): SheetProblem => ({ op: 'sub', a, b, result: a - b, remainder: 0 });
const div = (a: number, b: number): SheetProblem => ({
  op: 'div',
  a,
  b,
  result: Math.floor(a / b),
  remainder: a % b,
});

describe('marking a typed answer', () => {
  it('marks a conta right or wrong, em branco, or not typed yet', () => {
    expect(markOf(sub(52, 27), typed(25))).toBe('right');
    expect(markOf(sub(52, 27), typed(35))).toBe('wrong');
    expect(markOf(sub(52, 27), emBranco)).toBe('blank');
    expect(markOf(sub(52, 27), undefined)).toBe('empty');
    expect(markOf(sub(52, 27), typed(null))).toBe('empty');
  });

  it('wants a division’s resto when it has one; an exact division needs none typed', () => {
    expect(asksRemainder(div(17, 5))).toBe(true);
    expect(expectedOf(div(17, 5))).toEqual({ result: 3, remainder: 2 });
    expect(markOf(div(17, 5), typed(3, 2))).toBe('right');
    expect(markOf(div(17, 5), typed(3))).toBe('wrong');
    expect(markOf(div(17, 5), typed(3, 1))).toBe('wrong');
    expect(markOf(div(15, 5), typed(3))).toBe('right');
    expect(markOf(div(15, 5), typed(3, 0))).toBe('right');
    // A resto typed with no quotient is a wrong answer, not an empty cell.
    expect(markOf(div(17, 5), typed(null, 2))).toBe('wrong');
  });

  it('expects the blank term of a lacuna, with no resto', () => {
    const lacuna: SheetProblem = { op: 'div', a: 42, b: 6, result: 7, remainder: 0, blank: 'b' };
    expect(asksRemainder(lacuna)).toBe(false);
    expect(expectedOf(lacuna)).toEqual({ result: 6 });
    expect(markOf(lacuna, typed(6))).toBe('right');
    expect(markOf(lacuna, typed(7))).toBe('wrong');
  });

  it('marks a decimal conta in units of its last casa, a decimal division with no resto asked', () => {
    // 3,5 + 0,75 = 4,25 (centésimos): "4,25" typed is 425; "4,2" would be 420.
    const add: SheetProblem = {
      op: 'add',
      a: 350,
      b: 75,
      result: 425,
      remainder: 0,
      decimal: { casas: 2, a: 1, b: 2 },
    };
    expect(markOf(add, typed(425))).toBe('right');
    expect(markOf(add, typed(420))).toBe('wrong');
    // 13 ÷ 4 = 3,25: exact to its last casa, nothing asked of a resto.
    const div: SheetProblem = {
      op: 'div',
      a: 1300,
      b: 4,
      result: 325,
      remainder: 0,
      decimal: { casas: 2, a: 0, b: 0 },
    };
    expect(asksRemainder(div)).toBe(false);
    expect(expectedOf(div)).toEqual({ result: 325 });
    expect(markOf(div, typed(325))).toBe('right');
    expect(markOf(div, typed(3))).toBe('wrong');
  });

  it('expects the number a situação-problema asks when it is not its conta’s result, with no resto', () => {
    // "Quantos ônibus são necessários?" 130 ÷ 40 = 3 resto 10: the answer is 4 ônibus.
    const onibus: SheetProblem = { ...div(130, 40), word: true, answer: 4 };
    expect(asksRemainder(onibus)).toBe(false);
    expect(expectedOf(onibus)).toEqual({ result: 4 });
    expect(markOf(onibus, typed(4))).toBe('right');
    expect(markOf(onibus, typed(3, 10))).toBe('wrong');
    // R$ 21,44 + R$ 58,11 = R$ 79,55 paid with the fewest cédulas and moedas: 7 of them.
    const cedulas: SheetProblem = {
      op: 'add',
      a: 2_144,
      b: 5_811,
      result: 7_955,
      remainder: 0,
      decimal: { casas: 2, a: 2, b: 2, reais: true },
      word: true,
      answer: 7,
    };
    expect(expectedOf(cedulas)).toEqual({ result: 7 });
    expect(markOf(cedulas, typed(7))).toBe('right');
    expect(markOf(cedulas, typed(7_955))).toBe('wrong');
  });

  it('adds up a child’s score', () => {
    const problems = [sub(52, 27), sub(61, 28), sub(40, 12), div(17, 5)];
    expect(scoreOf(problems, [typed(25), typed(47), emBranco, undefined])).toEqual({
      right: 1,
      wrong: 1,
      blank: 1,
      empty: 1,
      total: 4,
    });
  });
});

describe('the diagnosis of a typed sheet', () => {
  it('finds the systematic mistake from the plain contas, leaving lacunas, word problems and untyped cells out', () => {
    const problems: SheetProblem[] = [
      sub(52, 27),
      sub(61, 28),
      sub(83, 46),
      { ...sub(90, 45), word: true },
      { op: 'sub', a: 74, b: 38, result: 36, remainder: 0, blank: 'a' },
      sub(40, 12),
      sub(95, 37),
    ];
    // The child subtracts the smaller digit from the larger in each column.
    const d = diagnoseSheet(problems, [
      typed(35),
      typed(47),
      typed(43),
      typed(55),
      typed(1),
      emBranco,
      undefined,
    ]);
    expect(d.mistakes.map((m) => m.mistake.id)).toEqual(['sub.menorDoMaior']);
    expect(d.mistakes[0]!.evidence.map((e) => e.conta)).toEqual([
      { op: 'sub', a: 52, b: 27 },
      { op: 'sub', a: 61, b: 28 },
      { op: 'sub', a: 83, b: 46 },
    ]);
    expect(d).toMatchObject({ right: 0, wrong: 3, blank: 1 });
  });

  it('diagnoses a decimal conta as its integers, and writes the evidence with its casas', () => {
    // Subtracts the smaller digit from the larger in each column: 5,2 − 2,7 → 3,5.
    const decimal = { casas: 1 as const, a: 1, b: 1 };
    const problems = [sub(52, 27), sub(61, 28), sub(83, 46)].map((p) => ({ ...p, decimal }));
    const d = diagnoseSheet(problems, [typed(35), typed(47), typed(43)]);
    expect(d.mistakes.map((m) => m.mistake.id)).toEqual(['sub.menorDoMaior']);
    expect(d.mistakes[0]!.evidence[0]!.conta).toEqual({ op: 'sub', a: 52, b: 27, decimal });
    expect(contaText(d.mistakes[0]!.evidence[0]!.conta, { result: 35 })).toBe('5,2 − 2,7 → 3,5');
  });

  it('passes a division’s typed resto to the diagnosis', () => {
    // Resto maior que o divisor: 17 ÷ 5 = 2 resto 7, 23 ÷ 4 = 4 resto 7.
    const d = diagnoseSheet([div(17, 5), div(23, 4), div(38, 6)], [typed(2, 7), typed(4, 7), typed(6, 2)]);
    expect(d.mistakes.map((m) => m.mistake.id)).toContain('div.restoMaior');
  });
});
