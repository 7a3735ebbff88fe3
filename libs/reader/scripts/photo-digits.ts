/**
 * MNIST digits as the reader cuts them out of photographed sheets, for the digit classifier to learn from
 * (`npm run digits:train` runs this first). The model learned MNIST as scanned; in a photo a digit is drawn small in
 * a 5 mm box, photographed through a tilt, a shadow, blur and a JPEG, straightened and cut out again: the 28×28 image
 * the classifier is then given is not MNIST's. This writes that image for each digit.
 *
 * Each synthetic page (test/support/synthetic-page.ts: corner marks, the QR code, grey answer boxes) holds 420 boxes
 * in groups of four, each written with one MNIST digit (a pen or a pencil, a height and a place drawn at random,
 * wider than the bench's), photographed by test/support/synthetic-photo.ts (tilted up to 25°, turned up to ±15°, the
 * page 55–95 % of a 12 Mpx photo, a shadow up to 50 %, blur 0–2 px, grain, JPEG quality 50–80) and read by the
 * reader's own `findCornerMarks`, `pageTransform` and `readBoxes`: each box's image is what `readBoxes` handed the
 * classifier, labelled with the digit written in it.
 *
 * Two sets, in the idx format MNIST ships in, under the directory given (default .cache/photo-digits):
 * - `train`: COUNT (default 30 000) of MNIST's 60 000 training digits, in order from the first;
 * - `t10k`: HELD_OUT (default 5 000) of the 10 000 held-out digits, for measuring only (never trained on).
 * Deterministic for a SEED (default 1). No photo of a child is ever used: these are MNIST's digits.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { classify } from '@app/digits';
import { idxBytes, imageOf, readMnist, type DigitSet } from '@app/digits/mnist-data';
import { findCornerMarks, pageTransform, readBoxes, type MapBox, type ReadingMap } from '../src/index.js';
import { Random } from '../test/support/random.js';
import { PageCanvas } from '../test/support/synthetic-page.js';
import { photograph } from '../test/support/synthetic-photo.js';

const OUT = path.resolve(process.argv[2] ?? '.cache/photo-digits');
const COUNT = Number(process.env.COUNT ?? 30_000);
const HELD_OUT = Number(process.env.HELD_OUT ?? 5_000);
const SEED = Number(process.env.SEED ?? 1);

/** The page's boxes: 15 rows of 7 groups of 4 adjacent boxes (5 × 10.1 mm, as a result row has them). */
function pageMap(): ReadingMap {
  const boxes: MapBox[] = [];
  let problem = 0;
  for (let row = 0; row < 15; row++)
    for (let group = 0; group < 7; group++, problem++)
      for (let i = 0; i < 4; i++)
        boxes.push({
          problem,
          part: 'result',
          column: 4 - i,
          x: 16 + 27 * group + 5 * i,
          y: 52 + 15 * row,
          width: 5,
          height: 10.1,
        });
  return { widthMm: 210, heightMm: 297, boxes };
}

interface Made {
  images: Uint8Array;
  labels: Uint8Array;
  count: number;
  pages: number;
  /** Digits written that the reader found no ink of, or whose page it did not find. */
  lost: number;
}

async function photoDigits(set: DigitSet, count: number, random: Random): Promise<Made> {
  const map = pageMap();
  const images = new Uint8Array(count * 784);
  const labels = new Uint8Array(count);
  const image = new Float32Array(784);
  let made = 0;
  let next = 0;
  let pages = 0;
  let lost = 0;
  while (made < count && next < set.count) {
    const page = new PageCanvas(8)
      .cornerMarks()
      .qr(`https://aritmetica.example/corrigir/P${pages}`, 173.5, 11);
    const written: number[] = [];
    for (const box of map.boxes) {
      page.answerBox(box);
      const i = next++ % set.count;
      written.push(set.labels[i]!);
      // A pen (dark) mostly, a pencil (faint) at times; a hand's height and place.
      const ink = random.next() < 0.7 ? random.between(20, 80) : random.between(80, 150);
      const height = Math.min(box.height - 2.2, random.between(4.2, 7));
      page.digit(
        imageOf(set, i, image),
        { x: box.x + 1.1, y: box.y + (box.height - height) / 2, width: box.width - 2.2, height },
        ink,
        { x: random.between(-0.2, 0.2), y: random.between(-0.4, 0.4) },
      );
    }
    pages++;
    const blur = random.next();
    const shot = await photograph(page.image, {
      tiltDeg: random.between(0, 25),
      tiltAxisDeg: random.between(0, 360),
      rotationDeg: random.between(-15, 15),
      pageShare: random.between(0.55, 0.95),
      shadow: random.between(0, 0.5),
      blur: blur < 0.2 ? 0 : blur < 0.6 ? 1 : 2,
      noise: random.between(2, 9),
      jpegQuality: Math.round(random.between(50, 80)),
      seed: Math.floor(random.next() * 1e9),
    });
    const marks = findCornerMarks(shot.image);
    if (!marks) {
      lost += written.length;
      continue;
    }
    // What `readBoxes` hands the classifier, in the order of the boxes it finds ink in.
    const seen: Float32Array[] = [];
    const reading = readBoxes(shot.image, pageTransform(marks), map, {
      classifier: (input) => {
        seen.push(Float32Array.from(input));
        return classify(input);
      },
    });
    let at = 0;
    reading.forEach((box, b) => {
      if (box.digit === null) {
        lost++;
        return;
      }
      const input = seen[at++]!;
      if (made >= count) return;
      for (let p = 0; p < 784; p++)
        images[made * 784 + p] = Math.round(255 * Math.min(1, Math.max(0, input[p]!)));
      labels[made++] = written[b]!;
    });
    if (at !== seen.length) throw new Error(`${seen.length} images for ${at} boxes read`);
    process.stdout.write(`\r${made}/${count} digits, ${pages} pages`);
  }
  process.stdout.write('\n');
  return {
    images: images.subarray(0, made * 784),
    labels: labels.subarray(0, made),
    count: made,
    pages,
    lost,
  };
}

mkdirSync(OUT, { recursive: true });
const random = new Random(SEED);
for (const [part, count] of [
  ['train', COUNT],
  ['t10k', HELD_OUT],
] as const) {
  const started = performance.now();
  const made = await photoDigits(readMnist(part), count, random);
  writeFileSync(path.join(OUT, `${part}-images-idx3-ubyte`), idxBytes([made.count, 28, 28], made.images));
  writeFileSync(path.join(OUT, `${part}-labels-idx1-ubyte`), idxBytes([made.count], made.labels));
  console.log(
    `photo-digits ${part}: ${made.count} digits from ${made.pages} photographed pages (${made.lost} lost: no ink found or no page), ${((performance.now() - started) / 1000).toFixed(0)} s → ${path.relative(process.cwd(), OUT)}`,
  );
}
