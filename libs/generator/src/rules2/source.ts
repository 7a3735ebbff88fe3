import { solve } from '../problems.js';
import type { Operation } from '../types.js';
import type { ContaSource } from './word/generate.js';
import { MAX_CUSTOM_DRAWS, spaceOf, type KindPool } from '../custom/draw.js';
import type { CustomOptions } from '../custom/options.js';

/**
 * Rules 2, frozen: the pages stored with rules 2 are drawn by this exactly as they were printed (README, "Rules
 * versions"). The contas of one operation's custom options, for the situações-problema (`generateWordProblems` with
 * `numbers: { mult: customSource('mult', custom), … }`): the kind a fair coin for misturado, then a conta of that
 * kind that the page accepts (no conta twice, no answer three times, no fact with its inverse). The repeat rule of
 * bare pages is not applied: a word page asks for different contas, so a source whose pool is smaller than the page
 * (the tabuada do 7 has nine facts) runs out, and the word generator throws rather than repeat a problem.
 */
export function customSource(op: Operation, custom: Pick<CustomOptions, Operation>): ContaSource {
  const { pools } = spaceOf(op, custom);
  return (random, page) => {
    const pool = (pools.length === 2 && random.chance(1, 2) ? pools[1] : pools[0]) as KindPool;
    let last = null;
    // The first 100 draws are those rules 2 printed with; past them a draw that found no conta at all (a sparse kind:
    // 5-digit sem reserva) used to throw, so going on changes no page that ever printed and mends those that could not.
    for (
      let attempt = 0;
      attempt < MAX_CUSTOM_DRAWS / 100 || (last === null && attempt < MAX_CUSTOM_DRAWS * 10);
      attempt++
    ) {
      const operands = pool.draw(random);
      if (operands === null) continue;
      last = solve(op, operands);
      if (page.accepts(last)) return last;
    }
    if (last === null) throw new Error(`could not draw a ${op} conta from its custom options`);
    return last;
  };
}
