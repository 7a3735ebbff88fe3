/**
 * Synthetic answer-box crops: MNIST digits enlarged and inked onto paper, with a margin, noise or specks, as grey
 * levels the way a photo gives them (0 = black, 255 = white).
 */
import { Random } from '../../scripts/random.js';

export interface Crop {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** An ink image (0 = paper, 1 = ink) of `side`² enlarged `factor` times (bilinear). */
export function enlarge(ink: Float32Array, side: number, factor: number): Float32Array {
  const n = side * factor;
  const out = new Float32Array(n * n);
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= side || y >= side ? 0 : ink[y * side + x]!);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const u = (x + 0.5) / factor - 0.5;
      const v = (y + 0.5) / factor - 0.5;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      out[y * n + x] =
        (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
        (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
    }
  return out;
}

export interface Paper {
  width: number;
  height: number;
  /** The paper's grey level (default 235) and the ink's (default 40). */
  paper?: number;
  ink?: number;
  /** Grain: the standard deviation of the noise in grey levels (default 0). */
  noise?: number;
  seed?: number;
}

/** A blank crop of paper, with `draw` to ink onto it. */
export function paper({ width, height, paper = 235, ink = 40, noise = 0, seed = 7 }: Paper) {
  const level = new Float32Array(width * height);
  return {
    /** Inks `image` (w×h, 0 = paper, 1 = ink) with its top-left corner at (x, y). */
    draw(image: Float32Array, w: number, h: number, x: number, y: number) {
      for (let j = 0; j < h; j++)
        for (let i = 0; i < w; i++) {
          const tx = x + i;
          const ty = y + j;
          if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
          level[ty * width + tx] = Math.max(level[ty * width + tx]!, image[j * w + i]!);
        }
      return this;
    },
    /** A dark dot of `r` px around (x, y). */
    speck(x: number, y: number, r = 1) {
      for (let j = -r; j <= r; j++)
        for (let i = -r; i <= r; i++)
          if (i * i + j * j <= r * r && x + i >= 0 && y + j >= 0 && x + i < width && y + j < height)
            level[(y + j) * width + x + i] = 1;
      return this;
    },
    crop(): Crop {
      const random = new Random(seed);
      const gray = new Uint8Array(width * height);
      for (let p = 0; p < gray.length; p++) {
        const v = paper + (ink - paper) * level[p]! + (noise > 0 ? noise * random.normal() : 0);
        gray[p] = Math.max(0, Math.min(255, Math.round(v)));
      }
      return { gray, width, height };
    },
  };
}

/** The crop with black and white swapped (light ink on dark paper). */
export const inverted = ({ gray, width, height }: Crop): Crop => ({
  gray: gray.map((v) => 255 - v),
  width,
  height,
});

/** The centre of mass (x, y) of a 28×28 image, in pixel coordinates (a pixel's centre is at +0.5). */
export function centreOfMass(image: Float32Array): { x: number; y: number } {
  let mass = 0;
  let x = 0;
  let y = 0;
  for (let p = 0; p < 784; p++) {
    const v = image[p]!;
    mass += v;
    x += v * ((p % 28) + 0.5);
    y += v * (Math.floor(p / 28) + 0.5);
  }
  return { x: x / mass, y: y / mass };
}

/** The rows and columns where a 28×28 image is at least half inked: its ink's bounding box. */
export function inkBox(image: Float32Array): { width: number; height: number } {
  let x0 = 28;
  let y0 = 28;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < 784; p++)
    if (image[p]! >= 0.5) {
      const x = p % 28;
      const y = Math.floor(p / 28);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  return { width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
