import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePage, type PageOptions } from '../../src/index.js';
import { murmur3x86128, seedState } from '../../src/random.js';

const ALL: PageOptions = { add: true, sub: true, mult: true, div: true, answers: false, level: 1 };
const EASY_ADD: PageOptions = { add: true, sub: false, mult: false, div: false, answers: false, level: 0 };

/** Page seeds as the pages service makes them: 128 bits, 32 hex digits (here derived, to be repeatable). */
const hexSeed = (index: number) => createHash('md5').update(`pagina-${index}`).digest('hex');

/** The hash used before: FNV-1a and murmur3's finaliser, 32 bits, kept here only to show what it lost. */
function oldHash(seed: string): number {
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

describe('the page seed', () => {
  it("hashes with MurmurHash3_x86_128 exactly (SMHasher's verification value 0xB3ECE62A)", () => {
    // Keys {}, {0}, {0, 1}, … {0 … 254} hashed with seed 256 − length, the 256 hashes hashed again with seed 0.
    const key = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hashes = new DataView(new ArrayBuffer(16 * 256));
    for (let length = 0; length < 256; length++) {
      murmur3x86128(key.subarray(0, length), 256 - length).forEach((word, j) =>
        hashes.setUint32(length * 16 + j * 4, word, true),
      );
    }
    const [first] = murmur3x86128(new Uint8Array(hashes.buffer), 0);
    expect(first).toBe(0xb3ece62a);
  });

  it('gives different pages to the seeds that the old 32-bit hash sent to the same page', () => {
    const pairs = [
      ['b613f0c4e2a9df2bef783ebee7e43f9d', '327708065827064c4b9bcdbb9ae43eeb'],
      ['6c40d37420da1dc3f5ebe8071329b980', '8bde48384dd45493ca0c01ff3abeca3f'],
      ['e5d885f1952ff67011e38ef016039bb0', '88519997ffa8819d0fb5d61a0edea237'],
    ] as const;
    for (const [one, other] of pairs) {
      expect(oldHash(one)).toBe(oldHash(other));
      expect(seedState(one)).not.toEqual(seedState(other));
      expect(generatePage(one, EASY_ADD).problems).not.toEqual(generatePage(other, EASY_ADD).problems);
    }
  });

  it('uses every digit of the seed: 100 000 seeds, each with every one of its 32 hex digits changed', () => {
    const states = new Set<string>();
    let changed = 0;
    for (let index = 0; index < 100_000; index++) {
      const seed = hexSeed(index);
      const state = seedState(seed).join(',');
      states.add(state);
      // One digit per seed, in turn, replaced by the next hex digit: each of the 32 positions is tried 3 125 times.
      const position = index % 32;
      const next = ((parseInt(seed[position] as string, 16) + 1) % 16).toString(16);
      const neighbour = `${seed.slice(0, position)}${next}${seed.slice(position + 1)}`;
      if (seedState(neighbour).join(',') !== state) changed++;
    }
    expect(states.size).toBe(100_000);
    expect(changed).toBe(100_000);
  });

  it('keeps every seed, so a code always renders the same page (changing the hash is a data migration)', () => {
    // Pinned: if this changes, every stored page would print something else.
    expect(seedState('9f86d081884c7d659a2feaa0c55ad015')).toEqual([
      -24921133, -1102185158, -702143857, 722032779,
    ]);
    expect(generatePage('9f86d081884c7d659a2feaa0c55ad015', ALL, 1).problems.map((p) => [p.a, p.b])).toEqual([
      [469, 160],
      [252, 33],
      [88, 2],
      [272, 5],
      [228, 416],
      [758, 83],
      [96, 2],
      [942, 7],
      [243, 857],
      [280, 27],
      [24, 4],
      [872, 4],
    ]);
  });

  it('hashes the UTF-8 bytes, so any string is a seed', () => {
    expect(seedState('página')).not.toEqual(seedState('pagina'));
    expect(seedState('')).toEqual(seedState(''));
    expect(generatePage('', EASY_ADD).problems).toHaveLength(20);
  });
});
