import { Events, Msg, Rpc } from '@app/contracts';
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
  {
    newSeed = newPageSeed,
    tries = SET_DRAW_TRIES,
  }: { newSeed?: (version: number) => string; tries?: number } = {},
): string[] {
  const drawn = new Set<string>();
  const seeds: string[] = [];
  while (seeds.length < versions) {
    let seed: string | undefined;
    for (let t = 0; t < tries && seed === undefined; t++) {
      const candidate = newSeed(seeds.length);
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
 *
 * With `turmaId`, a set for one of the member's turmas: version N is for child N (classroom's roster, ids only),
 * whose name its sheet prints. Not a turma of the member's: 404 `Msg.turmaNotFound`; fewer than 2 children: 400
 * `Msg.turmaTooSmallForSet`; `versions` not the turma's number of children (it changed since the builder read it):
 * 409 `Msg.turmaChangedForSet`.
 */
export async function makePageSet(
  deps: PagesDeps,
  userId: string,
  { versions, turmaId, ...options }: PageOptions & { versions: number; turmaId?: string },
): Promise<{ code: string; codes: string[] }> {
  checkPageOptions(options);
  const students = turmaId === undefined ? undefined : await rosterOf(deps, userId, turmaId, versions);
  const room = await takeRoomToCreate(deps, userId);
  try {
    return await recordSet(deps, userId, {
      options,
      versions: Array.from({ length: versions }, (_, i) => ({
        options,
        ...(students ? { studentId: students[i]! } : {}),
      })),
      previewSlot: room.previewSlot,
      ...(turmaId ? { turmaId } : {}),
    });
  } catch (err) {
    room.giveBack();
    throw err;
  }
}

/** The children of the member's turma, by id in order, checked against the set's number of versions. */
async function rosterOf(
  deps: PagesDeps,
  userId: string,
  turmaId: string,
  versions: number,
): Promise<string[]> {
  const roster = await deps.bus.request(Rpc.classroomTurmaRoster, { userId, turmaId });
  if (!roster) throw AppError.notFound(Msg.turmaNotFound);
  const count = roster.studentIds.length;
  if (count < 2) throw AppError.badRequest(Msg.turmaTooSmallForSet);
  if (count !== versions) throw AppError.conflict(Msg.turmaChangedForSet(count));
  return roster.studentIds;
}

/**
 * A set to record: the options it was made with (the set's, which "Gerar outra igual" and its name read), and each
 * version's options (the set's, or a reforço version's own) and child.
 */
export interface SetToRecord {
  options: PageOptions;
  versions: Array<{ options: PageOptions; studentId?: string }>;
  previewSlot: () => void;
  turmaId?: string;
}

/**
 * Draws each version once with its own options (its seed stored only once it draws), no two versions with the same
 * problems, records the set and its versions in one transaction, queues version 1's preview and announces each
 * version. Answers the set's code and its versions' codes.
 */
export async function recordSet(
  deps: PagesDeps,
  userId: string,
  { options, versions, previewSlot, turmaId }: SetToRecord,
): Promise<{ code: string; codes: string[] }> {
  const rules = RULES_VERSION;
  // Each version drawn once, before its seed is stored (page-rules.ts), and compared with the others by its problems.
  const problems = new Map<string, string>();
  const seeds = drawDistinctSeeds(versions.length, (seed) => problems.get(seed) as string, {
    newSeed: (n) => {
      const { seed, drawn } = drawableSeed(
        { options: versions[n]!.options, rules },
        deps.logger,
        newPageSeed,
      );
      problems.set(seed, JSON.stringify(drawn.problems));
      return seed;
    },
  });
  const code = newPageCode();
  const pages = seeds.map((seed, i) => ({
    code: newPageCode(),
    seed,
    options: versions[i]!.options,
    ...(versions[i]!.studentId ? { studentId: versions[i]!.studentId } : {}),
  }));
  await deps.store.pages.insertSet(
    { code, userId, versions: versions.length, options, rules, ...(turmaId ? { turmaId } : {}) },
    pages,
  );
  const first = pages[0]!;
  await queueRender(
    deps,
    'preview',
    { ...first, userId, rules, version: { n: 1, of: versions.length } },
    { first: true, slot: previewSlot },
  );
  await Promise.all(
    pages.map((p) => deps.bus.publishEvent(Events.pageCreated, { code: p.code, userId }, p.code)),
  );
  return { code, codes: pages.map((p) => p.code) };
}
