import { describe, expect, it } from 'vitest';
import { Msg, type ReadingMap } from '@app/contracts';
import { RULES_VERSION } from '@app/generator';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { readingMaps } from '../../src/domain/reading-maps.js';
import { memoryDeps } from '../fakes/memory-deps.js';

// GET /api/readingMaps ("Corrigir pela foto"): where each bought sheet printed its answer boxes, for its buyer.

const preset = { add: true, sub: false, mult: false, div: true, answers: false, level: 1 as const };
const mapOf = (x: number): ReadingMap => ({
  v: 1,
  widthMm: 210,
  heightMm: 297,
  marks: {
    tl: { x: 7.5, y: 7.5 },
    tr: { x: 202.5, y: 7.5 },
    bl: { x: 7.5, y: 289.5 },
    br: { x: 202.5, y: 289.5 },
  },
  pages: [{ boxes: [{ problem: 0, part: 'result', column: 0, x, y: 40, width: 5, height: 7 }] }],
});

describe('the reading maps of bought sheets', () => {
  it("answers each version's map under its set, also asked by a version's code; a sheet without one, null", async () => {
    const w = memoryDeps();
    const { code, codes } = await makePageSet(w.deps, 'ana', { ...preset, versions: 3 });
    await w.store.pages.markSetBought(code, new Date());
    w.storeFile(`${codes[0]}.reading.json`, Buffer.from(JSON.stringify(mapOf(20))));
    w.storeFile(`${codes[2]}.reading.json`, Buffer.from(JSON.stringify(mapOf(30))));
    const maps = await readingMaps(w.deps, 'ana', code);
    expect(maps).toEqual({
      code,
      sheets: [
        { n: 1, code: codes[0], map: mapOf(20) },
        // Not printed yet, or printed before its sheet had boxes.
        { n: 2, code: codes[1], map: null },
        { n: 3, code: codes[2], map: mapOf(30) },
      ],
    });
    expect(await readingMaps(w.deps, 'ana', codes[1]!)).toEqual(maps);
  });

  it("answers the correction's 404 for a page not bought, another member's, or unknown, all alike", async () => {
    const w = memoryDeps();
    await w.store.pages.insert({
      code: 'folha',
      userId: 'ana',
      seed: 's',
      options: preset,
      rules: RULES_VERSION,
    });
    const refused = { statusCode: 404, message: Msg.correctionNotFound };
    await expect(readingMaps(w.deps, 'ana', 'folha')).rejects.toMatchObject(refused);
    await w.store.pages.markBought('folha', new Date());
    w.storeFile('folha.reading.json', Buffer.from(JSON.stringify(mapOf(12))));
    expect(await readingMaps(w.deps, 'ana', 'folha')).toEqual({
      code: 'folha',
      sheets: [{ n: 1, code: 'folha', map: mapOf(12) }],
    });
    await expect(readingMaps(w.deps, 'bia', 'folha')).rejects.toMatchObject(refused);
    await expect(readingMaps(w.deps, 'ana', 'desconhecido')).rejects.toMatchObject(refused);
    const { code } = await makePageSet(w.deps, 'ana', { ...preset, versions: 2 });
    await expect(readingMaps(w.deps, 'ana', code)).rejects.toMatchObject(refused);
  });
});
