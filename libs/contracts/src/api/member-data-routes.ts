import { z } from 'zod';
import { envelope } from '../envelope.js';
import { Msg } from '../messages.js';
import { BillingDataExport, PagesDataExport, Statement } from '../messaging.js';
import { defineRoute } from './route.js';

/**
 * The member's own records (issue 14, LGPD): the statement of their money, the export of all their data and the
 * deletion of their account.
 */

/** At most this many entries, the newest, in one statement answer. */
export const STATEMENT_MAX_ENTRIES = 200;

export const getStatement = defineRoute({
  owner: 'billing',
  method: 'GET',
  path: '/api/getStatement',
  access: 'user',
  summary: `The signed-in user's statement: top-ups, purchases and reversals with the running balance (newest ${STATEMENT_MAX_ENTRIES})`,
  response: envelope(Statement),
});

/** Everything the site holds about the signed-in member (LGPD art. 18), as the downloaded JSON file holds it. */
export const MyDataExport = z.object({
  exportedAt: z.string(),
  account: z.object({
    fullname: z.string(),
    email: z.string(),
    fromGoogle: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  purchases: PagesDataExport.shape.purchases,
  /** The member's saved builder settings (issue 25), by name. */
  savedSheets: PagesDataExport.shape.savedSheets,
  statement: BillingDataExport.shape.statement,
  statementHasOlder: z.boolean(),
  payments: BillingDataExport.shape.payments,
});
export type MyDataExport = z.infer<typeof MyDataExport>;

export const exportMyData = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/exportMyData',
  access: 'user',
  summary:
    "Everything held about the signed-in user: account, purchases (with their page settings), statement and payments (auth composes billing's and pages' parts)",
  response: envelope(MyDataExport),
});

/**
 * The member confirms with their password, or (an account created with Google) with a Google credential issued in
 * the last 10 minutes for the same Google account; exactly one of the two.
 */
export const DeleteMyAccountBody = z
  .object({
    password: z
      .string({ error: Msg.deleteAccountWrongPassword })
      .min(1, Msg.deleteAccountPasswordMissing)
      .max(200)
      .optional(),
    googleCredential: z
      .string({ error: Msg.deleteAccountGoogleFailed })
      .min(1, Msg.deleteAccountGoogleFailed)
      .max(8192)
      .optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.googleCredential === undefined), {
    message: Msg.deleteAccountConfirmationMissing,
  });
export const deleteMyAccount = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/deleteMyAccount',
  access: 'user',
  summary:
    "Delete the signed-in member's account: personal data anonymised, every session ended, ledger and payment rows kept without personal data (not the admin's)",
  body: DeleteMyAccountBody,
  response: envelope(z.null()),
});
