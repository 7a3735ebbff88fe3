import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generatePage, type Level } from '@app/generator';
import { SHEET_CHARACTERS, SHEET_FONT_FACES, SHEET_FONT_FILES } from '../../src/domain/sheet-fonts.js';
import { renderSheetHtml } from '../../src/domain/sheet-html.js';

// The sheet embeds DejaVu from @fontsource's "latin" files, cut down to SHEET_CHARACTERS: each embedded face must
// map every character a sheet prints to a real glyph, or Chromium would take that character from whatever font the
// machine has.

/** Tags of the WOFF2 known-table index (WOFF2 spec, 5.1), in order. */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT ' +
  'VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar ' +
  'fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((tag) => tag.replace('_', ' '));

/** The font's tables from a WOFF2 file: its directory, then one brotli stream of the tables in that order. */
function woff2Tables(file: Buffer): Map<string, Buffer> {
  expect(file.toString('latin1', 0, 4)).toBe('wOF2');
  const count = file.readUInt16BE(12);
  const compressedSize = file.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = file[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('bad UIntBase128');
  };
  const directory: Array<{ tag: string; length: number }> = [];
  for (let i = 0; i < count; i++) {
    const flags = file[at++]!;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = file.toString('latin1', at, at + 4);
      at += 4;
    }
    if (!tag) throw new Error(`table index ${flags & 0x3f} not in KNOWN_TAGS`);
    const version = flags >> 6;
    const original = base128();
    // glyf and loca are transformed at version 0, the others at any other version.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    directory.push({ tag, length: transformed ? base128() : original });
  }
  const data = brotliDecompressSync(file.subarray(at, at + compressedSize));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const { tag, length } of directory) {
    tables.set(tag, data.subarray(offset, offset + length));
    offset += length;
  }
  expect(offset).toBe(data.length);
  return tables;
}

/** Code points the cmap maps to a glyph other than .notdef (subtable formats 4 and 12). */
function mappedCodePoints(cmap: Buffer): Set<number> {
  const mapped = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const table = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(table);
    if (format === 4) {
      const segments = cmap.readUInt16BE(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const start = cmap.readUInt16BE(starts + 2 * s);
        const end = cmap.readUInt16BE(ends + 2 * s);
        const delta = cmap.readInt16BE(deltas + 2 * s);
        const range = cmap.readUInt16BE(ranges + 2 * s);
        for (let code = start; code <= end && code !== 0xffff; code++) {
          const glyph =
            range === 0 ? code + delta : cmap.readUInt16BE(ranges + 2 * s + range + 2 * (code - start));
          if (range === 0 ? (glyph & 0xffff) !== 0 : glyph !== 0) mapped.add(code);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < cmap.readUInt32BE(table + 12); g++) {
        const group = table + 16 + g * 12;
        const [start, end, glyph] = [0, 4, 8].map((o) => cmap.readUInt32BE(group + o)) as [
          number,
          number,
          number,
        ];
        for (let code = start; code <= end; code++) if (glyph + code - start !== 0) mapped.add(code);
      }
    }
  }
  return mapped;
}

/** What a sheet prints: its HTML's text, tags and the style sheet left out, character references decoded. */
function printedCharacters(html: string): Set<string> {
  const body = html.slice(html.indexOf('<body>'));
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
  return new Set([...text].filter((char) => char.trim() !== ''));
}

const REQUIRED = [...'0123456789/·−×÷+=:,.', ...'áàâãéêíóôõúçÁÀÂÃÉÊÍÓÔÕÚÇ'];

describe('the embedded fonts', () => {
  const sheets = ([0, 1, 2] as Level[]).flatMap((level) =>
    [false, true].map((div) =>
      renderSheetHtml(
        generatePage(`fonts-${level}-${div}`, {
          add: true,
          sub: true,
          mult: true,
          div,
          answers: true,
          level,
        }),
        {
          code: 'Az09_-',
          answersUrl: 'http://localhost:8080/gabarito/Az09_-',
          correctionUrl: 'http://localhost:8080/corrigir/Az09_-',
          schoolFields: true,
        },
      ),
    ),
  );
  const printed = new Set([...REQUIRED, ...sheets.flatMap((html) => [...printedCharacters(html)])]);

  it('a real sheet prints only characters of the subset', () => {
    expect([...printed].filter((char) => !SHEET_CHARACTERS.includes(char))).toEqual([]);
  });

  it.each(SHEET_FONT_FACES.map((face, i) => ({ ...face, file: SHEET_FONT_FILES[i]!.file })))(
    'the subset of $file has a glyph for every character of the subset',
    ({ woff2, file }) => {
      const whole = mappedCodePoints(
        woff2Tables(readFileSync(createRequire(import.meta.url).resolve(file))).get('cmap')!,
      );
      const mapped = mappedCodePoints(woff2Tables(woff2).get('cmap')!);
      const missing = [...SHEET_CHARACTERS].filter((char) => !mapped.has(char.codePointAt(0)!));
      expect(missing).toEqual([]);
      // Sanity of the reading itself: the whole file is all of DejaVu, the subset a few hundred characters of it.
      expect(whole.size).toBeGreaterThan(3000);
      expect(mapped.size).toBeLessThan(400);
      expect(woff2.length).toBeLessThan(40_000);
    },
  );

  it('go into every sheet as data: URLs under families of their own', () => {
    const html = sheets[0]!;
    expect(html.match(/@font-face \{[^}]*src: url\(data:font\/woff2;base64,/g)).toHaveLength(
      SHEET_FONT_FILES.length,
    );
    expect(html).not.toMatch(/font-family: '?DejaVu/);
  });
});
