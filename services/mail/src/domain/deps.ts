import type { Bus, Logger } from '@app/kit';
import type { Mailer } from './mailer.js';
import type { MailStore } from './ports.js';

/** What the use cases work with; built once in service.ts. */
export interface MailDeps {
  /** Storage, as the repositories of ports.ts (implemented in persistence/). */
  store: MailStore;
  bus: Pick<Bus, 'publish' | 'request'>;
  mailer: Mailer;
  publicUrl: string;
  adminEmail: string;
  logger: Logger;
}
