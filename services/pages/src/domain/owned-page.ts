import { Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PageRecord, PagesDeps } from './deps.js';

/** The page if it belongs to the user; someone else's code answers the same 404 as an unknown one. */
export async function ownedPage(deps: PagesDeps, userId: string, code: string): Promise<PageRecord> {
  const page = await deps.repo.findByCode(code);
  if (!page || page.userId !== userId) throw AppError.notFound(Msg.pageNotFound);
  return page;
}
