import { ErrorCode, Msg, renderFiles } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageRecord } from '../persistence/entities.js';
import { queueRender } from './create-page.js';
import { ownedPage } from './owned-page.js';
import { waitForRender } from './render-signals.js';

/**
 * The render has not arrived within the wait: answer 503 (the client asks again) and queue the render once more, so
 * a page whose job was dropped (its worker kept failing past the last delivery) is not stuck for ever. A render that
 * is merely slow is rendered twice at worst, and stored once.
 */
export async function stillRendering(deps: PagesDeps, page: PageRecord): Promise<AppError> {
  await queueRender(deps, page).catch((err: unknown) =>
    deps.logger.warn({ err, code: page.code }, 'could not queue the render again'),
  );
  return new AppError(503, ErrorCode.NOT_READY, Msg.pageRendering);
}

/** The PNG preview of the user's page, waiting briefly if its render is still running. */
export async function readThumbnail(deps: PagesDeps, userId: string, code: string): Promise<Buffer> {
  const page = await ownedPage(deps, userId, code);
  const name = renderFiles(code).png;
  const png = await waitForRender(deps.signals, name, () => deps.files.get(name), deps.renderWait);
  if (!png) throw await stillRendering(deps, page);
  return png;
}

/** The PDF of a page the user bought, with the instant of purchase (it names the file). */
export async function readBoughtPdf(
  deps: PagesDeps,
  userId: string,
  code: string,
): Promise<{ pdf: Buffer; boughtAt: Date }> {
  const page = await ownedPage(deps, userId, code);
  if (!page.boughtAt) throw AppError.forbidden(Msg.pageNotBought);
  const name = renderFiles(code).pdf;
  const pdf = await waitForRender(deps.signals, name, () => deps.files.get(name), deps.renderWait);
  if (!pdf) throw await stillRendering(deps, page);
  return { pdf, boughtAt: page.boughtAt };
}
