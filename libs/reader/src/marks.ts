/**
 * Finding the sheet's four corner marks (solid black squares of 5 mm, 5 mm from the paper's edges) in a photo.
 *
 * The photo is shrunk to about `WORKING_SIDE` px on its long side (a mark is still 6 px or more when the page fills
 * half the photo), binarised against the mean of a window around each pixel (a shadow across the page moves the
 * paper's level, not the contrast between ink and paper), and cut into connected components. A mark is a solid,
 * square-ish component: its moments are those of a filled square whatever its rotation, which rules out strokes
 * (digits, text), rings (the QR code's finder patterns) and lines, and the paper around it is light, which rules out
 * the finder patterns' inner squares. The four marks are then the four such components, far apart, that make the
 * largest convex quadrilateral shaped like the page (its corner marks are the outermost of everything printed).
 */
import type { Point } from './geometry.js';
import { shrink, windowMeans, type GrayImage } from './image.js';

export interface CornerMarks {
  tl: Point;
  tr: Point;
  bl: Point;
  br: Point;
}

/** The long side the photo is shrunk to before the marks are looked for. */
export const WORKING_SIDE = 1600;
/** A pixel is ink when it is darker than this share of its neighbourhood's mean level. */
const INK_SHARE = 0.75;
/** …and by at least this many grey levels: the grain of a dark table is no ink. */
const MIN_DROP = 24;
/** The page's width over its height between the marks' centres (195 mm × 282 mm). */
const MARKS_ASPECT = 195 / 282;
/** A mark's side over the marks' horizontal distance, on paper. */
const MARK_SHARE = 5 / 195;
/** At most this many candidates go to the search for four (the likeliest): 4 among 40 is 91 390 quadrilaterals. */
const MAX_CANDIDATES = 40;

interface Blob {
  /** Centre (working image's pixels, a pixel's centre at +0.5). */
  x: number;
  y: number;
  /** Side of the square of the same area. */
  side: number;
  /** How far from a filled square's moments (0 = exactly). */
  misfit: number;
}

/** Ink (1) where a pixel is darker than `INK_SHARE` of the mean of the (2r+1)² window around it. */
function binarise(image: GrayImage, r: number): Uint8Array {
  const means = windowMeans(image, r);
  const mask = new Uint8Array(image.data.length);
  for (let i = 0; i < mask.length; i++) {
    const v = image.data[i]!;
    mask[i] = v < INK_SHARE * means[i]! && v < means[i]! - MIN_DROP ? 1 : 0;
  }
  return mask;
}

/** The connected ink components (4-connected) that look like a solid square of a plausible size. */
function squareBlobs(mask: Uint8Array, width: number, height: number): Blob[] {
  const long = Math.max(width, height);
  // A mark's side: 5/297 of the page's height, the page 50 to 100 % of the photo, foreshortened up to 25°.
  const minSide = 0.004 * long;
  const maxSide = 0.03 * long;
  const labels = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  const blobs: Blob[] = [];
  let label = 0;
  let top = 0;
  const visit = (q: number) => {
    if (mask[q] && !labels[q]) {
      labels[q] = label;
      stack[top++] = q;
    }
  };
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    label++;
    top = 0;
    stack[top++] = start;
    labels[start] = label;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      area++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x > 0) visit(p - 1);
      if (x + 1 < width) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y + 1 < height) visit(p + width);
    }
    const side = Math.sqrt(area);
    if (side < minSide || side > maxSide) continue;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    // A square turned 15° fills 2/3 of its bounding box; perspective shears it a little more.
    if (area < 0.5 * bw * bh) continue;
    const mx = sx / area;
    const my = sy / area;
    const vxx = sxx / area - mx * mx + 1 / 12;
    const vyy = syy / area - my * my + 1 / 12;
    const vxy = sxy / area - mx * my;
    const trace = vxx + vyy;
    const root = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy);
    const major = trace / 2 + root;
    const minor = trace / 2 - root;
    // Sides at most 2:1 apart (a mark foreshortened by the tilt), so its variances at most 4:1.
    if (minor <= 0 || major > 4 * minor) continue;
    // A filled a×b rectangle (any rotation) has trace/area = (a² + b²) / 12ab: 1/6 for a square, 0.21 at 2:1.
    // A ring (a finder pattern's outer square) has its mass far from its centre: 0.5 and more.
    const ratio = trace / area;
    if (ratio < 0.14 || ratio > 0.22) continue;
    blobs.push({ x: mx + 0.5, y: my + 0.5, side, misfit: Math.abs(ratio - 1 / 6) });
  }
  return blobs;
}

/** Whether the paper all around a blob is light: a mark stands on paper, a finder pattern's core in its ring. */
function standsAlone(mask: Uint8Array, width: number, height: number, blob: Blob): boolean {
  let dark = 0;
  const r = 1.05 * blob.side;
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    const x = Math.floor(blob.x + r * Math.cos(a));
    const y = Math.floor(blob.y + r * Math.sin(a));
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    if (mask[y * width + x]) dark++;
  }
  return dark <= 2;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The corners of four blobs in the page's order, with how well they fit, or null when they cannot be the marks. */
function asPage(four: Blob[]): { marks: CornerMarks; area: number } | null {
  const cx = (four[0]!.x + four[1]!.x + four[2]!.x + four[3]!.x) / 4;
  const cy = (four[0]!.y + four[1]!.y + four[2]!.y + four[3]!.y) / 4;
  // Clockwise on screen (y down) from the top-left, whose direction from the centre is about -125° upright.
  const around = four
    .map((b) => ({ b, angle: Math.atan2(b.y - cy, b.x - cx) }))
    .sort((p, q) => p.angle - q.angle);
  const TOP_LEFT = Math.atan2(-282, -195);
  const gap = (a: number) => Math.abs(Math.atan2(Math.sin(a - TOP_LEFT), Math.cos(a - TOP_LEFT)));
  let first = 0;
  for (let i = 1; i < 4; i++) if (gap(around[i]!.angle) < gap(around[first]!.angle)) first = i;
  const [tl, tr, br, bl] = [0, 1, 2, 3].map((k) => around[(first + k) % 4]!.b) as [Blob, Blob, Blob, Blob];
  const ring = [tl, tr, br, bl];
  for (let i = 0; i < 4; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % 4]!;
    const c = ring[(i + 2) % 4]!;
    if ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) <= 0) return null;
  }
  const top = distance(tl, tr);
  const bottom = distance(bl, br);
  const left = distance(tl, bl);
  const right = distance(tr, br);
  // Opposite sides of a page tilted up to 25° stay within 1.7:1 of each other (a close, wide-angle shot).
  if (top > 1.7 * bottom || bottom > 1.7 * top || left > 1.7 * right || right > 1.7 * left) return null;
  const aspect = (top + bottom) / (left + right);
  if (aspect < 0.65 * MARKS_ASPECT || aspect > MARKS_ASPECT / 0.65) return null;
  // The page is upright within ±15° (a tilt skews the top edge a little more).
  if (Math.abs(Math.atan2(tr.y - tl.y, tr.x - tl.x)) > (35 * Math.PI) / 180) return null;
  // Each mark is about 5/195 of the page's width where it is, and the four are of like sizes.
  const sides = ring.map((b) => b.side);
  if (Math.max(...sides) > 3 * Math.min(...sides)) return null;
  const width = (top + bottom) / 2;
  for (const b of ring) {
    const share = b.side / width / MARK_SHARE;
    if (share < 0.45 || share > 2) return null;
  }
  const area =
    Math.abs(
      tl.x * tr.y -
        tr.x * tl.y +
        (tr.x * br.y - br.x * tr.y) +
        (br.x * bl.y - bl.x * br.y) +
        (bl.x * tl.y - tl.x * bl.y),
    ) / 2;
  const point = (b: Blob): Point => ({ x: b.x, y: b.y });
  return { marks: { tl: point(tl), tr: point(tr), bl: point(bl), br: point(br) }, area };
}

/**
 * The centres of the four corner marks in the image's pixels (a pixel's centre at +0.5), or null when four marks
 * shaped like the page are not found. The page may be rotated up to ±15° and tilted up to 25°, taking half the
 * photo or all of it.
 */
export function findCornerMarks(image: GrayImage): CornerMarks | null {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / WORKING_SIDE));
  const small = shrink(image, factor);
  const { width, height } = small;
  // The window: a few marks wide at the smallest page, so a mark is darker than its neighbourhood's mean.
  const mask = binarise(small, Math.max(8, Math.round(Math.max(width, height) / 40)));
  const blobs = squareBlobs(mask, width, height)
    .filter((b) => standsAlone(mask, width, height, b))
    .sort((a, b) => a.misfit - b.misfit)
    .slice(0, MAX_CANDIDATES);
  let best: { marks: CornerMarks; area: number } | null = null;
  const n = blobs.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const page = asPage([blobs[a]!, blobs[b]!, blobs[c]!, blobs[d]!]);
          if (page && (!best || page.area > best.area)) best = page;
        }
  if (!best) return null;
  const scale = (p: Point): Point => ({ x: p.x * factor, y: p.y * factor });
  return {
    tl: scale(best.marks.tl),
    tr: scale(best.marks.tr),
    bl: scale(best.marks.bl),
    br: scale(best.marks.br),
  };
}
