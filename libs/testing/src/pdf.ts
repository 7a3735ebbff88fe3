/**
 * Reads PDFs the way a reader would, without poppler or any other system package: pdfjs-dist (legacy build, the
 * one meant for Node) for pages, text and fonts, and @napi-rs/canvas (pdfjs's own optional dependency) to draw a
 * page to PNG.
 *
 * Coordinates are in points with the origin at the top-left corner of the page, as `pdftotext -bbox` gave them.
 * pdfjs reports text in runs (one per text node or line fragment of the HTML), not words: a run's box is exact,
 * from its baseline, its advance width and its font's ascent and descent; the words of a run split its width in
 * proportion to their characters, exact for monospaced runs and an estimate for the inner words of the others.
 */
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfBox {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PdfTextRun extends PdfBox {
  text: string;
  /** Font size in points (the text matrix's vertical scale). */
  fontSize: number;
  /** The embedded font's PostScript name without its subset tag: `DejaVuSans`, `DejaVuSansMono`, ... */
  font: string;
  /** The baseline's distance from the top of the page, in points. */
  baseline: number;
}

export interface PdfWord extends PdfTextRun {
  /** 1-based page number. */
  page: number;
}

export interface PdfPage {
  /** 1-based page number. */
  number: number;
  /** Size in points (A4 is 595 × 842). */
  width: number;
  height: number;
  runs: PdfTextRun[];
  words: PdfWord[];
  /**
   * The page's text, one line per baseline from top to bottom, runs left to right, separated by a space where
   * the page leaves a gap (what `pdftotext -layout` is used for in a test: substrings and tokens).
   */
  text: string;
}

export interface PdfDocument {
  pages: PdfPage[];
  /** PostScript names of the fonts the text uses, subset tags removed, sorted: `['DejaVuSans', ...]`. */
  fonts: string[];
}

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function openPdf(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    // pdfjs takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(pdf),
    // Only for PDFs that use the 14 standard fonts without embedding them; ours embed theirs.
    standardFontDataUrl: `${join(pdfjsDir, 'standard_fonts')}/`,
    fontExtraProperties: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
}

/** `AAAAAA+DejaVuSans` → `DejaVuSans`. */
const withoutSubsetTag = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

interface TextItemLike {
  str: string;
  width: number;
  transform: number[];
  fontName: string;
}

async function readPage(page: PDFPageProxy, number: number, fonts: Set<string>): Promise<PdfPage> {
  const [, , width, height] = page.view as [number, number, number, number];
  const content = await page.getTextContent();
  // The fonts' objects (with their real names) exist once the page's operators have been read.
  await page.getOperatorList();
  const fontNames = new Map<string, string>();
  for (const id of Object.keys(content.styles)) {
    const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: string }) : undefined;
    fontNames.set(id, withoutSubsetTag(font?.name ?? id));
  }

  const runs: PdfTextRun[] = [];
  for (const item of content.items as TextItemLike[]) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [, , , scaleY, x, baseline] = item.transform as [number, number, number, number, number, number];
    const style = content.styles[item.fontName];
    const ascent = style?.ascent ?? 0.8;
    const descent = style?.descent ?? -0.2;
    const top = height - baseline;
    const font = fontNames.get(item.fontName) ?? item.fontName;
    fonts.add(font);
    runs.push({
      // A written number stands one digit per column of the caderno's width (5 mm, wider than a digit): pdfjs
      // reports the gaps as spaces ("7 4 1"); a person reads one number, and so does this.
      text: /^\d( \d)+$/.test(item.str) ? item.str.replaceAll(' ', '') : item.str,
      fontSize: Math.abs(scaleY),
      font,
      baseline: top,
      xMin: x,
      xMax: x + item.width,
      yMin: top - ascent * Math.abs(scaleY),
      yMax: top - descent * Math.abs(scaleY),
    });
  }

  const words: PdfWord[] = runs.flatMap((run) => {
    const perChar = (run.xMax - run.xMin) / Math.max(1, [...run.text].length);
    const found: PdfWord[] = [];
    let offset = 0;
    for (const part of run.text.split(/(\s+)/)) {
      const length = [...part].length;
      if (part.trim() !== '') {
        found.push({
          ...run,
          page: number,
          text: part,
          xMin: run.xMin + offset * perChar,
          xMax: run.xMin + (offset + length) * perChar,
        });
      }
      offset += length;
    }
    return found;
  });

  return { number, width, height, runs, words, text: layoutText(runs) };
}

/** Runs grouped into lines by baseline, each line left to right, with a space where the page leaves a gap. */
function layoutText(runs: PdfTextRun[]): string {
  const lines: PdfTextRun[][] = [];
  for (const run of [...runs].sort((a, b) => a.baseline - b.baseline)) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && run.baseline - first.baseline <= Math.min(first.fontSize, run.fontSize) * 0.3) {
      line.push(run);
    } else {
      lines.push([run]);
    }
  }
  return lines
    .map((line) => {
      let text = '';
      let end: PdfTextRun | undefined;
      for (const run of line.sort((a, b) => a.xMin - b.xMin)) {
        const gap = end ? run.xMin - end.xMax : 0;
        if (
          end &&
          gap > 0.1 * Math.min(end.fontSize, run.fontSize) &&
          !/\s$/.test(text) &&
          !/^\s/.test(run.text)
        ) {
          text += ' ';
        }
        text += run.text;
        end = run;
      }
      return text.replace(/\s+/g, ' ').trim();
    })
    .join('\n');
}

/** Pages (size in points), their text and words with boxes, and the fonts the text is set in. */
export async function readPdf(pdf: Uint8Array): Promise<PdfDocument> {
  const document = await openPdf(pdf);
  try {
    const fonts = new Set<string>();
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      pages.push(await readPage(await document.getPage(number), number, fonts));
    }
    return { pages, fonts: [...fonts].sort() };
  } finally {
    await document.destroy();
  }
}

/** Draws one page (1-based) on a white background as a PNG, at `dpi` (72 is one pixel per point). */
export async function renderPdfPage(pdf: Uint8Array, pageNumber = 1, dpi = 72): Promise<Buffer> {
  return (await drawPdfPage(pdf, pageNumber, dpi)).toBuffer('image/png');
}

/**
 * The text of the QR code printed on a page, read from the page drawn at `dpi` and in grey levels only, as a phone
 * reads a black-and-white printout; null when no QR code is found.
 */
export async function readQrCode(pdf: Uint8Array, pageNumber = 1, dpi = 150): Promise<string | null> {
  // As a phone is pointed at the code: first the sheet's top right corner, where the header holds it, then the whole
  // page, each at two resolutions. Read from the whole page alone, jsQR may take a page's boxes (the carry squares,
  // the problem frames) for finder patterns and miss the code on some pages.
  for (const scale of [dpi, Math.round(dpi * 1.5)]) {
    const canvas = await drawPdfPage(pdf, pageNumber, scale);
    for (const [x, y, w, h] of [
      [0.55, 0, 0.45, 0.3],
      [0, 0, 1, 1],
    ] as const) {
      const left = Math.floor(canvas.width * x);
      const top = Math.floor(canvas.height * y);
      const width = Math.floor(canvas.width * w);
      const height = Math.floor(canvas.height * h);
      const image = canvas.getContext('2d').getImageData(left, top, width, height);
      const grey = new Uint8ClampedArray(image.data.length);
      for (let i = 0; i < image.data.length; i += 4) {
        const level = Math.round(
          0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!,
        );
        grey.set([level, level, level, 255], i);
      }
      const found = jsQR(grey, width, height)?.data;
      if (found) return found;
    }
  }
  return null;
}

async function drawPdfPage(pdf: Uint8Array, pageNumber: number, dpi: number) {
  const document = await openPdf(pdf);
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdfjs types its canvas as the DOM's; @napi-rs/canvas implements the part it draws with.
    type RenderParameters = Parameters<PDFPageProxy['render']>[0];
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    return canvas;
  } finally {
    await document.destroy();
  }
}

/** A page of the PDF drawn at `dpi`, as grey levels (0 black … 255 white), a byte per pixel, row after row. */
export async function pdfPageGrey(
  pdf: Uint8Array,
  pageNumber = 1,
  dpi = 100,
): Promise<{ width: number; height: number; data: Uint8Array }> {
  const canvas = await drawPdfPage(pdf, pageNumber, dpi);
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const grey = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < grey.length; i++)
    grey[i] = Math.round(0.299 * data[4 * i]! + 0.587 * data[4 * i + 1]! + 0.114 * data[4 * i + 2]!);
  return { width: canvas.width, height: canvas.height, data: grey };
}

/** Every page of the PDF as a PNG, in order. */
export async function renderPdfPages(pdf: Uint8Array, dpi = 72): Promise<Buffer[]> {
  const document = await openPdf(pdf);
  const count = document.numPages;
  await document.destroy();
  const pngs: Buffer[] = [];
  for (let number = 1; number <= count; number++) pngs.push(await renderPdfPage(pdf, number, dpi));
  return pngs;
}
