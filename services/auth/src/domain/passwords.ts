import bcrypt from 'bcryptjs';

/**
 * The slow, salted password hash. Handed to the use cases in their deps (not imported) so a test can count the
 * hashing work each answer does, which is what keeps answer times from telling which accounts exist.
 */
export interface PasswordHasher {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
}

export const bcryptHasher: PasswordHasher = {
  hash: (password, cost) => bcrypt.hash(password, cost),
  compare: (password, hash) => bcrypt.compare(password, hash),
};

/**
 * Compares against a throwaway hash when the account has no password (or does not exist), so a wrong email
 * costs the same time as a wrong password and the answer time does not tell which accounts exist.
 */
const DECOY_HASH = bcrypt.hashSync('decoy-password-never-matches', 10);
export async function passwordMatches(
  hasher: PasswordHasher,
  password: string,
  hash: string | null,
): Promise<boolean> {
  const matches = await hasher.compare(password, hash ?? DECOY_HASH);
  return hash !== null && matches;
}
