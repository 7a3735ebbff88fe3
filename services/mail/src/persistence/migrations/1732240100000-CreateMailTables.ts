import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMailTables1732240100000 implements MigrationInterface {
  name = 'CreateMailTables1732240100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail.sent_mails (
        mail_id varchar(200) PRIMARY KEY,
        template varchar(40) NOT NULL,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE mail.email_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        send_email_at_registration boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO mail.email_settings (id) VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail.email_settings`);
    await q.query(`DROP TABLE mail.sent_mails`);
  }
}
