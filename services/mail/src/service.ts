import type { ServiceSpec } from '@app/kit';
import { env } from './config.js';
import type { MailDeps } from './domain/deps.js';
import { createMailer } from './domain/mailer.js';
import { startConsumers } from './nats/consumers.js';
import { entities } from './persistence/entities.js';
import { mailStore } from './persistence/mail-repository.js';
import { CreateMailTables1732240100000 } from './persistence/migrations/1732240100000-CreateMailTables.js';
import { registerRoutes } from './routes.js';

export const spec: ServiceSpec<typeof env> = {
  name: 'mail',
  env,
  database: { schema: 'mail', entities, migrations: [CreateMailTables1732240100000] },
  streams: ['JOBS_MAIL', 'EVENTS'],
  async setup({ config, logger, bus, db, app, onShutdown }) {
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      timeoutSeconds: config.SMTP_TIMEOUT_SECONDS,
    });
    onShutdown(async () => mailer.close());
    const deps: MailDeps = {
      repos: mailStore(db),
      bus,
      mailer,
      publicUrl: config.PUBLIC_URL,
      adminEmail: config.ADMIN_EMAIL,
      logger,
    };
    registerRoutes(app, deps);
    await startConsumers(bus, deps);
  },
};
