import { Rpc } from '@app/contracts';
import type { PagesDeps } from '../domain/deps.js';
import { exportUserData } from '../domain/export-user-data.js';
import { pageStats } from '../domain/page-stats.js';

export function registerNatsHandlers(deps: PagesDeps): void {
  deps.bus.serve(Rpc.pagesStats, () => pageStats(deps));
  deps.bus.serve(Rpc.pagesExportUserData, (req) => exportUserData(deps.repo, req.userId));
}
