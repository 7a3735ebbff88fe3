import { describe, expect, it } from 'vitest';
import { generatePage, workProblem, type CustomOptions, type Problem } from '@app/generator';
import { carryBoxColumns, sheetDocument } from '../../src/domain/sheet-html.js';
import {
  blankWidths,
  customGrid,
  factLayout,
  PRINT_SIZES,
  teacherLine,
} from '../../src/domain/sheet-formats.js';
import { customPage } from '../support/custom-pages.js';
import { customPageOptions } from '../support/custom-samples.js';

// Issue 25: what a custom page's sheet decides before Chromium lays it out.

const META = { code: 'UNIT', answersUrl: 'https://exemplo.com.br/gabarito/UNIT' };

const ADD_COM: CustomOptions = {
  v: 1,
  add: { numbers: { kind: 'digits', top: 4, bottom: 4 }, regrouping: 'com' },
  mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 3 },
  format: 'armada',
  count: 16,
  size: 'normal',
};

/** The columns where the worked algorithm writes a "vai um" above the top number. */
function writtenCarries(problem: Problem): number[] {
  const worked = workProblem(problem);
  if (worked.op === 'add') return worked.carries.flatMap((carry, column) => (carry > 0 ? [column] : []));
  if (worked.op === 'mult') {
    const columns = new Set<number>();
    for (const row of worked.carries) row.forEach((carry, column) => carry > 0 && columns.add(column));
    return [...columns].sort((a, b) => a - b);
  }
  return [];
}

describe('custom sheet', () => {
  it('puts a carry box over every carry the options can write, and none where they cannot', () => {
    const sem: CustomOptions = {
      ...ADD_COM,
      add: { numbers: { kind: 'digits', top: 5, bottom: 5 }, regrouping: 'sem' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5, 6, 7, 8, 9, 10] }, multiplicand: 'fatos' },
    };
    let carried = 0;
    for (let index = 0; index < 300; index++) {
      for (const custom of [ADD_COM, sem]) {
        const page = customPage(`caixas-${index}`, custom);
        for (const problem of page.problems) {
          const boxes = carryBoxColumns(problem, page.options.level, custom);
          const carries = writtenCarries(problem);
          if (carries.length > 0) carried++;
          for (const column of carries)
            expect(boxes, `${problem.a} ${problem.op} ${problem.b}`).toContain(column);
          // + sem reserva and × of the facts never carry into a box: they get none.
          if (custom === sem) expect(boxes).toEqual([]);
        }
      }
    }
    expect(carried).toBeGreaterThan(1000);
  });

  it("puts a box over every carry of the generator's custom pages, and none for sem reserva or the facts", () => {
    const options: CustomOptions[] = [
      ADD_COM,
      { ...ADD_COM, mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 }, count: 9 },
      {
        ...ADD_COM,
        add: { numbers: { kind: 'max', max: 1000 }, regrouping: 'misturado' },
        mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 'fatos' },
      },
      {
        ...ADD_COM,
        add: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'sem' },
        mult: undefined,
      },
    ];
    let carried = 0;
    for (const custom of options) {
      for (let index = 0; index < 200; index++) {
        const page = generatePage(`caixas-geradas-${index}`, customPageOptions(custom));
        for (const problem of page.problems) {
          const boxes = carryBoxColumns(problem, page.options.level, custom);
          const carries = writtenCarries(problem);
          if (carries.length > 0) carried++;
          for (const column of carries)
            expect(boxes, `${problem.a} ${problem.op} ${problem.b}`).toContain(column);
          if (problem.op === 'add' && custom.add?.regrouping === 'sem') expect(boxes).toEqual([]);
          if (problem.op === 'mult' && custom.mult?.multiplicand === 'fatos') expect(boxes).toEqual([]);
        }
      }
    }
    expect(carried).toBeGreaterThan(1000);
  });

  it('gives every blank of an operation the same width, whatever its answer', () => {
    const custom: CustomOptions = {
      v: 1,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 3,
        remainders: 'resto',
      },
      format: 'linha',
      count: 30,
      size: 'normal',
    };
    const page = customPage('lacunas', custom);
    const widths = blankWidths(custom, page.problems);
    // Room for the longest answer of each operation, on every line of it.
    for (const problem of page.problems) {
      expect(widths.answer[problem.op]).toBeGreaterThan(String(problem.result).length);
    }
    expect(widths.remainder).toBeGreaterThan(1);
    const html = sheetDocument(page, META, { answerKey: false }).body;
    const addWidths = new Set([...html.matchAll(/class="cell fx-cell add">.*?--w:(\d+)/g)].map((m) => m[1]));
    expect(addWidths.size).toBe(1);
  });

  it('lays out every format at its print size', () => {
    const facts: CustomOptions = {
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
      format: 'linha',
      count: 30,
      size: 'grande',
    };
    const page = customPage('tabuada-do-7', facts);
    // "Tabuada do 7, 30 fatos em linha, letra grande": two columns of 15, at grande's largest size.
    expect(customGrid(facts, page.problems, 30)).toEqual({ columns: 2, rows: 15 });
    expect(factLayout(facts, page.problems, 30).pt).toBe(PRINT_SIZES.grande.factPt[0]);
    expect(customGrid({ ...ADD_COM, count: 20 }, [], 20)).toEqual({ columns: 4, rows: 5 });
    expect(customGrid({ ...ADD_COM, size: 'grande', count: 12 }, [], 12)).toEqual({ columns: 3, rows: 4 });
    expect(customGrid({ ...ADD_COM, format: 'arme', count: 12 }, [], 12)).toEqual({ columns: 3, rows: 4 });
    const chave: CustomOptions = {
      ...ADD_COM,
      add: undefined,
      mult: undefined,
      div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' },
      count: 9,
    };
    expect(customGrid(chave, [], 9)).toEqual({ columns: 3, rows: 3 });
    expect(customGrid({ ...chave, size: 'grande', count: 4 }, [], 4)).toEqual({ columns: 2, rows: 2 });
  });

  it("escapes the teacher's title: no character of it is markup", () => {
    const title = '<img src=x onerror=alert(1)><b>Turma</b> & "5º ano"';
    expect(teacherLine({ ...ADD_COM, title })).toBe(
      '<p class="teacher-line">&#60;img src=x onerror=alert(1)&#62;&#60;b&#62;Turma&#60;/b&#62; &#38; &#34;5º ano&#34;</p>',
    );
    expect(teacherLine(ADD_COM)).toBe('');
    const body = sheetDocument(customPage('titulo', { ...ADD_COM, title }), META).body;
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>Turma');
  });
});
