/// <reference lib="webworker" />
import {
  findCornerMarks,
  grayFromRgba,
  pageTransform,
  readBoxes,
  readQr,
  rowsOf,
  type BoxReading,
} from '@app/reader';
import type { ReadRow } from './photoCells';
import { paperMap, type PhotoOutcome, type ReadRequest } from './readerProtocol';

/**
 * "Corrigir pela foto", off the page's thread: a photo of a printed sheet decoded, straightened by its corner marks,
 * recognised by its QR code (or by the sheet and the sheet of paper the teacher chose) and its answer boxes read by the digit model. The
 * photo never leaves this browser: it is read here and dropped; only the crops of the boxes go back to the page.
 */

/** A phone's photo is brought down to this long side: the reader needs about 8 px/mm of an A4 (2 400 px). */
const LONG_SIDE_MAX = 3200;

async function grayOf(image: Blob) {
  const bitmap = await createImageBitmap(image);
  try {
    const scale = Math.min(1, LONG_SIDE_MAX / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, width, height);
    return grayFromRgba(context.getImageData(0, 0, width, height).data, width, height);
  } finally {
    bitmap.close();
  }
}

/** The rows of a sheet's boxes as the page judges them: each box's digit, confidence, marks, crop, left to right. */
function readRows(boxes: BoxReading[]): ReadRow[] {
  return rowsOf(boxes).map((row) => {
    const ordered = boxes
      .filter((b) => b.problem === row.problem && b.part === row.part)
      .sort((a, b) => b.column - a.column);
    return {
      problem: row.problem,
      part: row.part,
      digits: ordered.map((b) => b.digit),
      casas: row.casas,
      confidences: ordered.map((b) => b.confidence),
      several: ordered.map((b) => b.several),
      alternatives: ordered.map((b) => b.alternative),
      probabilities: ordered.map((b) => b.probabilities),
      crops: ordered.map((b) => b.crop),
    };
  });
}

async function read(request: ReadRequest): Promise<PhotoOutcome> {
  let image;
  try {
    image = await grayOf(request.image);
  } catch {
    return { kind: 'notAnImage' };
  }
  const marks = findCornerMarks(image);
  if (!marks) return { kind: 'noMarks' };
  const transform = pageTransform(marks);
  const qr = request.n === undefined ? readQr(image, transform) : null;
  const sheet =
    request.n !== undefined
      ? request.sheets.find((s) => s.n === request.n)
      : request.sheets.find(
          (s) => s.code === qr?.code || (request.sheets.length === 1 && qr?.code === request.code),
        );
  if (!sheet) return qr ? { kind: 'otherSheet' } : { kind: 'noQr' };
  const map = paperMap(sheet, request.paper);
  if (typeof map === 'string') return { kind: map, n: sheet.n };
  const boxes = readBoxes(image, transform, map);
  return { kind: 'read', n: sheet.n, rows: readRows(boxes) };
}

self.onmessage = (event: MessageEvent<ReadRequest>) => {
  const request = event.data;
  void read(request).then(
    (outcome) => self.postMessage({ id: request.id, outcome }),
    () => self.postMessage({ id: request.id, outcome: { kind: 'notAnImage' } satisfies PhotoOutcome }),
  );
};
