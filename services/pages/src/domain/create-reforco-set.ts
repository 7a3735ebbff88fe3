import { Msg, type Mistake } from '@app/contracts';
import { reforcoOptions } from '@app/generator';
import { AppError } from '@app/kit';
import { takeRoomToCreate } from './create-page.js';
import { recordSet } from './create-page-set.js';
import type { PagesDeps } from './deps.js';
import type { PageOptions } from './ports.js';

/**
 * POST /api/reforcoSet: a reforço set made from a member's corrected set (`code`). Version N is for the child of
 * version N (the same turma and child, when the set was made for one) and practises the mistakes the correction found
 * in that child's answers (`versions[N - 1].foco`, the grid's diagnosis), drawn from the options that child's sheet
 * had; a child with none gets those options a step further (the generator's `reforcoOptions`); a sheet not corrected
 * yet, the same options. Made as a set is (the account's room: one creation, version 1's preview) and bought as any
 * set.
 *
 * Not a bought set of the member's: 404 `Msg.setNotFound`. Not one version of mistakes for each of its versions: 400
 * `Msg.reforcoVersions`.
 */
export async function makeReforcoSet(
  deps: PagesDeps,
  userId: string,
  { code, versions }: { code: string; versions: Array<{ corrected: boolean; foco: Mistake[] }> },
): Promise<{ code: string; codes: string[] }> {
  const set = await deps.store.pages.findSet(code);
  // Only a bought set is corrected (Correção rápida): another is not found, as another member's is.
  if (!set || set.userId !== userId || !set.boughtAt) throw AppError.notFound(Msg.setNotFound);
  if (versions.length !== set.pages.length) throw AppError.badRequest(Msg.reforcoVersions(set.pages.length));
  const { foco: _made, ...options } = set.options;
  const room = await takeRoomToCreate(deps, userId);
  try {
    return await recordSet(deps, userId, {
      options,
      versions: set.pages.map((page, i) => ({
        options: optionsFor(page.options, versions[i]!),
        ...(page.studentId ? { studentId: page.studentId } : {}),
      })),
      previewSlot: room.previewSlot,
      ...(set.turmaId ? { turmaId: set.turmaId } : {}),
    });
  } catch (err) {
    room.giveBack();
    throw err;
  }
}

/** A version's options: its child's reforço when the sheet was corrected, else the sheet's own (without a foco). */
function optionsFor(
  sheet: PageOptions,
  { corrected, foco }: { corrected: boolean; foco: Mistake[] },
): PageOptions {
  const { foco: _made, ...options } = sheet;
  // The generator widens the "até" limit to a number; it steps only to the limits the options name.
  return corrected ? (reforcoOptions(options, foco) as PageOptions) : options;
}
