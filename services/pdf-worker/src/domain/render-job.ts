import { renderFiles, type Jobs, type MessagePayload } from '@app/contracts';
import { generatePage } from '@app/generator';
import type { FileStore, Logger } from '@app/kit';
import type { BrowserPool } from './browser-pool.js';
import { renderSheetHtml } from './sheet-html.js';

export type RenderJob = MessagePayload<typeof Jobs.renderPage>;

export interface RenderDeps {
  pool: Pick<BrowserPool, 'render'>;
  /** The RENDERS bucket, read by every pages replica. */
  files: Pick<FileStore, 'put'>;
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
  const { pdf, png, pages } = await deps.pool.render(renderSheetHtml(page, { code: job.code }));
  progress.working();
  const names = renderFiles(job.code);
  await deps.files.put(names.pdf, pdf);
  await deps.files.put(names.png, png);
  deps.logger.debug({ code: job.code, ms: Math.round(performance.now() - started), pages }, 'page rendered');
}
