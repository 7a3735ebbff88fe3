import { ErrorCode, Msg, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';

/** A page's purchase in billing: its hold and its debit are keyed by it. */
export const pagePurchaseKey = (code: string) => `page:${code}`;
/** A class set's purchase in billing: one hold, one debit of N × R$ 0,50 for the whole set. */
export const setPurchaseKey = (setCode: string) => `set:${setCode}`;

/** What is sold, as buy-page.ts and buy-page-set.ts describe it: its price in billing, its file, its bookkeeping. */
export interface Sale {
  userId: string;
  /** `page:<code>` or `set:<setCode>`. */
  key: string;
  cents: number;
  /** The debit's ledger line (Extrato: `Compra: <reason>`). */
  reason: string;
  /** A class set: one at a time per account (a second answers 409 while one prints). */
  exclusive: boolean;
  /** The file it sells, in the RENDERS bucket. */
  file: string;
  /** 503's message while it prints. */
  printing: string;
  /** 402's message: too little balance for it ('esta página', or the set's versions). */
  insufficient: string;
  /** Marks it bought (once, whoever asks) and announces it. */
  markBought(): Promise<void>;
}

/** The ledger's longest reason (billing.v1.hold's schema). */
const REASON_MAX = 200;

/**
 * A debit's reason (Extrato: 'Compra: <reason>'): what was bought as the site names it (sheetName: the teacher's
 * title, else what it practises), then its code for support, cut to the ledger's 200 characters:
 * 'Revisão do 3º B (OrVl9j5CkP…)', 'Tabuada do 7 — 30 versões (S3tC0de…)'.
 */
export function purchaseReason(name: string, code: string): string {
  const tail = ` (${code})`;
  const room = REASON_MAX - tail.length;
  return (name.length > room ? `${name.slice(0, room - 1)}…` : name) + tail;
}

/** A page's purchase, printed by the replica its request reached (`purchase`). */
export interface Purchase extends Sale {
  /**
   * Queues the renders of what is not stored yet (their job ids carry `holdId`: asked again while the hold is open,
   * JetStream drops the repeats) and waits up to `timeoutMs` for `file`; answers whether it is stored.
   */
  print(holdId: string, timeoutMs: number): Promise<boolean>;
}

/** The price is held (`holdId` names the hold), or the purchase was paid already: the balance after it. */
export type Held = { holdId: string } | { balanceCents: number };

/**
 * Money before work, its first step: the sale's price is held in billing (`billing.v1.hold`) before any render is
 * queued. Too little available balance answers 402 and nothing is printed; a class set while another of the
 * account's prints answers 409. Paid already (asked again after the debit): marked bought, and the balance.
 */
export async function holdPrice(deps: PagesDeps, p: Sale): Promise<Held> {
  const hold = await deps.bus.request(Rpc.billingHold, {
    userId: p.userId,
    key: p.key,
    cents: p.cents,
    reason: p.reason,
    ...(p.exclusive ? { exclusive: true } : {}),
  });
  if (hold.outcome === 'insufficient')
    throw new AppError(402, ErrorCode.INSUFFICIENT_BALANCE, p.insufficient);
  if (hold.outcome === 'busy') throw AppError.conflict(Msg.setAlreadyPrinting);
  if (hold.outcome === 'captured') {
    await p.markBought();
    return { balanceCents: hold.balanceCents };
  }
  return { holdId: hold.holdId };
}

/**
 * Money before work, for a page:
 * 1. Its price is held (`holdPrice`).
 * 2. The file stored already (printed ahead of time, or by an earlier attempt): the hold is captured at once.
 * 3. Else this replica prints it (PurchaseCompletions: one completion per hold), and the completion captures the
 *    hold (the purchase's one debit) and marks the purchase bought as soon as the file is stored, whether or not
 *    the buyer still waits: the request waits RENDER_WAIT_MS for it, then answers 503 and the browser asks again
 *    (joining the same completion, or finding the purchase done). Should the printing fail for good, the worker
 *    says so and the hold is released (releaseFailedPurchase); should this replica stop, billing lets the hold
 *    expire (BILLING_HOLD_MAX_MINUTES).
 * A class set goes another way after its hold (buy-page-set.ts): a job of pages' own queue prints and charges it.
 * Answers the balance after the purchase, in cents.
 */
export async function purchase(deps: PagesDeps, p: Purchase): Promise<number> {
  const held = await holdPrice(deps, p);
  if ('balanceCents' in held) return held.balanceCents;
  if (await deps.files.has(p.file)) return settle(deps, p);
  const completion = deps.purchases.run(held.holdId, async () =>
    (await p.print(held.holdId, deps.purchaseWaitMs)) ? settle(deps, p) : null,
  );
  const balance = await within(completion, deps.renderWait.timeoutMs);
  if (balance === null) throw new AppError(503, ErrorCode.NOT_READY, p.printing);
  return balance;
}

/**
 * The file is stored: the hold becomes the purchase's debit, and the purchase is marked bought. No hold open any
 * more (released when a render failed for good, or expired): 503, and the buyer's next attempt holds the price again
 * and finds the file. A refund or chargeback that left less than the hold: 402 (billing released it).
 */
export async function settle(deps: PagesDeps, p: Sale): Promise<number> {
  const captured = await deps.bus.request(Rpc.billingCapture, { userId: p.userId, key: p.key });
  if (captured.outcome === 'insufficient')
    throw new AppError(402, ErrorCode.INSUFFICIENT_BALANCE, p.insufficient);
  if (captured.outcome === 'not_held') throw new AppError(503, ErrorCode.NOT_READY, p.printing);
  await p.markBought();
  return captured.balanceCents;
}

/** What `work` answers if it settles within `ms`; null after `ms` (it goes on). */
async function within<T>(work: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
