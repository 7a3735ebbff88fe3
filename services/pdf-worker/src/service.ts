import type { ServiceSpec } from '@app/kit';
import { env } from './config.js';
import { BrowserPool } from './domain/browser-pool.js';
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
      restartEvery: config.PDF_RESTART_EVERY,
    });
    onShutdown(() => pool.close());
    // Warm before taking jobs: the first page must not pay for launching Chromium.
    await pool.warm();
    const files = await bus.fileStore('RENDERS');
    await consumeRenderJobs(
      bus,
      { pool: instrumentPool(metrics, pool), files, publicUrl: config.PUBLIC_URL, logger },
      {
        concurrency: config.PDF_TABS,
        ackWaitMs: config.PDF_ACK_WAIT_MS,
        maxDeliver: config.PDF_MAX_DELIVER,
      },
    );
    logger.info(
      { tabs: config.PDF_TABS, restartEvery: config.PDF_RESTART_EVERY, chromium: pool.executablePath },
      'rendering pages',
    );
  },
};
