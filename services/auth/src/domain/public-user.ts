import type { MyUser, PublicUser } from '@app/contracts';
import type { UserRow } from './ports.js';

export const toPublicUser = (u: UserRow): PublicUser => ({
  _id: u.id,
  fullname: u.fullname,
  email: u.email,
  fromGoogle: u.fromGoogle,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

/** The signed-in user's own view: whether a password exists (a Google account may have none). */
export const toMyUser = (u: UserRow): MyUser => ({
  ...toPublicUser(u),
  hasPassword: u.passwordHash !== null,
});
