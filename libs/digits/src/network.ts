/**
 * The digit classifier's network and its forward pass over typed arrays: no import, so a Node worker and the browser
 * run the same code.
 *
 * The input is one 28×28 image (row by row, 0 = paper, 1 = ink). Each convolution block is a valid convolution
 * (stride 1) with a bias, ReLU, then a 2×2 max pool; the features are flattened channel by channel (channel, row,
 * column), go through the hidden dense layers (ReLU) and a last dense layer to the 10 classes, then softmax.
 */

/** One convolution block: `channels` filters of `size`×`size`, then ReLU and a 2×2 max pool. */
export interface ConvSpec {
  channels: number;
  size: number;
}

export interface Architecture {
  /** The side of the square input (28). */
  input: number;
  conv: ConvSpec[];
  /** The sizes of the hidden dense layers (ReLU), between the convolutions and the output. */
  hidden: number[];
  classes: number;
}

/** One layer's parameters: conv weights as [out][in][row][column], dense weights as [out][in]. */
export interface LayerParams {
  weights: Float32Array;
  bias: Float32Array;
}

export interface Network {
  architecture: Architecture;
  /** The convolutions', then the hidden dense layers', then the output layer's parameters. */
  layers: LayerParams[];
}

/** What each layer takes and gives, worked out from the architecture. */
export interface LayerShape {
  kind: 'conv' | 'dense';
  inChannels: number;
  outChannels: number;
  /** conv: the filter's side; dense: 1. */
  size: number;
  /** conv: the side of its input and of its output (before the pool); dense: 1. */
  inSide: number;
  outSide: number;
}

export function layerShapes(architecture: Architecture): LayerShape[] {
  const shapes: LayerShape[] = [];
  let channels = 1;
  let side = architecture.input;
  for (const { channels: out, size } of architecture.conv) {
    const outSide = side - size + 1;
    if (outSide < 2)
      throw new Error(`the convolutions leave no image (${side} px before a ${size}×${size} filter)`);
    shapes.push({ kind: 'conv', inChannels: channels, outChannels: out, size, inSide: side, outSide });
    channels = out;
    side = Math.floor(outSide / 2);
  }
  let inputs = channels * side * side;
  for (const out of [...architecture.hidden, architecture.classes]) {
    shapes.push({ kind: 'dense', inChannels: inputs, outChannels: out, size: 1, inSide: 1, outSide: 1 });
    inputs = out;
  }
  return shapes;
}

/** How many weights a layer has (its bias has `outChannels`). */
export const weightCount = (s: LayerShape) => s.outChannels * s.inChannels * s.size * s.size;

/** The largest activation any layer holds, so one pair of buffers serves the whole pass. */
function largestActivation(shapes: LayerShape[], input: number): number {
  let largest = input * input;
  for (const s of shapes) largest = Math.max(largest, s.outChannels * s.outSide * s.outSide, s.inChannels);
  return largest;
}

/** The network with its buffers: a forward pass allocates nothing but the probabilities it returns. */
export interface Runner {
  network: Network;
  shapes: LayerShape[];
  a: Float32Array;
  b: Float32Array;
}

export function runnerOf(network: Network): Runner {
  const shapes = layerShapes(network.architecture);
  if (shapes.length !== network.layers.length)
    throw new Error(`the network has ${network.layers.length} layers, its architecture ${shapes.length}`);
  shapes.forEach((s, i) => {
    const layer = network.layers[i]!;
    if (layer.weights.length !== weightCount(s) || layer.bias.length !== s.outChannels)
      throw new Error(
        `layer ${i + 1} has ${layer.weights.length}+${layer.bias.length} parameters, not ${weightCount(s)}+${s.outChannels}`,
      );
  });
  const size = largestActivation(shapes, network.architecture.input);
  return { network, shapes, a: new Float32Array(size), b: new Float32Array(size) };
}

/**
 * A valid convolution with bias, then ReLU, into `out` (outChannels × outSide²). Each filter row is applied to an
 * output row at once: with the row's weights held in locals, a 5-wide filter (the network's) does five
 * multiply-adds for each value it writes.
 */
function convolve(s: LayerShape, p: LayerParams, input: Float32Array, out: Float32Array): void {
  const { inChannels, outChannels, size, inSide, outSide } = s;
  const area = outSide * outSide;
  const w = p.weights;
  for (let co = 0; co < outChannels; co++) {
    const base = co * area;
    out.fill(p.bias[co]!, base, base + area);
    for (let ci = 0; ci < inChannels; ci++) {
      for (let ky = 0; ky < size; ky++) {
        const wr = ((co * inChannels + ci) * size + ky) * size;
        const rows = ci * inSide * inSide + ky * inSide;
        if (size === 5) {
          const w0 = w[wr]!;
          const w1 = w[wr + 1]!;
          const w2 = w[wr + 2]!;
          const w3 = w[wr + 3]!;
          const w4 = w[wr + 4]!;
          for (let oy = 0; oy < outSide; oy++) {
            const from = rows + oy * inSide;
            const to = base + oy * outSide;
            for (let ox = 0; ox < outSide; ox++) {
              const i = from + ox;
              out[to + ox]! +=
                w0 * input[i]! +
                w1 * input[i + 1]! +
                w2 * input[i + 2]! +
                w3 * input[i + 3]! +
                w4 * input[i + 4]!;
            }
          }
        } else {
          for (let oy = 0; oy < outSide; oy++) {
            const from = rows + oy * inSide;
            const to = base + oy * outSide;
            for (let ox = 0; ox < outSide; ox++) {
              let sum = 0;
              for (let kx = 0; kx < size; kx++) sum += w[wr + kx]! * input[from + ox + kx]!;
              out[to + ox]! += sum;
            }
          }
        }
      }
    }
  }
  for (let i = 0; i < outChannels * area; i++) if (out[i]! < 0) out[i] = 0;
}

/** A 2×2 max pool of each channel (an odd last row or column is dropped). */
function pool(channels: number, side: number, input: Float32Array, out: Float32Array): number {
  const half = Math.floor(side / 2);
  for (let c = 0; c < channels; c++) {
    for (let y = 0; y < half; y++) {
      for (let x = 0; x < half; x++) {
        const i = c * side * side + 2 * y * side + 2 * x;
        out[c * half * half + y * half + x] = Math.max(
          input[i]!,
          input[i + 1]!,
          input[i + side]!,
          input[i + side + 1]!,
        );
      }
    }
  }
  return half;
}

/** A dense layer: out = W·in + b, with ReLU unless it is the last. */
function dense(s: LayerShape, p: LayerParams, input: Float32Array, out: Float32Array, relu: boolean): void {
  const n = s.inChannels;
  for (let o = 0; o < s.outChannels; o++) {
    let sum = p.bias[o]!;
    const row = o * n;
    for (let i = 0; i < n; i++) sum += p.weights[row + i]! * input[i]!;
    out[o] = relu && sum < 0 ? 0 : sum;
  }
}

/** The softmax of `logits` (numerically safe). */
export function softmax(logits: ArrayLike<number>): Float32Array {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]!);
  const out = new Float32Array(logits.length);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) {
    const e = Math.exp(logits[i]! - max);
    out[i] = e;
    sum += e;
  }
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}

/** The class scores before softmax, for one image of input² values. */
export function logitsOf(runner: Runner, image: Float32Array): Float32Array {
  const { network, shapes } = runner;
  const side = network.architecture.input;
  if (image.length !== side * side)
    throw new Error(`an image is ${side}×${side} = ${side * side} values, not ${image.length}`);
  let current = runner.a;
  let spare = runner.b;
  current.set(image);
  shapes.forEach((s, i) => {
    const p = network.layers[i]!;
    if (s.kind === 'conv') {
      convolve(s, p, current, spare);
      pool(s.outChannels, s.outSide, spare, current);
    } else {
      dense(s, p, current, spare, i < shapes.length - 1);
      [current, spare] = [spare, current];
    }
  });
  return current.slice(0, network.architecture.classes);
}
