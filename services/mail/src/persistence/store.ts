import type { DataSource, EntityManager } from 'typeorm';
import { storeOver } from '@app/kit';
import type {
  EmailSettingsRepository,
  MailRepositories,
  MailStore,
  SentMailsRepository,
} from '../domain/ports.js';
import { EmailSettingsEntity, SCHEMA } from './entities.js';

/** mail's repositories over Postgres (kit `storeOver`: in a transaction or not). */
export const mailStore = (db: DataSource): MailStore => storeOver(db, mailRepositories);

const mailRepositories = (m: EntityManager): MailRepositories => ({
  sentMails: sentMails(m),
  emailSettings: emailSettings(m),
});

const sentMails = (m: EntityManager): SentMailsRepository => ({
  async claim(mailId, template) {
    await m.query(
      `INSERT INTO ${SCHEMA}.sent_mails (mail_id, template) VALUES ($1, $2) ON CONFLICT (mail_id) DO NOTHING`,
      [mailId, template],
    );
    const [row] = (await m.query(`SELECT sent_at FROM ${SCHEMA}.sent_mails WHERE mail_id = $1 FOR UPDATE`, [
      mailId,
    ])) as Array<{ sent_at: Date | null }>;
    return { alreadySent: Boolean(row?.sent_at) };
  },
  async markSent(mailId) {
    await m.query(`UPDATE ${SCHEMA}.sent_mails SET sent_at = now() WHERE mail_id = $1`, [mailId]);
  },
});

/** The settings' single row. */
const SINGLE_ROW = 1;

const emailSettings = (m: EntityManager): EmailSettingsRepository => {
  const repo = m.getRepository(EmailSettingsEntity);
  const read = async () => {
    const row = await repo.findOneBy({ id: SINGLE_ROW });
    return { sendEmailAtRegistration: row?.sendEmailAtRegistration ?? false };
  };
  return {
    read,
    async save(settings) {
      await repo.save({
        id: SINGLE_ROW,
        sendEmailAtRegistration: settings.sendEmailAtRegistration,
        updatedAt: new Date(),
      });
      return read();
    },
  };
};
