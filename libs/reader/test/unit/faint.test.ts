/**
 * Faint ink (a light pencil, a blurred photo) is never taken for an empty box nor for a sure digit: a box that looks
 * empty is looked at again at `FAINT_CONTRAST`, and what is found there is read with confidence 0, so it is asked.
 */
import { describe, expect, it } from 'vitest';
import { imageOf, readMnist } from '@app/digits/mnist-data';
import { MARK_CENTRES_MM, pageTransform, readBoxes, rowIsUnsure, type MapBox } from '@app/reader';
import { PageCanvas } from '../support/synthetic-page.js';

const K = 10;
const test = readMnist('t10k');
// Held-out digits 0, 1 and 2 are a 7, a 2 and a 1.
const boxes: MapBox[] = [0, 1, 2].map((i) => ({
  problem: i,
  part: 'result',
  column: 1,
  x: 40 + 20 * i,
  y: 100,
  width: 5,
  height: 10.1,
}));

/** The page straight at K px/mm: the marks where the sheet prints them. */
const straight = pageTransform({
  tl: { x: MARK_CENTRES_MM.tl.x * K, y: MARK_CENTRES_MM.tl.y * K },
  tr: { x: MARK_CENTRES_MM.tr.x * K, y: MARK_CENTRES_MM.tr.y * K },
  bl: { x: MARK_CENTRES_MM.bl.x * K, y: MARK_CENTRES_MM.bl.y * K },
  br: { x: MARK_CENTRES_MM.br.x * K, y: MARK_CENTRES_MM.br.y * K },
});

/** Box i written with held-out digit i at `ink` (the paper is 250), or left empty for null. */
function read(inks: Array<number | null>) {
  const page = new PageCanvas(K).cornerMarks();
  boxes.forEach((box, i) => {
    page.answerBox(box);
    const ink = inks[i];
    if (ink === null || ink === undefined) return;
    page.digit(imageOf(test, i), { x: box.x + 1.1, y: box.y + 2.3, width: 2.8, height: 5.5 }, ink);
  });
  return readBoxes(page.image, straight, { widthMm: 210, heightMm: 297, boxes });
}

describe('faint ink in a box', () => {
  it('is read, with confidence 0, and asked about even when it is the right answer', () => {
    const [faint, dark, empty] = read([210, 60, null]);
    expect(faint!.digit).toBe(test.labels[0]);
    expect(faint!.confidence).toBe(0);
    expect(faint!.unsure).toBe(true);
    expect(rowIsUnsure([faint!], [test.labels[0]!])).toBe(true);
    // The same hand in a pen is read as sure; a box left empty stays empty.
    expect(dark!.digit).toBe(test.labels[1]);
    expect(dark!.confidence).toBeGreaterThan(0.9);
    expect(dark!.unsure).toBe(false);
    expect(empty!.digit).toBeNull();
    expect(empty!.unsure).toBe(false);
  });

  it('is not found in a clean empty box, nor in one whose ink is fainter still', () => {
    const [ghost, empty] = read([240, null, null]);
    expect(ghost!.digit).toBeNull();
    expect(empty!.digit).toBeNull();
  });
});
