import bcrypt from 'bcryptjs';

export const hashPassword = (password: string, cost: number): Promise<string> => bcrypt.hash(password, cost);

/**
 * Compares against a throwaway hash when the account has no password (or does not exist), so a wrong email
 * costs the same time as a wrong password and the answer time does not tell which accounts exist.
 */
const DECOY_HASH = bcrypt.hashSync('decoy-password-never-matches', 10);
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DECOY_HASH);
  return hash !== null && matches;
}
