import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';

/** A mutable source of uniform integers; every draw advances the underlying pure-rand generator. */
export interface Random {
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `numerator / denominator`. */
  chance(numerator: number, denominator: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** Four 32-bit words, as `xoroshiro128plus.fromState` takes them. */
export type SeedState = [number, number, number, number];

const rotl = (value: number, bits: number): number => (value << bits) | (value >>> (32 - bits));

function fmix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;
const mix1 = (k: number): number => Math.imul(rotl(Math.imul(k, C1), 15), C2);
const mix2 = (k: number): number => Math.imul(rotl(Math.imul(k, C2), 16), C3);
const mix3 = (k: number): number => Math.imul(rotl(Math.imul(k, C3), 17), C4);
const mix4 = (k: number): number => Math.imul(rotl(Math.imul(k, C4), 18), C1);

/** Little-endian 32-bit word of `bytes` at `offset`, the missing bytes past the end read as 0. */
function wordAt(bytes: Uint8Array, offset: number, length: number): number {
  let word = 0;
  for (let i = Math.min(3, length - offset - 1); i >= 0; i--)
    word = (word << 8) | (bytes[offset + i] as number);
  return word;
}

/**
 * Austin Appleby's MurmurHash3_x86_128 (public domain, SMHasher): 128 bits as four unsigned 32-bit words h1..h4.
 * Checked against SMHasher's verification value in the unit tests.
 */
export function murmur3x86128(bytes: Uint8Array, seed = 0): SeedState {
  const length = bytes.length;
  const blocks = length - (length % 16);
  let h1 = seed | 0;
  let h2 = seed | 0;
  let h3 = seed | 0;
  let h4 = seed | 0;
  for (let offset = 0; offset < blocks; offset += 16) {
    h1 ^= mix1(wordAt(bytes, offset, length));
    h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) | 0;
    h2 ^= mix2(wordAt(bytes, offset + 4, length));
    h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) | 0;
    h3 ^= mix3(wordAt(bytes, offset + 8, length));
    h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) | 0;
    h4 ^= mix4(wordAt(bytes, offset + 12, length));
    h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) | 0;
  }

  const tail = length - blocks;
  if (tail > 12) h4 ^= mix4(wordAt(bytes, blocks + 12, length));
  if (tail > 8) h3 ^= mix3(wordAt(bytes, blocks + 8, length));
  if (tail > 4) h2 ^= mix2(wordAt(bytes, blocks + 4, length));
  if (tail > 0) h1 ^= mix1(wordAt(bytes, blocks, length));

  h1 ^= length;
  h2 ^= length;
  h3 ^= length;
  h4 ^= length;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix32(h1);
  h2 = fmix32(h2);
  h3 = fmix32(h3);
  h4 = fmix32(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** The UTF-8 bytes of a string (what `TextEncoder` gives, without depending on it). */
function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return Uint8Array.from(bytes);
}

/**
 * The generator's whole 128-bit state from the seed string: MurmurHash3_x86_128 of its UTF-8 bytes. A page seed
 * is 128 random bits (32 hex digits), so every bit of it reaches the state; the old 32-bit hash let two codes print
 * the same sheet. The all-zero state, on which xoroshiro128+ would return only zeros (odds 2⁻¹²⁸), is replaced.
 */
export function seedState(seed: string): SeedState {
  const [h1, h2, h3, h4] = murmur3x86128(utf8(seed));
  if ((h1 | h2 | h3 | h4) === 0) return [0, 0, 0, 1];
  return [h1 | 0, h2 | 0, h3 | 0, h4 | 0];
}

class SeededRandom implements Random {
  constructor(private readonly generator: RandomGenerator) {}

  int(min: number, max: number): number {
    if (min > max) throw new RangeError(`empty range [${min}, ${max}]`);
    return unsafeUniformIntDistribution(min, max, this.generator);
  }

  chance(numerator: number, denominator: number): boolean {
    return this.int(1, denominator) <= numerator;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }
}

/** pure-rand's xoroshiro128+ started from the seed's 128-bit state. */
export function randomFromSeed(seed: string): Random {
  return new SeededRandom(xoroshiro128plus.fromState(seedState(seed)));
}
