import { renderFiles, type Jobs, type MessagePayload } from '@app/contracts';
import { generatePage } from '@app/generator';
import type { FileStore, Logger } from '@app/kit';
import type { BrowserPool } from './browser-pool.js';
import { renderSheetHtml } from './sheet-html.js';

export type RenderJob = MessagePayload<typeof Jobs.renderPage>;

/** The public page with a sheet's answers (web route /gabarito/:code). */
export const answersUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/gabarito/${encodeURIComponent(code)}`;

export interface RenderDeps {
  pool: Pick<BrowserPool, 'render'>;
  /** The RENDERS bucket, read by every pages replica. */
  files: Pick<FileStore, 'put'>;
  /** The site's public address: the sheet's QR code opens `<publicUrl>/gabarito/<code>`. */
  publicUrl: string;
  logger: Logger;
}

/**
 * One job: the page's problems from its seed, the sheet's HTML, PDF and thumbnail from the warm browser, then both
 * files stored in the RENDERS bucket, where every pages replica hears of them. The caller acks only after both are
 * stored, so nothing is lost if we die here. The PDF is stored first: a page whose preview shows can always be sold.
 */
export async function renderJob(
  deps: RenderDeps,
  job: RenderJob,
  progress: { working(): void },
): Promise<void> {
  const started = performance.now();
  const page = generatePage(job.seed, job.options);
  const html = renderSheetHtml(page, {
    code: job.code,
    answersUrl: answersUrl(deps.publicUrl, job.code),
    schoolFields: job.options.school,
  });
  const { pdf, png, pages } = await deps.pool.render(html);
  progress.working();
  const names = renderFiles(job.code);
  await deps.files.put(names.pdf, pdf);
  await deps.files.put(names.png, png);
  deps.logger.debug({ code: job.code, ms: Math.round(performance.now() - started), pages }, 'page rendered');
}
