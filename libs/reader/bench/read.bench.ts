/**
 * The CPU time of reading one sheet (`readSheet`: marks, QR code, every box), on the synthetic photos of the unit
 * test (12 Mpx JPEGs of quality 60), each read a few times after one warm-up read. Run:
 * `npx tsx libs/reader/bench/read.bench.ts`.
 */
import {
  findCornerMarks,
  grayFromRgba,
  pageTransform,
  readQr,
  readSheet,
  type ReadingMap,
} from '@app/reader';
import { writeSheet } from '../test/support/synthetic-page.js';
import { photograph, type PhotoOptions } from '../test/support/synthetic-photo.js';
import { confidentDigits, ROWS, URL } from '../test/support/test-sheet.js';

const SCENES: Array<[string, PhotoOptions]> = [
  ['plain', {}],
  ['tilt 25°, turn 15°, deep shadow', { tiltDeg: 25, rotationDeg: 15, shadow: 0.5, blur: 1, seed: 2 }],
  [
    'page half the photo',
    { tiltDeg: 25, tiltAxisDeg: 90, rotationDeg: -15, pageShare: 0.5, blur: 1, seed: 3 },
  ],
  [
    'page filling the photo',
    { tiltDeg: 20, tiltAxisDeg: 45, rotationDeg: -8, pageShare: 1, noise: 8, seed: 4 },
  ],
];
const ROUNDS = 5;

/** The CPU ms `run` takes, mean of `ROUNDS`. */
function cpu(run: () => unknown): number {
  const start = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / ROUNDS;
}

const sheet = writeSheet(ROWS, URL, confidentDigits());
const map: ReadingMap = { widthMm: 210, heightMm: 297, boxes: sheet.boxes };
console.log(
  `${map.boxes.length} boxes a sheet; CPU ms per sheet (user + system), mean of ${ROUNDS} (after ${ROUNDS} warm-up reads)`,
);
for (const [name, options] of SCENES) {
  const photo = await photograph(sheet.page.image, options);
  const cold = cpu(() => readSheet(photo.image, map));
  let right = 0;
  const ms = cpu(() => {
    right += readSheet(photo.image, map).boxes.filter((b, i) => b.digit === sheet.written[i]).length;
  });
  const marks = findCornerMarks(photo.image)!;
  const parts = [
    `first rounds ${cold.toFixed(0)}`,
    `marks ${cpu(() => findCornerMarks(photo.image)).toFixed(0)}`,
    `QR ${cpu(() => readQr(photo.image, pageTransform(marks))).toFixed(0)}`,
  ].join(', ');
  console.log(
    `${name.padEnd(32)} ${ms.toFixed(0).padStart(5)} ms (${parts}); ${right / ROUNDS}/${map.boxes.length} right`,
  );
}
const rgba = new Uint8ClampedArray(3024 * 4032 * 4).fill(200);
console.log(
  `grayFromRgba of a 12 Mpx RGBA photo: ${cpu(() => grayFromRgba(rgba, 3024, 4032)).toFixed(0)} ms`,
);
