/** The synthetic sheet the reader is tested and measured on: its rows as written, its code, the digits in it. */
import { classify, toMnist } from '@app/digits';
import { imageOf, readMnist } from '@app/digits/mnist-data';

export const CODE = 'K7Q2MZ4P';
export const URL = `https://aritmetica.example/corrigir/${CODE}`;

/**
 * The rows, problem by problem: a result's three boxes (right-aligned, so a short number leaves its first boxes
 * empty), every third problem a division: quotient (2 boxes, written from the first) | resto (1 box).
 */
export const ROWS = ['721', ' 95', '4|3', '306', '   ', '8 |0', ' 64', '5 2', '  |7', '918'];
export const EXPECTED: Array<[number, string, string]> = [
  [0, 'result', '721'],
  [1, 'result', '95'],
  [2, 'quotient', '4'],
  [2, 'resto', '3'],
  [3, 'result', '306'],
  [4, 'result', 'empty'],
  [5, 'quotient', '8'],
  [5, 'resto', '0'],
  [6, 'result', '64'],
  [7, 'result', 'gap'],
  [8, 'quotient', 'empty'],
  [8, 'resto', '7'],
  [9, 'result', '918'],
];

/** The 28×28 ink image blurred by a 3×3 box, as paper-and-ink grey levels (1 = paper). */
function blurred(image: Float32Array): Float32Array {
  const out = new Float32Array(784);
  for (let y = 0; y < 28; y++)
    for (let x = 0; x < 28; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const u = x + dx;
          const v = y + dy;
          if (u >= 0 && v >= 0 && u < 28 && v < 28) sum += image[v * 28 + u]!;
        }
      out[y * 28 + x] = 1 - sum / 9;
    }
  return out;
}

/** Grey levels (1 = paper) back to ink (1 = ink). */
const inkOf = (gray: Float32Array) => gray.map((v) => 1 - v);

/**
 * MNIST's test digits, each taken only when the committed model reads it with confidence, as drawn and blurred twice (a
 * photo's blur closes a loop that is nearly closed: a looped 3 reads as an 8 to a person too): the test is of the
 * page's reading, not of the model's.
 */
export function confidentDigits() {
  const set = readMnist('t10k');
  const used = new Set<number>();
  return {
    next(digit: number): Float32Array {
      for (let i = 0; i < set.count; i++) {
        if (set.labels[i] !== digit || used.has(i)) continue;
        used.add(i);
        const image = imageOf(set, i);
        const read = classify(image);
        const soft = toMnist(blurred(inkOf(blurred(image))), 28, 28);
        const softRead = soft && classify(soft);
        if (
          read.digit === digit &&
          read.confidence > 0.99 &&
          softRead?.digit === digit &&
          softRead.confidence > 0.99
        )
          return image;
      }
      throw new Error(`no ${digit} left`);
    },
  };
}
