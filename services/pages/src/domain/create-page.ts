import { randomUUID } from 'node:crypto';
import { Events, Jobs } from '@app/contracts';
import type { PageOptions } from '../persistence/entities.js';
import type { PagesDeps } from './deps.js';
import { newPageCode, newPageSeed } from './page-code.js';

/** Records a new page and queues its render; answers the code at once (the render runs in a worker). */
export async function createPage(deps: PagesDeps, userId: string, options: PageOptions): Promise<string> {
  const code = newPageCode();
  const seed = newPageSeed();
  await deps.repo.insert({ code, userId, seed, options });
  await deps.bus.publish(Jobs.renderPage, { code, seed, options }, { msgID: code });
  await deps.bus.publish(
    Events.pageCreated,
    { eventId: randomUUID(), at: new Date().toISOString(), code, userId },
    { msgID: `page-created:${code}` },
  );
  return code;
}
