import { randomUUID } from 'node:crypto';
import { Events, Jobs } from '@app/contracts';
import type { PageOptions, PageRecord } from '../persistence/entities.js';
import type { PagesDeps } from './deps.js';
import { newPageCode, newPageSeed } from './page-code.js';

/** Records a new page and queues its render; answers the code at once (the render runs in a worker). */
export async function createPage(deps: PagesDeps, userId: string, options: PageOptions): Promise<string> {
  const code = newPageCode();
  const seed = newPageSeed();
  await deps.repo.insert({ code, userId, seed, options });
  await queueRender(deps, { code, seed, options }, code);
  await deps.bus.publish(
    Events.pageCreated,
    { eventId: randomUUID(), at: new Date().toISOString(), code, userId },
    { msgID: `page-created:${code}` },
  );
  return code;
}

/**
 * Queues a page's render. `msgID` dedups within JetStream's window: the first queueing uses the code; asking again
 * for a page whose render never arrived (a job dropped after its last delivery) uses a new id, at most once a minute.
 */
export async function queueRender(
  deps: PagesDeps,
  page: Pick<PageRecord, 'code' | 'seed' | 'options'>,
  msgID = `${page.code}:again:${Math.floor(Date.now() / 60_000)}`,
): Promise<void> {
  await deps.bus.publish(
    Jobs.renderPage,
    { code: page.code, seed: page.seed, options: page.options },
    { msgID },
  );
}
