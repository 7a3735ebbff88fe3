import type { FastifyInstance } from 'fastify';
import { adminLogs, adminStats, adminUsers, ok, Rpc } from '@app/contracts';
import { addRoute } from '@app/kit';
import { collectStats, StatsUnavailableError } from './domain/collect-stats.js';
import type { AdminStatsDeps } from './domain/deps.js';
import { listUsers } from './domain/list-users.js';

const DEFAULT_LOG_LIMIT = 100;

/** The admin routes; `access: 'admin'` in each contract makes addRoute answer 401/403 before the handler runs. */
export function registerRoutes(
  app: FastifyInstance,
  { bus, store, logger, ownerTimeoutMs }: AdminStatsDeps,
): void {
  const timeout = { timeoutMs: ownerTimeoutMs };

  // `data` carries the answer; `payload` stays null so a large list is not sent twice.
  addRoute(app, adminStats, async () => {
    try {
      const data = await collectStats({
        users: () => bus.request(Rpc.authStats, {}, timeout),
        payments: () => bus.request(Rpc.billingStats, {}, timeout),
        pages: () => bus.request(Rpc.pagesStats, {}, timeout),
      });
      return { ...ok(null), data };
    } catch (err) {
      if (err instanceof StatsUnavailableError)
        logger.warn({ reasons: err.reasons }, 'statistics owner unavailable');
      throw err;
    }
  });

  addRoute(app, adminUsers, async ({ query }) => {
    const { users, total } = await listUsers(
      () => bus.request(Rpc.authListUsers, { limit: query.limit, offset: query.offset }, timeout),
      (err) => logger.warn({ err }, 'user list unavailable'),
    );
    return { ...ok(null), data: users, total };
  });

  addRoute(app, adminLogs, async ({ query }) =>
    ok(await store.audit.latest({ type: query.type, limit: query.limit ?? DEFAULT_LOG_LIMIT })),
  );
}
