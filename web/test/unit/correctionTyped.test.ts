import { describe, expect, it } from 'vitest';
import { Msg, TYPED_NUMBER_MAX } from '@app/contracts';
import { markOf } from '@app/diagnosis';
import type { CorrectionProblem } from '@app/contracts';
import {
  CLEARED,
  cellKey,
  invalidMessage,
  parseTyped,
  readingOf,
  sameValue,
  textOf,
  typedCell,
} from '../../src/routes/member/correction/typed';

const refused = { ok: false, message: Msg.typedAnswerInvalid };

describe('parseTyped (what a cell of the correction grid reads as)', () => {
  it('reads digits as the number the child wrote, a division with its resto', () => {
    expect(parseTyped('35')).toEqual({ ok: true, value: { result: 35, remainder: null, blank: false } });
    expect(parseTyped('0')).toEqual({ ok: true, value: { result: 0, remainder: null, blank: false } });
    expect(parseTyped('6', '5')).toEqual({ ok: true, value: { result: 6, remainder: 5, blank: false } });
    // A leading zero as the child wrote it is the same number; spaces around are ignored.
    expect(parseTyped(' 07 ', '')).toEqual({ ok: true, value: { result: 7, remainder: null, blank: false } });
  });

  it("reads '-' as em branco, and nothing typed as the cell cleared", () => {
    expect(parseTyped('-')).toEqual({ ok: true, value: { result: null, remainder: null, blank: true } });
    expect(parseTyped('', '-')).toEqual({ ok: true, value: { result: null, remainder: null, blank: true } });
    expect(parseTyped('', '')).toEqual({ ok: true, value: CLEARED });
    expect(parseTyped('  ')).toEqual({ ok: true, value: CLEARED });
  });

  it('keeps a resto typed without its quociente (marked wrong, as markOf says)', () => {
    const parsed = parseTyped('', '3');
    expect(parsed).toEqual({ ok: true, value: { result: null, remainder: 3, blank: false } });
    const div = { op: 'div' as const, a: 29, b: 4, result: 7, remainder: 1 };
    expect(parsed.ok && markOf(div, parsed.value)).toBe('wrong');
  });

  it('refuses anything else with the message the server uses', () => {
    for (const [result, remainder] of [
      ['-3', ''],
      ['3-', ''],
      ['1.234', ''],
      ['1,5', ''],
      ['12a', ''],
      ['x', ''],
      ['+5', ''],
      ['5 5', ''],
      ['-', '3'],
      ['4', '-'],
      ['--', ''],
      ['4', 'r'],
      ['١٢', ''],
    ] as const)
      expect(parseTyped(result, remainder), `${result} | ${remainder}`).toEqual(refused);
  });

  it('refuses a number past the largest a cell takes', () => {
    expect(parseTyped(String(TYPED_NUMBER_MAX)).ok).toBe(true);
    expect(parseTyped(String(TYPED_NUMBER_MAX + 1))).toEqual(refused);
    expect(parseTyped('9'.repeat(40))).toEqual(refused);
  });
});

describe('a decimal answer (a decimal conta’s, in units of its last casa)', () => {
  const centesimos = { casas: 2 as const, a: 2, b: 2 };
  const decimos = { casas: 1 as const, a: 1, b: 1 };
  const reais = { casas: 2 as const, a: 2, b: 2, reais: true as const };
  const value = (result: number) => ({ ok: true, value: { result, remainder: null, blank: false } });

  it('reads "4,2", "4,20", "4.20", "4" and "R$ 4,20" as the units of the conta', () => {
    for (const text of ['4,2', '4,20', '4.20', ' 4,20 ', 'R$ 4,20', 'R$4,2'])
      expect(parseTyped(text, '', centesimos), text).toEqual(value(420));
    // Half typed, "4," is 4 (the cell is saved as she goes on typing).
    for (const text of ['4', '4,', '4,00'])
      expect(parseTyped(text, '', centesimos), text).toEqual(value(400));
    expect(parseTyped('0,05', '', reais)).toEqual(value(5));
    expect(parseTyped('4,2', '', decimos)).toEqual(value(42));
    expect(parseTyped('1234,5', '', decimos)).toEqual(value(12345));
  });

  it('keeps em branco and the cell cleared, and refuses more casas than the conta has, with its words', () => {
    expect(parseTyped('-', '', centesimos)).toEqual({
      ok: true,
      value: { result: null, remainder: null, blank: true },
    });
    expect(parseTyped('', '', centesimos)).toEqual({ ok: true, value: CLEARED });
    const refusedDecimos = {
      ok: false,
      message:
        'Digite o número com até 1 casa depois da vírgula, como 4,5 (para deixar em branco, digite -).',
    };
    for (const text of ['4,25', '4,2,5', '1.234,5', '4a', 'R$', '-4,2', ',5', 'R$ -'])
      expect(parseTyped(text, '', decimos), text).toEqual(refusedDecimos);
    expect(parseTyped('4,255', '', centesimos)).toEqual({
      ok: false,
      message:
        'Digite o número com até 2 casas depois da vírgula, como 4,25 (para deixar em branco, digite -).',
    });
    expect(parseTyped('R$ 4,255', '', reais)).toEqual({
      ok: false,
      message: 'Digite o valor em reais, como 4,25 ou R$ 4,25 (para deixar em branco, digite -).',
    });
    expect(parseTyped(String(TYPED_NUMBER_MAX), '', centesimos).ok).toBe(false);
    expect(invalidMessage(undefined)).toBe(Msg.typedAnswerInvalid);
    // A natural cell still refuses the vírgula.
    expect(parseTyped('4,2')).toEqual(refused);
  });

  it('shows a stored answer with every casa of its conta, and reads back what it shows', () => {
    expect(textOf({ result: 420, remainder: null, blank: false }, 'result', centesimos)).toBe('4,20');
    expect(textOf({ result: 5, remainder: null, blank: false }, 'result', reais)).toBe('0,05');
    expect(textOf({ result: 42, remainder: null, blank: false }, 'result', decimos)).toBe('4,2');
    expect(textOf({ result: null, remainder: null, blank: true }, 'result', decimos)).toBe('-');
    for (const result of [0, 7, 420, 123456]) {
      const stored = { result, remainder: null, blank: false };
      expect(parseTyped(textOf(stored, 'result', centesimos), '', centesimos)).toEqual(value(result));
    }
  });

  it('is read so where the answer is in units: a conta’s result, a lacuna’s term of + and −, not × and ÷’s natural one', () => {
    const conta = (over: Partial<CorrectionProblem>): CorrectionProblem => ({
      op: 'mult',
      a: 25,
      b: 4,
      result: 100,
      remainder: 0,
      ...over,
    });
    expect(readingOf(conta({}))).toBeUndefined();
    expect(readingOf(conta({ decimal: decimos }))).toBe(decimos);
    expect(readingOf(conta({ decimal: decimos, blank: 'a' }))).toBe(decimos);
    expect(readingOf(conta({ decimal: decimos, blank: 'b' }))).toBeUndefined();
    expect(readingOf(conta({ op: 'sub', decimal: decimos, blank: 'b' }))).toBe(decimos);
    expect(readingOf(conta({ op: 'div', decimal: centesimos, blank: 'b' }))).toBeUndefined();
    // How many cédulas and moedas pay R$ 79,55: a whole number, though the conta is em reais.
    const cedulas = conta({ op: 'add', decimal: centesimos, word: true, answer: 7 });
    expect(readingOf(cedulas)).toBeUndefined();
    const seven = parseTyped('7', '', readingOf(cedulas));
    expect(seven.ok && markOf(cedulas, seven.value)).toBe('right');
  });

  it('is marked against the conta’s units', () => {
    const add = { op: 'add' as const, a: 350, b: 75, result: 425, remainder: 0, decimal: centesimos };
    const parsed = parseTyped('4,25', '', readingOf(add));
    expect(parsed.ok && markOf(add, parsed.value)).toBe('right');
    const wrong = parseTyped('4,2', '', readingOf(add));
    expect(wrong.ok && markOf(add, wrong.value)).toBe('wrong');
  });
});

describe('textOf, sameValue and typedCell', () => {
  it('shows a stored cell in its inputs', () => {
    const div = { result: 6, remainder: 5, blank: false };
    expect(textOf(div, 'result')).toBe('6');
    expect(textOf(div, 'remainder')).toBe('5');
    expect(textOf({ result: 7, remainder: null, blank: false }, 'remainder')).toBe('');
    expect(textOf({ result: null, remainder: null, blank: true }, 'result')).toBe('-');
    expect(textOf({ result: null, remainder: null, blank: true }, 'remainder')).toBe('');
    expect(textOf(undefined, 'result')).toBe('');
    expect(textOf(CLEARED, 'result')).toBe('');
  });

  it('reads back what it shows', () => {
    for (const value of [
      { result: 6, remainder: 5, blank: false },
      { result: 12, remainder: null, blank: false },
      { result: null, remainder: null, blank: true },
      CLEARED,
    ]) {
      const parsed = parseTyped(textOf(value, 'result'), textOf(value, 'remainder'));
      expect(parsed).toEqual({ ok: true, value });
    }
  });

  it('compares values, a missing cell as a cleared one', () => {
    expect(sameValue(undefined, CLEARED)).toBe(true);
    expect(
      sameValue({ result: 3, remainder: null, blank: false }, { result: 3, remainder: null, blank: false }),
    ).toBe(true);
    expect(
      sameValue({ result: 3, remainder: null, blank: false }, { result: 3, remainder: 0, blank: false }),
    ).toBe(false);
    expect(sameValue(CLEARED, { result: null, remainder: null, blank: true })).toBe(false);
  });

  it('makes the cell the save carries', () => {
    expect(typedCell(5, 2, { result: 35, remainder: null, blank: false }, 1000)).toEqual({
      version: 5,
      problem: 2,
      result: 35,
      remainder: null,
      blank: false,
      at: 1000,
    });
    expect(cellKey(5, 2)).toBe('5:2');
  });

  it('marks a cell read from a photo, and only its value travels (a cell passed as a value loses its mark)', () => {
    const read = typedCell(5, 2, { result: 35, remainder: null, blank: false }, 1000, true);
    expect(read).toEqual({
      version: 5,
      problem: 2,
      result: 35,
      remainder: null,
      blank: false,
      at: 1000,
      photo: true,
    });
    expect(typedCell(5, 2, read, 2000)).toEqual({
      version: 5,
      problem: 2,
      result: 35,
      remainder: null,
      blank: false,
      at: 2000,
    });
  });
});
