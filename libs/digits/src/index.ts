export { classify, loadModel } from './classify.js';
export type { Classification, DigitModel } from './digit-model.js';
export type { ModelFile } from './format.js';
export { FORMAT, decodeModel, encodeModel } from './format.js';
export type { Gray, InkComponent } from './mnist.js';
export { FAINT_CONTRAST, MIN_CONTRAST, inkComponents, toMnist } from './mnist.js';
export type { Architecture, ConvSpec, LayerParams, Network } from './network.js';
