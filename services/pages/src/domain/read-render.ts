import { randomUUID } from 'node:crypto';
import { ErrorCode, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import { ownedPage, ownedSet } from './owned-page.js';
import { awaitRender, awaitSetFile } from './renders.js';

/**
 * The PNG preview of the user's page, waiting briefly if the worker is still drawing it. A page older than that wait
 * whose preview is missing had its first render done (or lost) long ago: the file was evicted from the bounded
 * RENDERS bucket (deploy/README.md, "Storage"), so it is drawn again from the page's seed at once. A newer one waits
 * for the render queued with it.
 */
export async function readThumbnail(deps: PagesDeps, userId: string, code: string): Promise<Buffer> {
  const page = await ownedPage(deps, userId, code);
  const settled = Date.now() - page.createdAt.getTime() > deps.renderWait.timeoutMs;
  return awaitRender(deps, 'preview', page, (name) => deps.files.get(name), { queueIfMissing: settled });
}

/**
 * The PDF of a page the user bought, with the instant of purchase (it names the file). A purchase stores it before
 * charging (buy-page.ts); should it be missing all the same (a lost file), it is printed again from the page's seed
 * at once and the download waits for it.
 */
export async function readBoughtPdf(
  deps: PagesDeps,
  userId: string,
  code: string,
): Promise<{ pdf: Buffer; boughtAt: Date }> {
  const page = await ownedPage(deps, userId, code);
  if (!page.boughtAt) throw AppError.forbidden(Msg.pageNotBought);
  const pdf = await awaitRender(deps, 'document', page, (name) => deps.files.get(name), {
    queueIfMissing: true,
  });
  return { pdf, boughtAt: page.boughtAt };
}

/**
 * GET /api/pageSet: the one PDF of a class set the user bought, with the instant of purchase and its count
 * (they name the file). Not bought: 403 `Msg.setNotBought`. Stored at the purchase; gone missing all the same, it is
 * assembled again at once (an assembly job of its own id; the worker prints any version it lacks) and the download
 * waits for it (503 past RENDER_WAIT_MS).
 */
export async function readBoughtSet(
  deps: PagesDeps,
  userId: string,
  code: string,
): Promise<{ pdf: Buffer; boughtAt: Date; versions: number }> {
  const set = await ownedSet(deps, userId, code);
  if (!set.boughtAt) throw AppError.forbidden(Msg.setNotBought);
  const pdf = await awaitSetFile(deps, set, (name) => deps.files.get(name), {
    timeoutMs: deps.renderWait.timeoutMs,
    assembleMsgID: `set:${set.code}:${randomUUID()}`,
  });
  if (pdf === null) throw new AppError(503, ErrorCode.NOT_READY, Msg.setRendering);
  return { pdf, boughtAt: set.boughtAt, versions: set.versions };
}
