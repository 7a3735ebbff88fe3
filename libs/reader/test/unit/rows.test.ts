import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOUBT,
  UNKNOWN_ANSWER_DOUBT,
  boxIsDoubtful,
  expectedDigits,
  grayFromRgba,
  layoutDigits,
  qrReadingOf,
  rgbaFromGray,
  rowIsUnsure,
  rowValue,
} from '@app/reader';

describe('a row of boxes', () => {
  it('reads its digits from the first written to the last, whichever side it is aligned to', () => {
    expect(rowValue([null, 7, 2])).toEqual({ kind: 'number', value: 72, text: '72' });
    expect(rowValue([8, null])).toEqual({ kind: 'number', value: 8, text: '8' });
    expect(rowValue([0, 4])).toEqual({ kind: 'number', value: 4, text: '04' });
  });

  it('lays a number out as the sheet asks: a result under its columns, a quotient or resto from the first box', () => {
    expect(layoutDigits(18, 3, 'result')).toEqual([null, 1, 8]);
    expect(layoutDigits(27, 3, 'quotient')).toEqual([2, 7, null]);
    expect(layoutDigits(0, 1, 'resto')).toEqual([0]);
    expect(layoutDigits(1234, 3, 'result')).toBeNull();
  });

  it('is asked about: a digit as the answer’s under `match`, one against it under `differ` or while the answer’s digit is plausible, several marks, a gap', () => {
    const doubt = { match: 0.3, differ: 0.5, plausible: 0.01 };
    /** A box read as `digit` with `confidence`, the rest of the probability on `other`. */
    const box = (digit: number | null, confidence = 1, other?: number, several = false) => {
      if (digit === null) return { digit, confidence: 1, probabilities: null, several };
      const probabilities = Array<number>(10).fill(0);
      probabilities[digit] = confidence;
      if (other !== undefined) probabilities[other] = 1 - confidence;
      return { digit, confidence, probabilities, several };
    };
    const expected = layoutDigits(18, 3, 'result');
    expect(rowIsUnsure([box(null), box(1), box(8, 0.4, 3)], expected, doubt)).toBe(false);
    expect(rowIsUnsure([box(null), box(1), box(8, 0.2, 3)], expected, doubt)).toBe(true);
    // A 7 where the answer has an 8: asked while the model gives the 8 1 % or more, or is unsure of the 7 (under 0.5).
    expect(rowIsUnsure([box(null), box(1), box(7, 0.985, 8)], expected, doubt)).toBe(true);
    expect(rowIsUnsure([box(null), box(1), box(7, 0.995, 8)], expected, doubt)).toBe(false);
    expect(rowIsUnsure([box(null), box(1), box(7, 0.7, 1)], expected, doubt)).toBe(false);
    expect(rowIsUnsure([box(null), box(1), box(7, 0.45, 1)], expected, doubt)).toBe(true);
    // Without the probabilities the answer's digit cannot be ruled out.
    expect(
      rowIsUnsure([box(null), box(1), { digit: 7, confidence: 0.999, several: false }], expected, doubt),
    ).toBe(true);
    // A digit where the answer leaves the box empty: the answer is wrong whatever it is; asked under `differ`.
    expect(rowIsUnsure([box(4, 0.7, 1), box(1), box(8)], expected, doubt)).toBe(false);
    expect(rowIsUnsure([box(null), box(1, 1, undefined, true), box(8)], expected, doubt)).toBe(true);
    expect(rowIsUnsure([box(1), box(null), box(8)], layoutDigits(108, 3, 'result'), doubt)).toBe(true);
    // Without the answer (it does not fit the boxes), every digit is held to 0.99.
    expect(UNKNOWN_ANSWER_DOUBT).toBe(0.99);
    expect(rowIsUnsure([box(null), box(1), box(8, 0.98, 3)], null, doubt)).toBe(true);
    expect(rowIsUnsure([box(null), box(1), box(8, 0.995, 3)], null, doubt)).toBe(false);
  });

  it('asks with the product’s doubt, the one the reading benchmark chose', () => {
    expect(DEFAULT_DOUBT).toEqual({ match: 0.3, differ: 0.5, plausible: 0.002 });
    expect(
      boxIsDoubtful({ digit: 7, confidence: 0.9, probabilities: [0, 0, 0, 0, 0, 0, 0, 0.9, 0.1, 0] }, 8),
    ).toBe(true);
    expect(
      boxIsDoubtful({ digit: 7, confidence: 0.9, probabilities: [0, 0.1, 0, 0, 0, 0, 0, 0.9, 0, 0] }, 8),
    ).toBe(false);
  });

  it('expects the answer where the child began writing it: a fact’s from the first box, an armada’s under its columns', () => {
    // A fact's 3 boxes, 72 written from the first.
    expect(expectedDigits(72, [7, 2, null], 'result')).toEqual([7, 2, null]);
    expect(expectedDigits(72, [7, 3, null], 'result')).toEqual([7, 2, null]);
    // A conta armada's result, right-aligned.
    expect(expectedDigits(18, [null, 1, 8], 'result')).toEqual([null, 1, 8]);
    // Nothing written, or written too far right for the answer to fit from there: as the sheet asks it.
    expect(expectedDigits(72, [null, null, null], 'result')).toEqual([null, 7, 2]);
    expect(expectedDigits(72, [null, null, 5], 'quotient')).toEqual([7, 2, null]);
    expect(expectedDigits(1234, [1, 2, 3], 'result')).toBeNull();
  });

  it('is empty with no digit, a gap with an empty box between digits', () => {
    expect(rowValue([null, null])).toEqual({ kind: 'empty' });
    expect(rowValue([])).toEqual({ kind: 'empty' });
    expect(rowValue([5, null, 3])).toEqual({ kind: 'gap' });
  });
});

describe('a decimal answer’s row (rules 9): the whole part’s boxes, a printed vírgula, a box per casa', () => {
  it('is read in units of its last casa, the casas left empty at the end zeros', () => {
    expect(rowValue([null, 4, 2, 0], 2)).toEqual({ kind: 'number', value: 420, text: '4,20' });
    expect(rowValue([null, 4, 2, null], 2)).toEqual({ kind: 'number', value: 420, text: '4,2' });
    expect(rowValue([1, 2, null, null], 2)).toEqual({ kind: 'number', value: 1200, text: '12' });
    // The whole part where the child began it, away from the vírgula too.
    expect(rowValue([4, null, 0, 5], 2)).toEqual({ kind: 'number', value: 405, text: '4,05' });
    expect(rowValue([null, 0, 5], 1)).toEqual({ kind: 'number', value: 5, text: '0,5' });
  });

  it('is empty with no digit; a gap with a casa skipped, a gap in its whole part, or casas without a whole part', () => {
    expect(rowValue([null, null, null], 1)).toEqual({ kind: 'empty' });
    expect(rowValue([null, 4, null, 5], 2)).toEqual({ kind: 'gap' });
    expect(rowValue([3, null, 4, 5], 1)).toEqual({ kind: 'gap' });
    expect(rowValue([null, null, 5], 1)).toEqual({ kind: 'gap' });
    expect(
      rowIsUnsure(
        [null, 4, null, 5].map((digit) => ({ digit, confidence: 1, several: false })),
        null,
        DEFAULT_DOUBT,
        2,
      ),
    ).toBe(true);
    expect(
      rowIsUnsure(
        [4, null, 0, 5].map((digit) => ({ digit, confidence: 1, several: false })),
        null,
        DEFAULT_DOUBT,
        2,
      ),
    ).toBe(false);
  });

  it('is laid out right-aligned, and expected with its whole part where the child began it and every casa', () => {
    expect(layoutDigits(420, 4, 'result', 2)).toEqual([null, 4, 2, 0]);
    expect(layoutDigits(5, 3, 'result', 2)).toEqual([0, 0, 5]);
    expect(layoutDigits(12345, 4, 'result', 2)).toBeNull();
    expect(expectedDigits(420, [null, 4, 2, null], 'result', 2)).toEqual([null, 4, 2, 0]);
    expect(expectedDigits(1420, [1, 4, 2, null], 'result', 2)).toEqual([1, 4, 2, 0]);
    expect(expectedDigits(405, [4, null, 0, 5], 'result', 2)).toEqual([4, null, 0, 5]);
    expect(expectedDigits(405, [null, null, null, null], 'result', 2)).toEqual([null, 4, 0, 5]);
    expect(expectedDigits(12345, [null, null, null, null], 'result', 2)).toBeNull();
  });
});

describe('the QR code', () => {
  it("names the page by its address's last segment", () => {
    expect(qrReadingOf('https://a.example/corrigir/AB12CD')).toMatchObject({
      code: 'AB12CD',
      kind: 'corrigir',
    });
    expect(qrReadingOf('https://a.example/gabarito/AB12CD/?x=1')).toMatchObject({
      code: 'AB12CD',
      kind: 'gabarito',
    });
    expect(qrReadingOf('https://a.example/other/XY')).toMatchObject({ code: 'XY', kind: 'other' });
    expect(qrReadingOf('plain')).toBeNull();
  });
});

describe('grey levels', () => {
  it('weigh red, green and blue as the eye does', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    expect([...grayFromRgba(rgba, 2, 2).data]).toEqual([255, 0, 77, 149]);
  });

  it('and back: a grey image as opaque RGBA, the same grey read again', () => {
    const gray = { width: 2, height: 1, data: Uint8Array.from([0, 200]) };
    expect([...rgbaFromGray(gray)]).toEqual([0, 0, 0, 255, 200, 200, 200, 255]);
    expect([...grayFromRgba(rgbaFromGray(gray), 2, 1).data]).toEqual([0, 200]);
  });
});
