import { PlatformMessages, Rpc, type MyDataExport } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';

/**
 * Everything the site holds about a member (LGPD art. 18, V): the account from auth's own table, the purchases and
 * the saved builder settings from pages, the statement and payments from billing and the turmas (children's
 * names) from classroom, asked over NATS for this user
 * id only (the caller's session's). A service that does not answer fails the export (a partial file would be read
 * as complete).
 */
export async function composeDataExport(
  deps: Pick<AuthDeps, 'store' | 'bus'>,
  userId: string,
  now: Date = new Date(),
): Promise<MyDataExport> {
  const [user, pages, billing, classroom] = await Promise.all([
    deps.store.users.byId(userId),
    deps.bus.request(Rpc.pagesExportUserData, { userId }),
    deps.bus.request(Rpc.billingExportUserData, { userId }),
    deps.bus.request(Rpc.classroomExportUserData, { userId }),
  ]);
  if (!user) throw AppError.unauthorized(PlatformMessages.unauthorized);
  return {
    exportedAt: now.toISOString(),
    account: {
      fullname: user.fullname,
      email: user.email,
      fromGoogle: user.fromGoogle,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    purchases: pages.purchases,
    savedSheets: pages.savedSheets,
    turmas: classroom.turmas,
    corrections: classroom.corrections,
    statement: billing.statement,
    statementHasOlder: billing.statementHasOlder,
    payments: billing.payments,
  };
}
