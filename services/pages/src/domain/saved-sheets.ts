import { Msg, SAVED_SHEETS_MAX } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageOptions, SavedSheetRecord } from './ports.js';
import { checkPageOptions } from './page-options.js';

/**
 * "Minhas folhas salvas": a member names the builder's settings to start from them later. Each member
 * sees and changes only their own: another member's id answers like one that does not exist.
 */

/** Names as a pt-BR reader sorts them ("ábaco" before "Divisão", "tabuada 2" before "tabuada 10"), then exactly. */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
export const byName = (a: Pick<SavedSheetRecord, 'name'>, b: Pick<SavedSheetRecord, 'name'>) =>
  collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A saved sheet as the API answers it. */
const view = (s: SavedSheetRecord) => ({
  id: s.id,
  name: s.name,
  options: s.options,
  createdAt: s.createdAt.toISOString(),
});

/** GET /api/getSavedSheets: the member's saved sheets, by name. */
export async function listSavedSheets(deps: Pick<PagesDeps, 'store'>, userId: string) {
  return (await deps.store.savedSheets.list(userId)).sort(byName).map(view);
}

/**
 * POST /api/saveSheet: the settings are checked as a page's are (zod's CreatePageBody, then the custom options'
 * combinations: the same 400s as `POST /api/page`), then saved under the name. The same name again replaces that
 * sheet; a new name past SAVED_SHEETS_MAX sheets answers 409 `Msg.savedSheetsFull`.
 */
export async function storeSavedSheet(
  deps: Pick<PagesDeps, 'store'>,
  userId: string,
  { name, options }: { name: string; options: PageOptions },
) {
  checkPageOptions(options);
  const saved = await deps.store.savedSheets.save(userId, name, options, SAVED_SHEETS_MAX);
  if (!saved) throw AppError.conflict(Msg.savedSheetsFull);
  return view(saved);
}

/** POST /api/deleteSavedSheet: only the member's own; any other id (another member's too) is 404. */
export async function removeSavedSheet(deps: Pick<PagesDeps, 'store'>, userId: string, id: string) {
  if (!(await deps.store.savedSheets.delete(userId, id))) throw AppError.notFound(Msg.savedSheetNotFound);
}

/** The member deleted their account (`events.auth.user.deleted`): their saved sheets go (names they wrote). */
export function forgetSavedSheets(deps: Pick<PagesDeps, 'store'>, userId: string): Promise<number> {
  return deps.store.savedSheets.deleteAll(userId);
}
