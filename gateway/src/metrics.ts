import type { FastifyInstance } from 'fastify';
import { addMetricsRoute, createHttpApp, type Logger, type Metrics } from '@app/kit';
import type { GatewayConfig } from './config.js';
import type { LookupOutcome } from './session-cache.js';

/**
 * The gateway's Prometheus endpoint: GET /metrics on METRICS_PORT (bound to HOST), a listener of its own so that the
 * public port (the Gateway's) never serves it. Successful scrapes are logged at debug like the health probes.
 */
export async function serveGatewayMetrics(
  config: GatewayConfig,
  logger: Logger,
  metrics: Metrics,
): Promise<FastifyInstance> {
  const app = createHttpApp({ logger });
  addMetricsRoute(app, metrics);
  const url = await app.listen({ port: config.METRICS_PORT, host: config.HOST });
  logger.info({ url: `${url}/metrics` }, 'gateway metrics listening');
  return app;
}

/** What the session cache reports (src/session-cache.ts): how lookups went, revocations heard, clears. */
export interface SessionCacheMetrics {
  lookup(outcome: LookupOutcome): void;
  revocationHeard(): void;
  cleared(): void;
}

export function sessionCacheMetrics(metrics: Metrics): SessionCacheMetrics {
  const lookups = metrics.counter({
    name: 'gateway_session_cache_lookups_total',
    help: 'Session checks of protected requests by outcome: hit (answered from the cache), stale (an older token version than the cached one: refused), miss (auth asked).',
    labelNames: ['outcome'],
  });
  // Bound once: a protected request pays one increment, not a label lookup.
  const byOutcome = {
    hit: lookups.labels('hit'),
    stale: lookups.labels('stale'),
    miss: lookups.labels('miss'),
  } satisfies Record<LookupOutcome, unknown>;
  const { revocations, clears } = metrics.counters({
    revocations: [
      'gateway_session_revocations_total',
      "auth's sessionsRevoked events heard by this replica (each forgets one user's cached session).",
    ],
    clears: [
      'gateway_session_cache_clears_total',
      'Times the whole session cache was forgotten because the NATS connection dropped or came back.',
    ],
  });
  return {
    lookup: (outcome) => byOutcome[outcome].inc(),
    revocationHeard: () => revocations.inc(),
    cleared: () => clears.inc(),
  };
}
