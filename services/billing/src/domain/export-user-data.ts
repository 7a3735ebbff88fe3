import type { BillingDataExport } from '@app/contracts';
import type { LedgerRepository, TopUpsRepository } from './ports.js';
import { toStatement } from './statement.js';

/**
 * At most this many ledger entries (the newest) in an export: the reply travels in one NATS message (1 MB by
 * default), and a statement entry is about 200 bytes; at R$ 0,50 a page no member comes near it.
 */
export const EXPORT_MAX_ENTRIES = 4000;

/** billing's part of a member's data export (LGPD): the statement, oldest first, and every top-up. */
export async function exportUserData(
  store: { ledger: Pick<LedgerRepository, 'statementRows'>; topUps: Pick<TopUpsRepository, 'topUpsOf'> },
  userId: string,
): Promise<BillingDataExport> {
  const [rows, topUps] = await Promise.all([
    store.ledger.statementRows(userId, EXPORT_MAX_ENTRIES + 1),
    store.topUps.topUpsOf(userId),
  ]);
  const statement = toStatement(rows, EXPORT_MAX_ENTRIES);
  return {
    statement: statement.entries.reverse(),
    statementHasOlder: statement.hasOlder,
    payments: topUps.map((t) => ({
      topUpId: t.id,
      amountCents: t.amountCents,
      status: t.status,
      paymentStatus: t.lastPaymentStatus,
      createdAt: t.createdAt.toISOString(),
      creditedAt: t.creditedAt?.toISOString() ?? null,
    })),
  };
}
