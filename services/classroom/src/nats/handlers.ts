import { Events, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { ClassroomDeps } from '../domain/deps.js';
import { forgetCorrections } from '../domain/correction.js';
import { exportUserData, forgetTurmas, sheetNames, turmaRoster } from '../domain/turmas.js';

/**
 * classroom's part of a member's data export (asked by auth), a turma's children by id (pages, a set for a turma)
 * and a child's name for the sheet being drawn (pdf-worker: a reply, never a stored message), and the account
 * deletions it hears: a deleted member's turmas go with their children's names. Nothing it publishes carries a name.
 */
export async function serveNats(bus: Bus, deps: ClassroomDeps): Promise<void> {
  bus.serve(Rpc.classroomExportUserData, (req) => exportUserData(deps, req.userId));
  bus.serve(Rpc.classroomTurmaRoster, (req) => turmaRoster(deps, req.userId, req.turmaId));
  bus.serve(Rpc.classroomSheetNames, (req) => sheetNames(deps, req.studentId));
  await bus.consume(
    Events.userDeleted,
    { durable: 'classroom-user-deleted', ackWaitMs: 30_000, maxDeliver: 60 },
    async (event) => {
      const deleted = await forgetTurmas(deps, event.userId);
      const cells = await forgetCorrections(deps, event.userId);
      deps.logger.info(
        { userId: event.userId, deleted, cells },
        'account deleted: its turmas and corrections are deleted',
      );
    },
  );
}
