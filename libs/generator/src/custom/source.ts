import { solve } from '../problems.js';
import type { Operation } from '../types.js';
import type { ContaSource } from '../word/generate.js';
import { contaDecimal } from './decimal.js';
import { spaceOf, type KindPool } from './draw.js';
import { drawSemReserva } from './pool.js';

export { drawSemReserva };
import type { AddSubOptions, CustomOptions } from '@app/contracts/custom-shape';

/** Pool draws one call of a source makes before answering null (the word engine then asks again). */
const DRAWS_PER_CALL = 64;

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
  const casas = options?.casas;
  const columnwise =
    (op === 'add' || op === 'sub') &&
    casas === undefined &&
    (options as AddSubOptions).numbers.kind === 'digits'
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
      if (operands === null) continue;
      const conta = solve(op, operands);
      // A decimal conta (em reais, for the money stories) says its casas.
      if (casas !== undefined) conta.decimal = contaDecimal(conta, casas);
      return conta;
    }
    return null;
  };
  if (sources.size >= 4096) sources.clear();
  sources.set(id, source);
  return source;
}
