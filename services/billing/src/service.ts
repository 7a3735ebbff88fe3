import { defineService, postgres } from '@app/kit';
import { BackgroundTasks } from './background.js';
import { env } from './config.js';
import type { BillingServiceDeps } from './domain/deps.js';
import { startReconciler } from './domain/reconcile-top-ups.js';
import { createMercadoPagoProvider } from './mercadopago/mercadopago-provider.js';
import { moneyCounters } from './metrics.js';
import { natsBillingEvents } from './nats/events.js';
import { serveNats } from './nats/handlers.js';
import { billingStore } from './persistence/store.js';
import { billingEntities } from './persistence/entities.js';
import { Ledger1760000000000 } from './persistence/migrations/1760000000000-ledger.js';
import { LedgerNoTruncate1760000000001 } from './persistence/migrations/1760000000001-ledger-no-truncate.js';
import { Reversals1760000000002 } from './persistence/migrations/1760000000002-reversals.js';
import { ReturnAnnounced1760000000003 } from './persistence/migrations/1760000000003-return-announced.js';
import { DeletedAccountRefunds1760000000004 } from './persistence/migrations/1760000000004-deleted-account-refunds.js';
import { PurchaseHolds1760000000005 } from './persistence/migrations/1760000000005-purchase-holds.js';
import { registerRoutes } from './routes.js';

export const service = defineService({
  name: 'billing',
  env,
  database: postgres({
    schema: 'billing',
    entities: billingEntities,
    migrations: [
      Ledger1760000000000,
      LedgerNoTruncate1760000000001,
      Reversals1760000000002,
      ReturnAnnounced1760000000003,
      DeletedAccountRefunds1760000000004,
      PurchaseHolds1760000000005,
    ],
  }),
  streams: ['EVENTS'],
  deps({ config, logger, bus, db, metrics, onShutdown }): BillingServiceDeps {
    const background = new BackgroundTasks(logger);
    const deps: BillingServiceDeps = {
      store: billingStore(db),
      provider: createMercadoPagoProvider({
        accessToken: config.MP_ACCESS_TOKEN,
        baseUrl: config.MP_BASE_URL,
      }),
      events: natsBillingEvents(bus),
      logger,
      money: moneyCounters(metrics),
      config,
      background,
    };
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
    return deps;
  },
  routes: registerRoutes,
  nats: serveNats,
});
