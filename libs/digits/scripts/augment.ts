/**
 * What a phone photo of a child's digit in a printed box does to a digit once `toMnist` has cut it out: it is not
 * quite centred, it leans (±15°), it is larger or smaller, wider or narrower and slanted, its stroke is a thin pencil
 * or a thick marker, the picture is a little blurred, faint or grainy, and dust leaves specks. Each training image
 * gets a fresh draw of these, from the seeded generator.
 */
import type { Random } from './random.js';

const SIDE = 28;
const CENTRE = 13.5;

/** The ranges of the draws, in one place. */
export const AUGMENTATION = {
  shiftPx: 2,
  rotationDeg: 15,
  scale: [0.85, 1.12] as const,
  aspect: 0.1,
  shear: 0.15,
  dilate: 0.2,
  erode: 0.15,
  blur: 0.3,
  gain: [0.75, 1.15] as const,
  noise: 0.5,
  noiseSigma: 0.06,
  specks: 0.15,
};

const pixel = (img: Float32Array, x: number, y: number) =>
  x < 0 || y < 0 || x >= SIDE || y >= SIDE ? 0 : img[y * SIDE + x]!;

/** Bilinear sample of a 28×28 image at (x, y) in pixel coordinates; 0 outside. */
function sample(img: Float32Array, x: number, y: number): number {
  if (x <= -1 || y <= -1 || x >= SIDE || y >= SIDE) return 0;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const top = pixel(img, x0, y0) * (1 - fx) + pixel(img, x0 + 1, y0) * fx;
  const bottom = pixel(img, x0, y0 + 1) * (1 - fx) + pixel(img, x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The image moved by an affine map about the centre: rotation, scale (with aspect), shear, then a shift. */
function warp(src: Float32Array, out: Float32Array, random: Random): void {
  const a = AUGMENTATION;
  const theta = (random.uniform(-a.rotationDeg, a.rotationDeg) * Math.PI) / 180;
  const scale = random.uniform(a.scale[0], a.scale[1]);
  const aspect = random.uniform(-a.aspect, a.aspect);
  const sx = scale * (1 + aspect);
  const sy = scale * (1 - aspect);
  const shear = random.uniform(-a.shear, a.shear);
  const tx = random.uniform(-a.shiftPx, a.shiftPx);
  const ty = random.uniform(-a.shiftPx, a.shiftPx);
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  // Forward map: rotation · shear · scale; the inverse takes each output pixel back to where it came from.
  const m00 = cos * sx;
  const m01 = cos * shear * sy - sin * sy;
  const m10 = sin * sx;
  const m11 = sin * shear * sy + cos * sy;
  const det = m00 * m11 - m01 * m10;
  const i00 = m11 / det;
  const i01 = -m01 / det;
  const i10 = -m10 / det;
  const i11 = m00 / det;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const dx = x - CENTRE - tx;
      const dy = y - CENTRE - ty;
      out[y * SIDE + x] = sample(src, i00 * dx + i01 * dy + CENTRE, i10 * dx + i11 * dy + CENTRE);
    }
  }
}

/** Grey-level dilation (max) or erosion (min) over the pixel and its four neighbours, blended by `amount`. */
function morph(img: Float32Array, tmp: Float32Array, grow: boolean, amount: number): void {
  tmp.set(img);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const i = y * SIDE + x;
      const c = tmp[i]!;
      const l = x > 0 ? tmp[i - 1]! : 0;
      const r = x < SIDE - 1 ? tmp[i + 1]! : 0;
      const u = y > 0 ? tmp[i - SIDE]! : 0;
      const d = y < SIDE - 1 ? tmp[i + SIDE]! : 0;
      const v = grow ? Math.max(c, l, r, u, d) : Math.min(c, l, r, u, d);
      img[i] = c + amount * (v - c);
    }
  }
}

/** A [1 2 1]/4 blur along both axes, blended by `amount`. */
function blur(img: Float32Array, tmp: Float32Array, amount: number): void {
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++)
      tmp[y * SIDE + x] = (pixel(img, x - 1, y) + 2 * pixel(img, x, y) + pixel(img, x + 1, y)) / 4;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const i = y * SIDE + x;
      const blurred = (pixel(tmp, x, y - 1) + 2 * pixel(tmp, x, y) + pixel(tmp, x, y + 1)) / 4;
      img[i] = img[i]! + amount * (blurred - img[i]!);
    }
  }
}

/**
 * `src` (28×28, 0 = paper, 1 = ink) as a photo might give it, into `out`. `tmp` is a 784-value scratch buffer.
 */
export function augment(
  src: Float32Array,
  out: Float32Array,
  tmp: Float32Array,
  random: Random,
): Float32Array {
  const a = AUGMENTATION;
  warp(src, out, random);
  if (random.chance(a.dilate)) morph(out, tmp, true, random.uniform(0.4, 1));
  else if (random.chance(a.erode / (1 - a.dilate))) morph(out, tmp, false, random.uniform(0.3, 0.8));
  if (random.chance(a.blur)) blur(out, tmp, random.uniform(0.3, 1));
  const gain = random.uniform(a.gain[0], a.gain[1]);
  const sigma = random.chance(a.noise) ? random.uniform(0, a.noiseSigma) : 0;
  for (let i = 0; i < out.length; i++) {
    const v = out[i]! * gain + (sigma > 0 ? sigma * random.normal() : 0);
    out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
  }
  if (random.chance(a.specks)) {
    const count = 1 + random.int(3);
    for (let n = 0; n < count; n++) out[random.int(SIDE * SIDE)] = random.uniform(0.3, 1);
  }
  return out;
}
