/**
 * The model file's format: the architecture and every parameter as little-endian float32 in base64, in the order of
 * the layers (each layer's weights, then its bias). Encoding and decoding are here, dependency-free, so the training
 * script writes what the library reads.
 */
import { layerShapes, weightCount, type Architecture, type LayerParams, type Network } from './network.js';

export const FORMAT = 'digits-cnn/1';

export interface ModelFile {
  format: typeof FORMAT;
  architecture: Architecture;
  /** The seed the training ran with. */
  seed: number;
  /** How many parameters (float32 values) `weights` holds. */
  parameters: number;
  weights: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = clean.charCodeAt(i);
    const v = code < 128 ? VALUE[code]! : -1;
    if (v < 0) throw new Error(`not base64: '${clean[i]}' at ${i}`);
    buffer = ((buffer << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 255;
    }
  }
  return out;
}

/** The parameters of every layer, one after the other, as the model file holds them. */
export function flatParameters(network: Network): Float32Array {
  const total = network.layers.reduce((n, l) => n + l.weights.length + l.bias.length, 0);
  const flat = new Float32Array(total);
  let at = 0;
  for (const { weights, bias } of network.layers) {
    flat.set(weights, at);
    flat.set(bias, at + weights.length);
    at += weights.length + bias.length;
  }
  return flat;
}

/** Cuts a flat parameter array into the layers of `architecture` (views, not copies). */
export function networkOf(architecture: Architecture, flat: Float32Array): Network {
  const layers: LayerParams[] = [];
  let at = 0;
  for (const s of layerShapes(architecture)) {
    const n = weightCount(s);
    layers.push({ weights: flat.subarray(at, at + n), bias: flat.subarray(at + n, at + n + s.outChannels) });
    at += n + s.outChannels;
  }
  if (at !== flat.length)
    throw new Error(`the architecture takes ${at} parameters, the file has ${flat.length}`);
  return { architecture, layers };
}

export function encodeModel(network: Network, seed: number): ModelFile {
  const flat = flatParameters(network);
  const bytes = new Uint8Array(flat.length * 4);
  const view = new DataView(bytes.buffer);
  flat.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return {
    format: FORMAT,
    architecture: network.architecture,
    seed,
    parameters: flat.length,
    weights: toBase64(bytes),
  };
}

export function decodeModel(file: ModelFile): Network {
  if (file.format !== FORMAT) throw new Error(`unknown model format '${String(file.format)}'`);
  const bytes = fromBase64(file.weights);
  if (bytes.length !== file.parameters * 4)
    throw new Error(`the weights hold ${bytes.length} bytes, not ${file.parameters} float32`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flat = new Float32Array(file.parameters);
  for (let i = 0; i < flat.length; i++) flat[i] = view.getFloat32(i * 4, true);
  return networkOf(file.architecture, flat);
}
