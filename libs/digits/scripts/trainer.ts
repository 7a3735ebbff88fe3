/**
 * Training the network of src/network.ts: a forward pass that keeps what the backward pass needs, backpropagation,
 * and Adam. Written apart from the library's forward pass (convolutions here go through im2col and a matrix
 * product, there they are direct), so the agreement test compares two implementations.
 */
import {
  layerShapes,
  weightCount,
  type Architecture,
  type LayerShape,
  type Network,
} from '../src/network.js';
import { networkOf } from '../src/format.js';
import type { Random } from './random.js';

interface ConvState {
  shape: LayerShape;
  /** Parameters' and gradients' offsets in the flat arrays. */
  at: number;
  /** im2col of the input: for each output position, the (inChannels·size²) input values under the filter. */
  col: Float32Array;
  /** The output after ReLU, outChannels × outSide². */
  act: Float32Array;
  /** The pooled output and, for each of its cells, the index in `act` of the maximum. */
  pooled: Float32Array;
  argmax: Int32Array;
  dCol: Float32Array;
  dPooled: Float32Array;
  /** The input's gradient (the previous block's pooled gradient), inChannels × inSide². */
  dInput: Float32Array;
}

interface DenseState {
  shape: LayerShape;
  at: number;
  input: Float32Array;
  out: Float32Array;
  dOut: Float32Array;
  dInput: Float32Array;
}

export class Trainer {
  readonly architecture: Architecture;
  readonly params: Float32Array;
  readonly grads: Float32Array;
  private readonly m: Float32Array;
  private readonly v: Float32Array;
  private step = 0;
  private readonly convs: ConvState[] = [];
  private readonly denses: DenseState[] = [];
  readonly probabilities: Float32Array;

  constructor(architecture: Architecture, random: Random) {
    this.architecture = architecture;
    const shapes = layerShapes(architecture);
    const total = shapes.reduce((n, s) => n + weightCount(s) + s.outChannels, 0);
    this.params = new Float32Array(total);
    this.grads = new Float32Array(total);
    this.m = new Float32Array(total);
    this.v = new Float32Array(total);
    let at = 0;
    for (const shape of shapes) {
      const fanIn = shape.inChannels * shape.size * shape.size;
      const std = Math.sqrt(2 / fanIn);
      for (let i = 0; i < weightCount(shape); i++) this.params[at + i] = random.normal() * std;
      if (shape.kind === 'conv') {
        const area = shape.outSide * shape.outSide;
        const half = Math.floor(shape.outSide / 2);
        this.convs.push({
          shape,
          at,
          col: new Float32Array(fanIn * area),
          act: new Float32Array(shape.outChannels * area),
          pooled: new Float32Array(shape.outChannels * half * half),
          argmax: new Int32Array(shape.outChannels * half * half),
          dCol: new Float32Array(fanIn * area),
          dPooled: new Float32Array(shape.outChannels * half * half),
          dInput: new Float32Array(shape.inChannels * shape.inSide * shape.inSide),
        });
      } else {
        this.denses.push({
          shape,
          at,
          input: new Float32Array(shape.inChannels),
          out: new Float32Array(shape.outChannels),
          dOut: new Float32Array(shape.outChannels),
          dInput: new Float32Array(shape.inChannels),
        });
      }
      at += weightCount(shape) + shape.outChannels;
    }
    this.probabilities = new Float32Array(architecture.classes);
  }

  /** The network as the library runs it (views of the parameters, which go on changing while training). */
  network(): Network {
    return networkOf(this.architecture, this.params);
  }

  /** The forward pass of one 28×28 image; leaves the class probabilities in `probabilities`. */
  forward(image: Float32Array): Float32Array {
    let input = image;
    for (const c of this.convs) {
      this.convForward(c, input);
      input = c.pooled;
    }
    this.denses.forEach((d, i) => {
      d.input.set(input);
      this.denseForward(d, i < this.denses.length - 1);
      input = d.out;
    });
    let max = -Infinity;
    for (const v of input) max = Math.max(max, v);
    let sum = 0;
    for (let i = 0; i < input.length; i++) sum += this.probabilities[i] = Math.exp(input[i]! - max);
    for (let i = 0; i < input.length; i++) this.probabilities[i]! /= sum;
    return this.probabilities;
  }

  /** Forward and backward for one labelled image: adds its gradient to `grads`, returns its loss. */
  learn(image: Float32Array, label: number): number {
    const p = this.forward(image);
    const loss = -Math.log(Math.max(p[label]!, 1e-12));
    const last = this.denses[this.denses.length - 1]!;
    for (let i = 0; i < p.length; i++) last.dOut[i] = p[i]! - (i === label ? 1 : 0);
    for (let i = this.denses.length - 1; i >= 0; i--) {
      const d = this.denses[i]!;
      this.denseBackward(d);
      const before = this.denses[i - 1];
      if (before)
        for (let j = 0; j < before.out.length; j++) before.dOut[j] = before.out[j]! > 0 ? d.dInput[j]! : 0;
    }
    const lastConv = this.convs[this.convs.length - 1]!;
    lastConv.dPooled.set(this.denses[0]!.dInput);
    for (let i = this.convs.length - 1; i >= 0; i--) {
      const c = this.convs[i]!;
      this.convBackward(c, i > 0);
      if (i > 0) this.convs[i - 1]!.dPooled.set(c.dInput);
    }
    return loss;
  }

  /** One Adam step with the gradients summed over `batch` images, which it then clears. */
  update(batch: number, rate: number, beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8): void {
    this.step++;
    const c1 = 1 - Math.pow(beta1, this.step);
    const c2 = 1 - Math.pow(beta2, this.step);
    const { params, grads, m, v } = this;
    for (let i = 0; i < params.length; i++) {
      const g = grads[i]! / batch;
      m[i] = beta1 * m[i]! + (1 - beta1) * g;
      v[i] = beta2 * v[i]! + (1 - beta2) * g * g;
      params[i]! -= (rate * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + epsilon);
    }
    grads.fill(0);
  }

  private convForward(c: ConvState, input: Float32Array): void {
    const { inChannels, outChannels, size, inSide, outSide } = c.shape;
    const area = outSide * outSide;
    const rows = inChannels * size * size;
    const { col, act } = c;
    const params = this.params;
    for (let oy = 0; oy < outSide; oy++) {
      for (let ox = 0; ox < outSide; ox++) {
        let k = (oy * outSide + ox) * rows;
        for (let ci = 0; ci < inChannels; ci++) {
          for (let ky = 0; ky < size; ky++) {
            const from = ci * inSide * inSide + (oy + ky) * inSide + ox;
            for (let kx = 0; kx < size; kx++) col[k++] = input[from + kx]!;
          }
        }
      }
    }
    const biasAt = c.at + outChannels * rows;
    for (let co = 0; co < outChannels; co++) {
      const wRow = c.at + co * rows;
      const bias = params[biasAt + co]!;
      for (let p = 0; p < area; p++) {
        const from = p * rows;
        let s0 = bias;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        let k = 0;
        for (; k + 3 < rows; k += 4) {
          s0 += params[wRow + k]! * col[from + k]!;
          s1 += params[wRow + k + 1]! * col[from + k + 1]!;
          s2 += params[wRow + k + 2]! * col[from + k + 2]!;
          s3 += params[wRow + k + 3]! * col[from + k + 3]!;
        }
        for (; k < rows; k++) s0 += params[wRow + k]! * col[from + k]!;
        const sum = s0 + s1 + s2 + s3;
        act[co * area + p] = sum > 0 ? sum : 0;
      }
    }
    const half = Math.floor(outSide / 2);
    for (let co = 0; co < outChannels; co++) {
      for (let y = 0; y < half; y++) {
        for (let x = 0; x < half; x++) {
          const corner = co * area + 2 * y * outSide + 2 * x;
          let best = corner;
          if (act[corner + 1]! > act[best]!) best = corner + 1;
          if (act[corner + outSide]! > act[best]!) best = corner + outSide;
          if (act[corner + outSide + 1]! > act[best]!) best = corner + outSide + 1;
          const cell = co * half * half + y * half + x;
          c.pooled[cell] = act[best]!;
          c.argmax[cell] = best;
        }
      }
    }
  }

  /**
   * Only the maximum of each pool's window, where ReLU let it through, gets a gradient: at most a quarter of the
   * outputs, so the backward pass goes over those alone.
   */
  private convBackward(c: ConvState, needInput: boolean): void {
    const { inChannels, outChannels, size, inSide, outSide } = c.shape;
    const area = outSide * outSide;
    const rows = inChannels * size * size;
    const { col, act, dCol } = c;
    const { params, grads } = this;
    const biasAt = c.at + outChannels * rows;
    if (needInput) dCol.fill(0);
    for (let cell = 0; cell < c.dPooled.length; cell++) {
      const g = c.dPooled[cell]!;
      const at = c.argmax[cell]!;
      if (g === 0 || act[at]! <= 0) continue;
      const co = Math.floor(at / area);
      const p = at - co * area;
      grads[biasAt + co]! += g;
      const wRow = c.at + co * rows;
      const from = p * rows;
      for (let k = 0; k < rows; k++) grads[wRow + k]! += g * col[from + k]!;
      if (needInput) for (let k = 0; k < rows; k++) dCol[from + k]! += g * params[wRow + k]!;
    }
    if (!needInput) return;
    const dInput = c.dInput;
    dInput.fill(0);
    for (let oy = 0; oy < outSide; oy++) {
      for (let ox = 0; ox < outSide; ox++) {
        let k = (oy * outSide + ox) * rows;
        for (let ci = 0; ci < inChannels; ci++) {
          for (let ky = 0; ky < size; ky++) {
            const to = ci * inSide * inSide + (oy + ky) * inSide + ox;
            for (let kx = 0; kx < size; kx++) dInput[to + kx]! += dCol[k++]!;
          }
        }
      }
    }
  }

  private denseForward(d: DenseState, relu: boolean): void {
    const n = d.shape.inChannels;
    const biasAt = d.at + d.shape.outChannels * n;
    for (let o = 0; o < d.shape.outChannels; o++) {
      let sum = this.params[biasAt + o]!;
      const row = d.at + o * n;
      for (let i = 0; i < n; i++) sum += this.params[row + i]! * d.input[i]!;
      d.out[o] = relu && sum < 0 ? 0 : sum;
    }
  }

  private denseBackward(d: DenseState): void {
    const n = d.shape.inChannels;
    const biasAt = d.at + d.shape.outChannels * n;
    d.dInput.fill(0);
    for (let o = 0; o < d.shape.outChannels; o++) {
      const g = d.dOut[o]!;
      if (g === 0) continue;
      this.grads[biasAt + o]! += g;
      const row = d.at + o * n;
      for (let i = 0; i < n; i++) {
        this.grads[row + i]! += g * d.input[i]!;
        d.dInput[i]! += g * this.params[row + i]!;
      }
    }
  }
}
