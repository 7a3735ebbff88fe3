import { describe, expect, it } from 'vitest';
import {
  chancesOf,
  childProgress,
  type Mistake,
  type ProgressSheet,
  type SheetProblem,
  type TypedAnswer,
} from '../../src/index.js';

const typed = (result: number | null): TypedAnswer => ({ result, remainder: null, blank: false });
const emBranco: TypedAnswer = { result: null, remainder: null, blank: true };
const sub = (a: number, b: number): SheetProblem => ({ op: 'sub', a, b, result: a - b, remainder: 0 });
const add = (a: number, b: number): SheetProblem => ({ op: 'add', a, b, result: a + b, remainder: 0 });
const menorDoMaior: Mistake = { id: 'sub.menorDoMaior' };

/** Subtractions with borrows (where "subtrai o menor do maior" changes the answer) and one without. */
const subs = [sub(52, 27), sub(61, 28), sub(40, 12), sub(75, 23)];
/** The child subtracts the smaller digit from the larger: 35, 47, 32; 52 is right anyway. */
const buggy: ProgressSheet = { problems: subs, typed: [typed(35), typed(47), typed(32), typed(52)] };
const fixed: ProgressSheet = { problems: subs, typed: [typed(25), typed(33), typed(28), typed(52)] };
const additions: ProgressSheet = {
  problems: [add(12, 7), add(30, 40)],
  typed: [typed(19), typed(70)],
};
const notCorrected: ProgressSheet = { problems: subs, typed: [] };

describe("a child's progress over a term", () => {
  it('scores each corrected sheet and leaves one with nothing typed out', () => {
    const { outcomes } = childProgress([buggy, notCorrected, fixed]);
    expect(outcomes[0]).toEqual({
      score: { right: 1, wrong: 3, blank: 0, empty: 0, total: 4 },
      mistakes: [menorDoMaior],
    });
    expect(outcomes[1]).toBeNull();
    expect(outcomes[2]).toEqual({
      score: { right: 4, wrong: 0, blank: 0, empty: 0, total: 4 },
      mistakes: [],
    });
  });

  it('follows a mistake: seen, then gone on a later sheet that could show it', () => {
    const { trends } = childProgress([buggy, buggy, fixed]);
    expect(trends).toEqual([
      {
        mistake: menorDoMaior,
        name: 'Subtrai o menor do maior em cada coluna',
        marks: ['seen', 'seen', 'gone'],
      },
    ]);
  });

  it('says nothing of a mistake on a sheet that could not show it (no such contas, or not corrected)', () => {
    const { trends } = childProgress([buggy, additions, notCorrected]);
    expect(trends[0]!.marks).toEqual(['seen', 'untested', 'untested']);
  });

  it('counts as chances only the plain contas answered that the mistake changes', () => {
    expect(chancesOf(menorDoMaior, fixed)).toBe(3);
    // A blank or an untyped problem is no chance; 75 − 23 has no borrow, so the mistake does not change it.
    expect(
      chancesOf(menorDoMaior, { problems: subs, typed: [emBranco, undefined, typed(28), typed(52)] }),
    ).toBe(1);
    const lacuna: SheetProblem = { ...sub(52, 27), blank: 'b' };
    expect(chancesOf(menorDoMaior, { problems: [lacuna], typed: [typed(27)] })).toBe(0);
  });

  it('a sheet with a single chance left says nothing: absence on one conta is no evidence', () => {
    const oneChance: ProgressSheet = { problems: [sub(52, 27), sub(75, 23)], typed: [typed(25), typed(52)] };
    expect(childProgress([buggy, oneChance]).trends[0]!.marks).toEqual(['seen', 'untested']);
  });

  it('has no trend for a child with no mistake', () => {
    expect(childProgress([fixed, additions]).trends).toEqual([]);
  });
});
