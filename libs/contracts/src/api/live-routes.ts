import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The member's live stream (issue 28): server-sent events from the gateway, one stream per signed-in tab, so that
 * the sidebar, the builder and Extrato learn of every change of the balance without a reload and without polling.
 *
 * Authorised like every member route, by the `Authorization: Bearer` header: the SPA reads the stream with fetch
 * (the `eventsource` package with its own fetch), never with a token in the URL, so the long-lived session token is
 * never written into an access log. The stream ends when the session does (sign-out, password change, deletion:
 * auth's revocation event) and when the token expires; the browser then reconnects with the session it has.
 */
export const memberEvents = defineRoute({
  owner: 'gateway',
  method: 'GET',
  path: '/api/memberEvents',
  access: 'user',
  summary:
    "Server-sent events of the signed-in member's balance (text/event-stream; authorised by the Authorization header, never a URL token): `balance` on every change, `resync` after the server missed events",
  produces: 'text/event-stream',
});

/** The `event:` names of the stream. */
export const MemberEventName = { balance: 'balance', resync: 'resync' } as const;

/**
 * `balance`: the member's money changed. `balance` in reais and `version` (newer changes have larger versions) when
 * the balance itself changed; both null when only a pending payment's status did (the statement's pending list).
 */
export const BalanceEvent = z.object({
  cause: z.enum(['top_up', 'purchase', 'reversal', 'payment_status']),
  balance: z.number().nullable(),
  version: z.number().int().positive().nullable(),
});
export type BalanceEvent = z.infer<typeof BalanceEvent>;

/** `resync`: the server may have missed changes (its NATS connection came back): read the balance again. */
export const ResyncEvent = z.object({});
