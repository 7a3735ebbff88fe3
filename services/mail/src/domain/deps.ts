import type { DataSource } from 'typeorm';
import type { Bus, Logger } from '@app/kit';
import type { Mailer } from './mailer.js';

export interface MailDeps {
  db: DataSource;
  bus: Pick<Bus, 'publish' | 'request'>;
  mailer: Mailer;
  publicUrl: string;
  adminEmail: string;
  logger: Logger;
}
