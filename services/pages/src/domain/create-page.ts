import { Events } from '@app/contracts';
import { RULES_VERSION } from '@app/generator';
import type { PageOptions, PagesDeps } from './deps.js';
import { newPageCode, newPageSeed } from './page-code.js';
import { queueRender } from './renders.js';

/**
 * Records a new page and queues its preview; answers the code at once (the worker draws it). Its PDF is printed
 * when the page is bought (buy-page.ts), or ahead of time by an idle worker.
 */
export async function createPage(deps: PagesDeps, userId: string, options: PageOptions): Promise<string> {
  const code = newPageCode();
  const seed = newPageSeed();
  // Drawn with today's rules, and stored with them: a later change of the rules leaves this page as it is.
  const rules = RULES_VERSION;
  await deps.repo.insert({ code, userId, seed, options, rules });
  await queueRender(deps, 'preview', { code, seed, options, rules }, { first: true });
  await deps.bus.publishEvent(Events.pageCreated, { code, userId }, code);
  return code;
}
