import { z } from 'zod';
import type { ConfigOf, DatabaseSpec } from '@app/kit';

/** billing's own variables (the base ones — DATABASE_URL, NATS_URL, PUBLIC_URL, ... — come from @app/kit). */
export const env = z.object({
  /** Mercado Pago access token (`APP_USR-...` in production, `TEST-...` for the sandbox or the dev stand-in). */
  MP_ACCESS_TOKEN: z.string().min(1),
  /** The webhook's secret signature from Mercado Pago's "Suas integrações" page: checks `x-signature`. */
  MP_WEBHOOK_SECRET: z.string().min(8),
  /** Where the SDK sends its REST calls; unset means Mercado Pago itself. Dev and tests point it at the stand-in. */
  MP_BASE_URL: z.url().optional(),
  /** How often pending top-ups are looked up at Mercado Pago (a Pix paid later, a tab closed before the redirect). */
  BILLING_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** For how long after its creation a top-up is still looked up. */
  BILLING_RECONCILE_WINDOW_HOURS: z.coerce.number().positive().default(24),
  /**
   * For how many days after its credit a top-up is still looked up for a refund or chargeback whose notification
   * was lost. Webhooks are the main path (Mercado Pago retries them); this is the safety net, and each credited
   * top-up costs one Mercado Pago call per BILLING_REVERSAL_RECHECK_MS inside it. 30 days covers refunds we make
   * and the bulk of chargebacks; a later one still arrives by webhook.
   */
  BILLING_REVERSAL_WINDOW_DAYS: z.coerce.number().positive().default(30),
  /** How often one credited top-up is looked up again; unset: 10 × BILLING_RECONCILE_INTERVAL_MS. */
  BILLING_REVERSAL_RECHECK_MS: z.coerce.number().int().min(100).optional(),
  /**
   * How long a purchase's hold may stay open (neither captured nor released) before it expires and its
   * money is free again (at the user's next hold). A purchase prints in seconds; its pages replica keeps waiting for
   * the files PURCHASE_WAIT_MS (10 minutes by default), less than this, so only a stopped replica's holds expire.
   */
  BILLING_HOLD_MAX_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
});
/** Everything billing reads: the base variables, DATABASE_URL and its own. */
export type BillingConfig = ConfigOf<typeof env, DatabaseSpec>;
