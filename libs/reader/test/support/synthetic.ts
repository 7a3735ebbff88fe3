/**
 * The synthetic sheets and photos of the reader's tests, for the benchmark and the end-to-end tests that photograph
 * a real sheet (`@app/reader/synthetic`): never imported by the product.
 */
export { PageCanvas } from './synthetic-page.js';
export { photograph, type Photo, type PhotoOptions } from './synthetic-photo.js';
export { Random } from './random.js';
export { confidentDigits } from './test-sheet.js';
