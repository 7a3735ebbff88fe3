import type { PublicUser } from '@app/contracts';
import { Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';
import { toPublicUser } from './public-user.js';

export async function updateProfile(deps: AuthDeps, userId: string, fullname: string): Promise<PublicUser> {
  const repo = deps.store.users;
  await repo.update(userId, { fullname });
  const user = await repo.byId(userId);
  if (!user) throw AppError.notFound(Msg.profileFailed);
  return toPublicUser(user);
}
