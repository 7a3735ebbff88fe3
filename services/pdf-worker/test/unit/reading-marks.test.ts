import { describe, expect, it } from 'vitest';
import {
  generatePage,
  lineOrder,
  OPERATIONS,
  RULES_VERSION,
  type GeneratedPage,
  type Level,
  type PageOptions,
} from '@app/generator';
import { qrSvg } from '../../src/domain/qr.js';
import { paperSheets, sheetDocument } from '../../src/domain/sheet-html.js';
import { customSamplePage, CUSTOM_SAMPLES } from '../support/custom-samples.js';

// A sheet made to be read from a photo (rules 5): corner marks, a QR code on every sheet, the answers of the contas
// armadas in boxes of one digit each, and the gabarito's boxes holding the answers the reader compares with.

const META = {
  code: 'LEITURA',
  answersUrl: 'https://exemplo.com.br/gabarito/LEITURA',
  correctionUrl: 'https://exemplo.com.br/corrigir/LEITURA',
};

const MIXES = Array.from({ length: 15 }, (_, index) =>
  OPERATIONS.filter((_, bit) => ((index + 1) >> bit) & 1),
);
const presetOptions = (level: Level, operations: readonly string[], answers = true): PageOptions => ({
  add: operations.includes('add'),
  sub: operations.includes('sub'),
  mult: operations.includes('mult'),
  div: operations.includes('div'),
  answers,
  level,
});

/** What a row of answer boxes says: a number, nothing, or digits with an empty box between them (to ask about). */
type BoxesReading = { kind: 'number'; value: number } | { kind: 'empty' } | { kind: 'gap' };

/**
 * The test's reading of a row of the gabarito's boxes (what `@app/reader`'s `rowValue` does with a photo's), written
 * apart from it: the number a row of answer boxes holds, its digits in writing order (left to right, `null` for an empty box): a
 * result right-aligned under its columns and a quotient written from the first box read alike.
 */
function boxesNumber(digits: ReadonlyArray<number | null>): BoxesReading {
  const first = digits.findIndex((digit) => digit !== null);
  if (first === -1) return { kind: 'empty' };
  const written = digits.slice(
    first,
    digits.length - [...digits].reverse().findIndex((digit) => digit !== null),
  );
  if (written.includes(null)) return { kind: 'gap' };
  return { kind: 'number', value: written.reduce<number>((value, digit) => value * 10 + digit!, 0) };
}

/** The sections of a sheet's markup: each exercise page and each gabarito page. */
const sections = (body: string, kind: 'exercises' | 'answer-key') =>
  body.split('<section ').filter((part) => part.startsWith(`class="sheet ${kind}`));

/** Each cell's answer boxes, in the cell's order: their part and their digit (null when empty), in writing order. */
function cellBoxes(
  section: string,
): Array<Array<{ part: string; column: number; casa?: number; digit: number | null }>> {
  return section
    .split('<li ')
    .slice(1)
    .map((cell) =>
      [
        ...cell.matchAll(
          /<span class="d ab[^"]*" data-part="(\w+)" data-col="(\d+)"(?: data-casa="(\d)")?>(\d?)<\/span>/g,
        ),
      ].map(([, part, column, casa, digit]) => ({
        part: part!,
        column: Number(column),
        ...(casa === undefined ? {} : { casa: Number(casa) }),
        digit: digit === '' ? null : Number(digit),
      })),
    );
}

/**
 * A sample printed with the current rules: its page, its markup, each exercise cell's boxes and the gabarito's (a box row for
 * every problem), and each exercise cell's markup.
 */
function printedSample(sample: (typeof CUSTOM_SAMPLES)[number]) {
  const page = customSamplePage(sample);
  expect(page.rules).toBe(RULES_VERSION);
  const { body } = sheetDocument(page, META);
  const sheet = sections(body, 'exercises').flatMap(cellBoxes);
  const key = sections(body, 'answer-key').flatMap(cellBoxes);
  expect(sheet).toHaveLength(page.problems.length);
  const cells = sections(body, 'exercises').flatMap((section) => section.split('<li ').slice(1));
  return { page, body, sheet, key, cells };
}

/** Whether a sample's contas are decimal (its answers in boxes since rules 9, tested apart). */
const decimal = (sample: (typeof CUSTOM_SAMPLES)[number]) =>
  (['add', 'sub', 'mult', 'div'] as const).some((op) => sample.custom[op]?.casas !== undefined);

const read = (boxes: ReturnType<typeof cellBoxes>[number], part: string) =>
  boxesNumber(boxes.filter((box) => box.part === part).map((box) => box.digit));

describe('a sheet to be read (rules 5)', () => {
  it('has four corner marks on every page of the exercises and none on the gabarito', () => {
    for (const level of [0, 1, 2] as const)
      for (const operations of MIXES) {
        const page = generatePage(`marcas-${level}-${operations.join('')}`, presetOptions(level, operations));
        expect(page.rules).toBe(RULES_VERSION);
        const { body } = sheetDocument(page, META);
        const exercises = sections(body, 'exercises');
        expect(exercises).toHaveLength(paperSheets(page).length);
        for (const section of exercises)
          for (const corner of ['tl', 'tr', 'bl', 'br'])
            expect(section.split(`class="corner-mark ${corner}"`)).toHaveLength(2);
        for (const section of sections(body, 'answer-key')) expect(section).not.toContain('corner-mark');
      }
  });

  it('prints each answer in empty boxes, and the gabarito holds the answer the boxes read: result, quotient, resto', () => {
    for (const level of [0, 1, 2] as const)
      for (const operations of MIXES)
        for (const seed of ['a', 'b', 'c']) {
          const page = generatePage(
            `caixas-${seed}-${level}-${operations.join('')}`,
            presetOptions(level, operations),
          );
          const { body } = sheetDocument(page, META);
          const sheet = sections(body, 'exercises').flatMap(cellBoxes);
          const key = sections(body, 'answer-key').flatMap(cellBoxes);
          expect(sheet).toHaveLength(page.problems.length);
          expect(key).toHaveLength(page.problems.length);
          page.problems.forEach((problem, i) => {
            const where = `${JSON.stringify(problem)} at level ${level}`;
            expect(sheet[i]!.length, where).toBeGreaterThan(0);
            expect(
              sheet[i]!.every((box) => box.digit === null),
              where,
            ).toBe(true);
            expect(
              sheet[i]!.map((box) => [box.part, box.column]),
              where,
            ).toEqual(key[i]!.map((box) => [box.part, box.column]));
            const chave = problem.op === 'div' && level > 0;
            expect(read(key[i]!, chave ? 'quotient' : 'result'), where).toEqual({
              kind: 'number',
              value: problem.result,
            });
            // The resto where the page asks for it: at Médio and Difícil (Fácil divisions are exact facts).
            if (chave)
              expect(read(key[i]!, 'resto'), where).toEqual({ kind: 'number', value: problem.remainder });
            else
              expect(
                key[i]!.some((box) => box.part === 'resto'),
                where,
              ).toBe(false);
          });
        }
  });

  it('carries a QR code on every sheet: the online answers with a gabarito, else the correction page', () => {
    const withKey = generatePage('qr', presetOptions(1, ['add', 'div']));
    const withoutKey = generatePage('qr', presetOptions(1, ['add', 'div'], false));
    const [keyed] = sections(sheetDocument(withKey, META).body, 'exercises');
    expect(keyed).toContain(qrSvg(META.answersUrl));
    expect(keyed).toContain('Respostas online');
    const [plain] = sections(sheetDocument(withoutKey, META).body, 'exercises');
    expect(plain).toContain(qrSvg(META.correctionUrl));
    expect(plain).toContain('Corrigir pela foto');
    // No answer where no gabarito was printed.
    expect(plain).not.toContain(qrSvg(META.answersUrl));
  });

  it('leaves the money and decimal contas armadas their vírgula column and a decimal division its plain quotient', () => {
    const sample = CUSTOM_SAMPLES.find((s) => s.name === 'dinheiro-4-ano')!;
    const page: GeneratedPage = customSamplePage(sample);
    expect(page.rules).toBe(RULES_VERSION);
    const { body } = sheetDocument(page, META);
    const key = sections(body, 'answer-key').flatMap(cellBoxes);
    page.problems.forEach((problem, i) => {
      const where = JSON.stringify(problem);
      if (problem.op === 'div') expect(key[i], where).toEqual([]);
      // In centavos: the digits of the result, vírgula apart.
      else expect(read(key[i]!, 'result'), where).toEqual({ kind: 'number', value: problem.result });
    });
  });
});

describe('facts in a line to be read (rules 6)', () => {
  const LINHA = CUSTOM_SAMPLES.filter((sample) => sample.custom.format === 'linha' && !decimal(sample));

  it('prints each fact’s answer in empty boxes, and the resto’s; the gabarito’s boxes hold them from the first', () => {
    expect(LINHA.length).toBeGreaterThanOrEqual(4);
    for (const sample of LINHA) {
      const page = customSamplePage(sample);
      expect(page.rules).toBe(RULES_VERSION);
      const { body, css } = sheetDocument(page, META);
      expect(css).toContain('.fx .boxes .d.ab');
      const sheet = sections(body, 'exercises').flatMap(cellBoxes);
      const key = sections(body, 'answer-key').flatMap(cellBoxes);
      expect(sheet).toHaveLength(page.problems.length);
      page.problems.forEach((problem, i) => {
        const where = `${sample.name}: ${JSON.stringify(problem)}`;
        // As many boxes as the blank had digits: the same on every line of an operation.
        expect(sheet[i]!.filter((box) => box.part === 'result').length, where).toBe(
          Math.max(
            3,
            ...page.problems.filter((p) => p.op === problem.op).map((p) => String(p.result).length + 1),
          ),
        );
        expect(
          sheet[i]!.every((box) => box.digit === null),
          where,
        ).toBe(true);
        const boxes = key[i]!;
        expect(boxes[0]!.digit, where).not.toBeNull();
        expect(read(boxes, 'result'), where).toEqual({ kind: 'number', value: problem.result });
        const asksResto = problem.op === 'div' && sample.custom.div?.remainders !== 'exata';
        if (asksResto)
          expect(read(boxes, 'resto'), where).toEqual({ kind: 'number', value: problem.remainder });
        else expect(boxes.some((box) => box.part === 'resto')).toBe(false);
      });
      expect(body).not.toContain('class="fill');
    }
  });

  it('keeps the blanks of a page printed with rules 5, and of a lacuna printed with rules 6', () => {
    const sample = LINHA[0]!;
    const before = generatePage(`amostra-${sample.name}`, customSamplePage(sample).options, 5);
    const { body, css } = sheetDocument(before, META);
    expect(body).toContain('class="fill');
    expect(body).not.toContain('class="d ab');
    expect(css).not.toContain('.fx .boxes');
    const lacuna = customSamplePage(CUSTOM_SAMPLES.find((s) => s.custom.format === 'lacuna')!);
    const six = sheetDocument(generatePage('lacuna-6', lacuna.options, 6), META);
    expect(six.body).toContain('class="fill');
    expect(six.body).not.toContain('class="d ab');
    expect(six.css).not.toContain('.fx .boxes');
  });
});

describe('missing numbers to be read (rules 7)', () => {
  const LACUNA = CUSTOM_SAMPLES.filter((sample) => sample.custom.format === 'lacuna' && !decimal(sample));

  it('prints each missing number in empty boxes where its blank was; the gabarito’s boxes hold it from the first', () => {
    expect(LACUNA.length).toBeGreaterThanOrEqual(3);
    for (const sample of LACUNA) {
      const { page, body, sheet, key, cells } = printedSample(sample);
      page.problems.forEach((problem, i) => {
        const where = `${sample.name}: ${JSON.stringify(problem)}`;
        const missing = problem.blank!;
        // As many boxes as the blank had digits: the same on every line of an operation, whichever term is missing.
        const room = Math.max(
          3,
          ...page.problems
            .filter((p) => p.op === problem.op)
            .map((p) => Math.max(String(p.a).length, String(p.b).length) + 1),
        );
        expect(
          sheet[i]!.map((box) => box.part),
          where,
        ).toEqual(Array<string>(room).fill('result'));
        expect(
          sheet[i]!.every((box) => box.digit === null),
          where,
        ).toBe(true);
        // The boxes stand where the missing term was: before the sign for the first term, after it for the second.
        const fx = cells[i]!.slice(cells[i]!.indexOf('class="fx"'));
        const boxesAt = fx.indexOf('class="boxes"');
        const signAt = fx.indexOf('class="op"');
        expect(boxesAt < signAt, where).toBe(lineOrder(problem)[0] === missing);
        expect(read(key[i]!, 'result'), where).toEqual({ kind: 'number', value: problem[missing] });
        expect(key[i]![0]!.digit, where).not.toBeNull();
      });
      expect(body).not.toContain('class="fill');
    }
  });
});

describe('the answers of "Arme e efetue" to be read (rules 8)', () => {
  const ARME = CUSTOM_SAMPLES.filter((sample) => sample.custom.format === 'arme' && !decimal(sample));
  /** A roomy page in three columns: × and ÷ by two digits, 12 to a page (no room for its boxes). */
  const ROOMY = ARME.find((sample) => sample.name === 'arme-e-efetue-por-dois-algarismos')!;

  it('prints each conta’s answer in empty boxes after its = (and the resto’s); the gabarito’s boxes hold them', () => {
    const boxedSamples = ARME.filter((sample) => sample !== ROOMY);
    expect(boxedSamples.length).toBeGreaterThanOrEqual(3);
    for (const sample of boxedSamples) {
      const { page, sheet, key, cells } = printedSample(sample);
      page.problems.forEach((problem, i) => {
        const where = `${sample.name}: ${JSON.stringify(problem)}`;
        // A box per digit of the operation's longest answer, and one more: the same on every conta of an operation.
        const room = Math.max(
          3,
          ...page.problems.filter((p) => p.op === problem.op).map((p) => String(p.result).length + 1),
        );
        expect(sheet[i]!.filter((box) => box.part === 'result').length, where).toBe(room);
        expect(
          sheet[i]!.every((box) => box.digit === null),
          where,
        ).toBe(true);
        // In the conta's line, after its =, and before the quadriculado.
        const statement = cells[i]!.slice(
          cells[i]!.indexOf('arme-statement'),
          cells[i]!.indexOf('class="squares"'),
        );
        expect(statement.indexOf('class="answer"'), where).toBeGreaterThan(statement.indexOf('>=<'));
        expect(read(key[i]!, 'result'), where).toEqual({ kind: 'number', value: problem.result });
        expect(key[i]![0]!.digit, where).not.toBeNull();
        const asksResto = problem.op === 'div' && sample.custom.div?.remainders !== 'exata';
        if (asksResto)
          expect(read(key[i]!, 'resto'), where).toEqual({ kind: 'number', value: problem.remainder });
        else expect(sheet[i]!.some((box) => box.part === 'resto')).toBe(false);
      });
    }
  });

  it('leaves the boxes out where the cell cannot hold them with the conta worked, and on a page of rules 7', () => {
    const roomy = sheetDocument(customSamplePage(ROOMY), META);
    expect(roomy.body).toContain('arme-statement');
    expect(roomy.body).not.toContain('class="d ab');
    const seven = sheetDocument(generatePage('arme-7', customSamplePage(ARME[0]!).options, 7), META);
    expect(seven.body).toContain('arme-statement');
    expect(seven.body).not.toContain('class="d ab');
    expect(seven.css).not.toContain('.arme-statement .answer');
  });
});

describe('decimal answers to be read (rules 9)', () => {
  const DECIMAL = ['linha-decimais', 'arme-e-efetue-reais'].map((name) =>
    CUSTOM_SAMPLES.find((sample) => sample.name === name)!,
  );

  it('prints a decimal answer’s whole part in boxes, a vírgula, a box per casa; the gabarito’s read in units of the last casa', () => {
    for (const sample of DECIMAL) {
      const { page, sheet, key, cells } = printedSample(sample);
      page.problems.forEach((problem, i) => {
        const where = `${sample.name}: ${JSON.stringify(problem)}`;
        const casas = problem.decimal!.casas;
        const whole = (p: typeof problem) => String(Math.floor(p.result / 10 ** casas)).length;
        // The whole part's boxes: the operation's longest and one more, the same on every line of it; then the casas.
        const room = Math.max(...page.problems.filter((p) => p.op === problem.op).map(whole)) + 1;
        expect(
          sheet[i]!.map((box) => box.casa ?? 0),
          where,
        ).toEqual([...Array<number>(room).fill(0), ...Array.from({ length: casas }, (_, k) => k + 1)]);
        expect(
          sheet[i]!.every((box) => box.digit === null && box.part === 'result'),
          where,
        ).toBe(true);
        // The vírgula printed between them, not a box.
        expect(cells[i], where).toContain(
          '<span class="v" aria-hidden="true">,</span><span class="d ab" data-part="result" data-col="' +
            String(casas - 1) +
            '" data-casa="1">',
        );
        // The gabarito's: every casa written, the whole part against the vírgula.
        const digits = key[i]!.map((box) => box.digit);
        expect(
          digits.slice(room - whole(problem)).every((d) => d !== null),
          where,
        ).toBe(true);
        expect(Number(digits.filter((d) => d !== null).join('')), where).toBe(problem.result);
      });
    }
  });

  it('prints a lacuna’s decimal missing term in boxes with every casa of its conta, a natural multiplier without', () => {
    const { page, sheet, key, cells } = printedSample(
      CUSTOM_SAMPLES.find((s) => s.name === 'lacuna-decimais')!,
    );
    let natural = 0;
    page.problems.forEach((problem, i) => {
      const where = JSON.stringify(problem);
      const missing = problem.blank!;
      const casas = problem.decimal!.casas;
      const decimalTerm = missing === 'a' || problem.op === 'add' || problem.op === 'sub';
      const whole = (p: typeof problem) =>
        Math.max(
          String(Math.floor(p.a / 10 ** casas)).length,
          String(p.op === 'mult' ? p.b : Math.floor(p.b / 10 ** casas)).length,
        );
      const room = Math.max(...page.problems.filter((p) => p.op === problem.op).map(whole)) + 1;
      expect(
        sheet[i]!.map((box) => box.casa ?? 0),
        where,
      ).toEqual([
        ...Array<number>(room).fill(0),
        ...(decimalTerm ? Array.from({ length: casas }, (_, k) => k + 1) : []),
      ]);
      if (!decimalTerm) natural++;
      expect(cells[i]!.includes('class="v"'), where).toBe(decimalTerm);
      // The gabarito's: the missing term in units of its conta's last casa (8,7 in a conta of centésimos is 870).
      const digits = key[i]!.map((box) => box.digit);
      expect(Number(digits.filter((d) => d !== null).join('')), where).toBe(problem[missing]);
    });
    expect(natural).toBeGreaterThan(0);
  });

  it('keeps the decimal answers of a page printed with rules 8 in blanks (and no box on "Arme e efetue")', () => {
    const [linha, arme] = DECIMAL.map((sample) => customSamplePage(sample));
    const eight = sheetDocument(generatePage('linha-8', linha!.options, 8), META);
    expect(eight.body).toContain('class="fill');
    expect(eight.body).not.toContain('class="d ab');
    const armeEight = sheetDocument(generatePage('arme-8', arme!.options, 8), META);
    expect(armeEight.body).not.toContain('class="d ab');
  });
});

describe('the number of each situação-problema to be read (rules 7)', () => {
  const PROBLEMAS = CUSTOM_SAMPLES.filter((sample) => sample.custom.format === 'problemas');

  it('prints "Só o número:" and empty boxes under each problem (and the resto’s where the question asks what is left); the gabarito’s hold them', () => {
    let restos = 0;
    let money = 0;
    for (const sample of PROBLEMAS) {
      const page = customSamplePage(sample);
      expect(page.rules).toBe(RULES_VERSION);
      const { body } = sheetDocument(page, META);
      const sheet = sections(body, 'exercises').flatMap(cellBoxes);
      const key = sections(body, 'answer-key').flatMap(cellBoxes);
      const words = page.words!;
      const whole = words.filter((w) => w.conta.decimal === undefined || w.answer !== w.conta.result);
      const room = Math.max(3, ...whole.map((w) => String(w.answer).length + 1));
      const sums = words.filter((w) => !whole.includes(w));
      const reais = Math.max(2, ...sums.map((w) => String(Math.floor(w.answer / 100)).length + 1));
      words.forEach((word, i) => {
        const where = `${sample.name}: ${word.question}`;
        if (!whole.includes(word)) {
          // A sum of money (rules 9): "R$", the boxes of its reais, a vírgula and its two casas; read in centavos.
          money++;
          expect(
            sheet[i]!.map((box) => box.casa ?? 0),
            where,
          ).toEqual([...Array<number>(reais).fill(0), 1, 2]);
          expect(
            sheet[i]!.every((box) => box.digit === null),
            where,
          ).toBe(true);
          const digits = key[i]!.map((box) => box.digit);
          expect(Number(digits.filter((d) => d !== null).join('')), where).toBe(word.answer);
          expect(
            digits.slice(-2).every((d) => d !== null),
            where,
          ).toBe(true);
          return;
        }
        expect(sheet[i]!.filter((box) => box.part === 'result').length, where).toBe(room);
        expect(
          sheet[i]!.every((box) => box.digit === null),
          where,
        ).toBe(true);
        expect(read(key[i]!, 'result'), where).toEqual({ kind: 'number', value: word.answer });
        if (word.leftover === null)
          expect(
            sheet[i]!.some((box) => box.part === 'resto'),
            where,
          ).toBe(false);
        else {
          restos++;
          expect(read(key[i]!, 'resto'), where).toEqual({ kind: 'number', value: word.leftover });
        }
      });
      expect(body.split('Só o número:').length - 1).toBe(2 * words.length);
    }
    // The samples hold questions with a resto, and sums of money.
    expect(restos).toBeGreaterThan(0);
    expect(money).toBeGreaterThan(0);
  });

  it('keeps a page of situações-problema printed with rules 6 without boxes', () => {
    const sample = PROBLEMAS[0]!;
    const { body } = sheetDocument(generatePage('problemas-6', customSamplePage(sample).options, 6), META);
    expect(body).not.toContain('class="d ab');
    expect(body).not.toContain('Só o número:');
  });

  it('keeps a sum of money printed with rules 8 to its Resposta (no R$ boxes)', () => {
    const sample = PROBLEMAS.find((s) => s.name === 'problemas-troco-cedulas-e-moedas')!;
    const page = generatePage('problemas-8', customSamplePage(sample).options, 8);
    const { body } = sheetDocument(page, META);
    const words = page.words!;
    const sums = words.filter((w) => w.conta.decimal !== undefined && w.answer === w.conta.result);
    expect(sums.length).toBeGreaterThan(0);
    expect(body).not.toContain('resp-reais');
    expect(body.split('Só o número:').length - 1).toBe(2 * (words.length - sums.length));
  });
});

describe('a sheet bought before rules 5 prints as bought', () => {
  it('has no corner mark, no answer box, and no QR code without a gabarito', () => {
    for (const level of [0, 1, 2] as const) {
      const page = generatePage('antes', presetOptions(level, ['add', 'sub', 'mult', 'div'], false), 4);
      const { body, css } = sheetDocument(page, META);
      expect(body).not.toContain('corner-mark');
      expect(body).not.toContain('data-part');
      expect(body).not.toContain('<svg');
      expect(css).not.toContain('corner-mark');
    }
  });
});

describe('boxesNumber', () => {
  it('reads the digits written in a row of boxes, right-aligned or from the first box', () => {
    expect(boxesNumber([null, 1, 0, 5])).toEqual({ kind: 'number', value: 105 });
    expect(boxesNumber([1, 5, null])).toEqual({ kind: 'number', value: 15 });
    expect(boxesNumber([0])).toEqual({ kind: 'number', value: 0 });
    expect(boxesNumber([null, null])).toEqual({ kind: 'empty' });
    expect(boxesNumber([])).toEqual({ kind: 'empty' });
    expect(boxesNumber([1, null, 5])).toEqual({ kind: 'gap' });
  });
});
