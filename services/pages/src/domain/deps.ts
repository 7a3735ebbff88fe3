import type { Bus, FileStore, Logger } from '@app/kit';
import type { PageRepository } from '../persistence/page-repository.js';
import type { RenderSignals, WaitOptions } from './render-signals.js';

/** What the use cases of the pages service work with. */
export interface PagesDeps {
  repo: PageRepository;
  bus: Bus;
  /** The RENDERS bucket, where pdf-worker stores each page's PDF and PNG. */
  files: Pick<FileStore, 'get' | 'has'>;
  /** Woken by the bucket's watch when a file is stored, whichever worker stored it. */
  signals: RenderSignals;
  logger: Logger;
  /** How long a thumbnail or download request waits for a render still in progress. */
  renderWait: WaitOptions;
}
