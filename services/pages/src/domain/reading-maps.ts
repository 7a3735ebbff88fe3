import { Msg, ReadingMap, renderFiles, type ReadingMaps } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageRecord } from './ports.js';

/**
 * GET /api/readingMaps ("Corrigir pela foto"): where each sheet of a bought page or class set printed its answer
 * boxes, as the pdf-worker measured and stored it beside the PDF (`<code>.reading.json`). A version's code answers
 * its whole set under the set's code, as the correction does. A sheet printed before rules 5, or whose PDF is not
 * printed yet, has none (null). Anything but the member's own bought page or set: the correction's 404, all alike.
 */
export async function readingMaps(
  deps: Pick<PagesDeps, 'store' | 'files'>,
  userId: string,
  code: string,
): Promise<ReadingMaps> {
  const notFound = () => AppError.notFound(Msg.correctionNotFound);
  const set = await deps.store.pages.findSet(code);
  if (set) {
    if (set.userId !== userId || !set.boughtAt) throw notFound();
    return {
      code: set.code,
      sheets: await Promise.all(set.pages.map((page, i) => sheetOf(deps, page, i + 1))),
    };
  }
  const page = await deps.store.pages.findByCode(code);
  if (!page || page.userId !== userId || !page.boughtAt) throw notFound();
  if (page.setCode !== null) return readingMaps(deps, userId, page.setCode);
  return { code: page.code, sheets: [await sheetOf(deps, page, 1)] };
}

async function sheetOf(deps: Pick<PagesDeps, 'files'>, page: Pick<PageRecord, 'code'>, n: number) {
  const stored = await deps.files.get(renderFiles(page.code).reading);
  return {
    n,
    code: page.code,
    map: stored === null ? null : ReadingMap.parse(JSON.parse(stored.toString())),
  };
}
