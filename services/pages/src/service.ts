import { defineService, postgres } from '@app/kit';
import { env } from './config.js';
import type { PagesDeps } from './domain/deps.js';
import { PREVIEW_RELEASE_AFTER_MS, PREVIEW_SLOT_BOUND_MS, PreviewQueue } from './domain/preview-queue.js';
import { PurchaseCompletions } from './domain/purchase-completions.js';
import { RenderSignals } from './domain/render-signals.js';
import { previewFile, publishRender } from './domain/renders.js';
import { instrumentSignals } from './metrics.js';
import { serveNats } from './nats/handlers.js';
import { PageEntity, PageSetEntity, SavedSheetEntity } from './persistence/entities.js';
import { CreatePages1751000000000 } from './persistence/migrations/1751000000000-create-pages.js';
import { RendersInObjectStore1760000000000 } from './persistence/migrations/1760000000000-renders-in-object-store.js';
import { PageRulesVersion1780000000000 } from './persistence/migrations/1780000000000-page-rules-version.js';
import { SavedSheets1790000000000 } from './persistence/migrations/1790000000000-saved-sheets.js';
import { PageSets1800000000000 } from './persistence/migrations/1800000000000-page-sets.js';
import { SetsForTurmas1830000000000 } from './persistence/migrations/1830000000000-sets-for-turmas.js';
import { pagesStore } from './persistence/store.js';
import { registerRoutes } from './routes.js';

export const service = defineService({
  name: 'pages',
  env,
  database: postgres({
    schema: 'pages',
    entities: [PageEntity, PageSetEntity, SavedSheetEntity],
    migrations: [
      CreatePages1751000000000,
      RendersInObjectStore1760000000000,
      PageRulesVersion1780000000000,
      SavedSheets1790000000000,
      PageSets1800000000000,
      SetsForTurmas1830000000000,
    ],
  }),
  streams: ['JOBS_PDF', 'JOBS_PAGES', 'EVENTS'],
  async deps({ bus, db, logger, config, metrics, onShutdown }): Promise<PagesDeps> {
    const files = await bus.fileStore('RENDERS');
    const signals = new RenderSignals();
    instrumentSignals(metrics, signals);
    // Every replica hears every stored file (the bucket's watch is a fan-out), so whichever replica a preview
    // request reached answers as soon as the worker has stored the file.
    const stopWatching = await files.watch((name) => signals.notify(name));
    // Each account's previews let into the worker's queue in turn; a stored preview lets its account's next one go.
    const previews = new PreviewQueue(
      (job, first) => publishRender(bus, 'preview', job, { first }),
      previewFile,
      {
        inFlightPerAccount: config.PREVIEWS_IN_FLIGHT_PER_ACCOUNT,
        releaseAfterMs: PREVIEW_RELEASE_AFTER_MS,
        logger,
      },
    );
    signals.onEveryFile((name) => previews.stored(name));
    // Counted once for every replica: a burst spread over them gets exactly these.
    const limits = await bus.limits(
      {
        PAGES_CREATED: { max: config.PAGES_PER_MINUTE, windowMs: 60_000 },
        PREVIEWS_WAITING: { max: config.PREVIEWS_WAITING_PER_ACCOUNT, windowMs: PREVIEW_SLOT_BOUND_MS },
      },
      config.INTERNAL_SECRET,
    );
    onShutdown(async () => {
      stopWatching();
      previews.clear();
      limits.close();
    });
    return {
      store: pagesStore(db),
      bus,
      files,
      signals,
      logger,
      renderWait: { timeoutMs: config.RENDER_WAIT_MS },
      previews,
      purchases: new PurchaseCompletions(logger),
      purchaseWaitMs: config.PURCHASE_WAIT_MS,
      setPurchaseWaitMs: config.SET_PURCHASE_WAIT_MS,
      limits,
    };
  },
  routes: registerRoutes,
  nats: serveNats,
});
