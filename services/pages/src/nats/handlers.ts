import { Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { PagesDeps } from '../domain/deps.js';
import { exportUserData } from '../domain/export-user-data.js';
import { pageStats } from '../domain/page-stats.js';

/** Request/reply subjects pages serves to admin-stats (statistics) and auth (a member's data export). */
export function serveNats(bus: Bus, deps: PagesDeps): void {
  bus.serve(Rpc.pagesStats, () => pageStats(deps));
  bus.serve(Rpc.pagesExportUserData, (req) => exportUserData(deps.repo, req.userId));
}
