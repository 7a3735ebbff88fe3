import type { ServiceSpec } from '@app/kit';
import { env } from './config.js';
import { RenderSignals } from './domain/render-signals.js';
import { registerNatsHandlers } from './nats/handlers.js';
import { PageEntity, PageRenderEntity } from './persistence/entities.js';
import { CreatePages1751000000000 } from './persistence/migrations/1751000000000-create-pages.js';
import { PageRepository } from './persistence/page-repository.js';
import { registerRoutes } from './routes.js';

export const spec: ServiceSpec<typeof env> = {
  name: 'pages',
  env,
  database: {
    schema: 'pages',
    entities: [PageEntity, PageRenderEntity],
    migrations: [CreatePages1751000000000],
  },
  streams: ['JOBS_PDF', 'EVENTS'],
  async setup({ app, bus, db, logger, config }) {
    const deps = {
      repo: new PageRepository(db),
      bus,
      signals: new RenderSignals(),
      logger,
      renderWait: { timeoutMs: config.RENDER_WAIT_MS, recheckMs: config.RENDER_RECHECK_MS },
    };
    registerRoutes(app, deps);
    registerNatsHandlers(deps);
  },
};
