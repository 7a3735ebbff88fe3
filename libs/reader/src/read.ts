/**
 * A photographed sheet read: its corner marks, its QR code's page code, and the digit in each answer box, with what
 * to ask the teacher about (a box read with little confidence, or holding several marks).
 */
import {
  FAINT_CONTRAST,
  MIN_CONTRAST,
  classify,
  inkComponents,
  toMnist,
  type Classification,
} from '@app/digits';
import type { Homography } from './geometry.js';
import type { GrayImage } from './image.js';
import { findCornerMarks, type CornerMarks } from './marks.js';
import { cropBox, pageTransform, readQr, type Inset, type QrReading, type RectMm } from './page.js';

export type Part = 'result' | 'quotient' | 'resto';

/** One answer box on the page: its `.ab` cell's place, in mm from the page's top-left corner. */
export interface MapBox extends RectMm {
  /** The problem's index on the page, from 0. */
  problem: number;
  part: Part;
  /** The box's column, counted from the row's last box (`data-col`). */
  column: number;
  /** A decimal answer's casa after its printed vírgula (`data-casa`, rules 9: 1 the décimos); absent, a whole digit. */
  casa?: number | undefined;
}

/**
 * Where one page's answer boxes are, as the pdf-worker measured it (a page of the contracts' `ReadingMap`: its
 * `pages[i].boxes`, with the map's size): an A4 page.
 */
export interface ReadingMap {
  widthMm: number;
  heightMm: number;
  boxes: readonly MapBox[];
}

export interface ReadOptions {
  /** Below this confidence a digit is one to ask about (default 0.9). */
  threshold?: number;
  /** How far inside the box's cell the crop starts, in mm (default: past the grey frame, `FRAME_INSET_MM`). */
  inset?: Inset;
  /** The crops' resolution (default 10 px/mm: a digit of 5 mm is 50 px, more than MNIST's 20). */
  cropPxPerMm?: number;
  /** The corner marks when they are already known (a live preview found them): no search. */
  marks?: CornerMarks;
  /** The classifier (default: the committed model's). */
  classifier?: (image: Float32Array) => Classification;
}

/**
 * The crop's inset: the frame is drawn 0.35 mm inside the cell across and 0.5 mm down, 0.6 pt (0.21 mm) thick; the
 * rest is room for the blur of a photo and a few tenths of a mm of error in the marks' places.
 */
export const FRAME_INSET_MM = { x: 0.95, y: 1.1 } as const;
export const DEFAULT_THRESHOLD = 0.9;

export interface BoxReading {
  problem: number;
  part: Part;
  column: number;
  casa?: number | undefined;
  /** The digit written, or null for an empty box. */
  digit: number | null;
  /** The classifier's probability for `digit` (1 for an empty box; 0 for faint ink, so it is always asked about). */
  confidence: number;
  /** The second most likely digit (null for an empty box): what to offer beside `digit` when asking ("7 ou 1?"). */
  alternative: number | null;
  /** The classifier's probability of each digit 0…9 (null for an empty box). */
  probabilities: number[] | null;
  /** Whether the box holds several marks standing apart (two digits, a digit and a stray stroke). */
  several: boolean;
  /** Whether to ask the teacher: `confidence` under the threshold, or `several`. */
  unsure: boolean;
  /** The box's interior as read, straightened (for the teacher to see what was read). */
  crop: GrayImage;
}

/** What a row of boxes says: a number, nothing, or digits with an empty box between them (to ask about). */
export type RowValue = { kind: 'number'; value: number; text: string } | { kind: 'empty' } | { kind: 'gap' };

export interface RowReading {
  problem: number;
  part: Part;
  /** The digits from left to right (by descending column), null for an empty box. */
  digits: Array<number | null>;
  /** A decimal answer's casas, its last boxes (rules 9); 0 for a natural number. */
  casas: number;
  value: RowValue;
  /** Whether one of its boxes is unsure, or it has a gap. */
  unsure: boolean;
}

export interface SheetReading {
  /** The corner marks' centres in the image's pixels; null when not found (and then nothing else is read). */
  marks: CornerMarks | null;
  /** The page's code from the QR code, null when it could not be read. */
  code: string | null;
  qr: QrReading | null;
  boxes: BoxReading[];
  rows: RowReading[];
  /** The boxes to ask the teacher about. */
  unsure: BoxReading[];
}

/**
 * A row's digits in writing order, read as a number: a result right-aligned under its columns and a quotient written
 * from the first box are read alike, from the first digit written to the last. A decimal answer (`casas`, its last
 * boxes after the printed vírgula, rules 9) is read in units of its last casa: its whole part as a natural number's,
 * its casas from the first, those left empty at the end zeros (4,2 in boxes of two casas is 420). A casa left empty
 * before one written, or casas without a whole part, is a gap (asked).
 */
export function rowValue(digits: ReadonlyArray<number | null>, casas = 0): RowValue {
  if (casas > 0) return decimalRowValue(digits, casas);
  const first = digits.findIndex((d) => d !== null);
  if (first === -1) return { kind: 'empty' };
  let last = digits.length - 1;
  while (digits[last] === null) last--;
  const written = digits.slice(first, last + 1);
  if (written.includes(null)) return { kind: 'gap' };
  const text = written.join('');
  return { kind: 'number', value: Number(text), text };
}

function decimalRowValue(digits: ReadonlyArray<number | null>, casas: number): RowValue {
  const whole = rowValue(digits.slice(0, digits.length - casas));
  const after = digits.slice(digits.length - casas);
  const written = after.findLastIndex((d) => d !== null) + 1;
  if (whole.kind === 'empty' && written === 0) return { kind: 'empty' };
  if (whole.kind !== 'number' || after.slice(0, written).includes(null)) return { kind: 'gap' };
  const fraction = after.map((d) => d ?? 0).join('');
  return {
    kind: 'number',
    value: whole.value * 10 ** casas + Number(fraction),
    text: written === 0 ? whole.text : `${whole.text},${after.slice(0, written).join('')}`,
  };
}

/**
 * The digits a number puts in a row of `count` boxes, as the sheet asks it written: a result right-aligned under its
 * columns, a quotient or a resto from the first box; null when it has more digits than the row has boxes. A decimal
 * answer (`casas`, rules 9; `value` in units of its last casa) right-aligned, its whole part against the vírgula.
 */
export function layoutDigits(
  value: number,
  count: number,
  part: Part,
  casas = 0,
): Array<number | null> | null {
  const digits = [...(casas > 0 ? String(value).padStart(casas + 1, '0') : String(value))].map(Number);
  if (digits.length > count) return null;
  const empty = Array<null>(count - digits.length).fill(null);
  return part === 'result' || casas > 0 ? [...empty, ...digits] : [...digits, ...empty];
}

/**
 * The digits the right answer puts in a row as the child wrote it: from the box where the child's first digit is, when
 * the answer fits from there (a fact's answer is written from the first box, a conta armada's under its columns);
 * else as the sheet asks it (`layoutDigits`). Null when the answer has more digits than the row has boxes.
 */
export function expectedDigits(
  value: number,
  written: ReadonlyArray<number | null>,
  part: Part,
  casas = 0,
): Array<number | null> | null {
  if (casas > 0) {
    // A decimal answer: its whole part where the child began it (else against the vírgula), then every casa.
    const whole = expectedDigits(
      Math.floor(value / 10 ** casas),
      written.slice(0, written.length - casas),
      'result',
    );
    const fraction = [...String(value % 10 ** casas).padStart(casas, '0')].map(Number);
    return whole === null ? null : [...whole, ...fraction];
  }
  const laid = layoutDigits(value, written.length, part);
  if (laid === null) return null;
  const digits = [...String(value)].map(Number);
  const first = written.findIndex((d) => d !== null);
  if (first === -1 || first + digits.length > written.length) return laid;
  return written.map((_, i) => (i >= first && i < first + digits.length ? digits[i - first]! : null));
}

/**
 * When a digit is doubted, knowing the right answer. A digit read as the one the right answer puts in its box is
 * doubted under `match`. A digit read against it is doubted under `differ`, or, with `plausible`, when the model gives
 * the answer's own digit a probability of `plausible` or more: what a problem needs is right or wrong, and a digit the
 * model is sure is not the answer's marks the problem wrong whichever wrong digit it is. To be marked wrongly without
 * a question, a right answer must be misread as a wrong one with its digit all but ruled out (under `plausible`, with
 * `differ`'s confidence), or a wrong one misread as exactly the right one (the child's digit read as the very digit of
 * the answer, with `match`'s confidence): both are rare.
 */
export interface Doubt {
  match: number;
  differ: number;
  plausible?: number;
}
export const DEFAULT_DOUBT: Doubt = { match: 0.3, differ: 0.5, plausible: 0.002 };

/** What `boxIsDoubtful` looks at in a box. */
export type DoubtedBox = Pick<BoxReading, 'digit' | 'confidence'> & {
  probabilities?: ArrayLike<number> | null;
};

/** How sure a digit must be when the right answer is not known (it does not fit the row's boxes). */
export const UNKNOWN_ANSWER_DOUBT = 0.99;

/**
 * Whether a box's digit is doubted (`Doubt`) against `expected`, the digit the right answer puts in it, null when the
 * answer leaves that box empty; undefined when the answer is not known (held to `UNKNOWN_ANSWER_DOUBT`).
 */
export function boxIsDoubtful(
  box: DoubtedBox,
  expected: number | null | undefined,
  doubt: Doubt = DEFAULT_DOUBT,
): boolean {
  if (box.digit === null) return false;
  if (expected === undefined) return box.confidence < Math.max(doubt.differ, UNKNOWN_ANSWER_DOUBT);
  if (expected === box.digit) return box.confidence < doubt.match;
  if (box.confidence < doubt.differ) return true;
  if (doubt.plausible === undefined || expected === null) return false;
  // Without the probabilities (a caller that has none), the answer's digit cannot be ruled out.
  const p = box.probabilities ? box.probabilities[expected] : undefined;
  return p === undefined || p >= doubt.plausible;
}

/**
 * Whether to ask the teacher about a row of boxes (left to right), knowing what the right answer puts in it
 * (`layoutDigits`; null when unknown: every digit is then held to `doubt.differ`): a box with several marks, an empty
 * box between digits (`rowValue`, a decimal answer's with its `casas`), or a doubted digit (`boxIsDoubtful`).
 */
export function rowIsUnsure(
  boxes: ReadonlyArray<DoubtedBox & Pick<BoxReading, 'several'>>,
  expected: ReadonlyArray<number | null> | null,
  doubt: Doubt = DEFAULT_DOUBT,
  casas = 0,
): boolean {
  if (
    rowValue(
      boxes.map((b) => b.digit),
      casas,
    ).kind === 'gap'
  )
    return true;
  return boxes.some((b, i) => b.several || boxIsDoubtful(b, expected ? expected[i] : undefined, doubt));
}

/**
 * The crop as the digit classifier best takes it: smoothed by a 3×3 binomial filter (the photo's grain and the JPEG's
 * blocks would otherwise split the paper's levels, and a thin stroke's contrast would drown in them) and divided by
 * the paper's level (its median), so a box in a shadow has the contrast of one in the light: a shadow dims ink and
 * paper alike.
 */
export function evenCrop(crop: GrayImage): GrayImage {
  const { width, height, data } = crop;
  const across = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      across[i] = (data[x > 0 ? i - 1 : i]! + 2 * data[i]! + data[x + 1 < width ? i + 1 : i]!) / 4;
    }
  const smooth = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      smooth[i] =
        (across[y > 0 ? i - width : i]! + 2 * across[i]! + across[y + 1 < height ? i + width : i]!) / 4;
    }
  const paper = Math.max(1, Float32Array.from(smooth).sort()[Math.floor(smooth.length / 2)]!);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.round((255 * smooth[i]!) / paper));
  return { width, height, data: out };
}

/** One box read from its crop. */
function readBox(
  crop: GrayImage,
  classifier: (image: Float32Array) => Classification,
): Pick<BoxReading, 'digit' | 'confidence' | 'alternative' | 'probabilities' | 'several'> {
  const none = { digit: null, confidence: 1, alternative: null, probabilities: null, several: false };
  let contrast = MIN_CONTRAST;
  let components = inkComponents(crop.data, crop.width, crop.height);
  if (components.length === 0) {
    // A box that looks empty is looked at again for faint ink (a light pencil, blurred): what is found there is read
    // and always asked about (confidence 0), never taken for an empty box nor for a sure digit.
    contrast = FAINT_CONTRAST;
    components = inkComponents(crop.data, crop.width, crop.height, contrast);
    if (components.length === 0) return none;
  }
  // Several marks are read together (a digit broken in strokes side by side still reads), and asked about.
  const image =
    components.length === 1 ? components[0]!.image : toMnist(crop.data, crop.width, crop.height, contrast);
  if (!image) return none;
  const { digit, confidence, probabilities } = classifier(image);
  let alternative = digit === 0 ? 1 : 0;
  for (let d = 0; d < probabilities.length; d++)
    if (d !== digit && probabilities[d]! > probabilities[alternative]!) alternative = d;
  return {
    digit,
    confidence: contrast === MIN_CONTRAST ? confidence : 0,
    alternative,
    probabilities: Array.from(probabilities),
    several: components.length > 1,
  };
}

/** How far around a box its frame is looked for (mm): a page not quite flat moves a box by a few tenths of a mm. */
const SEARCH_MARGIN_MM = 0.8;
/** The frame is looked for up to this far from where the map puts it (mm): less than the 0.7 mm between two boxes' lines. */
const SEARCH_MM = 0.6;
/** The frame's place in its cell (mm): 0.35 in across, 0.5 down, a line of 0.6 pt. */
const FRAME = { x: 0.35, y: 0.5, line: 0.6 * (25.4 / 72) } as const;

/** A part of a grey image (clamped to it). */
function cut(image: GrayImage, x0: number, y0: number, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, y0 + y));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, x0 + x));
      data[y * width + x] = image.data[sy * image.width + sx]!;
    }
  }
  return { width, height, data };
}

/**
 * How much darker than the paper a line of pixels is along most of its length: the darkness that 3/4 of its pixels
 * reach. A frame's line is dark along all of it; a digit's stroke, even a 1 beside the frame, along part of it.
 */
function lineDarkness(levels: number[], paper: number): number {
  levels.sort((a, b) => b - a);
  const level = levels[Math.floor(levels.length / 4)] ?? paper;
  return Math.max(0, 1 - level / paper);
}

/**
 * Where the box's frame is in `wide` (the box with `SEARCH_MARGIN_MM` around it, at k px/mm) against where the map
 * puts it, in px: the shift at which both of its opposite lines are darkest together (a neighbour's line is 0.7 mm
 * away on one side only, so it never fits both), none when the frame does not show (0.08 of the paper's level).
 */
function frameShift(wide: GrayImage, box: RectMm, k: number): { x: number; y: number } {
  const { width, height, data } = wide;
  const sorted = Uint8Array.from(data).sort();
  const paper = Math.max(1, sorted[Math.floor(sorted.length / 2)]!);
  const reach = Math.round(SEARCH_MM * k);
  const m = SEARCH_MARGIN_MM;
  const half = FRAME.line / 2;
  const left = Math.round((m + FRAME.x + half) * k);
  const right = Math.round((m + box.width - FRAME.x - half) * k);
  const top = Math.round((m + FRAME.y + half) * k);
  const bottom = Math.round((m + box.height - FRAME.y - half) * k);
  const column = (x: number) => {
    const levels: number[] = [];
    if (x < 0 || x >= width) return 0;
    for (let y = top + reach; y <= bottom - reach; y++) levels.push(data[y * width + x]!);
    return lineDarkness(levels, paper);
  };
  const row = (y: number) => {
    const levels: number[] = [];
    if (y < 0 || y >= height) return 0;
    for (let x = left + reach; x <= right - reach; x++) levels.push(data[y * width + x]!);
    return lineDarkness(levels, paper);
  };
  const best = (a: number, b: number, line: (at: number) => number) => {
    let shift = 0;
    let score = 0.08;
    for (let s = -reach; s <= reach; s++) {
      const both = Math.min(line(a + s), line(b + s));
      if (both > score + 1e-6 || (Math.abs(both - score) <= 1e-6 && Math.abs(s) < Math.abs(shift))) {
        score = both;
        shift = s;
      }
    }
    return shift;
  };
  return { x: best(left, right, column), y: best(top, bottom, row) };
}

/** Reads the boxes of `map` in an image whose page transform is known. */
export function readBoxes(
  image: GrayImage,
  transform: Homography,
  map: ReadingMap,
  options: ReadOptions = {},
): BoxReading[] {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const inset = options.inset ?? FRAME_INSET_MM;
  const k = options.cropPxPerMm ?? 10;
  const classifier = options.classifier ?? classify;
  const ix = typeof inset === 'number' ? inset : inset.x;
  const iy = typeof inset === 'number' ? inset : inset.y;
  return map.boxes.map((box) => {
    // The box with a margin around it, so its frame is found where the photo has it and the interior taken inside.
    const around = {
      x: box.x - SEARCH_MARGIN_MM,
      y: box.y - SEARCH_MARGIN_MM,
      width: box.width + 2 * SEARCH_MARGIN_MM,
      height: box.height + 2 * SEARCH_MARGIN_MM,
    };
    const wide = cropBox(image, transform, around, 0, {
      width: Math.round(around.width * k),
      height: Math.round(around.height * k),
    });
    const shift = frameShift(wide, box, k);
    const width = Math.max(8, Math.round((box.width - 2 * ix) * k));
    const height = Math.max(8, Math.round((box.height - 2 * iy) * k));
    const x0 = Math.round((SEARCH_MARGIN_MM + ix) * k) + shift.x;
    const y0 = Math.round((SEARCH_MARGIN_MM + iy) * k) + shift.y;
    const crop = evenCrop(cut(wide, x0, y0, width, height));
    const read = readBox(crop, classifier);
    return {
      problem: box.problem,
      part: box.part,
      column: box.column,
      ...(box.casa === undefined ? {} : { casa: box.casa }),
      ...read,
      unsure: read.several || (read.digit !== null && read.confidence < threshold),
      crop,
    };
  });
}

/** The rows of boxes, one per problem and part, in the map's order. */
export function rowsOf(boxes: readonly BoxReading[]): RowReading[] {
  const rows = new Map<string, BoxReading[]>();
  for (const box of boxes) {
    const key = `${box.problem}/${box.part}`;
    const row = rows.get(key);
    if (row) row.push(box);
    else rows.set(key, [box]);
  }
  return [...rows.values()].map((row) => {
    const ordered = [...row].sort((a, b) => b.column - a.column);
    const digits = ordered.map((b) => b.digit);
    const casas = ordered.filter((b) => b.casa !== undefined).length;
    const value = rowValue(digits, casas);
    return {
      problem: row[0]!.problem,
      part: row[0]!.part,
      digits,
      casas,
      value,
      unsure: value.kind === 'gap' || ordered.some((b) => b.unsure),
    };
  });
}

/**
 * Reads a photographed sheet: finds its corner marks, reads its QR code and every answer box of `map`. Nothing is
 * kept or logged: the crops go back to the caller with the reading.
 */
export function readSheet(image: GrayImage, map: ReadingMap, options: ReadOptions = {}): SheetReading {
  const marks = options.marks ?? findCornerMarks(image);
  if (!marks) return { marks: null, code: null, qr: null, boxes: [], rows: [], unsure: [] };
  const transform = pageTransform(marks);
  const qr = readQr(image, transform);
  const boxes = readBoxes(image, transform, map, options);
  return {
    marks,
    code: qr?.code ?? null,
    qr,
    boxes,
    rows: rowsOf(boxes),
    unsure: boxes.filter((b) => b.unsure),
  };
}
