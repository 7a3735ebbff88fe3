import { Events, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { PagesDeps } from '../domain/deps.js';
import { exportUserData } from '../domain/export-user-data.js';
import { pageStats } from '../domain/page-stats.js';
import { releaseFailedPurchase } from '../domain/release-failed-purchase.js';
import { forgetSavedSheets } from '../domain/saved-sheets.js';

/**
 * Request/reply subjects pages serves to admin-stats (statistics) and auth (a member's data export), the renders
 * pdf-worker gave up on (their purchases' holds are released), and the account deletions it hears (issue
 * 25: a deleted member's saved sheets go; their pages hold no personal data).
 */
export async function serveNats(bus: Bus, deps: PagesDeps): Promise<void> {
  bus.serve(Rpc.pagesStats, () => pageStats(deps));
  bus.serve(Rpc.pagesExportUserData, (req) => exportUserData(deps, req.userId));
  // A render a purchase waits for failed for good: the purchase's hold is released.
  await bus.consume(
    Events.renderFailed,
    { durable: 'pages-render-failed', ackWaitMs: 30_000, maxDeliver: 60 },
    async (failure) => void (await releaseFailedPurchase(deps, failure)),
  );
  await bus.consume(
    Events.userDeleted,
    { durable: 'pages-user-deleted', ackWaitMs: 30_000, maxDeliver: 60 },
    async (event) => {
      const deleted = await forgetSavedSheets(deps, event.userId);
      deps.logger.info({ userId: event.userId, deleted }, 'account deleted: its saved sheets are deleted');
    },
  );
}
