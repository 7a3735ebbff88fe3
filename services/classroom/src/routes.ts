import {
  deleteTurma as deleteTurmaRoute,
  getCorrection,
  getTurmaProgress,
  getTurmas,
  ok,
  saveAnswers,
  saveTurma as saveTurmaRoute,
} from '@app/contracts';
import { addRoute, type App } from '@app/kit';
import { openCorrection, saveTypedAnswers } from './domain/correction.js';
import type { ClassroomDeps } from './domain/deps.js';
import { turmaProgress } from './domain/progress.js';
import { deleteTurma, listTurmas, saveTurma } from './domain/turmas.js';

/** classroom's /api routes (declared in libs/contracts/src/api/routes/classroom.ts). */
export function registerRoutes(app: App, deps: ClassroomDeps): void {
  addRoute(app, getTurmas, async ({ identity }) => ok(await listTurmas(deps, identity.userId)));

  addRoute(app, saveTurmaRoute, async ({ body, identity }) =>
    ok(await saveTurma(deps, identity.userId, body)),
  );

  addRoute(app, deleteTurmaRoute, async ({ body, identity }) => {
    await deleteTurma(deps, identity.userId, body.id);
    return ok(null);
  });

  addRoute(app, getCorrection, async ({ query, identity }) =>
    ok(await openCorrection(deps, identity.userId, query.code)),
  );

  addRoute(app, getTurmaProgress, async ({ query, identity }) =>
    ok(await turmaProgress(deps, identity.userId, query)),
  );

  addRoute(app, saveAnswers, async ({ body, identity }) =>
    ok(await saveTypedAnswers(deps, identity.userId, body)),
  );
}
