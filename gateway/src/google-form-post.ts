import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { encodeCodeFragment, GoogleFormPostBody, googleFormPost, loginGoogleCode } from '@app/contracts';
import { REQUEST_ID_HEADER } from '@app/kit';
import type { GatewayConfig } from './config.js';
import { pageRoutes, upstreamUrl } from './route-table.js';

/** How long the gateway waits for auth before sending the user back to the login page. */
const AUTH_TIMEOUT_MS = 10_000;

/**
 * Google's double-submit check: the `g_csrf_token` cookie and the form field must both be present and equal.
 * Compared in constant time (over digests, so that a different length takes no shortcut either).
 */
export function csrfTokensMatch(cookie: string | undefined, field: string | undefined): boolean {
  if (!cookie || !field) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(cookie), digest(field));
}

/** The value of one cookie of a Cookie header (RFC 6265 pairs separated by `;`); undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

type Refusal = 'invalid_body' | 'missing_csrf_cookie' | 'csrf_mismatch' | 'refused' | 'auth_unavailable';

/**
 * POST /login/google: where Google Identity Services (redirect mode, `login_uri`) posts the signed-in user's ID
 * token as an application/x-www-form-urlencoded form. The g_csrf_token check happens here; auth verifies the token
 * itself (audience, issuer, expiry, with google-auth-library) behind its /api/login/google/code, and answers a
 * one-time code bound to the token's nonce (never a session, which a crafted link could carry). The answer
 * is a 303: to `/login/google#code=…` (the SPA redeems the code with the secret its tab kept before going to Google;
 * the fragment never reaches a server or a log), or to `/login?erro=google` without detail. Neither the credential
 * nor the code is logged.
 */
export async function registerGoogleFormPost(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const route = pageRoutes.googleSignIn;
  const authUrl = `${upstreamUrl(config, route.signsInThrough.service)}${route.signsInThrough.route.path}`;

  // Encapsulated: the urlencoded parser must not reach the proxied /api routes, which stream bodies untouched.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.post(
      route.path,
      {
        // Counted with the sign-in it leads to (AUTH_RATE_LIMIT_PER_MINUTE), under its own path.
        config: { edgeLimits: { rate: { limit: 'AUTH_REQUESTS', route: route.path } } },
      },
      async (req, reply) => {
        const refuse = (reason: Refusal) => {
          req.log.warn({ reason }, 'google form sign-in refused');
          return redirect(reply, googleFormPost.failureRedirect);
        };
        const body = GoogleFormPostBody.safeParse(req.body);
        if (!body.success) return refuse('invalid_body');
        const cookie = readCookie(req.headers.cookie, googleFormPost.csrfCookie);
        if (!cookie) return refuse('missing_csrf_cookie');
        if (!csrfTokensMatch(cookie, body.data.g_csrf_token)) return refuse('csrf_mismatch');

        let code: string;
        try {
          const res = await fetch(authUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: req.id },
            body: JSON.stringify({ credential: body.data.credential }),
            signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
          });
          const answer = loginGoogleCode.response.safeParse(await res.json());
          if (!answer.success || answer.data.status !== 'SUCCESS' || !answer.data.payload) {
            return refuse(res.status >= 500 ? 'auth_unavailable' : 'refused');
          }
          code = answer.data.payload.code;
        } catch {
          return refuse('auth_unavailable');
        }
        return redirect(reply, `${route.path}#${encodeCodeFragment({ code })}`);
      },
    );
  });
}

/** 303: the browser follows with a GET. Nothing here may be cached, and the one-time CSRF cookie is spent. */
function redirect(reply: FastifyReply, location: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('set-cookie', `${googleFormPost.csrfCookie}=; Path=/; Max-Age=0; SameSite=Lax`)
    .redirect(location, 303);
}
