/**
 * "Corrigir pela foto" measured on the project's real sheets (`npm run bench:reading`): each sheet of
 * services/pdf-worker/scripts/reading-sheets.ts (printed to PDF by the worker, with its reading map, drawn back at
 * 8 px/mm) is filled in as a child would (about one answer in five wrong, by one digit), in handwritten digits drawn
 * at random from MNIST's held-out t10k digits (none chosen for being easy), then photographed by software
 * (test/support/synthetic-photo.ts: tilted up to 25°, turned up to ±15°, a shadow, blur, grain, a JPEG of quality 60
 * at 12 Mpx) and read by `readSheet`. Printed, for each way of doubting a digit (under one confidence whatever it
 * reads, or, as the product does, `rowIsUnsure`: under one when it is the right answer's digit, and when it is not,
 * under another or while the model gives the answer's digit some probability):
 * - problems marked right or wrong correctly (a problem the reader asks about counts as marked correctly: the
 *   teacher answers it), and problems marked wrongly without a question;
 * - the questions to the teacher per sheet, one per problem asked about (an unsure digit, several marks in a box, an
 *   empty box between digits), and one per QR code not read (the teacher picks the child);
 * - the share of unsure digits;
 * and the CPU time of reading a sheet. Each photo is read by the product's model (tuned on digits the reader cut out
 * of synthetic photos) and by the model before tuning (MNIST alone), so one run compares them. Run:
 * `npm run bench:reading` (PHOTOS=n photos of each sheet, default 4; SEED=n other photos, as the product's doubt
 * was chosen on SEED=7 and is reported on the default; DEBUG=1 names each photo as it is read).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { classify, loadModel, type Classification } from '@app/digits';
import { imageOf, readMnist } from '@app/digits/mnist-data';
import { MNIST_MODEL } from '@app/digits/mnist-model';
import {
  DEFAULT_DOUBT,
  boxIsDoubtful,
  expectedDigits,
  layoutDigits,
  readSheet,
  rowIsUnsure,
  type Doubt,
  type MapBox,
  type ReadingMap,
  type SheetReading,
} from '@app/reader';
import { Random } from '../test/support/random.js';
import { PageCanvas } from '../test/support/synthetic-page.js';
import { photograph } from '../test/support/synthetic-photo.js';

interface SheetFile {
  name: string;
  code: string;
  pxPerMm: number;
  width: number;
  height: number;
  map: ReadingMap;
  answers: Array<{ problem: number; part: MapBox['part']; value: number }>;
}

const dir = resolve(process.argv[2] ?? 'test-results/reading-sheets');
const PHOTOS = Number(process.env.PHOTOS ?? 4);
/**
 * When a digit is asked about: under one confidence whatever it reads, or (the product's way, `rowIsUnsure`) under
 * `match` when it is the right answer's digit in its box, and when it is not, under `differ` or (with `plausible`)
 * when the model gives the answer's digit that probability or more.
 */
const POLICIES: Array<{ name: string; doubt: Doubt }> = [
  ...[0.5, 0.8, 0.9, 0.95, 0.99].map((t) => ({
    name: `any digit under ${t}`,
    doubt: { match: t, differ: t },
  })),
  ...[
    [0, 0],
    [0.5, 0.95],
    [0.5, 0.97],
    [0.3, 0.99],
    [0.5, 0.999],
    [0.3, 0.5, 0.002],
    [0.3, 0.5, 0.005],
    [0.3, 0.5, 0.01],
    [0.3, 0.5, 0.02],
    [0.3, 0.8, 0.005],
    [0.3, 0.8, 0.01],
    [0.5, 0.9, 0.005],
  ].map(([match, differ, plausible]) => {
    const doubt: Doubt = {
      match: match!,
      differ: differ!,
      ...(plausible === undefined ? {} : { plausible }),
    };
    const product =
      match === DEFAULT_DOUBT.match &&
      differ === DEFAULT_DOUBT.differ &&
      plausible === DEFAULT_DOUBT.plausible;
    return {
      name: `the answer's under ${match}, another under ${differ}${plausible === undefined ? '' : ` or it ${100 * plausible} %+`}${product ? ' (the product)' : ''}`,
      doubt,
    };
  }),
];
const MODELS: Array<{ name: string; classifier: (image: Float32Array) => Classification }> = [
  { name: 'before tuning (MNIST alone)', classifier: loadModel(MNIST_MODEL).classify },
  { name: 'the product (tuned on photographed digits)', classifier: classify },
];
const random = new Random(Number(process.env.SEED ?? 2026));
const mnist = readMnist('t10k');
const byDigit = Array.from({ length: 10 }, (_, d) =>
  Array.from({ length: mnist.count }, (_, i) => i).filter((i) => mnist.labels[i] === d),
);
const anyDigit = (d: number) => imageOf(mnist, byDigit[d]![Math.floor(random.next() * byDigit[d]!.length)]!);

/** A row's boxes in writing order (left to right: the highest column first). */
const rowBoxes = (boxes: readonly MapBox[], problem: number, part: MapBox['part']) =>
  boxes.filter((b) => b.problem === problem && b.part === part).sort((a, b) => b.column - a.column);

/** A wrong answer of the same length, one digit changed (the leading one never to 0). */
function wrong(value: number): number {
  const digits = [...String(value)].map(Number);
  const at = Math.floor(random.next() * digits.length);
  const choices = [...Array(10).keys()].filter(
    (d) => d !== digits[at] && !(at === 0 && d === 0 && digits.length > 1),
  );
  digits[at] = choices[Math.floor(random.next() * choices.length)]!;
  return Number(digits.join(''));
}

interface Outcome {
  problems: number;
  /** Per policy: problems marked correctly, marked wrongly without asking, problems asked about, unsure digits. */
  at: Array<{ correct: number; silentWrong: number; questions: number; unsure: number }>;
  digits: number;
  cpuMs: number;
  /** Photos whose QR code is not read (the teacher picks the child: a question each). */
  qrQuestions: number;
}

/** A row's boxes as read, left to right. */
const readRow = (reading: SheetReading, problem: number, part: MapBox['part']) =>
  reading.boxes.filter((b) => b.problem === problem && b.part === part).sort((a, b) => b.column - a.column);

function score(
  reading: SheetReading,
  truth: Map<string, number>,
  written: Map<string, number>,
  outcome: Outcome,
) {
  const problems = new Set([...written.keys()].map((key) => Number(key.split(':')[0])));
  outcome.problems += problems.size;
  // A photo whose sheet is not found is taken again: none of its problems is marked.
  if (reading.marks === null) return;
  for (const [p, { doubt }] of POLICIES.entries()) {
    const slot = outcome.at[p]!;
    for (const problem of problems) {
      const rows = reading.rows.filter((r) => r.problem === problem);
      let asked = false;
      for (const row of rows) {
        const boxes = readRow(reading, problem, row.part);
        const expected = expectedDigits(
          truth.get(`${problem}:${row.part}`)!,
          boxes.map((b) => b.digit),
          row.part,
          row.casas,
        );
        slot.unsure += boxes.filter((b, i) =>
          boxIsDoubtful(b, expected ? expected[i] : undefined, doubt),
        ).length;
        if (rowIsUnsure(boxes, expected, doubt, row.casas)) asked = true;
      }
      const wroteRight = rows.every(
        (r) => written.get(`${problem}:${r.part}`) === truth.get(`${problem}:${r.part}`),
      );
      if (asked) {
        slot.questions++;
        slot.correct++;
        continue;
      }
      const readRight = rows.every(
        (r) => r.value.kind === 'number' && r.value.value === truth.get(`${problem}:${r.part}`),
      );
      if (readRight === wroteRight) slot.correct++;
      else slot.silentWrong++;
    }
  }
}

const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
if (files.length === 0)
  throw new Error(`no sheets in ${dir}: run services/pdf-worker/scripts/reading-sheets.ts first`);
const outcomes: Outcome[] = MODELS.map(() => ({
  problems: 0,
  at: POLICIES.map(() => ({ correct: 0, silentWrong: 0, questions: 0, unsure: 0 })),
  digits: 0,
  cpuMs: 0,
  qrQuestions: 0,
}));
let digits = 0;
let sheets = 0;
let retakes = 0;
for (const file of files) {
  const sheet = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SheetFile;
  const raster = readFileSync(join(dir, `${sheet.name}.gray`));
  for (let photo = 0; photo < PHOTOS; photo++) {
    const page = new PageCanvas(sheet.pxPerMm);
    // pdf.js rounds the page's size up: a row more at most.
    if (page.width !== sheet.width || Math.abs(page.height - sheet.height) > 1)
      throw new Error(`${sheet.name}: not ${sheet.pxPerMm} px/mm`);
    page.data.set(raster.subarray(0, page.data.length));
    const truth = new Map<string, number>();
    const written = new Map<string, number>();
    for (const { problem, part, value } of sheet.answers) {
      const key = `${problem}:${part}`;
      truth.set(key, value);
      const child = random.next() < 0.2 ? wrong(value) : value;
      written.set(key, child);
      const boxes = rowBoxes(sheet.map.boxes, problem, part);
      // A decimal answer (rules 9): its last casa left empty, half the times it is a 0, as a child writes 4,2 for 4,20.
      const casas = boxes.filter((b) => b.casa !== undefined).length;
      const dropsZero = casas > 0 && child % 10 === 0 && random.next() < 0.5;
      layoutDigits(child, boxes.length, part, casas)!.forEach((digit, i) => {
        if (digit === null || (dropsZero && i === boxes.length - 1)) return;
        const box = boxes[i]!;
        digits++;
        // Inside the frame, a little off-centre and of a varying height, as a hand writes.
        const height = Math.min(box.height - 2.4, 5.5 + random.between(-0.6, 0.6));
        page.digit(
          anyDigit(digit),
          { x: box.x + 1.1, y: box.y + (box.height - height) / 2, width: box.width - 2.2, height },
          random.between(30, 70),
          { x: random.between(-0.15, 0.15), y: random.between(-0.3, 0.3) },
        );
      });
    }
    const shot = await photograph(page.image, {
      tiltDeg: random.between(0, 25),
      tiltAxisDeg: random.between(0, 360),
      rotationDeg: random.between(-15, 15),
      // The whole page in the photo, as the camera screen asks: up to 90 % of its height.
      pageShare: random.between(0.6, 0.9),
      shadow: random.between(0, 0.5),
      blur: random.next() < 0.5 ? 1 : 2,
      noise: random.between(2, 8),
      seed: Math.floor(random.next() * 1e9),
    });
    if (process.env.DEBUG) console.error(`${sheet.name} ${photo + 1}`);
    sheets++;
    for (const [m, { classifier }] of MODELS.entries()) {
      const outcome = outcomes[m]!;
      const start = process.cpuUsage();
      const reading = readSheet(shot.image, sheet.map, { classifier });
      const used = process.cpuUsage(start);
      outcome.cpuMs += (used.user + used.system) / 1000;
      if (!reading.marks) {
        if (m === 0) retakes++;
      }
      // A sheet whose QR code is not read is shown for the teacher to pick the child: a question.
      else if (reading.code !== sheet.code) outcome.qrQuestions++;
      score(reading, truth, written, outcome);
    }
  }
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(2)} %`;
console.log(
  `${sheets} photos of ${files.length} real sheets, ${outcomes[1]!.problems} problems, ${digits} handwritten digits; ` +
    `sheets not found (a photo to take again): ${retakes}; QR codes not read (the teacher picks the child): ` +
    `${outcomes[1]!.qrQuestions}; CPU per sheet (readSheet, the product's model): ${(outcomes[1]!.cpuMs / sheets).toFixed(0)} ms`,
);
console.log('');
console.log(
  '| model          | a digit is asked about when its confidence is                          | unsure digits | problems marked correctly | marked wrongly, unasked | questions per sheet |',
);
console.log(
  '| -------------- | ---------------------------------------------------------------------- | ------------- | ------------------------- | ----------------------- | ------------------- |',
);
for (const [p, { name }] of POLICIES.entries())
  for (const m of MODELS.keys()) {
    const outcome = outcomes[m]!;
    const slot = outcome.at[p]!;
    console.log(
      `| ${(m === 0 ? 'before tuning' : 'the product').padEnd(14)} | ${name.padEnd(70)} | ${pct(slot.unsure, digits).padEnd(13)} | ${pct(slot.correct, outcome.problems).padEnd(25)} | ${String(slot.silentWrong).padEnd(23)} | ${((slot.questions + outcome.qrQuestions) / sheets).toFixed(2).padEnd(19)} |`,
    );
  }
