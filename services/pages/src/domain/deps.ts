import type { Bus, FileStore, Limits, Logger } from '@app/kit';
import type { PreviewQueue } from './preview-queue.js';
import type { PurchaseCompletions } from './purchase-completions.js';
import type { RenderSignals, WaitOptions } from './render-signals.js';
import type { PagesStore } from './ports.js';

export type { RenderablePage } from './ports.js';

/** What the use cases ask of NATS: requests to other services (billing's holds), jobs and events published. */
export type PagesBus = Pick<Bus, 'request' | 'publish' | 'publishEvent'>;

/** What the use cases of the pages service work with. */
export interface PagesDeps {
  /** Storage, as the repositories of ports.ts (implemented in persistence/store.ts): `pages`, `savedSheets`. */
  store: PagesStore;
  bus: PagesBus;
  /**
   * The RENDERS bucket, where pdf-worker stores each page's PDF and PNG; pages deletes only the files that carry a
   * turma's names (forget-named-files.ts).
   */
  files: Pick<FileStore, 'get' | 'has' | 'delete'>;
  /** Woken by the bucket's watch when a file is stored, whichever worker stored it. */
  signals: RenderSignals;
  logger: Logger;
  /** How long a thumbnail or download request waits for a render still in progress. */
  renderWait: WaitOptions;
  /** The previews of this replica's pages, per account, let into the worker's queue in turn (preview-queue.ts). */
  previews: PreviewQueue;
  /** The page purchases this replica is printing, each settled once its file is stored (purchase.ts). */
  purchases: PurchaseCompletions;
  /** How long a page's purchase keeps printing after its HTTP answer (PURCHASE_WAIT_MS). */
  purchaseWaitMs: number;
  /** How long one delivery of a class set's purchase job waits for the set's file (SET_PURCHASE_WAIT_MS). */
  setPurchaseWaitMs: number;
  /**
   * The per-account limits every pages replica shares (libs/kit limits/): PAGES_CREATED (PAGES_PER_MINUTE) and
   * PREVIEWS_WAITING (PREVIEWS_WAITING_PER_ACCOUNT).
   */
  limits: Pick<Limits, 'take'>;
}
