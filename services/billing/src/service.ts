import type { ServiceSpec } from '@app/kit';
import { BackgroundTasks } from './background.js';
import { env } from './config.js';
import type { BillingDeps } from './domain/deps.js';
import { startReconciler } from './domain/reconcile-top-ups.js';
import { createMercadoPagoProvider } from './mercadopago/mercadopago-provider.js';
import { serveBillingRpc } from './nats/handlers.js';
import { natsBillingEvents } from './nats/events.js';
import { BillingStore } from './persistence/billing-store.js';
import { billingEntities } from './persistence/entities.js';
import { Ledger1760000000000 } from './persistence/migrations/1760000000000-ledger.js';
import { LedgerNoTruncate1760000000001 } from './persistence/migrations/1760000000001-ledger-no-truncate.js';
import { Reversals1760000000002 } from './persistence/migrations/1760000000002-reversals.js';
import { moneyCounters } from './metrics.js';
import { registerRoutes } from './routes.js';

export const spec: ServiceSpec<typeof env> = {
  name: 'billing',
  env,
  database: {
    schema: 'billing',
    entities: billingEntities,
    migrations: [Ledger1760000000000, LedgerNoTruncate1760000000001, Reversals1760000000002],
  },
  streams: ['EVENTS'],
  async setup({ config, logger, bus, db, app, metrics, onShutdown }) {
    const store = new BillingStore(db);
    const deps: BillingDeps = {
      store,
      provider: createMercadoPagoProvider({
        accessToken: config.MP_ACCESS_TOKEN,
        baseUrl: config.MP_BASE_URL,
      }),
      events: natsBillingEvents(bus),
      logger,
      money: moneyCounters(metrics),
    };
    const background = new BackgroundTasks(logger);
    registerRoutes(app, deps, config, background);
    serveBillingRpc(bus, store, logger);
    const reconciler = startReconciler(deps, {
      windowHours: config.BILLING_RECONCILE_WINDOW_HOURS,
      everyMs: config.BILLING_RECONCILE_INTERVAL_MS,
      reversalWindowDays: config.BILLING_REVERSAL_WINDOW_DAYS,
      reversalEveryMs: config.BILLING_REVERSAL_RECHECK_MS ?? 10 * config.BILLING_RECONCILE_INTERVAL_MS,
    });
    onShutdown(async () => {
      await reconciler.stop();
      await background.drain();
    });
  },
};
