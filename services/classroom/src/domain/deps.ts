import type { Bus, Logger } from '@app/kit';
import type { ClassroomStore } from './ports.js';

/** What classroom's routes and consumers work with (src/service.ts builds it). */
export interface ClassroomDeps {
  /** Asks pages for the sheets to correct (request/reply); announces a turma deleted (ids only). */
  bus: Pick<Bus, 'request' | 'publishEvent'>;
  /** Storage, as the repositories of ports.ts (implemented in persistence/store.ts): turmas and their children, the sheets being corrected and their typed cells. */
  store: ClassroomStore;
  logger: Logger;
}
