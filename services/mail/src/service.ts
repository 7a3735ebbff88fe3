import { defineService, postgres } from '@app/kit';
import { env } from './config.js';
import type { MailDeps } from './domain/deps.js';
import { createMailer } from './domain/mailer.js';
import { serveNats } from './nats/handlers.js';
import { entities } from './persistence/entities.js';
import { mailStore } from './persistence/store.js';
import { CreateMailTables1732240100000 } from './persistence/migrations/1732240100000-CreateMailTables.js';
import { registerRoutes } from './routes.js';

export const service = defineService({
  name: 'mail',
  env,
  database: postgres({ schema: 'mail', entities, migrations: [CreateMailTables1732240100000] }),
  streams: ['JOBS_MAIL', 'EVENTS'],
  deps({ config, logger, bus, db, onShutdown }): MailDeps {
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      timeoutSeconds: config.SMTP_TIMEOUT_SECONDS,
    });
    onShutdown(async () => mailer.close());
    return {
      store: mailStore(db),
      bus,
      mailer,
      publicUrl: config.PUBLIC_URL,
      adminEmail: config.ADMIN_EMAIL,
      logger,
    };
  },
  routes: registerRoutes,
  nats: serveNats,
});
