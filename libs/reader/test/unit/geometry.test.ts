import { describe, expect, it } from 'vitest';
import { applyHomography, homography, invertHomography, multiply, type Point, type Quad } from '@app/reader';

const PAGE: Quad = [
  { x: 7.5, y: 7.5 },
  { x: 202.5, y: 7.5 },
  { x: 202.5, y: 289.5 },
  { x: 7.5, y: 289.5 },
];
/** The same marks photographed: tilted, turned and foreshortened, in px. */
const PHOTO: Quad = [
  { x: 412.3, y: 518.9 },
  { x: 2610.7, y: 655.2 },
  { x: 2262.1, y: 3571.4 },
  { x: 371.6, y: 3420.8 },
];

const near = (a: Point, b: Point, tolerance: number) => {
  expect(Math.abs(a.x - b.x)).toBeLessThan(tolerance);
  expect(Math.abs(a.y - b.y)).toBeLessThan(tolerance);
};

describe('homography', () => {
  it('takes each of the four points to its match', () => {
    const h = homography(PAGE, PHOTO);
    PAGE.forEach((p, i) => near(applyHomography(h, p), PHOTO[i]!, 1e-6));
  });

  it('is undone by its inverse, anywhere on the page', () => {
    const h = homography(PAGE, PHOTO);
    const back = invertHomography(h);
    for (const p of [
      { x: 0, y: 0 },
      { x: 105, y: 148.5 },
      { x: 183.2, y: 21.7 },
      { x: 33.3, y: 270.1 },
    ])
      near(applyHomography(back, applyHomography(h, p)), p, 1e-7);
    PHOTO.forEach((p, i) => near(applyHomography(back, p), PAGE[i]!, 1e-7));
  });

  it('keeps straight lines straight (a projective map), and composes', () => {
    const h = homography(PAGE, PHOTO);
    const a = applyHomography(h, { x: 20, y: 40 });
    const m = applyHomography(h, { x: 60, y: 100 });
    const b = applyHomography(h, { x: 100, y: 160 });
    expect(Math.abs((m.x - a.x) * (b.y - a.y) - (m.y - a.y) * (b.x - a.x))).toBeLessThan(1e-3);
    const identity = multiply(h, invertHomography(h));
    near(applyHomography(identity, { x: 123, y: 45 }), { x: 123, y: 45 }, 1e-7);
  });

  it('finds a known homography back from four of its points', () => {
    const known = [0.9, 0.12, 40, -0.08, 1.1, 25, 0.0002, -0.0001, 1] as const;
    const to = PAGE.map((p) => applyHomography(known, p)) as unknown as Quad;
    const h = homography(PAGE, to);
    h.forEach((v, i) => expect(v).toBeCloseTo(known[i]!, 9));
  });

  it('refuses three points on a line', () => {
    const line: Quad = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 0, y: 5 },
    ];
    expect(() => homography(line, PHOTO)).toThrow(/degenerate/);
  });
});
