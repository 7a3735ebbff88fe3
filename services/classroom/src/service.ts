import { defineService, postgres } from '@app/kit';
import { env } from './config.js';
import type { ClassroomDeps } from './domain/deps.js';
import { serveNats } from './nats/handlers.js';
import { AnswerEntity, SCHEMA, SheetEntity, StudentEntity, TurmaEntity } from './persistence/entities.js';
import { CreateTurmas1810000000000 } from './persistence/migrations/1810000000000-create-turmas.js';
import { CorrectionAnswers1820000000000 } from './persistence/migrations/1820000000000-correction-answers.js';
import { SheetTurma1830000000000 } from './persistence/migrations/1830000000000-sheet-turma.js';
import { AnswersPhoto1840000000000 } from './persistence/migrations/1840000000000-answers-photo.js';
import { classroomStore } from './persistence/store.js';
import { registerRoutes } from './routes.js';

export const service = defineService({
  name: 'classroom',
  env,
  database: postgres({
    schema: SCHEMA,
    entities: [TurmaEntity, StudentEntity, SheetEntity, AnswerEntity],
    migrations: [
      CreateTurmas1810000000000,
      CorrectionAnswers1820000000000,
      SheetTurma1830000000000,
      AnswersPhoto1840000000000,
    ],
  }),
  streams: ['EVENTS'],
  deps: ({ bus, db, logger }): ClassroomDeps => ({ bus, store: classroomStore(db), logger }),
  routes: registerRoutes,
  nats: serveNats,
});
