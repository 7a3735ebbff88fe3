/**
 * Renders every level × operation mix (45), without and with gabarito, to PDF and to PNG at print size, for a
 * person to look at:
 *   <level>_<ops>[_gabarito]-<page>.png   e.g. medio_add-sub_gabarito-2.png
 * then the custom samples (CUSTOM_SAMPLES: four typical sheets, "Arme e efetue" and one page
 * of each format × size), each with its gabarito on page 2:
 *   personalizada_<name>-<page>.png       e.g. personalizada_tabuada-do-7-linha-grande-2.png
 * to test-results/sheets/ (git-ignored), or to the directory given as the first argument; `DPI` (default 100)
 * sets the PNGs' resolution; `SHEETS=custom` (or `preset`) renders only those, `SHEETS=problemas` only the
 * situações-problema (personalizada_problemas-…); `NAMED=medio_add` only the sheets whose name holds it. Fixed seeds: the same sheets on
 * every run. `npm run sheets`.
 * Then the class sets (CLASS_SETS), each assembled as the worker does it (every version's sheet, every
 * gabarito, the answer table), one PNG per page of the set's file:
 *   conjunto_<name>-<page>.png           e.g. conjunto_medio-3-versoes-7.png
 * `SHEETS=sets` renders only those.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generatePage,
  OPERATIONS,
  RULES_VERSION,
  type Level,
  type Operation,
  type RulesVersion,
} from '@app/generator';
import { renderPdfPages } from '@app/testing';
import { BrowserPool } from '../src/browser/browser-pool.js';
import { createLogger } from '@app/kit';
import type { PageOptions } from '@app/generator';
import { assembleSet, type AssembleSetJob } from '../src/domain/assemble-set.js';
import { sheetDocument } from '../src/domain/sheet-html.js';
import { CUSTOM_SAMPLES, customPageOptions, customSamplePage } from '../test/support/custom-samples.js';
import { memoryFiles } from '../test/support/memory-files.js';

const LEVEL_SLUGS: Record<Level, string> = { 0: 'facil', 1: 'medio', 2: 'dificil' };
const MIXES: Operation[][] = Array.from({ length: 15 }, (_, index) =>
  OPERATIONS.filter((_, bit) => ((index + 1) >> bit) & 1),
);
const dpi = Number(process.env.DPI ?? 100);
const defaultOutput = fileURLToPath(new URL('../../../test-results/sheets/', import.meta.url));
const outputDir = process.argv[2] ? resolve(process.argv[2]) : defaultOutput;

const only = process.env.SHEETS;
const presetSheets = ([0, 1, 2] as const).flatMap((level) =>
  MIXES.flatMap((operations) =>
    [false, true].map((answers) => {
      const name = `${LEVEL_SLUGS[level]}_${operations.join('-')}${answers ? '_gabarito' : ''}`;
      const page = generatePage(`folhas-${LEVEL_SLUGS[level]}-${operations.join('')}`, {
        add: operations.includes('add'),
        sub: operations.includes('sub'),
        mult: operations.includes('mult'),
        div: operations.includes('div'),
        answers,
        level,
      });
      const code = `FOLHA-${LEVEL_SLUGS[level].toUpperCase()}-${operations.join('').toUpperCase()}`;
      return {
        name,
        sheet: sheetDocument(page, {
          code,
          answersUrl: `https://exemplo.com.br/gabarito/${code}`,
          correctionUrl: `https://exemplo.com.br/corrigir/${code}`,
        }),
      };
    }),
  ),
);
const customSheets = CUSTOM_SAMPLES.map((sample, index) => {
  // A code as long as a real one can be (22 characters).
  const code = `PERSONALIZADA-${String(index + 1).padStart(8, '0')}`;
  return {
    name: `personalizada_${sample.name}`,
    sheet: sheetDocument(customSamplePage(sample), {
      code,
      answersUrl: `https://exemplo.com.br/gabarito/${code}`,
      correctionUrl: `https://exemplo.com.br/corrigir/${code}`,
    }),
  };
});
const named = process.env.NAMED;
const sheets = (
  only === 'sets'
    ? []
    : only === 'problemas'
      ? customSheets.filter(({ name }) => name.startsWith('personalizada_problemas'))
      : [...(only === 'custom' ? [] : presetSheets), ...(only === 'preset' ? [] : customSheets)]
).filter(({ name }) => named === undefined || name.includes(named));

/** Class sets to look at: a preset with gabarito, custom formats whose table is not the result. */
const setOf = (
  name: string,
  options: PageOptions | AssembleSetJob['options'],
  versions: number,
  rules: RulesVersion = 2,
): { name: string; job: AssembleSetJob } => ({
  name,
  job: {
    setCode: `CONJUNTO-${name.toUpperCase()}`.slice(0, 22),
    // The generator's options, as the contracts' schema reads them (the samples are valid options).
    options: options as AssembleSetJob['options'],
    rules,
    versions: Array.from({ length: versions }, (_, i) => ({
      code: `${name.slice(0, 12).toUpperCase()}-V${String(i + 1).padStart(2, '0')}`.padEnd(22, 'X'),
      seed: `conjunto-${name}-${i + 1}`,
    })),
  },
});
const sample = (name: string) => CUSTOM_SAMPLES.find((s) => s.name === name)!.custom;
const CLASS_SETS = [
  setOf('medio-3-versoes', { add: true, sub: true, mult: true, div: true, answers: true, level: 1 }, 3),
  setOf('lacuna-3-versoes', customPageOptions(sample('lacuna-quatro-operacoes-grande')), 3),
  setOf('problemas-3-versoes', customPageOptions(sample('problemas-quatro-operacoes')), 3),
  // 8 situações-problema, two pages a sheet and two a gabarito (rules 3).
  setOf(
    'problemas-8-3-versoes',
    customPageOptions({ ...sample('problemas-quatro-operacoes'), count: 8 }),
    3,
    RULES_VERSION,
  ),
  setOf('dificil-30-versoes', { add: true, sub: true, mult: true, div: true, answers: true, level: 2 }, 30),
];
const classSets = only === undefined || only === 'sets' ? CLASS_SETS : [];

const quiet = createLogger('pdf-worker', 'silent');

const started = performance.now();
await mkdir(outputDir, { recursive: true });
const pool = new BrowserPool();
try {
  await pool.warm();
  for (const { name, sheet } of sheets) {
    const { pdf } = await pool.render(sheet, { outputs: 'pdf' });
    await writeFile(join(outputDir, `${name}.pdf`), pdf);
    const pngs = await renderPdfPages(pdf, dpi);
    await Promise.all(pngs.map((png, index) => writeFile(join(outputDir, `${name}-${index + 1}.png`), png)));
  }
  for (const { name, job } of classSets) {
    const files = memoryFiles();
    await assembleSet(
      { pool, files, publicUrl: 'https://exemplo.com.br', prerender: 'off', logger: quiet },
      job,
      { working() {} },
    );
    const pdf = files.stored.get(`${job.setCode}.pdf`)!;
    await writeFile(join(outputDir, `conjunto_${name}.pdf`), pdf);
    const pngs = await renderPdfPages(pdf, dpi);
    await Promise.all(
      pngs.map((png, index) => writeFile(join(outputDir, `conjunto_${name}-${index + 1}.png`), png)),
    );
  }
} finally {
  await pool.close();
}
console.log(
  `${sheets.length} sheets and ${classSets.length} class sets in ${outputDir} (${Math.round(performance.now() - started)} ms)`,
);
