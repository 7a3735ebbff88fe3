import type { PublicUser } from '@app/contracts';
import type { UserRow } from '../persistence/entities.js';

export const toPublicUser = (u: UserRow): PublicUser => ({
  _id: u.id,
  fullname: u.fullname,
  email: u.email,
  fromGoogle: u.fromGoogle,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});
