import { Rpc, type Jobs, type MessagePayload } from '@app/contracts';
import { generatePage } from '@app/generator';
import type { Bus, Logger } from '@app/kit';
import type { BrowserPool } from './browser-pool.js';
import { renderSheetHtml } from './sheet-html.js';

export type RenderJob = MessagePayload<typeof Jobs.renderPage>;

export interface RenderDeps {
  pool: Pick<BrowserPool, 'render'>;
  bus: Bus;
  logger: Logger;
}

/**
 * One job: the page's problems from its seed, the sheet's HTML, PDF and thumbnail from the warm browser, then the
 * bytes handed to the pages service. The caller acks only after pages answers, so nothing is lost if we die here.
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
  const { stored } = await deps.bus.request(Rpc.pagesStoreRender, {
    code: job.code,
    pdf: Buffer.from(pdf).toString('base64'),
    png: Buffer.from(png).toString('base64'),
    pageCount: pages,
  });
  if (!stored) deps.logger.warn({ code: job.code }, 'pages does not know this page; render dropped');
  deps.logger.debug({ code: job.code, ms: Math.round(performance.now() - started), pages }, 'page rendered');
}
