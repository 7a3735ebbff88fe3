import { Msg, type SetVersion } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageRecord, PageSetWithPages } from './ports.js';

/**
 * The page if it belongs to the user; someone else's code answers the same 404 as an unknown one. A version of a
 * class set comes with its `version` ('Versão 7 de 30'), which its renders print; with `single` (POST
 * /api/buy: a set is bought whole) a version answers that 404 too.
 */
export async function ownedPage(
  deps: PagesDeps,
  userId: string,
  code: string,
  { single = false }: { single?: boolean } = {},
): Promise<PageRecord & { version?: SetVersion }> {
  const page = await deps.store.pages.findByCode(code);
  if (!page || page.userId !== userId) throw AppError.notFound(Msg.pageNotFound);
  if (page.setCode === null) return page;
  if (single) throw AppError.notFound(Msg.pageNotFound);
  const set = await deps.store.pages.findSet(page.setCode);
  return { ...page, version: { n: page.setVersion!, of: set!.versions } };
}

/** The class set if it belongs to the user; someone else's set code answers the same 404 as an unknown one. */
export async function ownedSet(deps: PagesDeps, userId: string, code: string): Promise<PageSetWithPages> {
  const set = await deps.store.pages.findSet(code);
  if (!set || set.userId !== userId) throw AppError.notFound(Msg.setNotFound);
  return set;
}
