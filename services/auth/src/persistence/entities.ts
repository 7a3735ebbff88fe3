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

export interface LoginFailuresRow {
  email: string;
  failures: number;
  windowStartedAt: Date;
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

export const LoginFailuresEntity = new EntitySchema<LoginFailuresRow>({
  name: 'LoginFailures',
  tableName: 'login_failures',
  schema: SCHEMA,
  columns: {
    email: { type: 'varchar', length: 254, primary: true },
    failures: { type: 'integer' },
    windowStartedAt: { name: 'window_started_at', type: 'timestamptz' },
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

export const entities = [UserEntity, OneTimeCodeEntity, LoginFailuresEntity, AdminBootstrapEntity];
