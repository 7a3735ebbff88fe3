import type { PagesDataExport } from '@app/contracts';
import type { PagesRepository } from './deps.js';

/**
 * pages' part of a member's data export (LGPD): each bought page's code, dates and the settings it was generated
 * with. Pages generated and never bought are previews the member did not keep: not part of their records.
 */
export async function exportUserData(
  repo: Pick<PagesRepository, 'listBoughtWithSettings'>,
  userId: string,
): Promise<PagesDataExport> {
  const pages = await repo.listBoughtWithSettings(userId);
  return {
    purchases: pages.map((p) => ({
      code: p.code,
      createdAt: p.createdAt.toISOString(),
      boughtAt: p.boughtAt!.toISOString(),
      settings: p.options,
    })),
  };
}
