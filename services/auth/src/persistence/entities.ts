import { EntitySchema } from 'typeorm';
import type { Role } from '@app/contracts';

export const SCHEMA = 'auth';

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
}

export type CodePurpose = 'activation' | 'recovery';

/** Activation codes and recovery tokens: only the SHA-256 of the emailed secret is kept. */
export interface OneTimeCodeRow {
  hash: string;
  userId: string;
  purpose: CodePurpose;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export type AttemptKind = 'sign-in-failure' | 'recovery';

/** One counted attempt (abuse limits): the caller's address only as a hash. */
export interface AttemptRow {
  id: string;
  kind: AttemptKind;
  email: string;
  addressHash: string;
  at: Date;
}

/** An address an account has signed in from (the per-email ceiling lets it through). */
export interface KnownAddressRow {
  userId: string;
  addressHash: string;
  lastSeenAt: Date;
}

/** The fingerprint (bcrypt) of the ADMIN_PASSWORD last applied, so a restart does not undo a password change. */
export interface AdminBootstrapRow {
  email: string;
  passwordHash: string;
}

export const UserEntity = new EntitySchema<UserRow>({
  name: 'User',
  tableName: 'users',
  schema: SCHEMA,
  columns: {
    id: { type: 'uuid', primary: true },
    email: { type: 'varchar', length: 254, unique: true },
    fullname: { type: 'varchar', length: 120 },
    passwordHash: { name: 'password_hash', type: 'varchar', length: 100, nullable: true },
    googleSub: { name: 'google_sub', type: 'varchar', length: 255, nullable: true, unique: true },
    fromGoogle: { name: 'from_google', type: 'boolean', default: false },
    role: { type: 'varchar', length: 10, default: 'user' },
    active: { type: 'boolean', default: false },
    tokenVersion: { name: 'token_version', type: 'integer', default: 0 },
    createdAt: { name: 'created_at', type: 'timestamptz', createDate: true },
    updatedAt: { name: 'updated_at', type: 'timestamptz', updateDate: true },
    deletedAt: { name: 'deleted_at', type: 'timestamptz', nullable: true },
  },
});

export const OneTimeCodeEntity = new EntitySchema<OneTimeCodeRow>({
  name: 'OneTimeCode',
  tableName: 'one_time_codes',
  schema: SCHEMA,
  columns: {
    hash: { type: 'char', length: 64, primary: true },
    userId: { name: 'user_id', type: 'uuid' },
    purpose: { type: 'varchar', length: 20 },
    expiresAt: { name: 'expires_at', type: 'timestamptz' },
    usedAt: { name: 'used_at', type: 'timestamptz', nullable: true },
    createdAt: { name: 'created_at', type: 'timestamptz', createDate: true },
  },
});

export const AttemptEntity = new EntitySchema<AttemptRow>({
  name: 'Attempt',
  tableName: 'attempts',
  schema: SCHEMA,
  columns: {
    id: { type: 'bigint', primary: true, generated: 'increment' },
    kind: { type: 'varchar', length: 20 },
    email: { type: 'varchar', length: 254 },
    addressHash: { name: 'address_hash', type: 'char', length: 64 },
    at: { type: 'timestamptz', default: () => 'now()' },
  },
});

export const KnownAddressEntity = new EntitySchema<KnownAddressRow>({
  name: 'KnownAddress',
  tableName: 'known_addresses',
  schema: SCHEMA,
  columns: {
    userId: { name: 'user_id', type: 'uuid', primary: true },
    addressHash: { name: 'address_hash', type: 'char', length: 64, primary: true },
    lastSeenAt: { name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' },
  },
});

export const AdminBootstrapEntity = new EntitySchema<AdminBootstrapRow>({
  name: 'AdminBootstrap',
  tableName: 'admin_bootstrap',
  schema: SCHEMA,
  columns: {
    email: { type: 'varchar', length: 254, primary: true },
    passwordHash: { name: 'password_hash', type: 'varchar', length: 100 },
  },
});

export const entities = [
  UserEntity,
  OneTimeCodeEntity,
  AttemptEntity,
  KnownAddressEntity,
  AdminBootstrapEntity,
];
