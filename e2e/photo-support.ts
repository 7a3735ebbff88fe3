import { downloadSet, getReadingMaps, type ReadingBox, type ReadingMaps } from '@app/contracts';
import { confidentDigits, PageCanvas, photograph, Random, type PhotoOptions } from '@app/reader/synthetic';
import { call, download, pdfPageGrey, readQrCode, type TestSession } from '@app/testing';
import { expect, type BrowserContext } from '@playwright/test';
import { stack } from './support';

/**
 * "Corrigir pela foto" end to end: a bought set's real PDF drawn back at 8 px/mm, filled in with handwritten digits
 * of MNIST's held-out part, photographed by software (the reader's synthetic photos: tilt, turn, shadow, blur, grain,
 * a JPEG of quality 60), as a teacher's phone would take the filled sheets.
 */

const PX_PER_MM = 8;

/** The member's reading maps of a bought set: where each version's boxes are. */
export async function readingMapsOf(member: TestSession, code: string): Promise<ReadingMaps> {
  const answer = await call<ReadingMaps>(stack().gatewayUrl, getReadingMaps, {
    query: { code },
    token: member.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.payload!;
}

/** What a child wrote on one sheet: each row of boxes (problem, part) and its number; absent, left empty. */
export type Written = Map<string, number>;
export const rowKey = (problem: number, part: ReadingBox['part']) => `${problem}:${part}`;

export interface SheetPhotoOptions {
  /** A box where the child wrote a digit and a stray mark beside it (asked about): its row's key. */
  strayIn?: string;
  /** The sheet's QR code smudged over (the teacher then says whose sheet it is). */
  qrCovered?: boolean;
  /** Scanned flat (a school's scanner at 300 dpi, the page filling the image), not photographed. */
  scanned?: boolean;
  seed: number;
}

/** The pages of a set's PDF that are its versions' exercises, by the page code their QR codes hold. */
export async function setPdf(member: TestSession, code: string) {
  const pdf = await download(stack().gatewayUrl, downloadSet, { code }, member.token);
  expect(pdf.status).toBe(200);
  return new Uint8Array(pdf.bytes);
}

/** The number of the first page of `pdf` whose QR code ends in `/<code>`. */
export async function pageOfCode(pdf: Uint8Array, code: string, pages: number): Promise<number> {
  for (let number = 1; number <= pages; number++) {
    const text = await readQrCode(pdf, number);
    if (text?.endsWith(`/${code}`)) return number;
  }
  throw new Error(`no page of the PDF has the QR code of ${code}`);
}

/** A photo (JPEG) of page `pageNumber` of `pdf` filled in as `written` says. */
export async function photoOfSheet(
  pdf: Uint8Array,
  pageNumber: number,
  boxes: readonly ReadingBox[],
  written: Written,
  options: SheetPhotoOptions,
): Promise<Buffer> {
  // Digits the model reads with no doubt: what the teacher ends with is asserted, so none may be misread (how often
  // real handwriting is, is the benchmark's to measure).
  const digits = confidentDigits();
  const random = new Random(options.seed);
  const grey = await pdfPageGrey(pdf, pageNumber, PX_PER_MM * 25.4);
  const page = new PageCanvas(PX_PER_MM);
  page.data.set(grey.data.subarray(0, page.data.length));
  for (const [key, value] of written) {
    const [problem, part] = key.split(':') as [string, ReadingBox['part']];
    // A row's boxes left to right; a result is written under its columns (to the right), a quotient from the first.
    const row = boxes
      .filter((b) => String(b.problem) === problem && b.part === part)
      .sort((a, b) => b.column - a.column);
    const figures = [...String(value)].map(Number);
    if (figures.length > row.length)
      throw new Error(`${value} does not fit the ${row.length} boxes of ${key}`);
    const first = part === 'result' ? row.length - figures.length : 0;
    figures.forEach((digit, i) => {
      const box = row[first + i]!;
      const height = Math.min(box.height - 2.4, 5.5);
      const stray = options.strayIn === key && i === 0;
      const width = stray ? (box.width - 2.2) / 2 : box.width - 2.2;
      page.digit(
        digits.next(digit),
        { x: box.x + 1.1, y: box.y + (box.height - height) / 2, width, height },
        45,
      );
      // A second mark beside the digit, standing apart from it: the reader cannot tell, and asks.
      if (stray)
        page.digit(
          digits.next(1),
          { x: box.x + 1.1 + width + 0.4, y: box.y + 1.6, width: width - 0.4, height: 2.5 },
          45,
        );
    });
  }
  // A smudge over the QR code: the top right corner of the sheet, inside the corner mark.
  if (options.qrCovered) page.fill({ x: 160, y: 10.5, width: 40, height: 38 }, 200);
  const camera: PhotoOptions = {
    tiltDeg: 12,
    tiltAxisDeg: random.between(0, 360),
    rotationDeg: random.between(-6, 6),
    pageShare: 0.85,
    shadow: 0.25,
    blur: 1,
    noise: 4,
    seed: options.seed,
  };
  const scanner: PhotoOptions = {
    width: 2480,
    height: 3508,
    tiltDeg: 0,
    rotationDeg: random.between(-1.5, 1.5),
    pageShare: 0.97,
    shadow: 0,
    gradient: 0,
    blur: 1,
    noise: 2,
    background: 245,
    seed: options.seed,
  };
  const shot = await photograph(page.image, options.scanned ? scanner : camera);
  return Buffer.from(shot.jpeg);
}

/** A scanner's PDF of `images` (JPEGs), one A4 page each, the image filling the page: printed by Chromium. */
export async function scannerPdf(context: BrowserContext, images: readonly Buffer[]): Promise<Buffer> {
  const printer = await context.newPage();
  try {
    const pages = images
      .map((jpeg) => `<img src="data:image/jpeg;base64,${jpeg.toString('base64')}">`)
      .join('');
    await printer.setContent(
      `<style>@page { size: A4; margin: 0 } body { margin: 0 }
        img { display: block; width: 210mm; height: 297mm; object-fit: contain; break-after: page }</style>${pages}`,
    );
    return await printer.pdf({ preferCSSPageSize: true, printBackground: true });
  } finally {
    await printer.close();
  }
}
