import { describe, expect, it } from 'vitest';
import type { CorrectionProblem, CorrectionSheet } from '@app/contracts';
import { sheetFromPhoto, type ReadRow } from '../../src/routes/member/correction/photo/photoCells';

const crop = { width: 2, height: 2, data: new Uint8Array(4) };

/**
 * A row of boxes as the reader sends it back: `digits` left to right, each read with confidence 1 but the box `at`
 * of `doubt`, read with its confidence (or several marks) and its second likeliest digit, which has the rest of the
 * probability.
 */
function row(
  problem: number,
  part: ReadRow['part'],
  digits: Array<number | null>,
  doubt?: { at: number; confidence?: number; alternative?: number; several?: boolean },
  casas = 0,
): ReadRow {
  return {
    problem,
    part,
    digits,
    casas,
    confidences: digits.map((d, i) => (d !== null && doubt?.at === i ? (doubt.confidence ?? 1) : 1)),
    several: digits.map((_, i) => doubt?.at === i && doubt.several === true),
    alternatives: digits.map((d, i) => (d === null ? null : doubt?.at === i ? (doubt.alternative ?? 0) : 0)),
    probabilities: digits.map((d, i) => {
      if (d === null) return null;
      const p = Array<number>(10).fill(0);
      const confidence = doubt?.at === i ? (doubt.confidence ?? 1) : 1;
      p[d] = confidence;
      if (doubt?.at === i && doubt.alternative !== undefined) p[doubt.alternative] = 1 - confidence;
      return p;
    }),
    crops: digits.map(() => crop),
  };
}

const sub: CorrectionProblem = { op: 'sub', a: 84, b: 66, result: 18, remainder: 0 };
const div: CorrectionProblem = { op: 'div', a: 83, b: 3, result: 27, remainder: 2 };
const money: CorrectionProblem = {
  op: 'add',
  a: 1250,
  b: 370,
  result: 1620,
  remainder: 0,
  decimal: { casas: 2, a: 2, b: 2, reais: true },
};
const sheet = (problems: CorrectionProblem[]): CorrectionSheet => ({
  n: 2,
  code: 'V2',
  label: 'Versão 2 de 3',
  student: 'Bruno T.',
  problems,
});

describe('sheetFromPhoto: what a sheet’s photo puts in the correction', () => {
  it('turns rows read with confidence into cells: a result, a quotient with its resto, em branco', () => {
    const read = sheetFromPhoto(sheet([sub, div, sub, div]), [
      row(0, 'result', [null, 1, 8]),
      row(1, 'quotient', [2, 7]),
      row(1, 'resto', [2]),
      row(2, 'result', [null, null, null]),
      row(3, 'quotient', [2, 7]),
      row(3, 'resto', [null]),
    ]);
    expect(read.questions).toEqual([]);
    expect(read.cells).toEqual([
      { problem: 0, value: { result: 18, remainder: null, blank: false } },
      { problem: 1, value: { result: 27, remainder: 2, blank: false } },
      { problem: 2, value: { result: null, remainder: null, blank: true } },
      // An exact division's resto may be left empty.
      { problem: 3, value: { result: 27, remainder: null, blank: false } },
    ]);
  });

  it('reads a decimal answer’s digits in units of its last casa (R$ 16,20 is 1 620 centavos)', () => {
    const read = sheetFromPhoto(sheet([money]), [row(0, 'result', [1, 6, 2, 0])]);
    expect(read.cells).toEqual([{ problem: 0, value: { result: 1620, remainder: null, blank: false } }]);
  });

  it('reads a decimal fact’s boxes (rules 9) with its vírgula: casas left empty at the end are zeros', () => {
    // 1,4 × 3 = 4,2 and 2,35 + 1,7 = 4,05, each in boxes of its whole part and two casas.
    const times: CorrectionProblem = {
      op: 'mult',
      a: 140,
      b: 3,
      result: 420,
      remainder: 0,
      decimal: { casas: 2, a: 1, b: 0 },
    };
    const plus: CorrectionProblem = {
      op: 'add',
      a: 235,
      b: 170,
      result: 405,
      remainder: 0,
      decimal: { casas: 2, a: 2, b: 1 },
    };
    const read = sheetFromPhoto(sheet([times, plus, times, plus, money]), [
      row(0, 'result', [null, 4, 2, null], undefined, 2),
      // A situação-problema's sum of money, "R$ 16,2" in boxes of three reais and two centavos: R$ 16,20.
      row(4, 'result', [null, 1, 6, 2, null], undefined, 2),
      row(1, 'result', [4, null, 0, 5], undefined, 2),
      // 4,12 read where 4,20 is right: a wrong answer, no question.
      row(2, 'result', [null, 4, 1, 2], undefined, 2),
      // A casa left empty before one written is asked about, with the vírgula in the guess.
      row(3, 'result', [null, 4, null, 5], undefined, 2),
    ]);
    expect(read.cells).toEqual([
      { problem: 0, value: { result: 420, remainder: null, blank: false } },
      { problem: 1, value: { result: 405, remainder: null, blank: false } },
      { problem: 2, value: { result: 412, remainder: null, blank: false } },
      { problem: 4, value: { result: 1620, remainder: null, blank: false } },
    ]);
    expect(read.questions.map((q) => [q.problem, q.guess.result])).toEqual([[3, '4,?5']]);
  });

  it('asks "7 ou 8?" about one doubtful digit, each button with the answer it makes', () => {
    const read = sheetFromPhoto(sheet([sub, money]), [
      // 7 where the answer (18) has an 8, which the model finds plausible (0.1): asked.
      row(0, 'result', [null, 1, 7], { at: 2, confidence: 0.9, alternative: 8 }),
      // 6 where the answer (R$ 16,20) has a 6: asked under 0.3 only.
      row(1, 'result', [1, 6, 2, 0], { at: 1, confidence: 0.2, alternative: 5 }),
    ]);
    expect(read.cells).toEqual([]);
    expect(read.questions.map((q) => [q.version, q.problem, q.guess, q.choice])).toEqual([
      [
        2,
        0,
        { result: '17', remainder: '' },
        [
          { digit: 7, result: '17', remainder: '' },
          { digit: 8, result: '18', remainder: '' },
        ],
      ],
      [
        2,
        1,
        { result: '16,20', remainder: '' },
        [
          { digit: 6, result: '16,20', remainder: '' },
          { digit: 5, result: '15,20', remainder: '' },
        ],
      ],
    ]);
  });

  it('takes a digit read as the right answer’s at a lower confidence than one read against it', () => {
    const read = sheetFromPhoto(sheet([sub, sub, div]), [
      row(0, 'result', [null, 1, 8], { at: 2, confidence: 0.6 }),
      row(1, 'result', [null, 1, 9], { at: 2, confidence: 0.98, alternative: 8 }),
      row(2, 'quotient', [2, 7], { at: 0, confidence: 0.35 }),
      row(2, 'resto', [1], { at: 0, confidence: 0.999 }),
    ]);
    expect(read.cells).toEqual([
      { problem: 0, value: { result: 18, remainder: null, blank: false } },
      { problem: 2, value: { result: 27, remainder: 1, blank: false } },
    ]);
    expect(read.questions.map((q) => q.problem)).toEqual([1]);
  });

  it('does not ask about a digit whose reading rules the answer’s digit out: the problem is wrong either way', () => {
    const read = sheetFromPhoto(sheet([sub, sub]), [
      // A 9 or a 4 where the answer has an 8: wrong whichever, so not asked; read as the likelier.
      row(0, 'result', [null, 1, 9], { at: 2, confidence: 0.7, alternative: 4 }),
      // Unsure between 9 and 4 beyond the floor (under 0.5): asked.
      row(1, 'result', [null, 1, 9], { at: 2, confidence: 0.45, alternative: 4 }),
    ]);
    expect(read.cells).toEqual([{ problem: 0, value: { result: 19, remainder: null, blank: false } }]);
    expect(read.questions.map((q) => q.problem)).toEqual([1]);
  });

  it('reads a fact’s answer written from the first box, and doubts it against the answer placed there', () => {
    const fact: CorrectionProblem = { op: 'mult', a: 8, b: 9, result: 72, remainder: 0 };
    const read = sheetFromPhoto(sheet([fact, fact]), [
      row(0, 'result', [7, 2, null]),
      // Its 2 unsure but read as the answer's 2 (over 0.3): taken.
      row(1, 'result', [7, 2, null], { at: 1, confidence: 0.4, alternative: 3 }),
    ]);
    expect(read.questions).toEqual([]);
    expect(read.cells).toEqual([
      { problem: 0, value: { result: 72, remainder: null, blank: false } },
      { problem: 1, value: { result: 72, remainder: null, blank: false } },
    ]);
  });

  it('judges a lacuna’s boxes against its missing number, not against the result printed after the =', () => {
    // 7 × □ = 56: the answer is 8.
    const lacuna: CorrectionProblem = { op: 'mult', a: 7, b: 8, result: 56, remainder: 0, blank: 'b' };
    const read = sheetFromPhoto(sheet([lacuna, lacuna]), [
      // An 8 read unsure (0.4) but as the missing number's 8: taken. Judged against 56 it would be asked.
      row(0, 'result', [8, null, null], { at: 0, confidence: 0.4, alternative: 3 }),
      // A 3 read unsure (0.4) against the missing 8, which the model finds plausible: asked.
      row(1, 'result', [3, null, null], { at: 0, confidence: 0.4, alternative: 8 }),
    ]);
    expect(read.cells).toEqual([{ problem: 0, value: { result: 8, remainder: null, blank: false } }]);
    expect(read.questions.map((q) => q.problem)).toEqual([1]);
  });

  it('asks without choices about several marks, a gap between digits, and a resto without a quotient', () => {
    const read = sheetFromPhoto(sheet([sub, sub, div]), [
      row(0, 'result', [null, 1, 8], { at: 1, several: true }),
      row(1, 'result', [1, null, 8]),
      row(2, 'quotient', [null, null]),
      row(2, 'resto', [2]),
    ]);
    expect(read.cells).toEqual([]);
    expect(read.questions.map((q) => [q.problem, q.guess, q.choice, q.rows.length])).toEqual([
      [0, { result: '18', remainder: '' }, null, 1],
      [1, { result: '1?8', remainder: '' }, null, 1],
      [2, { result: '', remainder: '2' }, null, 2],
    ]);
  });

  it('leaves a problem without boxes to be typed, and ignores a row of a problem the sheet does not have', () => {
    const read = sheetFromPhoto(sheet([sub, sub]), [row(1, 'result', [null, 1, 8]), row(5, 'result', [1])]);
    expect(read.cells).toEqual([{ problem: 1, value: { result: 18, remainder: null, blank: false } }]);
    expect(read.questions).toEqual([]);
  });
});
