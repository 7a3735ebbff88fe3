import { Events, Jobs, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { PagesDeps } from '../domain/deps.js';
import { correctionSheets } from '../domain/correction-sheets.js';
import { exportUserData } from '../domain/export-user-data.js';
import { forgetNamedFiles } from '../domain/forget-named-files.js';
import { pageStats } from '../domain/page-stats.js';
import { releaseFailedPurchase } from '../domain/release-failed-purchase.js';
import { forgetSavedSheets } from '../domain/saved-sheets.js';
import { completeSetPurchase, SET_PURCHASE_DELIVERIES } from '../domain/set-purchase-job.js';

/**
 * Class sets' purchases carried on at once by one replica: each mostly waits for the worker (the bucket's notice
 * wakes it), so a few cost little; the others wait in the queue for any replica.
 */
const SET_PURCHASES_AT_ONCE = 8;

/**
 * Request/reply subjects pages serves to admin-stats (statistics), auth (a member's data export) and classroom (the
 * sheets to correct), its own queue of
 * class sets' purchases, the renders pdf-worker gave up on (their purchases' holds are released), and the account
 * deletions it hears (a deleted member's saved sheets go; their pages hold no personal data).
 */
export async function serveNats(bus: Bus, deps: PagesDeps): Promise<void> {
  bus.serve(Rpc.pagesStats, () => pageStats(deps));
  bus.serve(Rpc.pagesExportUserData, (req) => exportUserData(deps, req.userId));
  bus.serve(Rpc.pagesCorrectionSheets, (req) => correctionSheets(deps, req.userId, req.code));
  // A class set's purchase, queued by POST /api/buySet once its price is held: printed, assembled, then charged.
  // The ack wait bounds how long a replica that died holds it (its handler keeps it in progress meanwhile); a
  // delivery that did not find the file puts it back itself (RetryLater), so it is never terminated on that count.
  await bus.consume(
    Jobs.buySet,
    {
      durable: 'pages-buy-set',
      ackWaitMs: 15_000,
      maxDeliver: SET_PURCHASE_DELIVERIES + 5,
      concurrency: SET_PURCHASES_AT_ONCE,
    },
    async (job, { deliveryCount }) => {
      const outcome = await completeSetPurchase(deps, job, { deliveryCount });
      deps.logger.info({ setCode: job.setCode, holdId: job.holdId, outcome }, 'class set purchase ended');
    },
  );
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
      const namedSets = await forgetNamedFiles(deps, { userId: event.userId });
      deps.logger.info(
        { userId: event.userId, deleted, namedSets },
        "account deleted: its saved sheets and its turmas' printed files are deleted",
      );
    },
  );
  // A turma deleted: the printed files of its sets carry its children's names.
  await bus.consume(
    Events.turmaDeleted,
    { durable: 'pages-turma-deleted', ackWaitMs: 30_000, maxDeliver: 60 },
    async (event) => {
      const namedSets = await forgetNamedFiles(deps, { turmaId: event.turmaId });
      deps.logger.info(
        { turmaId: event.turmaId, namedSets },
        "turma deleted: its sets' printed files are deleted",
      );
    },
  );
}
