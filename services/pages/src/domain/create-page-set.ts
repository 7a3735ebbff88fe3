import { Events, Msg } from '@app/contracts';
import { RULES_VERSION } from '@app/generator';
import { AppError } from '@app/kit';
import { takeRoomToCreate } from './create-page.js';
import type { PagesDeps } from './deps.js';
import type { PageOptions } from './ports.js';
import { newPageCode, newPageSeed } from './page-code.js';
import { checkPageOptions } from './page-options.js';
import { drawableSeed } from './page-rules.js';
import { queueRender } from './renders.js';

/** Seeds drawn for one version before its options are judged unable to make it different from the others. */
export const SET_DRAW_TRIES = 20;

/**
 * `versions` seeds whose pages all differ (no two versions of a set share their list of problems): a seed
 * whose `problemsOf` equals an earlier one's is drawn again, up to `tries` times a version; past that, the options
 * cannot make that many different pages: 400 `VALIDATION` with `Msg.setVersionsNotDistinct`.
 */
export function drawDistinctSeeds(
  versions: number,
  problemsOf: (seed: string) => string,
  { newSeed = newPageSeed, tries = SET_DRAW_TRIES }: { newSeed?: () => string; tries?: number } = {},
): string[] {
  const drawn = new Set<string>();
  const seeds: string[] = [];
  while (seeds.length < versions) {
    let seed: string | undefined;
    for (let t = 0; t < tries && seed === undefined; t++) {
      const candidate = newSeed();
      const problems = problemsOf(candidate);
      if (!drawn.has(problems)) {
        drawn.add(problems);
        seed = candidate;
      }
    }
    if (seed === undefined) throw AppError.badRequest(Msg.setVersionsNotDistinct(versions));
    seeds.push(seed);
  }
  return seeds;
}

/**
 * POST /api/pageSet: a class set of `versions` (2..40) pages of the same options, each with its own code and seed,
 * no two with the same problems. Checked as a page is (custom options, then the account's room: a set counts as one
 * creation), recorded in one transaction, and only version 1's preview is queued (labelled 'Versão 1 de N'): the
 * builder shows it and says how many follow. Each version is announced as a page created. Answers the set's code and
 * its versions' codes in order.
 */
export async function makePageSet(
  deps: PagesDeps,
  userId: string,
  { versions, ...options }: PageOptions & { versions: number },
): Promise<{ code: string; codes: string[] }> {
  checkPageOptions(options);
  const room = await takeRoomToCreate(deps, userId);
  try {
    return await recordSet(deps, userId, versions, options, room.previewSlot);
  } catch (err) {
    room.giveBack();
    throw err;
  }
}

async function recordSet(
  deps: PagesDeps,
  userId: string,
  versions: number,
  options: PageOptions,
  previewSlot: () => void,
): Promise<{ code: string; codes: string[] }> {
  const rules = RULES_VERSION;
  // Each version drawn once, before its seed is stored (page-rules.ts), and compared with the others by its problems.
  const problems = new Map<string, string>();
  const seeds = drawDistinctSeeds(versions, (seed) => problems.get(seed) as string, {
    newSeed: () => {
      const { seed, drawn } = drawableSeed({ options, rules }, deps.logger, newPageSeed);
      problems.set(seed, JSON.stringify(drawn.problems));
      return seed;
    },
  });
  const code = newPageCode();
  const pages = seeds.map((seed) => ({ code: newPageCode(), seed }));
  await deps.store.pages.insertSet({ code, userId, versions, options, rules }, pages);
  const first = pages[0]!;
  await queueRender(
    deps,
    'preview',
    { code: first.code, userId, seed: first.seed, options, rules, version: { n: 1, of: versions } },
    { first: true, slot: previewSlot },
  );
  await Promise.all(
    pages.map((p) => deps.bus.publishEvent(Events.pageCreated, { code: p.code, userId }, p.code)),
  );
  return { code, codes: pages.map((p) => p.code) };
}
