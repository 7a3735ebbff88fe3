import { jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { Events, Rpc } from '@app/contracts';
import { RpcError, type Bus, type Identity, type Logger } from '@app/kit';
import type { GatewayConfig } from './config.js';
import type { SessionCacheMetrics } from './metrics.js';
import { SessionCache } from './session-cache.js';
import type { SpanContext } from '@opentelemetry/api';

/**
 * A current session: who it is, and its token's version and expiry (ms), which a member's live stream keeps to end
 * with it (src/member-events.ts).
 */
export type SessionCheck =
  | { ok: true; identity: Identity; tokenVersion: number; expiresAt: number }
  | { ok: false; reason: 'invalid' | 'unavailable' };

/** The claims the session check reads from a verified token: the user (`sub`) and the token version (`tv`). */
export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

export interface VerifiedClaims extends SessionClaims {
  /** `exp`, in milliseconds. */
  expiresAt: number;
}

/**
 * Verifies a session JWT here, with the key imported once (HS256 only, `exp` and `sub` required; `tv` a whole
 * number, as auth signs it): the claims, or null for anything forged, expired or malformed.
 *
 * With `remember` > 0, the claims of the last tokens verified are kept (the exact token string is the key) until the
 * token expires: jose's verification (WebCrypto HMAC) costs about 0.1 ms of CPU, a lookup a microsecond, and a
 * browser sends the same token with every request. Forged or expired tokens are never kept; `exp` is checked again
 * on every use.
 */
export function createJwtVerifier(
  jwtSecret: string,
  remember = 0,
  now: () => number = Date.now,
): (token: string) => Promise<VerifiedClaims | null> {
  // jose imports a raw secret on every call when handed bytes; a CryptoKey is used as it is.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const verified = remember > 0 ? new LRUCache<string, VerifiedClaims>({ max: remember }) : null;
  const verify = async (token: string): Promise<VerifiedClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(now()),
      });
      const tv = payload.tv;
      if (typeof tv !== 'number' || !Number.isInteger(tv) || tv < 0) return null;
      return { userId: payload.sub!, tokenVersion: tv, expiresAt: payload.exp! * 1000 };
    } catch {
      return null;
    }
  };
  return async (token) => {
    const known = verified?.get(token);
    if (known) {
      if (known.expiresAt > now()) return known;
      verified!.delete(token);
      return null;
    }
    const claims = await verify(token);
    if (claims && verified) verified.set(token, claims);
    return claims;
  };
}

/**
 * Checks a bearer token at the edge: the JWT first, so forged or expired tokens never reach a service; then whether
 * the session is still current (token version, active user): from the session cache when it knows the user's
 * version, else auth answers over NATS (`auth.v1.verifySession`). auth unreachable: 'unavailable' (503), not a
 * sign-out.
 */
export function createSessionChecker(
  jwtSecret: string,
  bus: Pick<Bus, 'request'>,
  cache: SessionCache,
  rememberTokens = 0,
) {
  const verifyJwt = createJwtVerifier(jwtSecret, rememberTokens);
  return async function checkSession(
    authorization: string | undefined,
    /** The request's id, for auth's log lines (the gateway runs no request context). */
    requestId?: string,
    /** The request's span: auth's check is a step of its trace. */
    trace?: SpanContext,
  ): Promise<SessionCheck> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return { ok: false, reason: 'invalid' };
    const claims = await verifyJwt(token);
    if (!claims) return { ok: false, reason: 'invalid' };
    const ask = (t: string) =>
      bus.request(Rpc.authVerifySession, { token: t }, { timeoutMs: 3000, requestId, trace });
    try {
      const identity = await cache.identity(token, claims, ask);
      return identity
        ? { ok: true, identity, tokenVersion: claims.tokenVersion, expiresAt: claims.expiresAt }
        : { ok: false, reason: 'invalid' };
    } catch (err) {
      if (err instanceof RpcError) return { ok: false, reason: 'unavailable' };
      throw err;
    }
  };
}

export interface EdgeAuth {
  checkSession: ReturnType<typeof createSessionChecker>;
  cache: SessionCache;
  /** Stops following NATS connection changes (the app closes). */
  stop(): void;
}

/**
 * The gateway's session checks with their cache, kept current: every replica hears auth's `sessionsRevoked` events
 * (a fan-out subscription) and forgets that user; a NATS disconnect or reconnect forgets everyone, since events
 * published meanwhile were not heard.
 */
export function startEdgeAuth(
  config: Pick<GatewayConfig, 'JWT_SECRET' | 'SESSION_CACHE_TTL_MS' | 'SESSION_CACHE_MAX_ENTRIES'>,
  bus: Pick<Bus, 'request' | 'listen' | 'onConnectionChange'>,
  logger: Logger,
  metrics?: SessionCacheMetrics,
): EdgeAuth {
  const cache = new SessionCache({
    ttlMs: config.SESSION_CACHE_TTL_MS,
    maxEntries: config.SESSION_CACHE_MAX_ENTRIES,
    onLookup: metrics?.lookup,
  });
  let stop = () => {};
  if (cache.enabled) {
    bus.listen(Events.sessionsRevoked, ({ userId }) => {
      cache.revoke(userId);
      metrics?.revocationHeard();
    });
    stop = bus.onConnectionChange((change) => {
      cache.clear();
      metrics?.cleared();
      logger.warn({ nats: change }, 'session cache cleared: revocations may have been missed');
    });
  }
  // The verified tokens are kept with the sessions: TTL 0 is the old behaviour (verify and ask on every request).
  const rememberTokens = cache.enabled ? config.SESSION_CACHE_MAX_ENTRIES : 0;
  return {
    checkSession: createSessionChecker(config.JWT_SECRET, bus, cache, rememberTokens),
    cache,
    stop,
  };
}
