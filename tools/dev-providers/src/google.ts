import { createHash, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { DevProvidersConfig } from './config.js';

/**
 * Google stand-in: signs ID tokens with an RSA key made at start and publishes its public key the way
 * https://www.googleapis.com/oauth2/v1/certs does ({kid: PEM}), so the backend verifies them with the very same
 * google-auth-library code it uses for Google (only the certificate URL and the issuer differ).
 */
export const TokenRequest = z.object({
  email: z.email(),
  name: z.string().trim().min(1).max(120),
  emailVerified: z.boolean().default(true),
  /** Test knobs: a token for another client, from another issuer, or already expired. */
  audience: z.string().min(1).optional(),
  issuer: z.string().min(1).optional(),
  expiresInSeconds: z.number().int().min(-86_400).max(86_400).default(3600),
  /** The `nonce` the page gave Google Identity Services; Google copies it into the ID token. */
  nonce: z.string().min(1).max(512).optional(),
});

export async function registerGoogle(app: FastifyInstance, config: DevProvidersConfig): Promise<void> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const kid = createHash('sha256').update(publicPem).digest('hex').slice(0, 16);
  const signingKey = await importPKCS8(
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    'RS256',
  );
  const issuer = config.DEV_PROVIDERS_URL;

  app.get('/__dev/google/certs', async (_req, reply) =>
    // A short cache: a restarted stand-in has a new key, and verifiers pick it up within a minute.
    reply.header('cache-control', 'public, max-age=60').send({ [kid]: publicPem }),
  );

  app.post('/__dev/google/token', async (req, reply) => {
    const parsed = TokenRequest.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? 'invalid request' });
    const t = parsed.data;
    const email = t.email.toLowerCase();
    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({
      email,
      email_verified: t.emailVerified,
      name: t.name,
      given_name: t.name.split(' ')[0],
      ...(t.nonce ? { nonce: t.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(t.issuer ?? issuer)
      .setAudience(t.audience ?? config.GOOGLE_CLIENT_ID)
      // Google's `sub` never changes for an account; here it is derived from the email.
      .setSubject(String(BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 15)}`)))
      .setIssuedAt(Math.min(now, now + t.expiresInSeconds - 60))
      .setExpirationTime(now + t.expiresInSeconds)
      .sign(signingKey);
    return { credential };
  });

  // The popup the web's 'Entrar com Google (desenvolvimento)' button opens: it asks who to be, gets a credential
  // and hands it to the opener with postMessage, as Google Identity Services does in its popup mode.
  // With `?login_uri=…` it plays GIS's redirect mode instead: it sets a g_csrf_token cookie and posts the form
  // {credential, g_csrf_token, select_by} to login_uri, as Google does (the cookie reaches the site when both run on
  // the same host, as localhost does in development and tests: cookies do not tell ports apart). `?nonce=…` goes into
  // the ID token, as the `nonce` given to GIS's initialize does.
  app.get('/__dev/google/signin', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const origin = safeUrl(query.origin)?.origin ?? new URL(config.PUBLIC_URL).origin;
    const loginUri = safeUrl(query.login_uri)?.href ?? null;
    const nonce = typeof query.nonce === 'string' && query.nonce.length <= 512 ? query.nonce : null;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(signInPage(origin, loginUri, nonce));
  });
}

function safeUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const signInPage = (targetOrigin: string, loginUri: string | null, nonce: string | null) => `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Entrar com Google (desenvolvimento)</title>
<style>
  body { font-family: "DejaVu Sans", system-ui, sans-serif; background: #f1f3f4; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  form { background: #fff; padding: 24px 28px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.2); width: 320px; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  p { color: #5f6368; font-size: 13px; margin: 0 0 16px; }
  label { display: block; font-size: 13px; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 14px; border: 1px solid #dadce0; border-radius: 4px; }
  button { margin-top: 18px; width: 100%; padding: 10px; background: #1a73e8; color: #fff; border: 0; border-radius: 4px; font-size: 14px; cursor: pointer; }
  #erro { color: #c5221f; font-size: 13px; min-height: 1em; margin-top: 10px; }
</style>
</head>
<body>
<form id="entrar">
  <h1>Entrar com Google (desenvolvimento)</h1>
  <p>Simulação local do Google: escolha com qual conta entrar.</p>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autocomplete="off">
  <label for="nome">Nome</label>
  <input id="nome" name="name" type="text" required autocomplete="off">
  <button type="submit">Continuar</button>
  <div id="erro" role="alert"></div>
</form>
<script>
  const targetOrigin = ${JSON.stringify(targetOrigin)};
  const loginUri = ${JSON.stringify(loginUri).replace(/</g, '\\u003c')};
  const nonce = ${JSON.stringify(nonce).replace(/</g, '\\u003c')};
  /** GIS redirect mode: the double-submit cookie, then the form post to the site's login_uri. */
  function postToLoginUri(credential) {
    const csrf = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    document.cookie = 'g_csrf_token=' + csrf + '; path=/; SameSite=Lax';
    const form = document.createElement('form');
    form.method = 'post';
    form.action = loginUri;
    for (const [name, value] of Object.entries({ credential, g_csrf_token: csrf, select_by: 'user' })) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }
  document.getElementById('entrar').addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = document.getElementById('email').value;
    const name = document.getElementById('nome').value;
    const res = await fetch('/__dev/google/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(nonce ? { email, name, nonce } : { email, name }),
    });
    if (!res.ok) { document.getElementById('erro').textContent = 'Não foi possível gerar a credencial.'; return; }
    const { credential } = await res.json();
    if (loginUri) return postToLoginUri(credential);
    if (!window.opener) { document.getElementById('erro').textContent = 'Abra esta página pelo botão do site.'; return; }
    window.opener.postMessage({ type: 'dev-google-credential', credential, select_by: 'user' }, targetOrigin);
    window.close();
  });
</script>
</body>
</html>`;
