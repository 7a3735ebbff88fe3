import { z } from 'zod';
import { envelope } from '../../envelope.js';
import { defineRoute } from '../route.js';

/** The routes mail answers: the admin's email settings and test email. */

export const getEmailSettings = defineRoute({
  owner: 'mail',
  method: 'GET',
  path: '/api/admin/emailSettings',
  access: 'admin',
  summary: 'Email settings',
  response: envelope(z.object({ sendEmailAtRegistration: z.boolean() })),
});

export const EmailSettingsBody = z.object({ sendEmailAtRegistration: z.boolean() });
export const setEmailSettings = defineRoute({
  owner: 'mail',
  method: 'POST',
  path: '/api/admin/emailSettings',
  access: 'admin',
  summary: 'Save email settings',
  body: EmailSettingsBody,
  response: envelope(z.object({ sendEmailAtRegistration: z.boolean() })),
});

export const sendTestEmail = defineRoute({
  owner: 'mail',
  spends: 'mail',
  method: 'POST',
  path: '/api/admin/sendTestEmail',
  access: 'admin',
  summary: "Send a test email to the admin's address",
  response: envelope(z.string()),
});
