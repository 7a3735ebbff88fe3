import type { TypedCell } from '@app/contracts';
import { cellKey } from './typed';

/**
 * The server's cells and this browser's, side by side: of each cell the write typed last wins (its `at`), as it does
 * on the server. Pure.
 */

const key = (cell: TypedCell) => cellKey(cell.version, cell.problem);

/**
 * What the grid shows on opening: the server's cells, and over them each cell of this browser's queue typed later
 * than the server's (which must be sent again). A queued cell the server has as late or later was saved already.
 */
export function mergeCells(
  server: readonly TypedCell[],
  local: readonly TypedCell[],
): { cells: TypedCell[]; resend: TypedCell[] } {
  const merged = new Map(server.map((c) => [key(c), c]));
  const resend: TypedCell[] = [];
  for (const cell of local) {
    const known = merged.get(key(cell));
    if (known && known.at >= cell.at) continue;
    merged.set(key(cell), cell);
    resend.push(cell);
  }
  return { cells: [...merged.values()], resend };
}

/**
 * The cells shown with the server's in where the server's were typed later (another tab or device typed them since);
 * the keys of the cells replaced.
 */
export function withServerCells(
  shown: ReadonlyMap<string, TypedCell>,
  server: readonly TypedCell[],
): { cells: Map<string, TypedCell>; replaced: string[] } {
  const cells = new Map(shown);
  const replaced: string[] = [];
  for (const cell of server) {
    if ((shown.get(key(cell))?.at ?? -1) >= cell.at) continue;
    cells.set(key(cell), cell);
    replaced.push(key(cell));
  }
  return { cells, replaced };
}
