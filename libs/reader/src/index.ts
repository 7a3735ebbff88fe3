export type { Homography, Point, Quad } from './geometry.js';
export { applyHomography, homography, invertHomography, multiply } from './geometry.js';
export type { GrayImage } from './image.js';
export { grayFromRgba, rgbaFromGray, sample, shrink } from './image.js';
export type { CornerMarks } from './marks.js';
export { WORKING_SIDE, findCornerMarks } from './marks.js';
export type { Inset, QrReading, RectMm } from './page.js';
export {
  MARK_CENTRES_MM,
  PAGE_MM,
  QR_REGION_MM,
  cropBox,
  pageTransform,
  qrReadingOf,
  readQr,
  rectify,
} from './page.js';
export type {
  BoxReading,
  Doubt,
  DoubtedBox,
  MapBox,
  Part,
  ReadOptions,
  ReadingMap,
  RowReading,
  RowValue,
  SheetReading,
} from './read.js';
export {
  DEFAULT_THRESHOLD,
  FRAME_INSET_MM,
  evenCrop,
  readBoxes,
  readSheet,
  rowValue,
  rowIsUnsure,
  boxIsDoubtful,
  UNKNOWN_ANSWER_DOUBT,
  layoutDigits,
  expectedDigits,
  DEFAULT_DOUBT,
  rowsOf,
} from './read.js';
