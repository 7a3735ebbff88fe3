import { describe, expect, it } from 'vitest';
import { layerShapes, logitsOf, runnerOf, softmax, type Architecture } from '../../src/network.js';
import {
  decodeModel,
  encodeModel,
  flatParameters,
  fromBase64,
  networkOf,
  toBase64,
} from '../../src/format.js';
import { Random } from '../../scripts/random.js';
import { Trainer } from '../../scripts/trainer.js';

const small: Architecture = {
  input: 28,
  conv: [
    { channels: 3, size: 3 },
    { channels: 4, size: 5 },
  ],
  hidden: [7],
  classes: 10,
};

const randomImage = (random: Random) =>
  Float32Array.from({ length: 784 }, () => (random.chance(0.3) ? random.next() : 0));

describe('the forward pass', () => {
  it('works out each layer from the architecture', () => {
    expect(layerShapes(small)).toEqual([
      { kind: 'conv', inChannels: 1, outChannels: 3, size: 3, inSide: 28, outSide: 26 },
      { kind: 'conv', inChannels: 3, outChannels: 4, size: 5, inSide: 13, outSide: 9 },
      { kind: 'dense', inChannels: 64, outChannels: 7, size: 1, inSide: 1, outSide: 1 },
      { kind: 'dense', inChannels: 7, outChannels: 10, size: 1, inSide: 1, outSide: 1 },
    ]);
  });

  it("gives the trainer's logits for any filter size (the 5-wide path and the general one)", () => {
    const random = new Random(11);
    const trainer = new Trainer(small, random);
    for (let i = 0; i < trainer.params.length; i++) trainer.params[i]! += 0.05 * random.normal();
    const runner = runnerOf(trainer.network());
    for (let n = 0; n < 20; n++) {
      const image = randomImage(random);
      const library = softmax(logitsOf(runner, image));
      const trained = trainer.forward(image);
      for (let d = 0; d < 10; d++) expect(library[d]).toBeCloseTo(trained[d]!, 6);
    }
  });

  it('computes a network worked by hand', () => {
    // One 5×5 filter that sums its window, bias −1; a pool; a dense layer reading the single pooled value.
    const architecture: Architecture = { input: 6, conv: [{ channels: 1, size: 5 }], hidden: [], classes: 2 };
    const flat = Float32Array.from([...Array<number>(25).fill(1), -1, 2, -3, 0.5, 0.25]);
    const network = networkOf(architecture, flat);
    const image = new Float32Array(36);
    image[0] = 1; // only in the top-left window: 1 − 1 = 0 there
    image[35] = 3; // only in the bottom-right window: 3 − 1 = 2, the pool's maximum
    expect(Array.from(logitsOf(runnerOf(network), image))).toEqual([2 * 2 + 0.5, -3 * 2 + 0.25]);
  });

  it('refuses an image of the wrong size and parameters that do not fit the architecture', () => {
    const runner = runnerOf(new Trainer(small, new Random(1)).network());
    expect(() => logitsOf(runner, new Float32Array(100))).toThrow(/28×28/);
    expect(() => networkOf(small, new Float32Array(10))).toThrow(/takes/);
  });

  it('softmax is safe with large logits', () => {
    const p = softmax([1000, 1000, -1000]);
    expect(Array.from(p)).toEqual([0.5, 0.5, 0]);
  });
});

describe('the model file', () => {
  it('writes base64 as Node does, and reads it back', () => {
    const random = new Random(3);
    for (const length of [0, 1, 2, 3, 4, 5, 100, 1001]) {
      const bytes = Uint8Array.from({ length }, () => random.int(256));
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(fromBase64(text)).toEqual(bytes);
    }
    expect(() => fromBase64('ab$d')).toThrow(/not base64/);
  });

  it('keeps every parameter exactly', () => {
    const network = new Trainer(small, new Random(5)).network();
    const file = encodeModel(network, 5);
    expect(file.parameters).toBe(flatParameters(network).length);
    expect(flatParameters(decodeModel(JSON.parse(JSON.stringify(file)) as typeof file))).toEqual(
      flatParameters(network),
    );
    expect(() => decodeModel({ ...file, parameters: file.parameters + 1 })).toThrow(/bytes/);
  });
});
