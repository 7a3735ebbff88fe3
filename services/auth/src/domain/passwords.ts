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

const decoys = new Map<number, string>();

/**
 * A throwaway hash of the configured cost (bcrypt's time doubles with each step of cost, so the decoy must be as
 * expensive as the real hashes). Made once per cost; the service warms it at start-up.
 */
export function decoyHash(cost: number): string {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = bcrypt.hashSync('decoy-password-never-matches', cost);
    decoys.set(cost, decoy);
  }
  return decoy;
}

/**
 * Compares against the decoy hash when the account has no password (or does not exist), so a wrong email
 * costs the same time as a wrong password and the answer time does not tell which accounts exist.
 */
export async function passwordMatches(
  hasher: PasswordHasher,
  password: string,
  hash: string | null,
  cost: number,
): Promise<boolean> {
  const matches = await hasher.compare(password, hash ?? decoyHash(cost));
  return hash !== null && matches;
}
