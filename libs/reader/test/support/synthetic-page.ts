/**
 * A synthetic sheet of rules 5 drawn at a few px per mm: white paper, the four corner marks, the QR code where the
 * header has it, grey answer boxes at given places and handwritten digits (MNIST's) in some of them, plus the
 * problems' cell frames and the title's rule (dark, thin things a reader must not take for marks).
 */
import { generate, correction } from 'lean-qr';
import type { GrayImage, MapBox, RectMm } from '@app/reader';
import { MARK_CENTRES_MM, PAGE_MM } from '@app/reader';

export const PAPER = 250;
/** The frame's grey (#9e9e9e) and its width (0.6 pt). */
export const FRAME_GREY = 0x9e;
export const FRAME_MM = 0.6 * (25.4 / 72);

export class PageCanvas {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;

  constructor(readonly pxPerMm: number) {
    this.width = Math.round(PAGE_MM.width * pxPerMm);
    this.height = Math.round(PAGE_MM.height * pxPerMm);
    this.data = new Uint8Array(this.width * this.height).fill(PAPER);
  }

  get image(): GrayImage {
    return { width: this.width, height: this.height, data: this.data };
  }

  /** Paints a rectangle (mm) at `level`, its edge pixels by how much of them it covers (anti-aliased). */
  fill(rect: RectMm, level: number): this {
    const k = this.pxPerMm;
    const x0 = rect.x * k;
    const y0 = rect.y * k;
    const x1 = (rect.x + rect.width) * k;
    const y1 = (rect.y + rect.height) * k;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      const cy = Math.min(y + 1, y1) - Math.max(y, y0);
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) {
        const cover = cy * (Math.min(x + 1, x1) - Math.max(x, x0));
        const i = y * this.width + x;
        this.data[i] = Math.round(this.data[i]! + (level - this.data[i]!) * cover);
      }
    }
    return this;
  }

  /** A frame of `line` mm inside `rect`, as the sheet draws an answer box's (0.35 mm in across, 0.5 mm down). */
  frame(rect: RectMm, line = FRAME_MM, level = FRAME_GREY): this {
    const { x, y, width, height } = rect;
    this.fill({ x, y, width, height: line }, level);
    this.fill({ x, y: y + height - line, width, height: line }, level);
    this.fill({ x, y, width: line, height }, level);
    this.fill({ x: x + width - line, y, width: line, height }, level);
    return this;
  }

  answerBox(box: RectMm): this {
    return this.frame({ x: box.x + 0.35, y: box.y + 0.5, width: box.width - 0.7, height: box.height - 1 });
  }

  cornerMarks(): this {
    for (const c of Object.values(MARK_CENTRES_MM))
      this.fill({ x: c.x - 2.5, y: c.y - 2.5, width: 5, height: 5 }, 0);
    return this;
  }

  /**
   * The QR code of `text` with its quiet zone of 4 modules, `sideMm` square, its top-left at (x, y) mm: each pixel
   * darkened by the share of it its dark modules cover, as a print has it. (A `fill` a module would leave a light
   * seam where two dark modules meet inside a pixel, each blending with what the other left: a blurred photo of such
   * a code reads more easily than one of a printed code.)
   */
  qr(text: string, x: number, y: number, sideMm = 21): this {
    const code = generate(text, { minCorrectionLevel: correction.M });
    const k = this.pxPerMm;
    const m = sideMm / (code.size + 8);
    // A pixel's side in modules.
    const side = 1 / (k * m);
    this.fill({ x, y, width: sideMm, height: sideMm }, 255);
    const x0 = Math.max(0, Math.floor(x * k));
    const x1 = Math.min(this.width, Math.ceil((x + sideMm) * k));
    const y0 = Math.max(0, Math.floor(y * k));
    const y1 = Math.min(this.height, Math.ceil((y + sideMm) * k));
    for (let py = y0; py < y1; py++) {
      // The pixel's top edge in modules from the code's first row (past the quiet zone); its left edge, columns.
      const v = (py / k - y) / m - 4;
      for (let px = x0; px < x1; px++) {
        const u = (px / k - x) / m - 4;
        let cover = 0;
        for (let row = Math.max(0, Math.floor(v)); row < Math.min(code.size, v + side); row++)
          for (let col = Math.max(0, Math.floor(u)); col < Math.min(code.size, u + side); col++)
            if (code.get(col, row))
              cover +=
                (Math.min(u + side, col + 1) - Math.max(u, col)) *
                (Math.min(v + side, row + 1) - Math.max(v, row));
        const i = py * this.width + px;
        this.data[i] = Math.round(this.data[i]! * (1 - cover / (side * side)));
      }
    }
    return this;
  }

  /**
   * Writes a 28×28 digit (0 = paper, 1 = ink) so its ink fits `rect` (mm), centred with an offset, at `ink`'s grey
   * level; the 28 px are sampled bilinearly, as a pen's stroke is smooth.
   */
  digit(image: Float32Array, rect: RectMm, ink = 45, offset = { x: 0, y: 0 }): this {
    let bx0 = 28;
    let by0 = 28;
    let bx1 = -1;
    let by1 = -1;
    for (let p = 0; p < 784; p++)
      if (image[p]! > 0.2) {
        bx0 = Math.min(bx0, p % 28);
        bx1 = Math.max(bx1, p % 28);
        by0 = Math.min(by0, Math.floor(p / 28));
        by1 = Math.max(by1, Math.floor(p / 28));
      }
    const mmPerPx = Math.min(rect.width / (bx1 - bx0 + 1), rect.height / (by1 - by0 + 1));
    const cx = rect.x + rect.width / 2 + offset.x;
    const cy = rect.y + rect.height / 2 + offset.y;
    const mx = (bx0 + bx1 + 1) / 2;
    const my = (by0 + by1 + 1) / 2;
    const k = this.pxPerMm;
    const at = (x: number, y: number) => (x < 0 || y < 0 || x >= 28 || y >= 28 ? 0 : image[y * 28 + x]!);
    const x0 = Math.floor((cx - 14 * mmPerPx) * k);
    const x1 = Math.ceil((cx + 14 * mmPerPx) * k);
    const y0 = Math.floor((cy - 14 * mmPerPx) * k);
    const y1 = Math.ceil((cy + 14 * mmPerPx) * k);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const u = ((x + 0.5) / k - cx) / mmPerPx + mx - 0.5;
        const v = ((y + 0.5) / k - cy) / mmPerPx + my - 0.5;
        const ix = Math.floor(u);
        const iy = Math.floor(v);
        const fx = u - ix;
        const fy = v - iy;
        const a =
          (at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx) * (1 - fy) +
          (at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx) * fy;
        if (a <= 0) continue;
        const i = y * this.width + x;
        this.data[i] = Math.round(Math.min(this.data[i]!, PAPER + (ink - PAPER) * Math.min(1, a)));
      }
    return this;
  }
}

/**
 * A layout like a sheet's: `problems` cells in two columns, each with a result row of `digits` boxes (5 mm columns,
 * 10 mm tall: the normal size's), and every third a division's quotient (2 boxes) and resto (1 box) instead.
 */
export function sheetBoxes(problems: number, digits = 3): MapBox[] {
  const boxes: MapBox[] = [];
  for (let problem = 0; problem < problems; problem++) {
    const col = problem % 2;
    const row = Math.floor(problem / 2);
    const cellX = 11 + col * 95;
    const cellY = 60 + row * 42;
    const add = (part: MapBox['part'], count: number, x: number, y: number) => {
      for (let i = 0; i < count; i++)
        boxes.push({ problem, part, column: count - i, x: x + 5 * i, y, width: 5, height: 10.1 });
    };
    if (problem % 3 === 2) {
      add('quotient', 2, cellX + 50, cellY + 12);
      add('resto', 1, cellX + 70, cellY + 26);
    } else add('result', digits, cellX + 35, cellY + 26);
  }
  return boxes;
}

/** The problems' cell frames and the title's rule, drawn as the sheet has them. */
export function sheetFurniture(page: PageCanvas, problems: number): void {
  page.fill({ x: 11, y: 22, width: 150, height: 0.42 }, 17);
  for (let problem = 0; problem < problems; problem++) {
    const col = problem % 2;
    const row = Math.floor(problem / 2);
    page.frame({ x: 11 + col * 95, y: 58 + row * 42, width: 93, height: 40 }, FRAME_MM, FRAME_GREY);
  }
}

export interface WrittenSheet {
  page: PageCanvas;
  boxes: MapBox[];
  /** What each box of `boxes` holds: its digit, or null when it is left empty. */
  written: Array<number | null>;
}

/**
 * A sheet of `rows.length` problems (`sheetBoxes`' layout, the QR code of `url`) with each row's boxes written from
 * its string, left to right: a digit in a box, a space for a box left empty. Each digit is the next sample of the
 * digit in MNIST's test set that `accept` takes (a test keeps those the classifier reads, so it tests the reading of
 * the page rather than the model), inked dark blue-black, its place in the box drawn.
 */
export function writeSheet(
  rows: readonly string[],
  url: string,
  digits: { next(digit: number): Float32Array },
  seed = 1,
): WrittenSheet {
  const page = new PageCanvas(8).cornerMarks().qr(url, 173.5, 11);
  sheetFurniture(page, rows.length);
  const boxes = sheetBoxes(rows.length);
  const written: Array<number | null> = [];
  let state = seed;
  const jitter = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
  let at = 0;
  rows.forEach((row, problem) => {
    const own = boxes.filter((b) => b.problem === problem);
    const parts = own[0]?.part === 'quotient' ? row.split('|') : [row];
    const chars = parts.flatMap((p, k) => {
      const count = own.filter((b) => b.part === (k === 0 ? own[0]!.part : 'resto')).length;
      return [...p.padEnd(count, ' ').slice(0, count)];
    });
    own.forEach((box, i) => {
      page.answerBox(box);
      const c = chars[i] ?? ' ';
      const digit = c === ' ' ? null : Number(c);
      written[at++] = digit;
      if (digit === null) return;
      // The ink's box: inside the frame's interior (4.3 × 9.1 mm), a little off-centre as a hand writes.
      const rect = { x: box.x + 1.15, y: box.y + 1.6, width: 2.7, height: 6.6 + jitter() };
      page.digit(digits.next(digit), rect, 40 + 20 * (jitter() + 0.5), {
        x: 0.25 * jitter(),
        y: 0.4 * jitter(),
      });
    });
  });
  return { page, boxes, written };
}
