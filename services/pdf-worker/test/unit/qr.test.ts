import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrSvg } from '../../src/domain/qr.js';

/** The SVG's black squares (`M<x> <y>h1v1h-1z`) drawn back into an image, 4 pixels a module, for a QR reader. */
function rasterize(svg: string): { data: Uint8ClampedArray; width: number; height: number } {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const scale = 4;
  const width = side * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data.fill(0, offset, offset + 3);
      }
    }
  }
  return { data, width, height: width };
}

describe('the sheet’s QR code', () => {
  it.each([
    'http://localhost:8080/gabarito/AbCdEfGhIjKlMnOpQrStUv',
    'https://www.exercicios-de-aritmetica.com.br/gabarito/Zz-_09AbCdEfGhIjKlMnOp',
  ])('reads back as %s, with its quiet zone', (url) => {
    const svg = qrSvg(url);
    const image = rasterize(svg);
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(url);
    // Four white modules around the code: no square in the outer ring.
    const side = image.width / 4;
    for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
      expect(Math.min(Number(x), Number(y))).toBeGreaterThanOrEqual(4);
      expect(Math.max(Number(x), Number(y))).toBeLessThan(side - 4);
    }
  });
});
