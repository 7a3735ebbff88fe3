import { describe, expect, it } from 'vitest';
import {
  exercisePages,
  generatePage,
  GIRLS,
  RELATIVES,
  renderTwoSteps,
  TWO_STEP_TEMPLATES,
  workProblem,
  type CustomOptions,
  type Problem,
} from '@app/generator';
import { tabuadaDo7Request } from '@app/testing';
import { carryBoxColumns, paperSheets, sheetDocument, sheetPages } from '../../src/domain/sheet-html.js';
import {
  blankWidths,
  calcRows,
  calcSquares,
  contaLines,
  customGrid,
  factLayout,
  lastRowStart,
  PRINT_SIZES,
  respostaLines,
  teacherLine,
  workRowsMm,
} from '../../src/domain/sheet-formats.js';
import { customPage } from '../support/custom-pages.js';
import { customPageOptions } from '../support/custom-samples.js';

// What a custom page's sheet decides before Chromium lays it out.

const META = {
  code: 'UNIT',
  answersUrl: 'https://exemplo.com.br/gabarito/UNIT',
  correctionUrl: 'https://exemplo.com.br/corrigir/UNIT',
};

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

  it('gives 10 and 15 contas grids of their own, centring a last row with an even number of empty places', () => {
    const add: CustomOptions = { ...ADD_COM, mult: undefined };
    // Contas of + − × by one digit: the 5 rows of 20, cells wider.
    expect(customGrid({ ...add, count: 10 }, [], 10)).toEqual({ columns: 2, rows: 5 });
    expect(customGrid({ ...add, count: 15 }, [], 15)).toEqual({ columns: 3, rows: 5 });
    expect(customGrid({ ...add, format: 'arme', count: 10 }, [], 10)).toEqual({ columns: 2, rows: 5 });
    // Roomy contas: the cells of 12, the last two under the middle columns.
    const roomy: CustomOptions = {
      ...ADD_COM,
      add: undefined,
      mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
    };
    expect(customGrid({ ...roomy, count: 10 }, [], 10)).toEqual({ columns: 4, rows: 3 });
    expect(customGrid({ ...roomy, format: 'arme', count: 10 }, [], 10)).toEqual({ columns: 3, rows: 4 });
    expect(lastRowStart(4, 10)).toBe(2);
    expect(lastRowStart(3, 10)).toBe(2);
    expect(lastRowStart(4, 12)).toBe(1);
    expect(lastRowStart(4, 15)).toBe(1);
    const body = sheetDocument(generatePage('dez', customPageOptions({ ...roomy, count: 10 })), META).body;
    expect(body.match(/grid-column-start:\d/g)).toEqual(['grid-column-start:2', 'grid-column-start:2']);
  });

  it('lays the tabuada em ordem down its columns, a column per tabuada where they fit', () => {
    const ordem = (tables: number[], format: 'linha' | 'lacuna' = 'linha'): CustomOptions => ({
      v: 1,
      mult: { multiplier: { kind: 'tables', tables }, multiplicand: 'ordem' },
      format,
      count: tables.length * 10,
      size: 'normal',
    });
    const page = (custom: CustomOptions) => generatePage('ordem', customPageOptions(custom));
    expect(factLayout(ordem([7]), page(ordem([7])).problems, 10)).toMatchObject({
      columns: 1,
      byColumn: true,
    });
    expect(factLayout(ordem([1, 2]), page(ordem([1, 2])).problems, 20)).toMatchObject({ columns: 2 });
    expect(factLayout(ordem([6, 7, 8]), page(ordem([6, 7, 8])).problems, 30)).toMatchObject({ columns: 3 });
    expect(sheetDocument(page(ordem([7])), META).css).toContain('grid-auto-flow: column');
    expect(factLayout({ ...ADD_COM, format: 'linha', count: 20 }, [], 20).byColumn).toBe(false);
  });

  it('continues situações-problema past one page on another (rules 3); a page of rules 2 keeps its one page', () => {
    const problemas = (count: number, size: 'normal' | 'grande', twoSteps = false): CustomOptions => ({
      v: 1,
      add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
      format: 'problemas',
      count,
      size,
      ...(twoSteps ? { meanings: ['duas-etapas', 'separar-retirar'] as const } : {}),
    });
    const split = (custom: CustomOptions, rules?: 2 | 3) =>
      paperSheets(generatePage('folhas', customPageOptions(custom), rules));
    expect(split(problemas(6, 'normal'))).toEqual([{ from: 0, to: 6 }]);
    // The first page's rows full, in the fewest rows that hold the problems spread over the pages.
    expect(split(problemas(7, 'normal'))).toEqual([
      { from: 0, to: 4 },
      { from: 4, to: 7 },
    ]);
    expect(split(problemas(10, 'normal'))).toEqual([
      { from: 0, to: 6 },
      { from: 6, to: 10 },
    ]);
    expect(split(problemas(5, 'grande'))).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 5 },
    ]);
    // Duas etapas: four a page in normal (two contas one above the other).
    expect(split(problemas(6, 'normal', true))).toEqual([
      { from: 0, to: 4 },
      { from: 4, to: 6 },
    ]);
    // With a chave on the page, two a page in normal (a chave of five steps under the first conta), one in grande.
    const withDivision = (count: number, size: 'normal' | 'grande'): CustomOptions => ({
      ...problemas(count, size, true),
      div: { dividend: 3, divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, remainders: 'misturado' },
      meanings: ['duas-etapas', 'separar-retirar', 'reparticao'],
    });
    expect(split(withDivision(5, 'normal'))).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
      { from: 4, to: 5 },
    ]);
    expect(split(withDivision(2, 'grande'))).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    expect(split(problemas(6, 'normal'), 2)).toEqual([{ from: 0, to: 6 }]);
    const page = generatePage('folhas', customPageOptions(problemas(8, 'normal')));
    expect(sheetPages(page)).toEqual({ exercises: 2, answerKey: 2 });
    const body = sheetDocument(page, META).body;
    expect(body.match(/<section class="sheet [a-z -]+"/g)).toEqual([
      '<section class="sheet exercises"',
      '<section class="sheet exercises continued"',
      '<section class="sheet answer-key"',
      '<section class="sheet answer-key continued"',
    ]);
    expect(body.match(/<header/g)).toHaveLength(2);
    expect(body.match(/Página \d de 2/g)).toEqual([
      'Página 1 de 2',
      'Página 2 de 2',
      'Página 1 de 2',
      'Página 2 de 2',
    ]);
    // A page of one sheet of paper prints no page number.
    expect(
      sheetDocument(generatePage('folha', customPageOptions(problemas(6, 'normal'))), META).body,
    ).not.toContain('Página');
  });

  it('works both contas of a problem in two steps, one above the other in normal, side by side in grande', () => {
    const template = TWO_STEP_TEMPLATES.find((t) => t.id === 'duas-etapas.figurinhas-ganhou-deu')!;
    const first: Problem = { op: 'add', a: 348, b: 275, result: 623, remainder: 0 };
    const second: Problem = { op: 'sub', a: 623, b: 185, result: 438, remainder: 0 };
    const word = renderTwoSteps(template, [first, second], { people: [GIRLS[0]!], relative: RELATIVES[0]! });
    const custom: CustomOptions = {
      v: 1,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      format: 'problemas',
      count: 4,
      size: 'normal',
    };
    const bare = customPage('duas-etapas', custom);
    const words = bare.problems.map(() => word);
    const page = { ...bare, rules: 3 as const, problems: words.map((w) => w.conta), words };
    // + of 3 digits: a sign, 4 columns, a margin and a spare square (7 at least); side by side both and a gap.
    expect(calcSquares(page, 'normal')).toBe(7);
    expect(calcSquares(page, 'grande')).toBe(5 + 1 + 4 + 2);
    const sheet = sheetDocument(page, META);
    const key = sheet.body.slice(sheet.body.indexOf('answer-key'));
    expect(key.match(/<div class="steps">/g)).toHaveLength(4);
    expect(key.match(/<div class="alg">/g)).toHaveLength(8);
    expect(sheet.css).toContain('.squares .steps { display: flex; flex-direction: column;');
    const grande = { ...page, options: { ...page.options, custom: { ...custom, size: 'grande' as const } } };
    expect(sheetDocument(grande, META).css).toContain(
      '.squares .steps { display: flex; flex-direction: row;',
    );
    // The answer of the problem is the second conta's, as its sentence says.
    expect(word.answer).toBe(438);
    expect(key).toContain(word.answerSentence);
  });

  it('gives each row of situações-problema the height its work needs, the same on the sheet and the gabarito', () => {
    const conta = (op: Problem['op'], a: number, b: number): Problem => ({
      op,
      a,
      b,
      result: op === 'mult' ? a * b : Math.floor(a / b),
      remainder: op === 'div' ? a % b : 0,
    });
    // From the terms: + and − four lines, × by two digits seven, ÷ a product and a rest for each step it can take.
    expect(contaLines({ op: 'add', a: 99_999, b: 99_999, result: 199_998, remainder: 0 })).toBe(4);
    expect(contaLines(conta('mult', 999, 7))).toBe(4);
    expect(contaLines(conta('mult', 999, 99))).toBe(7);
    expect(contaLines(conta('div', 9_999, 9))).toBe(9);
    expect(contaLines(conta('div', 9_999, 99))).toBe(7);
    const steps = [conta('mult', 999, 99), conta('div', 98_901, 20)] as const;
    expect(calcRows({ conta: steps[1], steps }, 'normal')).toBe(7 + 1 + 9);
    expect(calcRows({ conta: steps[1], steps }, 'grande')).toBe(9);
    // The Resposta's lines: the label, then the words as the browser breaks them.
    const sentence =
      'São necessários 1.000 pedalinhos: 999 ficam cheios e mais um leva as 9 crianças que sobram.';
    expect(respostaLines('Há 8 bolas.', 60, 11)).toBe(1);
    expect(respostaLines(sentence, 40, 11)).toBeGreaterThan(respostaLines(sentence, 80, 11));
    expect(respostaLines(sentence, 80, 11)).toBeGreaterThan(1);
    // A long sentence beside a narrow quadriculado asks for more than a conta of five lines; a taller conta its own.
    const long = { conta: conta('div', 81, 9), answerSentence: sentence };
    const [first, second] = workRowsMm(
      [long, { conta: conta('div', 9_999, 9), answerSentence: 'Há 9.' }],
      'normal',
      9,
    );
    expect(first).toBeGreaterThan(5 * PRINT_SIZES.normal.columnMm + 0.5);
    expect(second).toBe(9 * 5 + 0.5);
    // The page's rows take those heights under their texts, on both sheets alike.
    const custom: CustomOptions = {
      v: 1,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      div: { dividend: 4, divisor: { kind: 'twoDigits' }, remainders: 'misturado' },
      format: 'problemas',
      count: 6,
      size: 'normal',
    };
    const sheet = sheetDocument(generatePage('linhas', customPageOptions(custom)), META);
    expect(sheet.css).toContain(
      '.grid-problemas { grid-template-rows: repeat(var(--rows), minmax(min-content, 1fr)); }',
    );
    const heights = (part: string) =>
      [...part.matchAll(/class="work-row" style="min-height:([\d.]+)mm"/g)].map((m) => m[1]);
    const key = sheet.body.indexOf('answer-key');
    expect(heights(sheet.body.slice(0, key))).toHaveLength(6);
    expect(heights(sheet.body.slice(key))).toEqual(heights(sheet.body.slice(0, key)));
  });

  it("escapes the teacher's title: no character of it is markup", () => {
    const title = '<img src=x onerror=alert(1)><b>Turma</b> & "5º ano"';
    expect(teacherLine({ ...ADD_COM, title }, 'Adição e multiplicação')).toBe(
      '<p class="teacher-line">&#60;img src=x onerror=alert(1)&#62;&#60;b&#62;Turma&#60;/b&#62; &#38; &#34;5º ano&#34;</p>',
    );
    expect(teacherLine(ADD_COM, 'Adição e multiplicação')).toBe('');
    // A title line that says what the heading says (a preset's words) is printed once.
    expect(
      teacherLine({ ...ADD_COM, title: 'As quatro operações em reais' }, 'As quatro operações em reais'),
    ).toBe('');
    const body = sheetDocument(customPage('titulo', { ...ADD_COM, title }), META).body;
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>Turma');
  });
});

// Minhas Compras tells a teacher which pages of a set's file are the class's from `exercisePages` (web's
// setPrintingGuide): the sheet prints exactly that many pages, for every operation, count and size.
describe('a sheet of situações-problema prints as many pages as exercisePages says', () => {
  const numbers = { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' } as const;
  const parts = {
    add: { add: numbers },
    sub: { sub: numbers },
    mult: { mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 'fatos' } },
    div: {
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 'fatos', remainders: 'exata' },
    },
  } as const;
  const sets = [
    ['add'],
    ['sub'],
    ['mult'],
    ['div'],
    ['add', 'sub'],
    ['mult', 'div'],
    ['add', 'sub', 'mult', 'div'],
  ] as const;
  it.each(
    sets.flatMap((ops) => (['normal', 'grande'] as const).map((size) => [ops.join('+'), size, ops] as const)),
  )('%s, %s, 1 to 40 problems', (_name, size, ops) => {
    let checked = 0;
    for (let count = 1; count <= 40; count++) {
      const custom = {
        v: 1,
        format: 'problemas',
        count,
        size,
        ...Object.assign({}, ...ops.map((op) => parts[op])),
      } as CustomOptions;
      const options = {
        add: ops.includes('add' as never),
        sub: ops.includes('sub' as never),
        mult: ops.includes('mult' as never),
        div: ops.includes('div' as never),
        answers: true,
        level: 1 as const,
        custom,
      };
      let page;
      try {
        page = generatePage(`folha-${count}`, options);
      } catch {
        continue; // a count these options refuse
      }
      expect(paperSheets(page), `${count} problems`).toHaveLength(exercisePages(custom));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the answer QR code is on the sheets that have a gabarito (rules 4)', () => {
  const preset = { add: true, sub: true, mult: false, div: false, level: 1 as const };
  const qrOf = (html: string) => html.includes('Respostas online') && html.includes('<svg');
  it('a sheet with gabarito prints the QR code of its answers online', () => {
    const body = sheetDocument(generatePage('qr', { ...preset, answers: true }), META).body;
    expect(qrOf(body)).toBe(true);
  });

  it('a sheet without gabarito prints no QR code, only its code (and a set version its place)', () => {
    const page = generatePage('qr', { ...preset, answers: false }, 4);
    expect(page.rules).toBe(4);
    const single = sheetDocument(page, META).body;
    expect(qrOf(single)).toBe(false);
    expect(single).toContain('Código UNIT');
    const version = sheetDocument(page, { ...META, version: { n: 5, of: 30 } }).body;
    expect(qrOf(version)).toBe(false);
    expect(version).toContain('Versão 5 de 30');
  });

  it('a sheet without gabarito bought before rules 4 keeps its QR code, as printed', () => {
    const body = sheetDocument(generatePage('qr', { ...preset, answers: false }, 3), META).body;
    expect(qrOf(body)).toBe(true);
  });

  it('since rules 5 a sheet without gabarito has a QR code again: its correction page, no answer (reading-marks.ts)', () => {
    const body = sheetDocument(generatePage('qr', { ...preset, answers: false }), META).body;
    expect(qrOf(body)).toBe(false);
    expect(body).toContain('Corrigir pela foto');
  });
});

describe("the PDF's title names the page as the site lists it (rules 4)", () => {
  const options = {
    ...tabuadaDo7Request,
    custom: { ...tabuadaDo7Request.custom!, title: 'Revisão do 3º B' },
  };
  it("the teacher's title, then the code", () => {
    expect(sheetDocument(generatePage('titulo', options), META).title).toBe('Revisão do 3º B — UNIT');
  });

  it('a page bought before rules 4 keeps the title it printed with', () => {
    expect(sheetDocument(generatePage('titulo', options, 3), META).title).toBe('Tabuada do 7 — UNIT');
  });
});
