import { Rpc } from '@app/contracts';
import { defineService } from '@app/kit';
import { env } from './config.js';
import { BrowserPool } from './browser/browser-pool.js';
import type { PdfWorkerDeps } from './domain/deps.js';
import { prerenderWhenIdle, RecentPreviews } from './domain/prerender.js';
import { instrumentPool, instrumentSets } from './metrics.js';
import { serveNats } from './nats/handlers.js';

/** No database: the worker reads jobs from NATS and stores the files in the RENDERS bucket (JetStream). */
export const service = defineService({
  name: 'pdf-worker',
  env,
  streams: ['JOBS_PDF', 'EVENTS'],
  async deps({ config, bus, logger, metrics, onShutdown }): Promise<PdfWorkerDeps> {
    const pool = new BrowserPool({
      executablePath: config.CHROME_PATH,
      size: config.PDF_TABS,
      maxMemoryMb: config.PDF_BROWSER_MAX_MB,
      onRecycle: (event) => logger.info(event, 'browser replaced'),
    });
    const recent = config.PDF_PRERENDER === 'idle' ? new RecentPreviews() : undefined;
    const deps: PdfWorkerDeps = {
      pool: instrumentPool(metrics, pool),
      files: await bus.fileStore('RENDERS'),
      publicUrl: config.PUBLIC_URL,
      prerender: config.PDF_PRERENDER,
      recent,
      names: (studentId) => bus.request(Rpc.classroomSheetNames, { studentId }),
      logger,
      sets: instrumentSets(metrics),
      jobs: {
        concurrency: config.PDF_TABS,
        ackWaitMs: config.PDF_ACK_WAIT_MS,
        maxDeliver: config.PDF_MAX_DELIVER,
      },
    };
    const prerender = recent && prerenderWhenIdle(deps, recent, logger, pool);
    // After the consumers have stopped and their jobs are done: the PDF printed ahead, then the browser.
    onShutdown(async () => {
      await prerender?.stop();
      await pool.close();
    });
    // Warm before taking jobs (serveNats starts the consumers): the first page must not pay for launching Chromium.
    await pool.warm();
    logger.info(
      {
        tabs: config.PDF_TABS,
        browserMaxMb: config.PDF_BROWSER_MAX_MB,
        prerender: config.PDF_PRERENDER,
        chromium: pool.executablePath,
      },
      'rendering pages',
    );
    return deps;
  },
  nats: serveNats,
});
