import type { ServiceSpec } from '@app/kit';
import { env } from './config.js';
import { BrowserPool } from './browser/browser-pool.js';
import { prerenderWhenIdle, RecentPreviews } from './domain/prerender.js';
import type { RenderDeps } from './domain/render-job.js';
import { instrumentPool } from './metrics.js';
import { consumeRenderJobs } from './nats/render-consumer.js';

export const spec: ServiceSpec<typeof env> = {
  name: 'pdf-worker',
  env,
  database: { schema: 'pdf_worker', entities: [], migrations: [] },
  streams: ['JOBS_PDF'],
  async setup({ config, bus, logger, metrics, onShutdown }) {
    const pool = new BrowserPool({
      executablePath: config.CHROME_PATH,
      size: config.PDF_TABS,
      maxMemoryMb: config.PDF_BROWSER_MAX_MB,
      onRecycle: (event) => logger.info(event, 'browser replaced'),
    });
    const recent = config.PDF_PRERENDER === 'idle' ? new RecentPreviews() : undefined;
    const deps: RenderDeps = {
      pool: instrumentPool(metrics, pool),
      files: await bus.fileStore('RENDERS'),
      publicUrl: config.PUBLIC_URL,
      prerender: config.PDF_PRERENDER,
      recent,
      logger,
    };
    const prerender = recent && prerenderWhenIdle(deps, recent, logger, pool);
    // After the consumers have stopped and their jobs are done: the PDF printed ahead, then the browser.
    onShutdown(async () => {
      await prerender?.stop();
      await pool.close();
    });
    // Warm before taking jobs: the first page must not pay for launching Chromium.
    await pool.warm();
    await consumeRenderJobs(bus, deps, {
      concurrency: config.PDF_TABS,
      ackWaitMs: config.PDF_ACK_WAIT_MS,
      maxDeliver: config.PDF_MAX_DELIVER,
    });
    logger.info(
      {
        tabs: config.PDF_TABS,
        browserMaxMb: config.PDF_BROWSER_MAX_MB,
        prerender: config.PDF_PRERENDER,
        chromium: pool.executablePath,
      },
      'rendering pages',
    );
  },
};
