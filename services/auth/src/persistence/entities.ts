import { EntitySchema } from 'typeorm';
import type { AttemptKind, CodePurpose, UserRow } from '../domain/ports.js';

/**
 * auth's tables (schema `auth`), described as the migrations build them: the persistence test checks that TypeORM
 * would change nothing (indexes, checks and foreign keys included) after the migrations ran.
 */
export const SCHEMA = 'auth';

/** Activation codes and recovery tokens: only the SHA-256 of the emailed secret is kept. */
export interface OneTimeCodeRow {
  hash: string;
  userId: string;
  purpose: CodePurpose;
  expiresAt: Date;
  usedAt: Date | null;
  /** A Google sign-in code: the SHA-256 of the secret kept by the tab that started the sign-in; else null. */
  boundTo: string | null;
  createdAt: Date;
}

/**
 * The account a row belongs to, as a relation: only so that the entity describes the foreign key the migrations
 * made (user_id REFERENCES users ON DELETE CASCADE). Never loaded; the rows are read and written by `userId`.
 */
interface OfUser {
  user?: UserRow;
}

const ofUser = (foreignKeyConstraintName: string) => ({
  user: {
    type: 'many-to-one' as const,
    target: 'User',
    joinColumn: { name: 'user_id', foreignKeyConstraintName },
    onDelete: 'CASCADE' as const,
  },
});

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
    signUpBinding: { name: 'sign_up_binding', type: 'char', length: 64, nullable: true },
  },
  // Newest first in the migration (created_at DESC), which an entity cannot say; Postgres reads it either way.
  indices: [{ name: 'users_created_at_idx', columns: ['createdAt'] }],
  checks: [{ name: 'users_role_check', expression: `role IN ('user', 'admin')` }],
});

export const OneTimeCodeEntity = new EntitySchema<OneTimeCodeRow & OfUser>({
  name: 'OneTimeCode',
  tableName: 'one_time_codes',
  schema: SCHEMA,
  columns: {
    hash: { type: 'char', length: 64, primary: true },
    userId: { name: 'user_id', type: 'uuid' },
    purpose: { type: 'varchar', length: 20 },
    expiresAt: { name: 'expires_at', type: 'timestamptz' },
    usedAt: { name: 'used_at', type: 'timestamptz', nullable: true },
    boundTo: { name: 'bound_to', type: 'char', length: 64, nullable: true },
    createdAt: { name: 'created_at', type: 'timestamptz', createDate: true },
  },
  relations: ofUser('one_time_codes_user_id_fkey'),
  indices: [{ name: 'one_time_codes_user_idx', columns: ['userId'] }],
  checks: [
    {
      name: 'one_time_codes_purpose_check',
      expression: `purpose IN ('activation', 'recovery', 'google-sign-in', 'sign-in-link')`,
    },
  ],
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
  indices: [
    { name: 'attempts_email_idx', columns: ['kind', 'email', 'at'] },
    { name: 'attempts_address_idx', columns: ['kind', 'addressHash', 'at'] },
  ],
  checks: [{ name: 'attempts_kind_check', expression: `kind IN ('sign-in-failure', 'recovery')` }],
});

export const KnownAddressEntity = new EntitySchema<KnownAddressRow & OfUser>({
  name: 'KnownAddress',
  tableName: 'known_addresses',
  schema: SCHEMA,
  columns: {
    userId: { name: 'user_id', type: 'uuid', primary: true },
    addressHash: { name: 'address_hash', type: 'char', length: 64, primary: true },
    lastSeenAt: { name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' },
  },
  relations: ofUser('known_addresses_user_id_fkey'),
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
