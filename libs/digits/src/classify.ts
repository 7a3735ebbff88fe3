/**
 * The committed model (model/weights.ts, written by `npm run digits:train`). The weights are a TypeScript module, so
 * Node (tsx, vitest), esbuild and Vite all take them in with the code: no file to find at run time.
 */
import { MODEL } from '../model/weights.js';
import { modelOf, type Classification, type DigitModel } from './digit-model.js';
import type { ModelFile } from './format.js';

let committed: DigitModel | undefined;

/** The model of a model file; with none, the committed one (decoded once, then shared). */
export function loadModel(file?: ModelFile): DigitModel {
  if (file) return modelOf(file);
  committed ??= modelOf(MODEL);
  return committed;
}

/** The committed model's reading of one 28×28 image (0 = paper, 1 = ink). */
export function classify(image: Float32Array): Classification {
  return loadModel().classify(image);
}
