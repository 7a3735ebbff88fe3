import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  findCornerMarks,
  invertHomography,
  MARK_CENTRES_MM,
  type CornerMarks,
} from '@app/reader';
import { PageCanvas, sheetFurniture } from '../support/synthetic-page.js';
import { photograph, type Photo } from '../support/synthetic-photo.js';
import { URL } from '../support/test-sheet.js';

const CORNERS = ['tl', 'tr', 'bl', 'br'] as const;

/** A sheet's page without its answers: marks (all four unless told), QR code, cell frames, the title's rule. */
function page(without?: (typeof CORNERS)[number]): PageCanvas {
  const canvas = new PageCanvas(6).cornerMarks().qr(URL, 173.5, 11);
  sheetFurniture(canvas, 10);
  if (without) {
    const c = MARK_CENTRES_MM[without];
    canvas.fill({ x: c.x - 3, y: c.y - 3, width: 6, height: 6 }, 250);
  }
  return canvas;
}

/** How far (mm on the page) each mark found is from where the photo put it. */
function errorsMm(marks: CornerMarks, photo: Photo): number[] {
  const back = invertHomography(photo.pageToPhoto);
  return CORNERS.map((corner) => {
    const p = applyHomography(back, marks[corner]);
    return Math.hypot(p.x - MARK_CENTRES_MM[corner].x, p.y - MARK_CENTRES_MM[corner].y);
  });
}

// Small photos without a JPEG: the marks' search, not the photo's quality, is what these test.
const SMALL = { width: 1200, height: 1600, jpegQuality: null } as const;

describe('findCornerMarks', () => {
  it.each([
    ['upright', { tiltDeg: 0, rotationDeg: 0 }],
    ['turned 15° clockwise, tilted 25°', { tiltDeg: 25, rotationDeg: 15, seed: 5 }],
    [
      'turned 15° anticlockwise, half the photo',
      { rotationDeg: -15, pageShare: 0.5, tiltAxisDeg: 90, seed: 6 },
    ],
    [
      'half the photo on a dark, grainy table',
      { pageShare: 0.55, background: 30, noise: 12, blur: 0, seed: 9 },
    ],
  ])('finds the four marks of a page %s, in order', async (_, options) => {
    const photo = await photograph(page().image, { ...SMALL, ...options });
    const marks = findCornerMarks(photo.image);
    expect(marks).not.toBeNull();
    for (const error of errorsMm(marks!, photo)) expect(error).toBeLessThan(0.4);
  });

  it.each(CORNERS)(
    'finds nothing when the %s mark is missing (the QR code and the frames are no marks)',
    async (corner) => {
      const photo = await photograph(page(corner).image, { ...SMALL, seed: 7 });
      expect(findCornerMarks(photo.image)).toBeNull();
    },
  );
});
