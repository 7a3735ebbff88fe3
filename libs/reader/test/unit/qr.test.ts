/**
 * The sheet's QR code read from a blurred photo: jsQR's own threshold, the mean of some ten modules, closes the code's
 * one-module light gaps (the alignment pattern's ring among them) and reads nothing; `readQr` then thresholds the
 * region against a window of two modules, which keeps them open.
 */
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_REGION_MM, readQr, rectify, rgbaFromGray } from '@app/reader';
import { PageCanvas, sheetFurniture } from '../support/synthetic-page.js';
import { photograph } from '../support/synthetic-photo.js';
import { CODE, URL } from '../support/test-sheet.js';

const page = new PageCanvas(8).cornerMarks().qr(URL, 173.5, 11);
sheetFurniture(page, 10);

describe('readQr', () => {
  it('reads a code jsQR misses: the page 60 % of a photo tilted 20°, blurred 2 px, in a shadow', async () => {
    const photo = await photograph(page.image, {
      pageShare: 0.6,
      tiltDeg: 20,
      blur: 2,
      shadow: 0.5,
      seed: 3,
    });

    // The region straightened as readQr does, at 8, 5 and 12 px/mm, and given to jsQR as it is: nothing read.
    for (const pxPerMm of [8, 5, 12]) {
      const width = Math.round(QR_REGION_MM.width * pxPerMm);
      const height = Math.round(QR_REGION_MM.height * pxPerMm);
      const gray = rectify(photo.image, photo.pageToPhoto, QR_REGION_MM, width, height);
      expect(jsQR(rgbaFromGray(gray), width, height, { inversionAttempts: 'dontInvert' })).toBeNull();
    }

    expect(readQr(photo.image, photo.pageToPhoto)).toEqual({ text: URL, code: CODE, kind: 'corrigir' });
  });
});
