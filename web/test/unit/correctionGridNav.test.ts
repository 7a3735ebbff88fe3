import { describe, expect, it } from 'vitest';
import {
  moveFor,
  nextPos,
  prevPos,
  stopsOf,
  verticalPos,
  type GridShape,
  type Pos,
} from '../../src/routes/member/correction/gridNav';

/** Three sheets: 2 contas of − then a ÷ (quociente and resto); the last sheet has one conta less. */
const shape: GridShape = [
  [false, false, true],
  [false, false, true],
  [false, false],
];
const at = (row: number, col: number, part: Pos['part'] = 'result'): Pos => ({ row, col, part });
const key = (k: string, shiftKey = false) => ({ key: k, shiftKey });

describe('the correction grid, by keyboard', () => {
  it('visits every input in reading order: a division its quociente, then its resto', () => {
    expect(stopsOf(shape)).toEqual([
      at(0, 0),
      at(0, 1),
      at(0, 2),
      at(0, 2, 'remainder'),
      at(1, 0),
      at(1, 1),
      at(1, 2),
      at(1, 2, 'remainder'),
      at(2, 0),
      at(2, 1),
    ]);
  });

  it('Enter and Tab go to the next input; at a row’s end to the next row’s first', () => {
    expect(nextPos(shape, at(0, 0))).toEqual(at(0, 1));
    expect(nextPos(shape, at(0, 2))).toEqual(at(0, 2, 'remainder'));
    expect(nextPos(shape, at(0, 2, 'remainder'))).toEqual(at(1, 0));
    expect(moveFor(shape, at(0, 2, 'remainder'), key('Enter'))).toEqual(at(1, 0));
    expect(moveFor(shape, at(1, 1), key('Tab'))).toEqual(at(1, 2));
    // After the last input the grid lets go (Tab leaves it as usual).
    expect(nextPos(shape, at(2, 1))).toBeNull();
    expect(moveFor(shape, at(2, 1), key('Tab'))).toBeNull();
  });

  it('Shift+Enter and Shift+Tab go back; before the first, nowhere', () => {
    expect(prevPos(shape, at(1, 0))).toEqual(at(0, 2, 'remainder'));
    expect(moveFor(shape, at(0, 2, 'remainder'), key('Enter', true))).toEqual(at(0, 2));
    expect(moveFor(shape, at(2, 0), key('Tab', true))).toEqual(at(1, 2, 'remainder'));
    expect(moveFor(shape, at(0, 0), key('Tab', true))).toBeNull();
  });

  it('Up and Down keep the conta and the input, in the rows that have them', () => {
    expect(moveFor(shape, at(0, 1), key('ArrowDown'))).toEqual(at(1, 1));
    expect(moveFor(shape, at(0, 2, 'remainder'), key('ArrowDown'))).toEqual(at(1, 2, 'remainder'));
    expect(moveFor(shape, at(2, 1), key('ArrowUp'))).toEqual(at(1, 1));
    expect(moveFor(shape, at(0, 1), key('ArrowUp'))).toBeNull();
    expect(moveFor(shape, at(2, 0), key('ArrowDown'))).toBeNull();
    // The last sheet has no third conta: Down from it goes nowhere, Up from below it skips it.
    expect(verticalPos(shape, at(1, 2), 1)).toBeNull();
    const longer: GridShape = [[false, true], [false], [false, false]];
    expect(verticalPos(longer, at(0, 1, 'remainder'), 1)).toEqual(at(2, 1));
    expect(verticalPos(longer, at(2, 1), -1)).toEqual(at(0, 1));
  });

  it('passes the resto of a division left em branco, unless the cursor is in it', () => {
    const blank = (row: number, col: number) => row === 0 && col === 2;
    expect(moveFor(shape, at(0, 2), key('Enter'), blank)).toEqual(at(1, 0));
    expect(moveFor(shape, at(1, 0), key('Tab', true), blank)).toEqual(at(0, 2));
    expect(moveFor(shape, at(0, 2, 'remainder'), key('Enter'), blank)).toEqual(at(1, 0));
    expect(moveFor(shape, at(0, 2, 'remainder'), key('Enter', true), blank)).toEqual(at(0, 2));
    expect(moveFor(shape, at(0, 1), key('Tab'), blank)).toEqual(at(0, 2));
  });

  it('leaves every other key to the input', () => {
    for (const k of ['5', 'Backspace', 'ArrowLeft', 'ArrowRight', 'Escape', 'Home'])
      expect(moveFor(shape, at(1, 1), key(k))).toBeNull();
  });

  it('knows nothing of a position outside the grid', () => {
    expect(nextPos(shape, at(9, 0))).toBeNull();
    expect(nextPos(shape, at(0, 1, 'remainder'))).toBeNull();
    expect(nextPos([], at(0, 0))).toBeNull();
  });
});
