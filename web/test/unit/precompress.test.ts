import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressForms, isPrecompressible } from '../../vite.config';

describe('the web build’s precompression', () => {
  it('compresses text files of 1 kB or more, never index.html, nor images and PDFs', () => {
    expect(isPrecompressible('dist/assets/index-Ab12.js', 4096)).toBe(true);
    expect(isPrecompressible('dist/assets/index-Ab12.css', 1024)).toBe(true);
    expect(isPrecompressible('dist/manifest.webmanifest', 2000)).toBe(true);
    expect(isPrecompressible('dist/favicon.ico', 2000)).toBe(true);
    expect(isPrecompressible('dist/assets/index-Ab12.js', 1023)).toBe(false);
    expect(isPrecompressible('dist/index.html', 4096)).toBe(false);
    expect(isPrecompressible('dist/og-image.png', 300_000)).toBe(false);
    expect(isPrecompressible('dist/samples/matematica_facil_1.pdf', 50_000)).toBe(false);
  });

  it('writes forms that decode to the file, and leaves out those that gain too little', () => {
    const text = Buffer.from('const exercício = "adição";\n'.repeat(200));
    const { br, gz } = compressForms(text);
    expect(brotliDecompressSync(br!).equals(text)).toBe(true);
    expect(gunzipSync(gz!).equals(text)).toBe(true);
    // Random bytes do not compress: neither form is worth serving.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 251));
    const random = Buffer.from(noise.map((b, i) => (b ^ (i * 7919)) & 0xff));
    expect(compressForms(random)).toEqual({});
  });
});
