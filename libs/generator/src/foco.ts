import { MISTAKES, answerOf, rightAnswer, sameAnswer, type Mistake } from '@app/diagnosis';
import type { Operation, Problem } from './types.js';

/**
 * A reforço page (`PageOptions.foco`): a child's version that practises that child's systematic mistakes. Of every
 * FOCO_EVERY problems, all but the last are drawn where one of the mistakes shows (the answer it produces differs from
 * the right one: 500 − 123 for "zero no minuendo"), the mistakes taking turns; the last comes from the page's
 * options as on any page, its operations taking turns. A page without `foco` is dealt as always: its operations in
 * turn, every problem as its options draw it.
 */
export const FOCO_EVERY = 3;

/**
 * Draws of a problem tried for one where the mistake shows before the last one is kept. The options the reforço was
 * made from showed the mistake on at least two of the child's problems (the diagnosis names none otherwise), so it
 * shows on a fair share of their problems: the bench (`npm run bench:diagnosis`) measures the share on the page.
 */
export const FOCO_TRIES = 200;

/** Whether a mistake changes the answer of a problem: a child with it answers this one wrong. */
export const mistakeShows = (mistake: Mistake, problem: Pick<Problem, 'op' | 'a' | 'b'>): boolean =>
  MISTAKES[mistake.id].op === problem.op && !sameAnswer(answerOf(mistake, problem), rightAnswer(problem));

/** What a slot of the page holds: its operation, and the mistake its problem must show (null: any problem). */
export interface Slot {
  op: Operation;
  mistake: Mistake | null;
}

/**
 * The slots of a page, one by one: its operations in turn, or with `foco` (only the mistakes of the page's
 * operations count) the mistakes' slots between the others.
 */
export function slotDealer(
  operations: readonly Operation[],
  foco: readonly Mistake[] | undefined,
): (index: number) => Slot {
  const mistakes = (foco ?? []).filter((m) => operations.includes(MISTAKES[m.id].op));
  if (mistakes.length === 0)
    return (index) => ({ op: operations[index % operations.length] as Operation, mistake: null });
  return (index) => {
    const round = Math.floor(index / FOCO_EVERY);
    const place = index % FOCO_EVERY;
    if (place === FOCO_EVERY - 1)
      return { op: operations[round % operations.length] as Operation, mistake: null };
    const mistake = mistakes[(round * (FOCO_EVERY - 1) + place) % mistakes.length] as Mistake;
    return { op: MISTAKES[mistake.id].op, mistake };
  };
}

/** A problem of the slot: drawn again until its mistake shows (FOCO_TRIES at most, then the last draw). */
export function drawForSlot(slot: Slot, draw: (op: Operation) => Problem): Problem {
  let problem = draw(slot.op);
  if (slot.mistake === null) return problem;
  for (let tries = 1; tries < FOCO_TRIES && !mistakeShows(slot.mistake, problem); tries++)
    problem = draw(slot.op);
  return problem;
}
