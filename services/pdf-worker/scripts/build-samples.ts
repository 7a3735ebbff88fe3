/**
 * Writes the 12 free sample sheets and their thumbnails:
 *   matematica_{facil,medio,dificil}_{1..4}.{pdf,png}
 * to web/public/samples/ (git-ignored; built, not committed), or to the directory given as the first argument.
 * Fixed seeds: the samples are the same on every build. Difícil 4 is a money sheet: the builder's 4º ano preset "As
 * quatro operações em reais" ("Dinheiro e decimais"), a page of custom options.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePage, sheetPreset, type Level, type PageOptions } from '@app/generator';
import { ChromiumNotFoundError } from '@app/browser';
import { BrowserPool } from '../src/browser/browser-pool.js';
import { sheetDocument } from '../src/domain/sheet-html.js';

type OperationMix = Pick<PageOptions, 'add' | 'sub' | 'mult' | 'div'>;

const LEVEL_SLUGS: Record<Level, string> = { 0: 'facil', 1: 'medio', 2: 'dificil' };

/** Sample N of every level: 1 + and −, 2 ×, 3 ÷, 4 all four; each with its gabarito. */
const SAMPLE_MIXES: OperationMix[] = [
  { add: true, sub: true, mult: false, div: false },
  { add: false, sub: false, mult: true, div: false },
  { add: false, sub: false, mult: false, div: true },
  { add: true, sub: true, mult: true, div: true },
];

/** The money sample: Difícil 4, the four operations em reais (its level is the preset's, Difícil). */
const MONEY_SAMPLE = { level: 2, index: 3, preset: sheetPreset('reais-4-ano') } as const;

/** A sample's options: its level's preset, or for the money sample the builder's 4º ano preset. */
function sampleOptions(level: Level, index: number): PageOptions {
  const mix = SAMPLE_MIXES[index]!;
  if (level !== MONEY_SAMPLE.level || index !== MONEY_SAMPLE.index) return { ...mix, answers: true, level };
  const { operations, custom } = MONEY_SAMPLE.preset;
  const money = { add: false, sub: false, mult: false, div: false };
  for (const op of operations) money[op] = true;
  return { ...money, answers: true, level: MONEY_SAMPLE.preset.level, custom };
}

/**
 * The samples are nobody's purchase: their answers are on their own page 2, and their QR code opens the site
 * (PUBLIC_URL at build time, as the site will be reached).
 */
const siteUrl = process.env.PUBLIC_URL ?? 'http://localhost:8080';

const defaultOutput = fileURLToPath(new URL('../../../web/public/samples/', import.meta.url));
const outputDir = process.argv[2] ? resolve(process.argv[2]) : defaultOutput;

const samples = ([0, 1, 2] as const).flatMap((level) =>
  SAMPLE_MIXES.map((_, index) => {
    const name = `matematica_${LEVEL_SLUGS[level]}_${index + 1}`;
    const page = generatePage(`amostra-${LEVEL_SLUGS[level]}-${index + 1}`, sampleOptions(level, index));
    return {
      name,
      sheet: sheetDocument(page, {
        code: `AMOSTRA-${LEVEL_SLUGS[level].toUpperCase()}-${index + 1}`,
        answersUrl: siteUrl,
        correctionUrl: siteUrl,
      }),
    };
  }),
);

const started = performance.now();
await mkdir(outputDir, { recursive: true });
const pool = new BrowserPool();
try {
  await pool.warm().catch((error: unknown) => {
    // A browser that cannot be found is one line saying what to do, not a stack trace.
    if (!(error instanceof ChromiumNotFoundError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exit(1);
  });
  await Promise.all(
    samples.map(async ({ name, sheet }) => {
      const { pdf, png } = await pool.render(sheet, { outputs: 'pdf+png' });
      await Promise.all([
        writeFile(join(outputDir, `${name}.pdf`), pdf),
        writeFile(join(outputDir, `${name}.png`), png),
      ]);
    }),
  );
} finally {
  await pool.close();
}
console.log(`${samples.length} samples in ${outputDir} (${Math.round(performance.now() - started)} ms)`);
