import type { FastifyInstance } from 'fastify';
import {
  getEmailSettings,
  Msg,
  ok,
  sendTestEmail as sendTestEmailRoute,
  setEmailSettings,
} from '@app/contracts';
import { addRoute } from '@app/kit';
import type { MailDeps } from './domain/deps.js';
import { sendTestEmail } from './domain/send-test-email.js';

/** mail's admin routes (the email settings screen). */
export function registerRoutes(app: FastifyInstance, deps: MailDeps): void {
  addRoute(app, getEmailSettings, async () => ok(await deps.store.emailSettings.read()));

  addRoute(app, setEmailSettings, async ({ body }) =>
    ok(await deps.store.emailSettings.save(body), Msg.emailSettingsSaved),
  );

  addRoute(app, sendTestEmailRoute, async ({ identity }) => {
    const text = await sendTestEmail(deps, identity.userId);
    return ok(text, text);
  });
}
