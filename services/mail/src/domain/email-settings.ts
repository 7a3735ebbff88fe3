import type { EntityManager } from 'typeorm';
import { EmailSettingsEntity } from '../persistence/entities.js';

export interface EmailSettings {
  sendEmailAtRegistration: boolean;
}

const SINGLE_ROW = 1;

export async function readEmailSettings(m: EntityManager): Promise<EmailSettings> {
  const row = await m.getRepository(EmailSettingsEntity).findOneBy({ id: SINGLE_ROW });
  return { sendEmailAtRegistration: row?.sendEmailAtRegistration ?? false };
}

export async function saveEmailSettings(m: EntityManager, settings: EmailSettings): Promise<EmailSettings> {
  await m.getRepository(EmailSettingsEntity).save({
    id: SINGLE_ROW,
    sendEmailAtRegistration: settings.sendEmailAtRegistration,
    updatedAt: new Date(),
  });
  return readEmailSettings(m);
}
