import { renderFiles } from '@app/contracts';
import type { PagesDeps } from './deps.js';

/**
 * The printed files of class sets made for a turma carry its children's names (LGPD art. 14): when the turma is
 * deleted (`events.classroom.turma.deleted`) or the member's account (`events.auth.user.deleted`), every file of those
 * sets leaves the RENDERS bucket: each version's PDF and preview, and the set's PDF. The pages themselves stay (ids,
 * seeds and options: nothing personal); one drawn again finds no name in classroom and prints the lines blank.
 * Answers how many sets had their files deleted; running it again deletes nothing more.
 */
export async function forgetNamedFiles(
  deps: Pick<PagesDeps, 'store' | 'files'>,
  of: { turmaId: string } | { userId: string },
): Promise<number> {
  const sets = await deps.store.pages.setsWithNames(of);
  for (const set of sets) {
    const names = [
      renderFiles(set.code).pdf,
      ...set.pages.flatMap((p) => [renderFiles(p.code).pdf, renderFiles(p.code).png]),
    ];
    for (const name of names) await deps.files.delete(name);
  }
  return sets.length;
}
