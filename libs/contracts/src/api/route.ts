import { z } from 'zod';
import type { Upstream } from '../processes.js';

/** public: anyone; user: a valid session; admin: a valid session of an admin. Enforced at the edge AND in the service. */
export type Access = 'public' | 'user' | 'admin';

export interface ApiRoute {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  /**
   * Who answers it: the service the gateway proxies it to (its handler is in `services/<owner>/src/routes.ts`), or
   * the gateway itself. The gateway's route table is derived from this (gateway/src/route-table.ts).
   */
  owner: Upstream | 'gateway';
  /** The edge limits it per address (AUTH_RATE_LIMIT_PER_MINUTE): sign-in, sign-up, recovery, activation. */
  rateLimited?: true;
  /**
   * What a call may spend: money (a purchase, a payment) or mail (an email to an address the caller names). While the
   * shared limits' store (NATS) is out of reach, the edge refuses such a route (503) rather than let it through
   * uncounted; any other route passes unlimited meanwhile.
   */
  spends?: 'money' | 'mail';
  access: Access;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** JSON response schema (the whole envelope); absent for binary responses. */
  response?: z.ZodType;
  /** MIME type of a binary response (PDF, PNG). */
  produces?: string;
  /**
   * What a 401 says on this route instead of the platform's 'Sessão inválida…' (a route whose screen tells the
   * visitor which account to sign in with). Used by the gateway's edge check and by the service's own.
   */
  unauthorizedMessage?: string;
}

export const defineRoute = <R extends ApiRoute>(route: R): R => route;
