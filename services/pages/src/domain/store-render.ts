import type { PagesDeps } from './deps.js';

const PDF_MAGIC = Buffer.from('%PDF-');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Stores a worker's render once (a redelivered job changes nothing) and wakes the requests waiting for it.
 * Answers false for a code this service never issued.
 */
export async function storeRender(
  deps: PagesDeps,
  render: { code: string; pdf: Buffer; png: Buffer; pageCount: number },
): Promise<boolean> {
  if (!render.pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new Error('render is not a PDF');
  if (!render.png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) throw new Error('thumbnail is not a PNG');
  if (!(await deps.repo.findByCode(render.code))) {
    deps.logger.warn({ code: render.code }, 'render for an unknown page ignored');
    return false;
  }
  await deps.repo.insertRender(render);
  deps.signals.notify(render.code);
  return true;
}
