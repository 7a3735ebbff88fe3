import { EntitySchema } from 'typeorm';

export const SCHEMA = 'mail';

/** One row per mail job ever sent: its mailId is the dedup key, so a redelivered job is not sent again. */
export interface SentMailRow {
  mailId: string;
  template: string;
  sentAt: Date | null;
  createdAt: Date;
}

/** A single row (id = 1). */
export interface EmailSettingsRow {
  id: number;
  sendEmailAtRegistration: boolean;
  updatedAt: Date;
}

export const SentMailEntity = new EntitySchema<SentMailRow>({
  name: 'SentMail',
  tableName: 'sent_mails',
  schema: SCHEMA,
  columns: {
    mailId: { name: 'mail_id', type: 'varchar', length: 200, primary: true },
    template: { type: 'varchar', length: 40 },
    sentAt: { name: 'sent_at', type: 'timestamptz', nullable: true },
    createdAt: { name: 'created_at', type: 'timestamptz', createDate: true },
  },
});

export const EmailSettingsEntity = new EntitySchema<EmailSettingsRow>({
  name: 'EmailSettings',
  tableName: 'email_settings',
  schema: SCHEMA,
  columns: {
    id: { type: 'smallint', primary: true },
    sendEmailAtRegistration: { name: 'send_email_at_registration', type: 'boolean', default: false },
    updatedAt: { name: 'updated_at', type: 'timestamptz', updateDate: true },
  },
  checks: [{ name: 'email_settings_id_check', expression: 'id = 1' }],
});

export const entities = [SentMailEntity, EmailSettingsEntity];
