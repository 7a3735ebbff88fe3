import type { PagesDeps } from './deps.js';
import { ownedSet } from './owned-page.js';
import { renderedFile, setFile } from './renders.js';

/**
 * GET /api/setProgress: how far a set's printing is, for the builder's bar ('Gerando versão 12 de 30',
 * then 'Montando o arquivo…'): the versions whose PDF is stored, N, and whether the set's one file is. Read from the
 * RENDERS bucket, so it counts the work of every worker replica. An assembled set counts every version done. And
 * whether it is bought: its purchase's job (set-purchase-job.ts) charges it once the file is made, and the screen,
 * which POST /api/buySet answered at once, follows it here to that end.
 */
export async function setProgress(deps: PagesDeps, userId: string, code: string) {
  const set = await ownedSet(deps, userId, code);
  const [ready, stored] = await Promise.all([
    deps.files.has(setFile(set.code)),
    Promise.all(set.pages.map((p) => deps.files.has(renderedFile('document', p.code)))),
  ]);
  return {
    done: ready ? set.versions : stored.filter(Boolean).length,
    total: set.versions,
    ready,
    bought: set.boughtAt !== null,
  };
}
