import { Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import { isUuid, type AuthDeps } from '../domain/deps.js';
import { toPublicUser } from '../domain/public-user.js';
import { verifySession } from '../domain/verify-session.js';

const DEFAULT_PAGE_SIZE = 1000;

/** Request/reply subjects auth serves for the gateway and the other services. */
export function serveNats(bus: Bus, deps: AuthDeps): void {
  bus.serve(Rpc.authVerifySession, ({ token }) => verifySession(deps, token));

  bus.serve(Rpc.authGetUser, async ({ userId }) => {
    const user = isUuid(userId) ? await deps.store.users.byId(userId) : null;
    // A deleted account is nobody's any more: no email is sent to its placeholder address.
    return { user: user && !user.deletedAt ? toPublicUser(user) : null };
  });

  bus.serve(Rpc.authListUsers, async ({ limit, offset }) => {
    const page = await deps.store.users.page(limit ?? DEFAULT_PAGE_SIZE, offset ?? 0);
    return { total: page.total, users: page.rows.map(toPublicUser) };
  });

  bus.serve(Rpc.authStats, () => deps.store.users.stats());
}
