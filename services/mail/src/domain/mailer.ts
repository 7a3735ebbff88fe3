import nodemailer from 'nodemailer';
import type { RenderedMail } from './templates.js';

export interface Mailer {
  send(to: string, mail: RenderedMail): Promise<void>;
  close(): void;
}

/**
 * The SMTP transport of a server URL. Timeouts are short so that an unreachable server fails the job fast (it is
 * retried). They go with the URL in one set of options, which nodemailer merges with what the URL says: a second
 * argument would be the messages' defaults, where they once went and no connection read them.
 */
export function smtpTransport(smtpUrl: string, timeoutSeconds: number) {
  const timeout = timeoutSeconds * 1000;
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
}

/** SMTP through nodemailer. */
export function createMailer(opts: { smtpUrl: string; from: string; timeoutSeconds: number }): Mailer {
  const transport = smtpTransport(opts.smtpUrl, opts.timeoutSeconds);
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
