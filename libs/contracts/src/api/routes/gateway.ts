import { z } from 'zod';
import { defineRoute } from '../route.js';

/**
 * What the gateway answers itself: the banner's environment names, the SPA's run-time settings, the member's live
 * stream, and Google's redirect-mode form post (a page route, not /api).
 */

export const getEnv = defineRoute({
  owner: 'gateway',
  method: 'GET',
  path: '/api/env',
  access: 'public',
  summary: 'Environment names shown in the banner',
  response: z.object({ backendEnv: z.string(), dbEnv: z.string() }),
});

export const getClientConfig = defineRoute({
  owner: 'gateway',
  method: 'GET',
  path: '/api/clientConfig',
  access: 'public',
  summary: 'Public client settings: Google client id, Mercado Pago public key, dev stand-ins in use',
  response: z.object({
    googleClientId: z.string().nullable(),
    mercadoPagoPublicKey: z.string().nullable(),
    /** Set when the local stand-ins of Google and Mercado Pago are in use (development and tests). */
    devProvidersUrl: z.string().nullable(),
    /**
     * Who runs the site and how to reach its support (footer, legal and support pages). Optional in the answer so
     * that a web build newer than its gateway still works (it then shows only what it has).
     */
    company: z
      .object({
        name: z.string(),
        cnpj: z.string().nullable(),
        supportEmail: z.string(),
        /** Digits only, country code first (wa.me form); null: no WhatsApp channel. */
        supportWhatsapp: z.string().nullable(),
      })
      .optional(),
  }),
});

/**
 * The member's live stream: server-sent events from the gateway, one stream per signed-in tab, so that
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

/**
 * Google Identity Services in redirect mode (/login/google is the target of Google's form action). Google POSTs an
 * application/x-www-form-urlencoded form to `login_uri` and sets a `g_csrf_token` cookie with the same value as the
 * body field (double-submit cookie). The gateway answers the post itself (gateway/src/google-form-post.ts).
 */
export const googleFormPost = {
  method: 'POST',
  path: '/login/google',
  /** The cookie Google sets next to the form post; its value must equal the body's `g_csrf_token`. */
  csrfCookie: 'g_csrf_token',
  /** Where any refusal goes; the login page then shows Msg.googleFailed. No detail on purpose. */
  failureRedirect: '/login?erro=google',
  failureQuery: { erro: 'google' },
} as const;

export const GoogleFormPostBody = z.object({
  credential: z.string().min(1).max(8192),
  g_csrf_token: z.string().min(1).max(512),
  /** How the user picked the account (btn, user, auto, ...): informative only. */
  select_by: z.string().max(64).optional(),
});
export type GoogleFormPostBody = z.infer<typeof GoogleFormPostBody>;

/**
 * What the gateway hands the SPA in the URL fragment of its 303 to `/login/google#code=…` (a fragment never reaches a
 * server or its logs): a one-time code (2 minutes), never a session. The SPA redeems it with a same-origin
 * POST together with the secret its tab kept before going to Google (`redeemGoogleCode`); a code alone signs nobody in.
 */
export const GoogleCodeFragment = z.object({
  code: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type GoogleCodeFragment = z.infer<typeof GoogleCodeFragment>;

/** `code=…`, the fragment's form (URL-encoded like a query string). */
export const encodeCodeFragment = (f: GoogleCodeFragment): string => new URLSearchParams(f).toString();

export function decodeCodeFragment(hash: string): GoogleCodeFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const parsed = GoogleCodeFragment.safeParse({ code: params.get('code') ?? undefined });
  return parsed.success ? parsed.data : null;
}

/** The sessionStorage key of the tab's secret for Google's redirect mode (its SHA-256 is the credential's nonce). */
export const GOOGLE_VERIFIER_KEY = 'googleSignInVerifier';
