import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/**
 * The sheet's fonts travel inside the page, so two machines print the same sheet whatever fonts they have.
 * Families of our own: a system font is never picked by accident, not even one with the same name. The files
 * of @fontsource's "latin" subset of DejaVu are the whole DejaVu; four faces only, since every face is subset
 * into each PDF.
 */
export const SHEET_FONTS = {
  sans: 'Aritmetica DejaVu Sans',
  mono: 'Aritmetica DejaVu Mono',
} as const;

/** The font files embedded in the sheet, as package specifiers (resolved from node_modules at load time). */
export const SHEET_FONT_FILES = [
  {
    family: SHEET_FONTS.sans,
    weight: 400,
    file: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2',
  },
  {
    family: SHEET_FONTS.sans,
    weight: 700,
    file: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2',
  },
  {
    family: SHEET_FONTS.mono,
    weight: 400,
    file: '@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff2',
  },
  {
    // The gabarito's results are bold digits: a real face, not Chromium's synthetic bold (whose PDF text has no metrics).
    family: SHEET_FONTS.mono,
    weight: 700,
    file: '@fontsource/dejavu-mono/files/dejavu-mono-latin-700-normal.woff2',
  },
] as const;

/**
 * Every character a sheet may print: printable ASCII (the page code is base64url), the Latin-1 letters and signs
 * (pt-BR accents, ×, ÷, ·, º, ª) and the typographic marks the texts use (− minus, dashes, quotes, ellipsis).
 * test/unit/sheet-fonts.test.ts checks that the characters of real sheets are all here.
 */
export const SHEET_CHARACTERS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
  ...'\u2212\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022',
].join('');

export interface EmbeddedFace {
  family: string;
  weight: number;
  woff2: Buffer;
}

/**
 * The faces cut down to SHEET_CHARACTERS, once, when the worker loads (about a second a face). The whole faces
 * are 250 kB each, and Chromium parses every byte of a page's HTML on every render: subset, the four faces
 * make 40 kB instead of 850 kB of base64, and the render time of a sheet is its layout, not its fonts.
 */
export const SHEET_FONT_FACES: readonly EmbeddedFace[] = await Promise.all(
  SHEET_FONT_FILES.map(async ({ family, weight, file }) => ({
    family,
    weight,
    woff2: await subsetFont(readFileSync(createRequire(import.meta.url).resolve(file)), SHEET_CHARACTERS, {
      targetFormat: 'woff2',
    }),
  })),
);

/** The @font-face rules every sheet carries. */
export const SHEET_FONT_CSS = SHEET_FONT_FACES.map(
  ({ family, weight, woff2 }) =>
    `@font-face { font-family: '${family}'; font-style: normal; font-weight: ${weight}; font-display: block; ` +
    `src: url(data:font/woff2;base64,${woff2.toString('base64')}) format('woff2'); }`,
).join('\n');
