import type { Store } from '@app/kit';
import type { Role } from '@app/contracts';

/**
 * What auth's use cases need from storage, as interfaces (the port): the SQL lives in src/persistence/store.ts, the
 * in-memory fake in test/fakes/memory-store.ts, and one specification (test/spec/auth-store.spec-suite.ts) runs
 * against both.
 */

export interface UserRow {
  id: string;
  email: string;
  fullname: string;
  /** Null for accounts created by Google sign-in until a password is set through recovery. */
  passwordHash: string | null;
  googleSub: string | null;
  fromGoogle: boolean;
  role: Role;
  active: boolean;
  /** Carried as `tv` in every session token; bumping it ends every older session. */
  tokenVersion: number;
  createdAt: Date;
  updatedAt: Date;
  /** When the member deleted the account (its personal data anonymised); null for a live account. */
  deletedAt: Date | null;
  /**
   * Not active yet: the SHA-256 (hex) of the secret kept by the browser that made the latest sign-up, the one whose
   * password is pending; its activation link activates at once only there. Null once active, or when that
   * sign-up came from no browser of ours.
   */
  signUpBinding: string | null;
}

export type NewUser = Omit<UserRow, 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** What a sign-up again, before activation, puts in place of the pending one. */
export type PendingSignUp = Pick<UserRow, 'passwordHash' | 'fullname' | 'signUpBinding'>;

/** `google-sign-in`: the gateway's Google handoff (bound to the tab's secret); `sign-in-link`: emailed past the ceiling. */
export type CodePurpose = 'activation' | 'recovery' | 'google-sign-in' | 'sign-in-link';

export type AttemptKind = 'sign-in-failure' | 'recovery';

/** The accounts. A taken email or Google id makes `insert` reject with a unique violation (isUniqueViolation). */
export interface UsersRepository {
  byId(id: string): Promise<UserRow | null>;
  byEmail(email: string): Promise<UserRow | null>;
  byGoogleSub(googleSub: string): Promise<UserRow | null>;
  insert(row: NewUser): Promise<void>;
  /** Changes the account's fields (and its `updatedAt`); does not touch its sessions. */
  update(id: string, changes: Partial<Omit<UserRow, 'id' | 'createdAt'>>): Promise<void>;
  /** Ends every session issued before (token version + 1): sign-out. Answers the new row, or null. */
  endSessions(id: string): Promise<UserRow | null>;
  /** Sets a new password and ends every session issued before (token version + 1); answers the new row. */
  replacePassword(
    id: string,
    passwordHash: string,
    extra?: Partial<Pick<UserRow, 'active'>>,
  ): Promise<UserRow | null>;
  /**
   * Links a never-activated account to a Google identity and activates it, dropping the password chosen at
   * sign-up (token version + 1). Only while the account is still inactive; answers the new row, else null.
   */
  claimInactiveForGoogle(id: string, googleSub: string, fullname: string): Promise<UserRow | null>;
  /**
   * A sign-up again with the email of an account not active yet: its password, name and browser replace the
   * pending ones. Only while the account is inactive and not deleted; answers the new row, else null.
   */
  replacePendingSignUp(id: string, signUp: PendingSignUp): Promise<UserRow | null>;
  /**
   * Makes the account an active admin if it is not one already, ending its older sessions (token version + 1):
   * they were issued to a member or to a disabled account. Answers the new row, else null (nothing changed).
   */
  makeActiveAdmin(id: string): Promise<UserRow | null>;
  /**
   * Deletes the member's personal data (LGPD): the name and the email become placeholders, the password hash and
   * the Google id go, the account can never sign in again and every session ends (token version + 1). Only a live
   * account; answers the new row, else null.
   */
  anonymise(id: string, placeholder: { email: string; fullname: string }): Promise<UserRow | null>;
  /** Live accounts only, newest first: a deleted account is nobody's any more. */
  page(limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }>;
  /** Counts of the live accounts. */
  stats(): Promise<{ totalUsers: number; usersGoogle: number; usersLocal: number }>;
}

/** Activation codes and recovery tokens, by the SHA-256 of the secret (the secret itself is never stored). */
export interface OneTimeCodesRepository {
  /** `boundTo`: the SHA-256 of a secret the redeemer must show too (a Google sign-in code). */
  insert(
    hash: string,
    userId: string,
    purpose: CodePurpose,
    expiresAt: Date,
    boundTo?: string,
  ): Promise<void>;
  /**
   * Marks the code used if it is still usable (unused, unexpired, and bound to `boundTo` when given); answers its
   * user. A code works only once.
   */
  consume(hash: string, purpose: CodePurpose, boundTo?: string): Promise<string | null>;
  /** The code's user and binding if it is still usable (unused, unexpired), without using it; else null. */
  findUsable(hash: string, purpose: CodePurpose): Promise<{ userId: string; boundTo: string | null } | null>;
  /** Whether the user has a usable code of a purpose (one emailed sign-in link at a time). */
  hasUsableFor(userId: string, purpose: CodePurpose): Promise<boolean>;
  /** Holds, until the transaction ends, the user's codes of a purpose: two requests that look, then insert, take turns. */
  lockFor(userId: string, purpose: CodePurpose): Promise<void>;
  /** Every code of the user, used or not (the account is deleted). */
  removeAll(userId: string): Promise<void>;
  /** Marks the user's unused codes of a purpose used: a new recovery link makes the older ones useless. */
  retireUnused(userId: string, purpose: CodePurpose): Promise<void>;
}

/**
 * Counted attempts for the abuse limits (failed sign-ins, recovery requests), each counted over a sliding window by
 * email, by address hash, or both.
 */
export interface AttemptsRepository {
  count(
    kind: AttemptKind,
    by: { email?: string; addressHash?: string },
    windowMinutes: number,
  ): Promise<number>;
  /**
   * Holds, until the transaction ends, the counters of one email and of one address for a kind: two requests that
   * count and then record take turns. Only meaningful inside `transaction`.
   */
  lock(kind: AttemptKind, email: string, addressHash: string): Promise<void>;
  /** Records one attempt and answers its id (attempts older than a day are pruned as new ones come). */
  record(kind: AttemptKind, email: string, addressHash: string): Promise<string>;
  /** Every attempt that names the email, of every kind (the account is deleted). */
  forgetEmail(email: string): Promise<void>;
  /** Takes back one recorded attempt. */
  forget(id: string): Promise<void>;
  /** Forgets the email's attempts of a kind from one address, or from every address when none is given. */
  clear(kind: AttemptKind, email: string, addressHash?: string): Promise<void>;
}

/** The addresses (hashed) each account has signed in from. */
export interface KnownAddressesRepository {
  has(userId: string, addressHash: string): Promise<boolean>;
  forgetUser(userId: string): Promise<void>;
  /** Adds the address, or marks it seen now. */
  remember(userId: string, addressHash: string): Promise<void>;
}

/** The fingerprint (bcrypt) of the ADMIN_PASSWORD last applied, so a restart does not undo a password change. */
export interface AdminBootstrapRepository {
  /** Holds, until the transaction ends, the admin bootstrap: replicas starting together take turns. */
  lock(): Promise<void>;
  /** The hash of the ADMIN_PASSWORD last applied to this email, or null. */
  appliedPasswordHash(email: string): Promise<string | null>;
  saveAppliedPasswordHash(email: string, passwordHash: string): Promise<void>;
}

export interface AuthRepositories {
  users: UsersRepository;
  codes: OneTimeCodesRepository;
  attempts: AttemptsRepository;
  knownAddresses: KnownAddressesRepository;
  adminBootstrap: AdminBootstrapRepository;
}

/** The repositories, each statement on its own, and `transaction` (kit `Store`). */
export type AuthStore = Store<AuthRepositories>;
