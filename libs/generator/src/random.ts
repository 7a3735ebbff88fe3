import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';

/** A mutable source of uniform integers; every draw advances the underlying pure-rand generator. */
export interface Random {
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `numerator / denominator`. */
  chance(numerator: number, denominator: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/**
 * FNV-1a over the UTF-16 code units followed by murmur3's finaliser: FNV alone leaves similar strings
 * (`amostra-1`, `amostra-2`) with similar low bits, and the PRNG takes a 32-bit seed.
 */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash | 0;
}

export function randomFromSeed(seed: string): Random {
  const generator: RandomGenerator = xoroshiro128plus(hashSeed(seed));
  const int = (min: number, max: number): number => {
    if (min > max) throw new RangeError(`empty range [${min}, ${max}]`);
    return unsafeUniformIntDistribution(min, max, generator);
  };
  return {
    int,
    chance: (numerator, denominator) => int(1, denominator) <= numerator,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
  };
}
