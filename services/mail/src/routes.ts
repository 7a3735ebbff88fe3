import type { FastifyInstance } from 'fastify';
import { getEmailSettings, Msg, ok, sendTestEmail, setEmailSettings } from '@app/contracts';
import { addRoute } from '@app/kit';
import type { MailDeps } from './domain/deps.js';
import { sendTestEmailToAdmin } from './domain/send-test-email.js';

/** mail's admin routes (the email settings screen). */
export function registerRoutes(app: FastifyInstance, deps: MailDeps): void {
  addRoute(app, getEmailSettings, async () => ok(await deps.store.emailSettings.read()));

  addRoute(app, setEmailSettings, async ({ body }) =>
    ok(await deps.store.emailSettings.save(body), Msg.emailSettingsSaved),
  );

  addRoute(app, sendTestEmail, async ({ identity }) => {
    const text = await sendTestEmailToAdmin(deps, identity.userId);
    return ok(text, text);
  });
}
