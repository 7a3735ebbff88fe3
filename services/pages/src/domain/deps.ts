import type { Bus, Logger } from '@app/kit';
import type { PageRepository } from '../persistence/page-repository.js';
import type { RenderSignals, WaitOptions } from './render-signals.js';

/** What the use cases of the pages service work with. */
export interface PagesDeps {
  repo: PageRepository;
  bus: Bus;
  signals: RenderSignals;
  logger: Logger;
  /** How long a thumbnail or download request waits for a render still in progress. */
  renderWait: WaitOptions;
}
