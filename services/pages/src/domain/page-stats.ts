import type { PagesDeps } from './deps.js';

export async function pageStats(deps: PagesDeps) {
  const { totalPages, boughtPages } = await deps.store.pages.stats();
  return { totalPages, pagesWithPayments: boughtPages, pagesWithoutPayments: totalPages - boughtPages };
}
