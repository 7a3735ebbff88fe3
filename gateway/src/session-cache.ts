import { LRUCache } from 'lru-cache';
import type { Role, RpcResponse, Rpc } from '@app/contracts';
import type { Identity } from '@app/kit';

/** auth's answer to `auth.v1.verifySession`. */
export type AuthAnswer = RpcResponse<typeof Rpc.authVerifySession>;

/** What the cache keeps of a user's session: the current token version and the role (auth's last valid answer). */
interface CachedSession {
  tokenVersion: number;
  role: Role;
}

/** How a lookup went: the cache decided (`hit`: same version; `stale`: an older token) or auth was asked (`miss`). */
export type LookupOutcome = 'hit' | 'stale' | 'miss';

export interface SessionCacheOptions {
  /** How long auth's answer is trusted without hearing of a revocation; 0: ask auth on every request. */
  ttlMs: number;
  /** Users kept at most (least recently used go first). */
  maxEntries: number;
  /** Told of every lookup's outcome (metrics). */
  onLookup?: (outcome: LookupOutcome) => void;
  /** lru-cache's clock (tests); default performance.now. */
  clock?: { now(): number };
}

/** One question to auth in flight: requests with the same token wait for it; a revocation makes its answer unsaved. */
interface Pending {
  userId: string;
  token: string;
  answer: Promise<AuthAnswer>;
  revoked: boolean;
}

/**
 * The gateway's session cache: userId → {token version, role} from auth's valid answers, so that a protected request
 * whose token carries the cached version is let through without a round trip. The JWT is verified before (the
 * signature and expiry are never cached away).
 *
 * - the token's version equals the cached one: allowed (`hit`);
 * - lower: refused without asking (`stale`: versions only grow, so the token belongs to an ended session);
 * - higher, or the user is not cached: auth is asked (`miss`); a valid answer is cached. Requests with the same token
 *   share one question.
 * - `revoke(userId)` (auth's `sessionsRevoked` event) forgets the user at once, and an answer to a question asked
 *   before it is not saved when it arrives (it may have been read before the change).
 * - `clear()` (NATS disconnected: events may be missed) forgets everything, answers in flight included.
 * - an entry lives `ttlMs` from auth's answer, whatever the hits: the longest a missed event can go unnoticed.
 */
export class SessionCache {
  readonly #entries: LRUCache<string, CachedSession> | null;
  readonly #pending = new Map<string, Pending>();
  readonly #pendingByUser = new Map<string, Set<Pending>>();
  readonly #onLookup: (outcome: LookupOutcome) => void;

  constructor(opts: SessionCacheOptions) {
    this.#onLookup = opts.onLookup ?? (() => {});
    this.#entries =
      opts.ttlMs > 0
        ? new LRUCache<string, CachedSession>({
            max: opts.maxEntries,
            ttl: opts.ttlMs,
            // A given clock is read at every lookup (by default lru-cache reuses a reading for 1 ms).
            ...(opts.clock ? { perf: opts.clock, ttlResolution: 0 } : {}),
          })
        : null;
  }

  get enabled(): boolean {
    return this.#entries !== null;
  }

  /** Users cached now (tests, metrics). */
  get size(): number {
    return this.#entries?.size ?? 0;
  }

  /**
   * The identity of a verified token's session, or null when the session is not current. `ask` puts the question
   * to auth; its failure (auth unreachable) is thrown to the caller, and nothing is cached.
   */
  async identity(
    token: string,
    claims: { userId: string; tokenVersion: number },
    ask: (token: string) => Promise<AuthAnswer>,
  ): Promise<Identity | null> {
    if (!this.#entries) return identityOf(await ask(token));
    const cached = this.#entries.get(claims.userId);
    if (cached && cached.tokenVersion === claims.tokenVersion) {
      this.#onLookup('hit');
      return { userId: claims.userId, role: cached.role };
    }
    if (cached && claims.tokenVersion < cached.tokenVersion) {
      this.#onLookup('stale');
      return null;
    }
    this.#onLookup('miss');
    const answer = await (this.#pending.get(token) ?? this.#ask(token, claims.userId, ask)).answer;
    // auth checks the token itself: its valid answer is for the token's own user and version.
    return answer.valid && answer.userId === claims.userId ? identityOf(answer) : null;
  }

  #ask(token: string, userId: string, ask: (token: string) => Promise<AuthAnswer>): Pending {
    const pending: Pending = { userId, token, revoked: false, answer: Promise.resolve({ valid: false }) };
    // A question that throws before its first await fails like one that rejects.
    pending.answer = (async () => ask(token))().then(
      (answer) => {
        this.#settle(pending);
        if (answer.valid && !pending.revoked && answer.userId === userId) this.#save(answer);
        return answer;
      },
      (err: unknown) => {
        this.#settle(pending);
        throw err;
      },
    );
    this.#pending.set(token, pending);
    let ofUser = this.#pendingByUser.get(userId);
    if (!ofUser) this.#pendingByUser.set(userId, (ofUser = new Set()));
    ofUser.add(pending);
    return pending;
  }

  #settle(pending: Pending): void {
    if (this.#pending.get(pending.token) === pending) this.#pending.delete(pending.token);
    const ofUser = this.#pendingByUser.get(pending.userId);
    ofUser?.delete(pending);
    if (ofUser?.size === 0) this.#pendingByUser.delete(pending.userId);
  }

  #save(answer: AuthAnswer & { valid: true }): void {
    // Versions only grow: an answer about an older version never replaces a newer one cached meanwhile.
    const current = this.#entries!.get(answer.userId);
    if (current && current.tokenVersion > answer.tokenVersion) return;
    this.#entries!.set(answer.userId, { tokenVersion: answer.tokenVersion, role: answer.role });
  }

  /** The user's sessions ended: forget the user, and let no answer asked for before this be saved. */
  revoke(userId: string): void {
    this.#entries?.delete(userId);
    for (const pending of this.#pendingByUser.get(userId) ?? []) this.#forget(pending);
  }

  /** Forget every user, answers in flight included (NATS was disconnected: revocations may have been missed). */
  clear(): void {
    this.#entries?.clear();
    for (const ofUser of this.#pendingByUser.values()) for (const pending of ofUser) this.#forget(pending);
  }

  #forget(pending: Pending): void {
    pending.revoked = true;
    // Requests that arrive from now on ask again instead of waiting for an answer that may be out of date.
    if (this.#pending.get(pending.token) === pending) this.#pending.delete(pending.token);
  }
}

function identityOf(answer: AuthAnswer): Identity | null {
  return answer.valid ? { userId: answer.userId, role: answer.role } : null;
}
