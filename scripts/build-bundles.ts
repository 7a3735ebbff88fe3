/**
 * `npm run build:bundles [-- <name>…] [--out-dir <dir>]`: each process bundled by esbuild into plain JavaScript,
 * `dist/<name>/main.mjs` (+ source map), with the package.json and package-lock.json of exactly the npm packages it
 * imports (libs/stack/src/bundle.ts). No name: all of them. What the Dockerfiles in deploy/ run.
 */
import path from 'node:path';
import {
  BUNDLE_NAMES,
  BundleError,
  buildBundles,
  isBundleName,
  type BundleName,
} from '../libs/stack/src/bundle.js';

const args = process.argv.slice(2);
let outDir: string | undefined;
const names: BundleName[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--out-dir') outDir = args[++i];
  else if (isBundleName(arg)) names.push(arg);
  else {
    console.error(
      `✖ unknown process "${arg}"; expected some of: ${BUNDLE_NAMES.join(', ')} [--out-dir <dir>]`,
    );
    process.exit(2);
  }
}

try {
  const built = await buildBundles(names.length ? names : BUNDLE_NAMES, {
    ...(outDir ? { outDir: path.resolve(outDir) } : {}),
  });
  for (const b of built) {
    const deps = Object.keys(b.dependencies);
    const where = path.relative(process.cwd(), b.dir);
    console.log(
      `✔ ${b.name.padEnd(13)} ${where.startsWith('..') ? b.dir : where}/main.mjs ${(b.bytes / 1024).toFixed(0).padStart(4)} kB, ` +
        `${deps.length} npm packages: ${deps.join(' ')}`,
    );
  }
} catch (error) {
  if (!(error instanceof BundleError)) throw error;
  for (const problem of error.problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
