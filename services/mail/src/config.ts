import { z } from 'zod';

/** mail's own variables (the base ones — DATABASE_URL, NATS_URL, PUBLIC_URL, ... — come from @app/kit). */
export const env = z.object({
  /** e.g. smtp://127.0.0.1:1025 (MailDev) or smtps://user:password@smtp.example.com:465 */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Exercícios de Matemática <nao-responda@exerciciosdematematica.com.br>'),
  /** Receives the new-sign-up notice when the admin turns it on. */
  ADMIN_EMAIL: z.email(),
  /** Seconds before a stuck SMTP conversation is given up (the job is then retried). */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(15),
});
