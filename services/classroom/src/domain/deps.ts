import type { Logger } from '@app/kit';
import type { ClassroomStore } from './ports.js';

/** What classroom's routes and consumers work with (src/service.ts builds it). */
export interface ClassroomDeps {
  /** Storage, as the repositories of ports.ts (implemented in persistence/store.ts): turmas and their children. */
  store: ClassroomStore;
  logger: Logger;
}
