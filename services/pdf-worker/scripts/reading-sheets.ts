/**
 * Real sheets to be read (rules 5 to 9) for the reader's benchmark (`npm run bench:reading`): each printed to PDF as the
 * worker prints it, with the reading map it measures, drawn back from the PDF at 8 px/mm, and written to a directory
 * with what each answer box's row should hold:
 *   <name>.json  { name, pxPerMm, width, height, map: { widthMm, heightMm, boxes }, answers: [{ problem, part, value }] }
 *   <name>.gray  the page, a byte of grey a pixel (0 black … 255 white), row after row
 * The sheets: each level with each operation and the four together, and thirteen custom pages (contas armadas em
 * reais, and por dois algarismos; facts in a line, normal and grande; missing numbers, normal and grande;
 * situações-problema of ÷ with resto; "Arme e efetue", normal and grande; decimal facts in a line and with a
 * lacuna, "Arme e efetue" em reais, and situações-problema of troco and cédulas e moedas). Fixed seeds: the same sheets on every run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { generatePage, type GeneratedPage, type Level, type Operation } from '@app/generator';
import { pdfPageGrey } from '@app/testing';
import { BrowserPool } from '../src/browser/browser-pool.js';
import type { ReadingMap } from '../src/domain/reading-marks.js';
import { sheetDocument } from '../src/domain/sheet-html.js';
import { CUSTOM_SAMPLES, customSamplePage } from '../test/support/custom-samples.js';

const PX_PER_MM = 8;
const outputDir = resolve(process.argv[2] ?? 'test-results/reading-sheets');

const OPERATION_MIXES: Operation[][] = [['add'], ['sub'], ['mult'], ['div'], ['add', 'sub', 'mult', 'div']];
const presets = ([0, 1, 2] as Level[]).flatMap((level) =>
  OPERATION_MIXES.map((operations) => ({
    name: `nivel-${level}-${operations.join('-')}`,
    page: generatePage(`leitura-${level}-${operations.join('')}`, {
      add: operations.includes('add'),
      sub: operations.includes('sub'),
      mult: operations.includes('mult'),
      div: operations.includes('div'),
      answers: false,
      level,
    }),
  })),
);
const customs = [
  'dinheiro-4-ano',
  'armada-10-contas-por-dois-algarismos',
  // Facts in a line (rules 6): × and ÷ with resto, and the tabuada do 7 in grande.
  'linha-15-fatos',
  'tabuada-do-7-linha-grande',
  // Missing numbers (rules 7): + to 20, and the four operations in grande; situações-problema, ÷ with resto.
  'lacuna-adicao-ate-20',
  'lacuna-quatro-operacoes-grande',
  'problemas-divisao-com-resto',
  // "Arme e efetue" (rules 8): + and − with the boxes under each conta, the four operations in grande after its =.
  'arme-e-efetue-adicao-subtracao',
  'arme-e-efetue-quatro-operacoes-grande',
  // Decimal answers (rules 9): facts of 1 and 2 casas in a line and with a lacuna, "Arme e efetue" em reais, and the
  // sums of money situações-problema ask (beside the counts of cédulas e moedas).
  'linha-decimais',
  'lacuna-decimais',
  'arme-e-efetue-reais',
  'problemas-troco-cedulas-e-moedas',
].map((name) => ({
  name,
  page: customSamplePage(CUSTOM_SAMPLES.find((sample) => sample.name === name)!),
}));

/**
 * What each row of boxes holds on a right answer: the result (a lacuna's missing number, the number a
 * situação-problema asks), or a quotient and resto.
 */
function answersOf(page: GeneratedPage, map: ReadingMap) {
  const rows = new Map<string, { problem: number; part: string; value: number }>();
  for (const box of map.pages[0]!.boxes) {
    const problem = page.problems[box.problem]!;
    const asked =
      page.words?.[box.problem]?.answer ??
      (problem.blank === undefined ? problem.result : problem[problem.blank]);
    const value = box.part === 'resto' ? problem.remainder : asked;
    rows.set(`${box.problem}:${box.part}`, { problem: box.problem, part: box.part, value });
  }
  return [...rows.values()];
}

await mkdir(outputDir, { recursive: true });
const pool = new BrowserPool({ size: 1 });
try {
  for (const { name, page } of [...presets, ...customs]) {
    const code = `LEITURA-${name.toUpperCase()}`.slice(0, 22);
    const sheet = sheetDocument(page, {
      code,
      answersUrl: `https://exemplo.com.br/gabarito/${code}`,
      correctionUrl: `https://exemplo.com.br/corrigir/${code}`,
    });
    const { pdf, reading } = await pool.render(sheet, { outputs: 'pdf', reading: true });
    const map = reading!;
    const grey = await pdfPageGrey(pdf, 1, PX_PER_MM * 25.4);
    await writeFile(join(outputDir, `${name}.gray`), grey.data);
    await writeFile(
      join(outputDir, `${name}.json`),
      JSON.stringify({
        name,
        code,
        pxPerMm: PX_PER_MM,
        width: grey.width,
        height: grey.height,
        map: { widthMm: map.widthMm, heightMm: map.heightMm, boxes: map.pages[0]!.boxes },
        answers: answersOf(page, map),
      }),
    );
  }
  console.log(`${presets.length + customs.length} sheets in ${outputDir}`);
} finally {
  await pool.close();
}
