import type { PagesDataExport } from '@app/contracts';
import type { PagesRepository, SavedSheetsRepository } from './ports.js';
import { byName } from './saved-sheets.js';

/**
 * pages' part of a member's data export (LGPD): each bought page's code, dates and the settings it was generated
 * with, and the member's saved builder settings ("Minhas folhas salvas": names the member wrote), by name.
 * Pages generated and never bought are previews the member did not keep: not part of their records.
 */
export async function exportUserData(
  deps: {
    store: {
      pages: Pick<PagesRepository, 'listBoughtWithSettings'>;
      savedSheets: Pick<SavedSheetsRepository, 'list'>;
    };
  },
  userId: string,
): Promise<PagesDataExport> {
  const [pages, sheets] = await Promise.all([
    deps.store.pages.listBoughtWithSettings(userId),
    deps.store.savedSheets.list(userId),
  ]);
  return {
    purchases: pages.map((p) => ({
      code: p.code,
      createdAt: p.createdAt.toISOString(),
      boughtAt: p.boughtAt!.toISOString(),
      settings: p.options,
    })),
    savedSheets: sheets.sort(byName).map((s) => ({
      name: s.name,
      createdAt: s.createdAt.toISOString(),
      settings: s.options,
    })),
  };
}
