import type { PublicUser } from '@app/contracts';
import { AppError } from '@app/kit';

export const usersUnavailableMessage =
  'Não foi possível obter a lista de usuários. Tente novamente em instantes.';

export interface UserPage {
  total: number;
  users: PublicUser[];
}

/** The user list comes from its owner (auth), newest first; when auth does not answer the admin reads why. */
export async function listUsers(
  askOwner: () => Promise<UserPage>,
  onFailure: (err: unknown) => void,
): Promise<UserPage> {
  try {
    return await askOwner();
  } catch (err) {
    onFailure(err);
    throw AppError.unavailable(usersUnavailableMessage);
  }
}
