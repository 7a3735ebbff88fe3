import { describe, expect, it } from 'vitest';
import { Msg, TYPED_NUMBER_MAX } from '@app/contracts';
import { markOf } from '@app/diagnosis';
import {
  CLEARED,
  cellKey,
  parseTyped,
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
});
