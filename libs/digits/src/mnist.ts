/**
 * From a crop of an answer box (a photo's grey levels) to what the classifier takes: a 28×28 image made the way MNIST
 * was made. The ink is told from the paper (Otsu's threshold on how much darker than the paper each pixel is),
 * specks are dropped, the ink's bounding box is scaled so its longer side is 20 px (aspect kept) and placed so its
 * centre of mass is the centre of the 28×28 field.
 *
 * Grey levels: a Uint8Array (or Uint8ClampedArray) holds 0 = black … 255 = white, a Float32Array 0 = black … 1 =
 * white, row by row. The paper is the crop's median level: dark ink on light paper as a photo gives it, and light ink
 * on dark (an inverted image) is read the same way.
 */

export type Gray = Uint8Array | Uint8ClampedArray | Float32Array;

/** Below this difference between the ink's mean level and the paper's (out of 1), the box holds no ink. */
export const MIN_CONTRAST = 0.15;
/**
 * Ink this faint or fainter (but above it) is barely there: a light pencil in a blurred photo. A reader looks again at
 * an empty box with this contrast, and asks about what it finds rather than take the box for empty.
 */
export const FAINT_CONTRAST = 0.07;
/** A component smaller than this share of the largest one is a speck (dust, a dot of the paper), not a stroke. */
export const SPECK_SHARE = 0.08;
/** …and so is one under this share of the crop's area (at least 4 pixels). */
export const SPECK_AREA = 0.0008;

const FIELD = 28;
const BOX = 20;

export interface InkComponent {
  /** The component's bounding box in the crop's pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** How many pixels of ink it has. */
  area: number;
  /** Its ink alone, normalised as `toMnist` does (28×28, 0 = paper, 1 = ink). */
  image: Float32Array;
}

interface Analysis {
  width: number;
  height: number;
  /** How inked each pixel is: 0 = paper, 1 = the ink's mean level (clamped). */
  ink: Float32Array;
  /** The ink pixels, as groups of connected components (a digit's detached strokes grouped). */
  groups: Group[];
  /** For each pixel, its connected component's label (a group's `components` hold label − 1), 0 for paper. */
  labels: Int32Array;
}

interface Group {
  components: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

function luminance(gray: Gray, width: number, height: number): Float32Array {
  if (gray.length !== width * height)
    throw new Error(`a ${width}×${height} crop has ${width * height} values, not ${gray.length}`);
  const out = new Float32Array(gray.length);
  const scale = gray instanceof Float32Array ? 1 : 1 / 255;
  for (let i = 0; i < gray.length; i++) out[i] = Math.min(1, Math.max(0, gray[i]! * scale));
  return out;
}

/** The threshold that best splits a 256-bin histogram in two (Otsu), as a bin index: ink is at or above it. */
function otsu(histogram: Float64Array, total: number): number {
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * histogram[i]!;
  let below = 0;
  let sumBelow = 0;
  let best = 1;
  let bestVariance = -1;
  for (let t = 1; t < 256; t++) {
    below += histogram[t - 1]!;
    sumBelow += (t - 1) * histogram[t - 1]!;
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

/** 8-connected components of `mask`: a label per pixel (1-based, 0 = none) and each component's pixel count. */
function components(
  mask: Uint8Array,
  width: number,
  height: number,
): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(mask.length);
  const sizes: number[] = [];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = sizes.length + 1;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const px = p % width;
      const py = (p - px) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const y = py + dy;
        if (y < 0 || y >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const x = px + dx;
          if (x < 0 || x >= width) continue;
          const q = y * width + x;
          if (mask[q] && !labels[q]) {
            labels[q] = label;
            stack[top++] = q;
          }
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

function analyse(gray: Gray, width: number, height: number, minContrast: number): Analysis | null {
  const lum = luminance(gray, width, height);
  const n = lum.length;
  const histogram = new Float64Array(256);
  for (const v of lum) histogram[Math.round(v * 255)]!++;
  let count = 0;
  let median = 0;
  while (count + histogram[median]! < n / 2) count += histogram[median++]!;
  const paper = median / 255;
  const lightInk = paper < 0.5;
  const darkness = new Float32Array(n);
  const darkHistogram = new Float64Array(256);
  for (let i = 0; i < n; i++) {
    const d = Math.max(0, lightInk ? lum[i]! - paper : paper - lum[i]!);
    darkness[i] = d;
    darkHistogram[Math.round(d * 255)]!++;
  }
  const t = otsu(darkHistogram, n);
  let inkSum = 0;
  let inkCount = 0;
  let paperSum = 0;
  for (let i = 0; i < 256; i++) {
    if (i >= t) {
      inkSum += i * darkHistogram[i]!;
      inkCount += darkHistogram[i]!;
    } else paperSum += i * darkHistogram[i]!;
  }
  if (inkCount === 0) return null;
  const inkLevel = inkSum / inkCount / 255;
  const paperLevel = paperSum / Math.max(1, n - inkCount) / 255;
  if (inkLevel - paperLevel < minContrast) return null;
  const threshold = t / 255 - 0.5 / 255;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) mask[i] = darkness[i]! >= threshold ? 1 : 0;
  const { labels, sizes } = components(mask, width, height);
  const largest = Math.max(0, ...sizes);
  const minArea = Math.max(4, SPECK_SHARE * largest, SPECK_AREA * n);
  const boxes = sizes.map((area) => ({ area, x0: width, y0: height, x1: -1, y1: -1 }));
  for (let i = 0; i < n; i++) {
    const l = labels[i]!;
    if (!l) continue;
    const b = boxes[l - 1]!;
    const x = i % width;
    const y = (i - x) / width;
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
  const groups: Group[] = [];
  boxes
    .map((b, i) => ({ ...b, components: [i] }))
    .filter((b) => b.area >= minArea)
    .sort((a, b) => a.x0 - b.x0 || a.y0 - b.y0)
    .forEach((b) => {
      // Strokes of one digit (a 5's flag, a broken pencil line) share its columns; digits side by side do not.
      const same = groups.find((g) => {
        const overlap = Math.min(g.x1, b.x1) - Math.max(g.x0, b.x0) + 1;
        return overlap >= 0.5 * Math.min(g.x1 - g.x0 + 1, b.x1 - b.x0 + 1);
      });
      if (!same) return groups.push(b);
      same.components.push(...b.components);
      same.x0 = Math.min(same.x0, b.x0);
      same.y0 = Math.min(same.y0, b.y0);
      same.x1 = Math.max(same.x1, b.x1);
      same.y1 = Math.max(same.y1, b.y1);
      same.area += b.area;
    });
  if (groups.length === 0) return null;
  const ink = new Float32Array(n);
  const span = inkLevel - paperLevel;
  for (let i = 0; i < n; i++) ink[i] = Math.min(1, Math.max(0, (darkness[i]! - paperLevel) / span));
  return { width, height, ink, groups: groups.sort((a, b) => a.x0 - b.x0), labels };
}

/** The weights that resample `from` pixels to `to` along one axis: area averaging down, linear interpolation up. */
function axisWeights(from: number, to: number): { index: number; weight: number }[][] {
  const s = to / from;
  return Array.from({ length: to }, (_, j) => {
    if (s >= 1) {
      const u = Math.min(from - 1, Math.max(0, (j + 0.5) / s - 0.5));
      const i = Math.floor(u);
      const f = u - i;
      return f > 0 && i + 1 < from
        ? [
            { index: i, weight: 1 - f },
            { index: i + 1, weight: f },
          ]
        : [{ index: i, weight: 1 }];
    }
    const start = j / s;
    const end = (j + 1) / s;
    const out: { index: number; weight: number }[] = [];
    for (let i = Math.floor(start); i < Math.min(from, Math.ceil(end)); i++) {
      const w = Math.min(end, i + 1) - Math.max(start, i);
      if (w > 0) out.push({ index: i, weight: w * s });
    }
    return out;
  });
}

function resample(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const across = axisWeights(sw, dw);
  const down = axisWeights(sh, dh);
  const rows = new Float32Array(dw * sh);
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < dw; x++) {
      let v = 0;
      for (const { index, weight } of across[x]!) v += weight * src[y * sw + index]!;
      rows[y * dw + x] = v;
    }
  const out = new Float32Array(dw * dh);
  for (let y = 0; y < dh; y++)
    for (let x = 0; x < dw; x++) {
      let v = 0;
      for (const { index, weight } of down[y]!) v += weight * rows[index * dw + x]!;
      out[y * dw + x] = v;
    }
  return out;
}

/** Grey-level dilation by a square of side 2r+1 (max filter, one axis then the other). */
function dilate(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++)
        m = Math.max(m, src[y * width + k]!);
      tmp[y * width + x] = m;
    }
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++)
        m = Math.max(m, tmp[k * width + x]!);
      out[y * width + x] = m;
    }
  return out;
}

/** MNIST's strokes are 2 to 3.7 px wide (10th to 90th percentile) once the digit's longer side is 20 px; thinner ones are thickened to 2. */
const MIN_STROKE = 2;

/** The ink of the groups' components alone, cut out and made a 28×28 MNIST image. */
function normalise(a: Analysis, chosen: Group[]): Float32Array {
  const { width, height } = a;
  const keep = new Set(chosen.flatMap((g) => g.components.map((c) => c + 1)));
  const kept = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && keep.has(a.labels[y * width + x]!);
  const gx0 = Math.min(...chosen.map((g) => g.x0));
  const gy0 = Math.min(...chosen.map((g) => g.y0));
  const gx1 = Math.max(...chosen.map((g) => g.x1));
  const gy1 = Math.max(...chosen.map((g) => g.y1));
  // A stroke of width w and length L has about w·L pixels, 2·L of them on its edge.
  let area = 0;
  let edge = 0;
  for (let y = gy0; y <= gy1; y++)
    for (let x = gx0; x <= gx1; x++) {
      if (!kept(x, y)) continue;
      area++;
      if (!kept(x - 1, y) || !kept(x + 1, y) || !kept(x, y - 1) || !kept(x, y + 1)) edge++;
    }
  const stroke = (2 * area) / Math.max(1, edge);
  const side = Math.max(gx1 - gx0 + 1, gy1 - gy0 + 1);
  const grow = Math.max(
    0,
    Math.min(Math.round(((MIN_STROKE * side) / BOX - stroke) / 2), Math.ceil(0.05 * side)),
  );
  // The chosen components' pixels and the anti-aliased rim around them, with room to thicken; nothing else.
  const margin = grow + 1;
  const x0 = gx0 - margin;
  const y0 = gy0 - margin;
  const cw = gx1 - gx0 + 1 + 2 * margin;
  const ch = gy1 - gy0 + 1 + 2 * margin;
  let crop: Float32Array = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const sx = x0 + x;
      const sy = y0 + y;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      let near = false;
      for (let dy = -1; dy <= 1 && !near; dy++)
        for (let dx = -1; dx <= 1 && !near; dx++) near = kept(sx + dx, sy + dy);
      if (near) crop[y * cw + x] = a.ink[sy * width + sx]!;
    }
  if (grow > 0) crop = dilate(crop, cw, ch, grow);
  // MNIST's 20 px box is the ink's: the pixels at least half inked, not the faint rim.
  let bx0 = cw;
  let by0 = ch;
  let bx1 = -1;
  let by1 = -1;
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++)
      if (crop[y * cw + x]! >= 0.5) {
        bx0 = Math.min(bx0, x);
        bx1 = Math.max(bx1, x);
        by0 = Math.min(by0, y);
        by1 = Math.max(by1, y);
      }
  const out = new Float32Array(FIELD * FIELD);
  if (bx1 < 0) return out;
  const scale = BOX / Math.max(bx1 - bx0 + 1, by1 - by0 + 1);
  const dw = Math.max(1, Math.round(cw * scale));
  const dh = Math.max(1, Math.round(ch * scale));
  const small = resample(crop, cw, ch, dw, dh);
  let max = 0;
  let mass = 0;
  let mx = 0;
  let my = 0;
  for (let y = 0; y < dh; y++)
    for (let x = 0; x < dw; x++) {
      const v = small[y * dw + x]!;
      max = Math.max(max, v);
      mass += v;
      mx += v * (x + 0.5);
      my += v * (y + 0.5);
    }
  if (mass === 0) return out;
  const ox = Math.round(FIELD / 2 - mx / mass);
  const oy = Math.round(FIELD / 2 - my / mass);
  for (let y = 0; y < dh; y++)
    for (let x = 0; x < dw; x++) {
      const tx = x + ox;
      const ty = y + oy;
      if (tx >= 0 && ty >= 0 && tx < FIELD && ty < FIELD)
        out[ty * FIELD + tx] = Math.min(1, small[y * dw + x]! / max);
    }
  return out;
}

/**
 * The crop's ink as a 28×28 MNIST image (0 = paper, 1 = ink), all of its components together; null when the crop
 * holds no ink (an empty box: less contrast than `minContrast`, or only specks). A crop with several digits gives them
 * squeezed into one image: `inkComponents` tells them apart first.
 */
export function toMnist(
  gray: Gray,
  width: number,
  height: number,
  minContrast = MIN_CONTRAST,
): Float32Array | null {
  const a = analyse(gray, width, height, minContrast);
  return a ? normalise(a, a.groups) : null;
}

/**
 * The crop's ink, split into what stands apart from left to right: none for an empty box, one for a digit, more for
 * several digits (or a digit and a stray mark). Strokes that share most of their columns count as one (a 5 whose
 * flag is apart, a broken pencil line). Each comes with its own MNIST image.
 */
export function inkComponents(
  gray: Gray,
  width: number,
  height: number,
  minContrast = MIN_CONTRAST,
): InkComponent[] {
  const a = analyse(gray, width, height, minContrast);
  if (!a) return [];
  return a.groups.map((g) => ({
    x: g.x0,
    y: g.y0,
    width: g.x1 - g.x0 + 1,
    height: g.y1 - g.y0 + 1,
    area: g.area,
    image: normalise(a, [g]),
  }));
}
