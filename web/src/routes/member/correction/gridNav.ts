import type { Part } from './typed';

/**
 * Moving through the correction grid with the keyboard: Enter and Tab go to the next input (a division's quociente,
 * then its resto, then the next conta; at a row's end the next row's first), Shift back; the arrows Up and Down go to
 * the same conta of the row above or below. A division left em branco has no resto to type: Enter and Tab pass it.
 * Pure: the grid only says, row by row, which of its problems has a resto, and which cells are em branco.
 */

/** `shape[row][col]`: whether that problem has a resto input. A row is as long as its sheet's problems. */
export type GridShape = readonly (readonly boolean[])[];

/** An input of the grid. */
export interface Pos {
  row: number;
  col: number;
  part: Part;
}

/** Every input of the grid, in the order Enter and Tab visit them. */
export function stopsOf(shape: GridShape): Pos[] {
  return shape.flatMap((cols, row) =>
    cols.flatMap((hasRemainder, col): Pos[] =>
      hasRemainder
        ? [
            { row, col, part: 'result' },
            { row, col, part: 'remainder' },
          ]
        : [{ row, col, part: 'result' }],
    ),
  );
}

const samePos = (a: Pos, b: Pos) => a.row === b.row && a.col === b.col && a.part === b.part;

/** Whether the cell at (row, col) is em branco. */
export type IsBlank = (row: number, col: number) => boolean;

function step(shape: GridShape, pos: Pos, by: 1 | -1, isBlank: IsBlank): Pos | null {
  // The resto of a cell em branco is passed, unless the cursor is in it.
  const stops = stopsOf(shape).filter(
    (s) => s.part === 'result' || samePos(s, pos) || !isBlank(s.row, s.col),
  );
  const at = stops.findIndex((s) => samePos(s, pos));
  if (at < 0) return null;
  return stops[at + by] ?? null;
}

const noBlanks: IsBlank = () => false;

/** The next input (Enter, Tab); null after the grid's last. */
export const nextPos = (shape: GridShape, pos: Pos, isBlank = noBlanks): Pos | null =>
  step(shape, pos, 1, isBlank);

/** The previous input (Shift+Enter, Shift+Tab); null before the grid's first. */
export const prevPos = (shape: GridShape, pos: Pos, isBlank = noBlanks): Pos | null =>
  step(shape, pos, -1, isBlank);

/**
 * The same conta in the nearest row above (-1) or below (+1) that has it, on the same input when that row's conta
 * has it too (else its result); null when no row that way has it.
 */
export function verticalPos(shape: GridShape, pos: Pos, by: 1 | -1): Pos | null {
  for (let row = pos.row + by; row >= 0 && row < shape.length; row += by) {
    const hasRemainder = shape[row]![pos.col];
    if (hasRemainder === undefined) continue;
    return { row, col: pos.col, part: pos.part === 'remainder' && hasRemainder ? 'remainder' : 'result' };
  }
  return null;
}

/** Where a key sends the cursor from an input: null when the key is not the grid's (or leads out of it). */
export function moveFor(
  shape: GridShape,
  pos: Pos,
  key: { key: string; shiftKey: boolean },
  isBlank = noBlanks,
): Pos | null {
  switch (key.key) {
    case 'Enter':
    case 'Tab':
      return key.shiftKey ? prevPos(shape, pos, isBlank) : nextPos(shape, pos, isBlank);
    case 'ArrowDown':
      return verticalPos(shape, pos, 1);
    case 'ArrowUp':
      return verticalPos(shape, pos, -1);
    default:
      return null;
  }
}
