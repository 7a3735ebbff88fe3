import { z } from 'zod';

/**
 * Google Identity Services in redirect mode (spec §2: /login/google is a form action target). Google POSTs an
 * application/x-www-form-urlencoded form to `login_uri` and sets a `g_csrf_token` cookie with the same value as the
 * body field (double-submit cookie). The gateway answers the post itself (gateway/src/google-form-post.ts).
 */
export const googleFormPost = {
  method: 'POST',
  path: '/login/google',
  /** The cookie Google sets next to the form post; its value must equal the body's `g_csrf_token`. */
  csrfCookie: 'g_csrf_token',
  /** Where any refusal goes; the login page then shows Msg.googleFailed (spec §8). No detail on purpose. */
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
 * server or its logs): a one-time code (2 minutes), never a session (issue 23). The SPA redeems it with a same-origin
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
