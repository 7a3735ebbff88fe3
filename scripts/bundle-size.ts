/**
 * What the home page downloads before it can draw, from a web build's manifest (web/dist/.vite/manifest.json, or the
 * dist directory given as the first argument): the entry chunk and its static imports (what index.html loads and
 * modulepreloads), their CSS, and then the home screen's own lazy chunk. Raw, gzip (level 9) and brotli sizes.
 *   npm run build -w @app/web && npx tsx scripts/bundle-size.ts [web/dist]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../web/dist', import.meta.url)));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/** A chunk and everything it imports statically (the browser fetches them before running it). */
function withStaticImports(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) withStaticImports(dep, seen);
  return seen;
}

function files(keys: Iterable<string>, already = new Set<string>()): string[] {
  const out: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key]!;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) if (!already.has(file)) out.push(file);
  }
  return [...new Set(out)];
}

function sizes(list: string[]) {
  const raw = list.map((f) => readFileSync(path.join(dist, f)));
  const buf = Buffer.concat(raw);
  return {
    raw: buf.length,
    // Each file compressed on its own, as it is served.
    gzip: raw.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    brotli: raw.reduce(
      (n, b) => n + brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
      0,
    ),
  };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
function report(label: string, list: string[]) {
  const js = list.filter((f) => f.endsWith('.js'));
  const css = list.filter((f) => f.endsWith('.css'));
  for (const [kind, group] of [
    ['JS', js],
    ['CSS', css],
  ] as const) {
    if (!group.length) continue;
    const s = sizes(group);
    console.log(
      `${label.padEnd(34)} ${kind.padEnd(4)} ${kB(s.raw).padStart(9)} raw ${kB(s.gzip).padStart(9)} gzip ${kB(s.brotli).padStart(9)} br   (${group.length} file${group.length > 1 ? 's' : ''})`,
    );
  }
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error(`no entry chunk in ${dist}/.vite/manifest.json`);
const initial = files(withStaticImports(entry));
report('initial (entry + static imports)', initial);
const home = Object.keys(manifest).find((k) => k.endsWith('routes/public/Home.tsx'));
if (home) report('+ home screen (lazy, after boot)', files(withStaticImports(home), new Set(initial)));
