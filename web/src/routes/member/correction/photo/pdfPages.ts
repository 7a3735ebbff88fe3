/**
 * A scanner's PDF of the filled sheets: each page drawn as an image for the photo reader, one after the other (the
 * first is read while the next is drawn). pdf.js is loaded only when a PDF is chosen, with its own worker.
 */

/** The resolution pages are drawn at: 8.5 px per mm of an A4, a little over what the reader needs (8). */
const DPI = 216;

/**
 * pdf.js's legacy build: the modern one calls what only the newest browsers have (Map's getOrInsertComputed), and a
 * school's computer is seldom the newest.
 */
async function pdfjs() {
  const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
  lib.GlobalWorkerOptions.workerPort ??= new Worker(
    new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url),
    { type: 'module' },
  );
  return lib;
}

/** Whether a chosen file is a PDF (a scanner's), not a photo. */
export const isPdf = (file: File): boolean =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** Each page of `file` as a PNG image, in order. Throws when the file is no PDF pdf.js can open. */
export async function* pdfPageImages(file: File): AsyncGenerator<Blob> {
  const { getDocument } = await pdfjs();
  // No eval: the site's Content-Security-Policy allows none.
  const document = await getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    isEvalSupported: false,
  }).promise;
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: DPI / 72 });
      const canvas = window.document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      page.cleanup();
      yield await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('page not drawn'))), 'image/png'),
      );
    }
  } finally {
    await document.destroy();
  }
}

/**
 * Reads each page of a scanner's PDF with `read`, labelled 'Página 2 de turma.pdf'. False when the file could not be
 * opened as a PDF (or a page not drawn).
 */
export async function eachPdfPage(
  file: File,
  read: (image: Blob, label: string) => Promise<void>,
): Promise<boolean> {
  let page = 0;
  try {
    for await (const image of pdfPageImages(file)) await read(image, `Página ${++page} de ${file.name}`);
    return true;
  } catch {
    return false;
  }
}
