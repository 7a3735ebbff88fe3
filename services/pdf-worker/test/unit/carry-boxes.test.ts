import { describe, expect, it } from 'vitest';
import { generatePage, OPERATIONS, workProblem, type Level } from '@app/generator';
import { carryBoxColumns } from '../../src/domain/sheet-html.js';

// No carry box where the conta cannot carry, and a box wherever the written algorithm writes a carry.
// Checked on every + and × of 2 000 pages of each level with all four operations (and of × and + alone).

const PAGES = 2_000;

/** The columns where the worked algorithm writes a "vai um" above the top number. */
function writtenCarries(problem: Parameters<typeof workProblem>[0]): number[] {
  const worked = workProblem(problem);
  if (worked.op === 'add') return worked.carries.flatMap((carry, column) => (carry > 0 ? [column] : []));
  if (worked.op === 'mult') {
    const columns = new Set<number>();
    for (const row of worked.carries) row.forEach((carry, column) => carry > 0 && columns.add(column));
    return [...columns].sort((a, b) => a - b);
  }
  return [];
}

describe('carry boxes', () => {
  it.each([0, 1, 2] as Level[])(
    'level %i: a box over every written carry, none where no carry can come',
    (level) => {
      let problems = 0;
      let carried = 0;
      const wrong: string[] = [];
      for (const mix of [OPERATIONS, ['add'], ['mult']]) {
        for (let index = 0; index < PAGES; index++) {
          const page = generatePage(`caixas-${level}-${mix.join('')}-${index}`, {
            add: mix.includes('add'),
            sub: mix.includes('sub'),
            mult: mix.includes('mult'),
            div: mix.includes('div'),
            answers: true,
            level,
          });
          for (const problem of page.problems) {
            const boxes = carryBoxColumns(problem, level);
            if (problem.op === 'sub' || problem.op === 'div') {
              if (boxes.length > 0) wrong.push(`${problem.a} ${problem.op} ${problem.b} has boxes`);
              continue;
            }
            problems++;
            const carries = writtenCarries(problem);
            if (carries.length > 0) carried++;
            for (const column of carries) {
              if (!boxes.includes(column))
                wrong.push(`${problem.a} ${problem.op} ${problem.b}: carry ${column} unboxed`);
            }
            // Every box is over a column of the top number's (or the longer term's) digits, never the units.
            const digits =
              problem.op === 'add'
                ? Math.max(String(problem.a).length, String(problem.b).length)
                : String(problem.a).length;
            for (const column of boxes) {
              if (column < 1 || column >= digits)
                wrong.push(`${problem.a} ${problem.op} ${problem.b}: box ${column}`);
            }
          }
        }
      }
      expect(wrong.slice(0, 10)).toEqual([]);
      expect(problems).toBeGreaterThan(10_000);
      // Fácil + and × never carry into a box, and get none; the other levels carry.
      if (level === 0) expect(carried).toBe(0);
      else expect(carried).toBeGreaterThan(problems / 2);
    },
  );
});
