/** A classifier over a decoded model file. */
import { decodeModel, type ModelFile } from './format.js';
import { logitsOf, runnerOf, softmax, type Network } from './network.js';

export interface Classification {
  /** The most likely digit, 0 to 9. */
  digit: number;
  /** Its probability. */
  confidence: number;
  /** The probability of each digit. */
  probabilities: Float32Array;
}

export interface DigitModel {
  network: Network;
  /** Classifies one 28×28 image (row by row, 0 = paper, 1 = ink), as `toMnist` makes it. */
  classify(image: Float32Array): Classification;
}

export function modelOf(file: ModelFile): DigitModel {
  const network = decodeModel(file);
  const runner = runnerOf(network);
  return {
    network,
    classify(image) {
      const probabilities = softmax(logitsOf(runner, image));
      let digit = 0;
      for (let d = 1; d < probabilities.length; d++) if (probabilities[d]! > probabilities[digit]!) digit = d;
      return { digit, confidence: probabilities[digit]!, probabilities };
    },
  };
}
