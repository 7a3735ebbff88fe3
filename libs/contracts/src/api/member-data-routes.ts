import { envelope } from '../envelope.js';
import { Statement } from '../messaging.js';
import { defineRoute } from './route.js';

/** The member's own records (issue 14, LGPD): the statement of their money. */

/** At most this many entries, the newest, in one statement answer. */
export const STATEMENT_MAX_ENTRIES = 200;

export const getStatement = defineRoute({
  method: 'GET',
  path: '/api/getStatement',
  access: 'user',
  summary: `The signed-in user's statement: top-ups, purchases and reversals with the running balance (newest ${STATEMENT_MAX_ENTRIES})`,
  response: envelope(Statement),
});
