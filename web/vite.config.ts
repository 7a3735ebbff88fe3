import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves the API and the free sample PDFs; in development the SPA reaches it through this proxy.
const gateway = 'http://localhost:8080';
const proxy = { '/api': gateway, '/samples': gateway };

/** Text formats worth compressing; PNG, PDF and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|xml|txt|ico|map)$/;
/** Below this a file fits in one packet whatever its encoding. */
const MIN_BYTES = 1024;

/**
 * Whether a built file gets .br and .gz siblings. Not index.html: the gateway fills in PUBLIC_URL at start-up and
 * compresses that copy in memory.
 */
export function isPrecompressible(fileName: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && COMPRESSIBLE.test(fileName) && path.basename(fileName) !== 'index.html';
}

/** A file's brotli (quality 11) and gzip (level 9) forms; a form no smaller than 90% of the file is left out. */
export function compressForms(raw: Buffer): { br?: Buffer; gz?: Buffer } {
  const br = brotliCompressSync(raw, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  const worth = (b: Buffer) => b.length < raw.length * 0.9;
  return { ...(worth(br) ? { br } : {}), ...(worth(gz) ? { gz } : {}) };
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, which the gateway's
 * @fastify/static serves (`preCompressed`) to clients that accept them: no compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'aritmetica:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
      for (const file of files) {
        const raw = await readFile(file);
        if (!isPrecompressible(file, raw.length)) continue;
        const { br, gz } = compressForms(raw);
        if (br) await writeFile(`${file}.br`, br);
        if (gz) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  // @vitejs/plugin-react is hoisted to the root next to vitest's vite 8, so its declared types name vite 8's
  // Plugin; it runs fine under this package's vite 7.
  plugins: [react() as unknown as PluginOption, precompress()],
  server: { proxy },
  preview: { proxy },
  // The manifest lists each chunk's static imports: scripts/bundle-size.ts sums what the home page loads first.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
