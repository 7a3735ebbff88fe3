import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePage, type Level, type PageOptions } from '@app/generator';
import { pdfPageGrey } from '@app/testing';
import { BrowserPool } from '../../src/browser/browser-pool.js';
import { CORNER_MARK, type ReadingMap } from '../../src/domain/reading-marks.js';
import { paperSheets, SHEET_MM, sheetDocument } from '../../src/domain/sheet-html.js';
import { customSamplePage, CUSTOM_SAMPLES } from '../support/custom-samples.js';

// The reading map of a sheet to be read (rules 5; rules 6 and 7 for facts in a line), measured in the layout the PDF
// is printed from: every answer box where the printed PDF has it (its grey frame around it, white inside), the corner
// marks black at their centres.

const META = {
  code: 'MAPA',
  answersUrl: 'https://exemplo.com.br/gabarito/MAPA',
  correctionUrl: 'https://exemplo.com.br/corrigir/MAPA',
};
const DPI = 200;
const px = (mm: number) => Math.round((mm * DPI) / 25.4);
const ALL: Omit<PageOptions, 'level'> = { add: true, sub: true, mult: true, div: true, answers: false };

describe('the reading map', () => {
  let pool: BrowserPool;
  beforeAll(() => {
    pool = new BrowserPool({ size: 1 });
  });
  afterAll(() => pool?.close());

  const pages = [
    ...([0, 1, 2] as Level[]).map((level) => ({
      name: `level ${level}`,
      page: generatePage(`mapa-${level}`, { ...ALL, level }),
    })),
    // Rules 6: facts in a line, their answers (and restos) in boxes, normal and grande.
    ...[
      'dinheiro-4-ano',
      'linha-divisao-com-resto',
      'tabuada-do-7-linha-grande',
      // Rules 7: the missing numbers, in boxes where their blanks were; the number each situação-problema asks.
      'lacuna-quatro-operacoes-grande',
      'problemas-divisao-com-resto',
      'problemas-6-grande',
      // Rules 8: the answers of "Arme e efetue" after each conta's =, or under it at the cell's right.
      'arme-e-efetue-adicao-subtracao',
      'arme-e-efetue-quatro-operacoes-grande',
      // Rules 9: decimal answers, the casas' boxes after a printed vírgula; a situação-problema's sum of money.
      'linha-decimais',
      'lacuna-decimais',
      'arme-e-efetue-reais',
      'problemas-troco-cedulas-e-moedas',
    ].map((name) => ({
      name,
      page: customSamplePage(CUSTOM_SAMPLES.find((s) => s.name === name)!),
    })),
  ];

  it.each(pages)('$name: each box where the PDF prints it, framed and white inside', async ({ page }) => {
    const sheet = sheetDocument(page, META);
    const { pdf, reading } = await pool.render(sheet, { outputs: 'pdf', reading: true });
    const map = reading as ReadingMap;
    const { side, inset } = { side: CORNER_MARK.sideMm, inset: CORNER_MARK.insetMm };
    const centre = inset + side / 2;
    expect(map.v).toBe(1);
    expect({ width: map.widthMm, height: map.heightMm }).toEqual({
      width: SHEET_MM.width,
      height: SHEET_MM.height,
    });
    expect(map.marks).toEqual({
      tl: { x: centre, y: centre },
      tr: { x: SHEET_MM.width - centre, y: centre },
      bl: { x: centre, y: SHEET_MM.height - centre },
      br: { x: SHEET_MM.width - centre, y: SHEET_MM.height - centre },
    });
    // A map page for each sheet of paper of the exercises (a page of situações-problema may take several).
    expect(map.pages).toHaveLength(paperSheets(page).length);
    const boxes = map.pages.flatMap((sheetMap) => sheetMap.boxes);
    // Every box of the markup, and a box for every problem.
    const exercises = sheetDocument(page, META, { answerKey: false }).body;
    expect(boxes).toHaveLength(exercises.split('data-part=').length - 1);
    // A box for every problem but a decimal division in the chave (its quotient's vírgula is part of the exercise).
    const boxed = page.problems.flatMap((p, i) =>
      page.words?.[i] === undefined && p.op === 'div' && p.decimal ? [] : [i],
    );
    expect(new Set(boxes.map((b) => b.problem))).toEqual(new Set(boxed));
    // Rules 9: a decimal answer of a fact in a line or of "Arme e efetue", and a situação-problema's sum of money, has
    // a box per casa after its vírgula; a conta armada's result keeps its columns (no casa).
    const format = page.options.custom?.format;
    for (const [i, p] of page.problems.entries()) {
      const casas = boxes.filter((b) => b.problem === i && b.casa !== undefined).map((b) => b.casa);
      const word = page.words?.[i];
      // A lacuna's missing term: every casa of its conta, but the natural multiplier (b of ×) has none.
      const term = format === 'lacuna' ? (p.blank ?? 'a') : 'result';
      const inLine =
        p.decimal !== undefined &&
        (term !== 'b' || p.op === 'add' || p.op === 'sub') &&
        (format === 'linha' ||
          format === 'lacuna' ||
          format === 'arme' ||
          (word !== undefined && word.answer === word.conta.result));
      expect(casas, JSON.stringify(p)).toEqual(
        inLine ? Array.from({ length: p.decimal!.casas }, (_, k) => k + 1) : [],
      );
    }

    for (const [n, sheetMap] of map.pages.entries()) {
      const grey = await pdfPageGrey(pdf, n + 1, DPI);
      const at = (xMm: number, yMm: number) => grey.data[px(yMm) * grey.width + px(xMm)]!;
      for (const corner of Object.values(map.marks)) expect(at(corner.x, corner.y)).toBeLessThan(60);
      for (const box of sheetMap.boxes) {
        const where = JSON.stringify(box);
        const margin = SHEET_MM.margin;
        expect(box.x >= margin && box.x + box.width <= SHEET_MM.width - margin, where).toBe(true);
        expect(box.y >= margin && box.y + box.height <= SHEET_MM.height - margin, where).toBe(true);
        expect(box.width, where).toBeGreaterThanOrEqual(4.9);
        // White inside: the middle half of the box.
        let darkest = 255;
        for (let y = box.y + box.height / 4; y <= box.y + (3 * box.height) / 4; y += 0.2)
          for (let x = box.x + box.width / 4; x <= box.x + (3 * box.width) / 4; x += 0.2)
            darkest = Math.min(darkest, at(x, y));
        expect(darkest, where).toBeGreaterThan(230);
        // Its grey frame across the middle of its top and bottom edges, 0.5 mm inside the cell.
        const frame = (y: number) => {
          let min = 255;
          for (let dy = -0.3; dy <= 0.3; dy += 0.05) min = Math.min(min, at(box.x + box.width / 2, y + dy));
          return min;
        };
        expect(frame(box.y + 0.5), where).toBeLessThan(215);
        expect(frame(box.y + box.height - 0.5), where).toBeLessThan(215);
      }
    }
  });

  it('is measured only when asked: a sheet of earlier rules has none', async () => {
    const page = generatePage('mapa-antes', { ...ALL, level: 1 }, 4);
    const { reading } = await pool.render(sheetDocument(page, META), { outputs: 'pdf' });
    expect(reading).toBeUndefined();
  });
});
