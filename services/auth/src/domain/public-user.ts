import type { PublicUser } from '@app/contracts';
import type { UserRow } from './ports.js';

export const toPublicUser = (u: UserRow): PublicUser => ({
  _id: u.id,
  fullname: u.fullname,
  email: u.email,
  fromGoogle: u.fromGoogle,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});
