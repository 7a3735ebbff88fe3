import { ErrorCode, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import { ownedPage } from './owned-page.js';
import { waitForRender } from './render-signals.js';

export const stillRendering = () => new AppError(503, ErrorCode.NOT_READY, Msg.pageRendering);

/** The PNG preview of the user's page, waiting briefly if its render is still running. */
export async function readThumbnail(deps: PagesDeps, userId: string, code: string): Promise<Buffer> {
  await ownedPage(deps, userId, code);
  const png = await waitForRender(deps.signals, code, () => deps.repo.findPng(code), deps.renderWait);
  if (!png) throw stillRendering();
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
  const pdf = await waitForRender(deps.signals, code, () => deps.repo.findPdf(code), deps.renderWait);
  if (!pdf) throw stillRendering();
  return { pdf, boughtAt: page.boughtAt };
}
