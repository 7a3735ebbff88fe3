import { describe, expect, it } from 'vitest';
import { classify, inkComponents, toMnist } from '../../src/index.js';
import { imageOf, readMnist } from '../../scripts/idx.js';
import { centreOfMass, enlarge, inkBox, inverted, paper } from '../support/crops.js';

const test = readMnist('t10k');
const largestDifference = (a: Float32Array, b: Float32Array) =>
  Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));
const digit = (i: number) => ({ image: imageOf(test, i), label: test.labels[i]! });

/** Held-out digit i, enlarged `factor` times and inked onto a box of paper with a margin, at (x, y). */
function boxed(i: number, factor = 4, { width = 150, height = 140, x = 20, y = 12, noise = 4 } = {}) {
  const big = enlarge(digit(i).image, 28, factor);
  return paper({ width, height, noise })
    .draw(big, 28 * factor, 28 * factor, x, y)
    .crop();
}

describe('toMnist', () => {
  it('makes an enlarged digit in a larger box an MNIST image again: 20 px long side, centred by its mass', () => {
    const { gray, width, height } = boxed(0);
    const image = toMnist(gray, width, height)!;
    expect(image).toHaveLength(784);
    const box = inkBox(image);
    expect(Math.max(box.width, box.height)).toBeGreaterThanOrEqual(19);
    expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(21);
    const { x, y } = centreOfMass(image);
    expect(Math.abs(x - 14)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(y - 14)).toBeLessThanOrEqual(0.5);
    expect(Math.max(...image)).toBe(1);
    expect(Math.min(...image)).toBe(0);
  });

  it('keeps the digits readable: 300 held-out digits, enlarged and boxed, are read as well as the originals', () => {
    let right = 0;
    let rightOriginal = 0;
    for (let i = 0; i < 300; i++) {
      const { gray, width, height } = boxed(i, 3 + (i % 3), { x: 10 + (i % 17), y: 8 + (i % 11) });
      if (classify(toMnist(gray, width, height)!).digit === digit(i).label) right++;
      if (classify(digit(i).image).digit === digit(i).label) rightOriginal++;
    }
    expect(right).toBeGreaterThanOrEqual(rightOriginal - 3);
    expect(right / 300).toBeGreaterThanOrEqual(0.98);
  });

  it('reads light ink on dark paper (inverted colours) as dark ink on light paper', () => {
    const crop = boxed(1);
    const light = inverted(crop);
    // The same image, but for a grey level of difference in where the paper is found (the median of each).
    expect(
      largestDifference(
        toMnist(light.gray, light.width, light.height)!,
        toMnist(crop.gray, crop.width, crop.height)!,
      ),
    ).toBeLessThan(0.02);
    expect(classify(toMnist(light.gray, light.width, light.height)!).digit).toBe(digit(1).label);
  });

  it('takes grey levels 0…1 in a Float32Array as 0…255 in a Uint8Array', () => {
    const { gray, width, height } = boxed(2);
    const float = Float32Array.from(gray, (v) => v / 255);
    const fromFloat = toMnist(float, width, height)!;
    const fromBytes = toMnist(gray, width, height)!;
    for (let p = 0; p < 784; p++) expect(fromFloat[p]).toBeCloseTo(fromBytes[p]!, 5);
  });

  it('gives null for an empty box: grainy paper, faint shading, a speck of dust', () => {
    const grainy = paper({ width: 120, height: 100, noise: 6 }).crop();
    expect(toMnist(grainy.gray, grainy.width, grainy.height)).toBeNull();
    const faint = paper({ width: 120, height: 100, ink: 215 })
      .draw(enlarge(digit(3).image, 28, 3), 84, 84, 10, 8)
      .crop();
    expect(toMnist(faint.gray, faint.width, faint.height)).toBeNull();
    const dust = paper({ width: 120, height: 100, noise: 3 }).speck(60, 50, 1).crop();
    expect(toMnist(dust.gray, dust.width, dust.height)).toBeNull();
    const blank = paper({ width: 40, height: 40 }).crop();
    expect(toMnist(blank.gray, blank.width, blank.height)).toBeNull();
  });

  it('finds a light pencil digit (a quarter of the way from paper to black)', () => {
    const pencil = paper({ width: 120, height: 100, ink: 170, noise: 4 })
      .draw(enlarge(digit(3).image, 28, 3), 84, 84, 10, 8)
      .crop();
    expect(classify(toMnist(pencil.gray, pencil.width, pencil.height)!).digit).toBe(digit(3).label);
  });

  it('leaves specks out of the digit', () => {
    const big = enlarge(digit(4).image, 28, 4);
    const clean = paper({ width: 150, height: 140 }).draw(big, 112, 112, 20, 12).crop();
    const dusty = paper({ width: 150, height: 140 })
      .draw(big, 112, 112, 20, 12)
      .speck(140, 130)
      .speck(5, 5)
      .crop();
    // The specks move the ink's mean level by a hair; nothing of them is in the image.
    expect(largestDifference(toMnist(dusty.gray, 150, 140)!, toMnist(clean.gray, 150, 140)!)).toBeLessThan(
      0.01,
    );
  });

  it('thickens a thin pen stroke of a large photo to about MNIST stroke width', () => {
    // A 1 px "1" 160 px tall would be a twentieth of a pixel wide at 20 px: it is thickened before scaling.
    const thin = paper({ width: 100, height: 200 })
      .draw(new Float32Array(160).fill(1), 1, 160, 50, 20)
      .crop();
    const image = toMnist(thin.gray, thin.width, thin.height)!;
    const ink = image.reduce((a, b) => a + b, 0);
    // 20 rows of a stroke about 1.5 to 3 px wide.
    expect(ink).toBeGreaterThan(25);
    expect(ink).toBeLessThan(70);
    expect(classify(image).digit).toBe(1);
  });

  it('refuses grey levels that do not fit the size given', () => {
    expect(() => toMnist(new Uint8Array(10), 3, 3)).toThrow(/3×3/);
  });
});

describe('inkComponents', () => {
  it('finds nothing in an empty box', () => {
    const blank = paper({ width: 120, height: 80, noise: 5 }).crop();
    expect(inkComponents(blank.gray, blank.width, blank.height)).toEqual([]);
  });

  it('finds two digits side by side, left to right, each read as itself', () => {
    // Held-out digits 0 and 1 are a 7 and a 2: "72" written in one box.
    const box = paper({ width: 220, height: 110, noise: 4 })
      .draw(enlarge(digit(0).image, 28, 3), 84, 84, 14, 12)
      .draw(enlarge(digit(1).image, 28, 3), 84, 84, 112, 14)
      .crop();
    const found = inkComponents(box.gray, box.width, box.height);
    expect(found).toHaveLength(2);
    expect(found[0]!.x).toBeLessThan(found[1]!.x);
    expect(found.map((c) => classify(c.image).digit)).toEqual([digit(0).label, digit(1).label]);
    for (const c of found) {
      expect(c.x + c.width).toBeLessThanOrEqual(box.width);
      expect(c.area).toBeGreaterThan(300);
    }
    // toMnist takes the whole box's ink at once: two digits squeezed into one image, read as neither for sure.
    expect(toMnist(box.gray, box.width, box.height)).not.toEqual(found[0]!.image);
  });

  it('counts one digit whose stroke is broken as one, and leaves dust out', () => {
    const image = digit(0).image.slice();
    // Cut the 7's stem across: two pieces sharing columns.
    for (let x = 0; x < 28; x++) image[17 * 28 + x] = image[18 * 28 + x] = 0;
    const box = paper({ width: 140, height: 130 })
      .draw(enlarge(image, 28, 4), 112, 112, 14, 8)
      .speck(134, 124)
      .crop();
    const found = inkComponents(box.gray, box.width, box.height);
    expect(found).toHaveLength(1);
    expect(classify(found[0]!.image).digit).toBe(7);
  });

  it('gives each component the image toMnist gives for it alone', () => {
    const box = paper({ width: 150, height: 140 })
      .draw(enlarge(digit(5).image, 28, 4), 112, 112, 20, 12)
      .crop();
    const [only] = inkComponents(box.gray, box.width, box.height);
    expect(only!.image).toEqual(toMnist(box.gray, box.width, box.height));
  });
});
