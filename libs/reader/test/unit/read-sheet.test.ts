/**
 * A sheet read end to end from synthetic photos: a page drawn as the printed sheet is (corner marks, QR code, grey
 * answer boxes, cell frames) with real handwritten digits (MNIST's test set) in some boxes, photographed tilted,
 * turned, in a shadow, blurred, grainy and saved as a JPEG of quality 60 at 12 Mpx.
 */
import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  findCornerMarks,
  invertHomography,
  MARK_CENTRES_MM,
  readSheet,
  type GrayImage,
  type ReadingMap,
} from '@app/reader';
import { writeSheet } from '../support/synthetic-page.js';
import { CODE, confidentDigits, EXPECTED, ROWS, URL } from '../support/test-sheet.js';
import { photograph, type PhotoOptions } from '../support/synthetic-photo.js';

const sheet = writeSheet(ROWS, URL, confidentDigits());
const map: ReadingMap = { widthMm: 210, heightMm: 297, boxes: sheet.boxes };

/** How far (mm on the page) each mark found is from where the photo put it. */
function markErrorsMm(image: GrayImage, pageToPhoto: Parameters<typeof invertHomography>[0]): number[] {
  const marks = findCornerMarks(image);
  expect(marks).not.toBeNull();
  const back = invertHomography(pageToPhoto);
  return (['tl', 'tr', 'bl', 'br'] as const).map((corner) => {
    const p = applyHomography(back, marks![corner]);
    return Math.hypot(p.x - MARK_CENTRES_MM[corner].x, p.y - MARK_CENTRES_MM[corner].y);
  });
}

const SCENES: Array<[string, PhotoOptions]> = [
  ['a plain photo: tilted 10°, turned 4°, a soft shadow', {}],
  [
    'tilted 25° (the top away), turned 15°, a deep shadow',
    { tiltDeg: 25, rotationDeg: 15, shadow: 0.5, blur: 1, seed: 2 },
  ],
  [
    'the page half the photo, off-centre, tilted 25° sideways, turned −15°',
    {
      tiltDeg: 25,
      tiltAxisDeg: 90,
      rotationDeg: -15,
      pageShare: 0.5,
      blur: 1,
      offset: { x: 0.5, y: -0.5 },
      seed: 3,
    },
  ],
  [
    'the page filling the photo, tilted 20° along a diagonal, blurred and grainy',
    { tiltDeg: 20, tiltAxisDeg: 45, rotationDeg: -8, pageShare: 1, blur: 2, noise: 8, seed: 4 },
  ],
];

describe('readSheet on a synthetic photo', () => {
  it.each(SCENES)('%s', async (_, options) => {
    const photo = await photograph(sheet.page.image, options);
    for (const error of markErrorsMm(photo.image, photo.pageToPhoto)) expect(error).toBeLessThan(0.3);

    const reading = readSheet(photo.image, map);
    expect(reading.marks).not.toBeNull();
    expect(reading.code).toBe(CODE);
    expect(reading.qr?.kind).toBe('corrigir');

    expect(reading.boxes.map((b) => b.digit)).toEqual(sheet.written);
    for (const box of reading.boxes) {
      expect(box.several).toBe(false);
      if (box.digit === null) expect([box.unsure, box.alternative]).toEqual([false, null]);
      else expect(box.alternative).not.toBe(box.digit);
      expect(box.crop.width * box.crop.height).toBeGreaterThan(0);
    }
    const rows = reading.rows.map((r) => [
      r.problem,
      r.part,
      r.value.kind === 'number' ? r.value.text : r.value.kind,
    ]);
    expect(rows).toEqual(EXPECTED);
    expect(reading.rows.find((r) => r.value.kind === 'gap')?.unsure).toBe(true);
    expect(reading.unsure).toEqual(reading.boxes.filter((b) => b.digit !== null && b.confidence < 0.9));
  });

  it('reads the same through a map off by 0.4 mm (a curled page): the frames stay out of the boxes', async () => {
    const photo = await photograph(sheet.page.image, { seed: 8 });
    for (const [dx, dy] of [
      [0.4, 0.4],
      [-0.4, -0.4],
      [0.4, -0.4],
    ] as const) {
      const off = { ...map, boxes: map.boxes.map((b) => ({ ...b, x: b.x + dx, y: b.y + dy })) };
      const reading = readSheet(photo.image, off);
      expect(reading.boxes.map((b) => b.digit)).toEqual(sheet.written);
      expect(reading.boxes.filter((b) => b.several)).toEqual([]);
    }
  });

  it('offers the second likeliest digit beside the one read ("7 ou 1?")', async () => {
    const photo = await photograph(sheet.page.image, { seed: 5 });
    const probabilities = Float32Array.from([0.01, 0.3, 0.01, 0.01, 0.01, 0.01, 0.01, 0.6, 0.03, 0.01]);
    const reading = readSheet(photo.image, map, {
      classifier: () => ({ digit: 7, confidence: 0.6, probabilities }),
    });
    const written = reading.boxes.filter((b) => b.digit !== null);
    expect(written.length).toBeGreaterThan(0);
    for (const box of written) expect([box.digit, box.alternative, box.unsure]).toEqual([7, 1, true]);
  });

  it('finds no sheet in a photo of an empty table, and reads nothing', () => {
    const width = 1200;
    const height = 1600;
    const data = new Uint8Array(width * height).map((_, i) => 90 + 20 * Math.sin(i / 5000));
    const reading = readSheet({ width, height, data }, map);
    expect(reading).toMatchObject({ marks: null, code: null, boxes: [], rows: [], unsure: [] });
  });
});
