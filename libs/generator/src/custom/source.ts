import { solve } from '../problems.js';
import type { Random } from '../random.js';
import type { Operation } from '../types.js';
import type { ContaSource } from '../word/generate.js';
import { spaceOf, termRange, type KindPool } from './draw.js';
import type { AddSubOptions, CustomOptions } from '@app/contracts/custom-shape';

/** Pool draws one call of a source makes before answering null (the word engine then asks again). */
const DRAWS_PER_CALL = 64;

type Operands = { a: number; b: number };

/**
 * Two terms of exactly `top` and `bottom` digits with no carry (+) or no borrow (−), drawn column by column: in each
 * column a pair of digits that neither carries nor borrows, uniformly among those the column allows (its leading
 * digits are not 0; a one-digit term is 2–9). The columns are independent, so this is the uniform draw over every
 * such conta, without the rejections that made 5-digit sem reserva fail (95 % of random pairs carry somewhere).
 */
export function drawSemReserva(
  random: Random,
  op: 'add' | 'sub',
  top: number,
  bottom: number,
): Operands | null {
  let a = 0;
  let b = 0;
  for (let column = 0; column < Math.max(top, bottom); column++) {
    const [aLow, aHigh] = digitRange(top, column);
    const [bLow, bHigh] = digitRange(bottom, column);
    const pairs: Array<[number, number]> = [];
    for (let x = aLow; x <= aHigh; x++)
      for (let y = bLow; y <= bHigh; y++) if (op === 'add' ? x + y <= 9 : y <= x) pairs.push([x, y]);
    if (pairs.length === 0) return null;
    const [x, y] = random.pick(pairs);
    a += x * 10 ** column;
    b += y * 10 ** column;
  }
  return op === 'sub' && b >= a ? null : { a, b };
}

/** The digits a term of `digits` digits may have in a column (units first). */
function digitRange(digits: number, column: number): [number, number] {
  if (digits === 1) return column === 0 ? termRange(1) : [0, 0];
  if (column >= digits) return [0, 0];
  return column === digits - 1 ? [1, 9] : [0, 9];
}

const sources = new Map<string, ContaSource>();

/**
 * The contas of one operation's custom options for the situações-problema (rules 3): the kind a fair coin for
 * misturado, then a conta of that kind (sem reserva of digits drawn column by column); null when a call's draws found
 * none, and the word engine asks again. The engine checks the page's rules (no conta twice, no answer three times, no
 * fact with its inverse) and the story; no repeat rule: `checkCustom` refuses options with fewer contas than the page.
 * One function per options, so its probes (`kindTellable`) are memoised with it.
 */
export function customSource(op: Operation, custom: Pick<CustomOptions, Operation>): ContaSource {
  const id = `${op}:${JSON.stringify(custom[op])}`;
  const known = sources.get(id);
  if (known) return known;
  const { pools } = spaceOf(op, custom);
  const options = custom[op];
  const columnwise =
    (op === 'add' || op === 'sub') && (options as AddSubOptions).numbers.kind === 'digits'
      ? ((options as AddSubOptions).numbers as { top: number; bottom: number })
      : null;
  const source: ContaSource = (random) => {
    const pool = (pools.length === 2 && random.chance(1, 2) ? pools[1] : pools[0]) as KindPool;
    if (pool.list?.length === 0) return null;
    for (let draw = 0; draw < DRAWS_PER_CALL; draw++) {
      const operands =
        columnwise !== null && pool.kind === 'sem' && pool.list === null
          ? drawSemReserva(random, op as 'add' | 'sub', columnwise.top, columnwise.bottom)
          : pool.draw(random);
      if (operands !== null) return solve(op, operands);
    }
    return null;
  };
  if (sources.size >= 4096) sources.clear();
  sources.set(id, source);
  return source;
}
