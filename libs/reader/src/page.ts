/**
 * The page's millimetres in the photo: the homography from the corner marks, and what is read through it (an answer
 * box's interior, the QR code).
 */
import jsQR from 'jsqr';
import { applyHomography, homography, type Homography, type Point, type Quad } from './geometry.js';
import { rgbaFromGray, sample, windowMeans, type GrayImage } from './image.js';
import type { CornerMarks } from './marks.js';

/** A4, in mm. */
export const PAGE_MM = { width: 210, height: 297 } as const;

/** The marks' centres on the page, in mm from its top-left corner: 5 mm squares 5 mm from the paper's edges. */
export const MARK_CENTRES_MM: CornerMarks = {
  tl: { x: 7.5, y: 7.5 },
  tr: { x: 202.5, y: 7.5 },
  bl: { x: 7.5, y: 289.5 },
  br: { x: 202.5, y: 289.5 },
};

/**
 * Where the QR code is looked for: the header's right-hand corner (the code is 21 mm square, about 173–195 mm across
 * and from 13 mm down, lower when a version's label stands over it), with room for a mark or two of error, and left
 * of the top-right corner mark (from 200 mm across), which a QR decoder may take for a finder pattern.
 */
export const QR_REGION_MM: RectMm = { x: 163, y: 10.5, width: 36.5, height: 36 };

export interface RectMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

const quad = (m: CornerMarks): Quad => [m.tl, m.tr, m.br, m.bl];

/** The homography taking the page's millimetres to the image's pixels, from the marks found in the image. */
export function pageTransform(marks: CornerMarks): Homography {
  return homography(quad(MARK_CENTRES_MM), quad(marks));
}

/** How many image pixels one mm spans around a point of the page (the geometric mean of both axes). */
function pixelsPerMm(transform: Homography, at: Point): number {
  const o = applyHomography(transform, at);
  const x = applyHomography(transform, { x: at.x + 1, y: at.y });
  const y = applyHomography(transform, { x: at.x, y: at.y + 1 });
  return Math.sqrt(Math.hypot(x.x - o.x, x.y - o.y) * Math.hypot(y.x - o.x, y.y - o.y));
}

/**
 * A rectangle of the page straightened into a `width` × `height` grey image. Each output pixel is the mean of
 * k × k bilinear samples of the photo, k growing with how many photo pixels it covers (up to 4): sampling a sharp
 * photo at a single point per pixel would alias its grain into the crop.
 */
export function rectify(
  image: GrayImage,
  transform: Homography,
  rect: RectMm,
  width: number,
  height: number,
): GrayImage {
  const data = new Uint8Array(width * height);
  const stepX = rect.width / width;
  const stepY = rect.height / height;
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  const covered = pixelsPerMm(transform, centre) * Math.max(stepX, stepY);
  const k = Math.max(1, Math.min(4, Math.ceil(covered)));
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = transform;
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) {
      let sum = 0;
      for (let sj = 0; sj < k; sj++) {
        const y = rect.y + (j + (sj + 0.5) / k) * stepY;
        for (let si = 0; si < k; si++) {
          const x = rect.x + (i + (si + 0.5) / k) * stepX;
          const w = h6 * x + h7 * y + h8;
          sum += sample(image, (h0 * x + h1 * y + h2) / w, (h3 * x + h4 * y + h5) / w);
        }
      }
      data[j * width + i] = Math.round(sum / (k * k));
    }
  return { width, height, data };
}

/** An inset on each side of a rectangle, in mm: one for both axes, or one across and one down. */
export type Inset = number | { x: number; y: number };

/**
 * The interior of an answer box (`rect`, its cell's place on the page) as a `width` × `height` grey crop: the box
 * shrunk by `inset` on each side, past its grey frame, so the frame is not taken for ink.
 */
export function cropBox(
  image: GrayImage,
  transform: Homography,
  rect: RectMm,
  inset: Inset,
  out: { width: number; height: number },
): GrayImage {
  const ix = typeof inset === 'number' ? inset : inset.x;
  const iy = typeof inset === 'number' ? inset : inset.y;
  const inner = { x: rect.x + ix, y: rect.y + iy, width: rect.width - 2 * ix, height: rect.height - 2 * iy };
  if (inner.width <= 0 || inner.height <= 0)
    throw new Error(`an inset of ${ix}×${iy} mm leaves nothing of the box`);
  return rectify(image, transform, inner, out.width, out.height);
}

export interface QrReading {
  /** What the code holds: the sheet's address. */
  text: string;
  /** The address's last path segment: the page's code. */
  code: string;
  /** Whether it is the answers' page (`/gabarito/<code>`, the gabarito printed) or the correction's (`/corrigir/<code>`). */
  kind: 'gabarito' | 'corrigir' | 'other';
}

/** The page's code from an address ending in `/corrigir/<code>` or `/gabarito/<code>`. */
export function qrReadingOf(text: string): QrReading | null {
  const path = text.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const segments = path.split('/');
  const code = segments.at(-1);
  if (!code || segments.length < 2) return null;
  const parent = segments.at(-2);
  const kind = parent === 'gabarito' || parent === 'corrigir' ? parent : 'other';
  return { text, code: decodeURIComponent(code), kind };
}

/**
 * The half-width of the window `thresholdLocally` averages, in mm of the page: the sheet's code is 21 mm square with
 * its quiet zone, 0.5 to 0.6 mm a module (version 3 or 4), so the window spans about two modules.
 */
const QR_WINDOW_RADIUS_MM = 0.5;
/** How much darker than its window's mean a pixel is to be ink: less, and the paper's grain would speckle. */
const QR_INK_MARGIN = 0.03;

/**
 * The region thresholded against the mean of the (2 × `radius` + 1)-px square around each pixel (clipped to the
 * image): black where darker by `QR_INK_MARGIN`, white elsewhere. Relative, as a shadow scales paper and ink alike.
 */
function thresholdLocally(gray: GrayImage, radius: number): GrayImage {
  const means = windowMeans(gray, radius);
  const out = new Uint8Array(gray.data.length);
  for (let i = 0; i < out.length; i++) out[i] = gray.data[i]! < means[i]! * (1 - QR_INK_MARGIN) ? 0 : 255;
  return { width: gray.width, height: gray.height, data: out };
}

/**
 * The sheet's QR code, read from its region straightened (`region`, mm of the page): first at 8 px/mm (4 px or more
 * to a module of the sheet's code), then at 5 and 12 when that fails (a blurred photo reads better coarser, a
 * small one finer). Null when no code is read there.
 *
 * At each scale jsQR is given the region as it is, then, when it reads nothing, thresholded locally
 * (`thresholdLocally`). jsQR's own threshold is the mean of some 40 × 40 px (ten modules at 8 px/mm): in a blurred
 * photo a lone light module between dark ones stays under it, so the alignment pattern's light ring closes, jsQR
 * takes a blot of the data for the pattern (the best-scoring candidate anywhere, its distance from where the finder
 * patterns put the pattern only adding to its score) and samples every module through a wrong perspective. A
 * window of two modules keeps the ring open, but hollows a sharp code's 3-module dark centres, which jsQR's own
 * threshold reads.
 */
export function readQr(
  image: GrayImage,
  transform: Homography,
  region: RectMm = QR_REGION_MM,
): QrReading | null {
  for (const pxPerMm of [8, 5, 12]) {
    const width = Math.round(region.width * pxPerMm);
    const height = Math.round(region.height * pxPerMm);
    const gray = rectify(image, transform, region, width, height);
    // A printed code is dark on light: the inverted pass would only double the time of a failure.
    const decode = (pass: GrayImage) =>
      jsQR(rgbaFromGray(pass), width, height, { inversionAttempts: 'dontInvert' });
    const radius = Math.max(1, Math.round(QR_WINDOW_RADIUS_MM * pxPerMm));
    const found = decode(gray) ?? decode(thresholdLocally(gray, radius));
    if (found) return qrReadingOf(found.data);
  }
  return null;
}
