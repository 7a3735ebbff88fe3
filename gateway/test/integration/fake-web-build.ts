import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const webSource = (file: string) => fileURLToPath(new URL(`../../../web/${file}`, import.meta.url));

/**
 * A web build laid out as the web build writes it (web/vite.config.ts): the real index.html template and public
 * files, a hashed script with its .br and .gz forms, a small stylesheet with none, a free sample.
 */
export async function fakeBuild(dir: string) {
  const script = Buffer.from(
    Array.from({ length: 200 }, (_, i) => `export const line${i} = 'exercício ${i}';`).join('\n'),
  );
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'samples'));
  await writeFile(path.join(dir, 'index.html'), await readFile(webSource('index.html')));
  await writeFile(path.join(dir, 'assets/index-Ab12Cd34.js'), script);
  await writeFile(path.join(dir, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dir, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
  await writeFile(path.join(dir, 'assets/tiny-Ef56Gh78.css'), 'body{margin:0}');
  await writeFile(path.join(dir, 'samples/matematica_facil_1.pdf'), '%PDF-1.7 amostra');
  for (const file of ['manifest.webmanifest', 'favicon.ico', 'favicon.svg', 'og-image.png'])
    await writeFile(path.join(dir, file), await readFile(webSource(`public/${file}`)));
  return { script };
}
