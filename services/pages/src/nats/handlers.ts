import { Rpc } from '@app/contracts';
import type { PagesDeps } from '../domain/deps.js';
import { pageStats } from '../domain/page-stats.js';
import { storeRender } from '../domain/store-render.js';

export function registerNatsHandlers(deps: PagesDeps): void {
  deps.bus.serve(Rpc.pagesStoreRender, async ({ code, pdf, png, pageCount }) => ({
    stored: await storeRender(deps, {
      code,
      pdf: Buffer.from(pdf, 'base64'),
      png: Buffer.from(png, 'base64'),
      pageCount,
    }),
  }));
  deps.bus.serve(Rpc.pagesStats, () => pageStats(deps));
}
