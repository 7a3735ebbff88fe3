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
 * The session the gateway hands to the SPA in the URL fragment of its 303 to `/login/google#…` (a fragment never
 * reaches a server or its logs); the same three fields as every other sign-in (spec §3).
 */
export const GoogleSessionFragment = z.object({
  token: z.string().min(1).max(4096),
  email: z.string().min(1).max(320),
  fullname: z.string().max(200),
});
export type GoogleSessionFragment = z.infer<typeof GoogleSessionFragment>;

/** `token=…&email=…&fullname=…`, the fragment's form (URL-encoded like a query string). */
export const encodeSessionFragment = (s: GoogleSessionFragment): string => new URLSearchParams(s).toString();

export function decodeSessionFragment(hash: string): GoogleSessionFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const parsed = GoogleSessionFragment.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : null;
}
