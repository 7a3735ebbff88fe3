import nodemailer from 'nodemailer';
import type { RenderedMail } from './templates.js';

export interface Mailer {
  send(to: string, mail: RenderedMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer. Timeouts are short so that an unreachable server fails the job fast (it is retried). */
export function createMailer(opts: { smtpUrl: string; from: string; timeoutSeconds: number }): Mailer {
  const timeout = opts.timeoutSeconds * 1000;
  const transport = nodemailer.createTransport(opts.smtpUrl, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    async send(to, mail) {
      await transport.sendMail({
        from: opts.from,
        to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    close: () => transport.close(),
  };
}
