/**
 * `npm run images:size`: the size of each production image (deploy/Dockerfile), estimated from the files it
 * would hold, for machines where no Docker engine runs. Prints a Markdown table (docs/production-images.md).
 *
 *   base          node:24.21.0-bookworm-slim: BASE_IMAGE_MB below (the offline base as measured; override with
 *                 the BASE_IMAGE_MB variable once `docker image ls` has told you).
 *   bundle        dist/<name>/ as scripts/build-bundles.ts writes it (main.mjs, its source map, package files).
 *   node_modules  installed exactly as the image's `deps` stage does it: `npm ci --omit=dev --ignore-scripts` from
 *                 the bundle's package.json and package-lock.json, in a temp folder (the npm registry, or npm's
 *                 cache).
 *   extra         gateway: the built SPA with the samples (web/dist; `npm run build` first, else left out and
 *                 said). pdf-worker: Debian's chromium-headless-shell and fonts-dejavu-core with every package they pull that the
 *                 slim base lacks, summed from apt's Installed-Size — apt resolves the install against a
 *                 simulated base (bookworm's Essential and Priority-required packages, plus the libraries Node
 *                 keeps: libstdc++6, libatomic1), from this machine's apt lists.
 * Sizes are apparent bytes in MB (10^6), as `docker image ls` counts them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromRoot } from '@app/stack';
import {
  BUNDLE_NAMES,
  BundleError,
  buildBundles,
  isBundleName,
  type BundleName,
  type Lockfile,
} from '../libs/stack/src/bundle.js';

/**
 * The base, uncompressed: 326 MB, the offline base `npm run images:build` made on this machine (deploy/offline-base.sh:
 * Debian minbase, Node 24.21.0's binary and headers, npm), measured with `du` inside it; `npm run images:build`
 * measures the real images where an engine runs (docs/production-images.md).
 */
const BASE_IMAGE_MB = Number(process.env.BASE_IMAGE_MB ?? 326);

const MB = 1e6;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** Apparent size and file count of a folder, symlinks counted as links (as an image layer stores them). */
async function treeSize(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const s = await lstat(p);
      bytes += s.size;
      if (e.isDirectory()) await walk(p);
      else files++;
    }
  };
  await walk(dir);
  return { bytes, files };
}

function run(cmd: string, args: string[], opts: { cwd?: string; input?: string } = {}): string {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, encoding: 'utf8', maxBuffer: 512 * MB, input: opts.input });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** Stanzas of `apt-cache show`-like output. */
const stanzas = (text: string) => text.split(/\n\n+/).filter((s) => s.trim());
const field = (stanza: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(stanza)?.[1];

/** Packages `apt-get install --no-install-recommends` would add over the dpkg status file `status`. */
function simulateInstall(status: string, packages: string[]): string[] {
  const out = run('apt-get', [
    '-s',
    '-o',
    `Dir::State::status=${status}`,
    'install',
    '--no-install-recommends',
    ...packages,
  ]);
  return [...out.matchAll(/^Inst (\S+)/gm)].map((m) => m[1]!);
}

/** Chromium and DejaVu over the slim base, from apt's metadata: bytes and how many packages. */
async function chromiumOverSlim(work: string): Promise<{ bytes: number; packages: number }> {
  const required = new Set<string>();
  for (const s of stanzas(run('apt-cache', ['dumpavail'])))
    if (/^Priority: required$/m.test(s) || /^Essential: yes$/m.test(s)) required.add(field(s, 'Package')!);
  const empty = path.join(work, 'status.empty');
  await writeFile(empty, '');
  // usr-is-merged: bookworm's base is merged-/usr already (else apt picks the usrmerge tool, and perl with it).
  const base = simulateInstall(empty, [...required, 'usr-is-merged', 'libstdc++6', 'libatomic1']);
  const status = path.join(work, 'status.slim');
  const shown = stanzas(run('apt-cache', ['show', '--no-all-versions', ...base]));
  await writeFile(status, shown.map((s) => `Status: install ok installed\n${s.trim()}\n`).join('\n'));
  const added = simulateInstall(status, ['chromium-headless-shell', 'fonts-dejavu-core']);
  const kib = stanzas(run('apt-cache', ['show', '--no-all-versions', ...added])).reduce(
    (sum, s) => sum + Number(field(s, 'Installed-Size') ?? 0),
    0,
  );
  return { bytes: kib * 1024, packages: added.length };
}

/** Table rows, one per image; the notes say what could not be measured. */
async function measure(
  names: readonly BundleName[],
  work: string,
): Promise<{ rows: string[][]; notes: string[] }> {
  const built = await buildBundles(names, { outDir: work });
  const notes: string[] = [];
  let chromium: { bytes: number; packages: number } | undefined;
  if (names.includes('pdf-worker')) {
    try {
      chromium = await chromiumOverSlim(work);
    } catch (error) {
      notes.push(
        `pdf-worker: Chromium not estimated (${(error as Error).message.split('\n')[0]}): apt is needed.`,
      );
    }
  }
  const webDist = fromRoot('web', 'dist');
  const spa = existsSync(webDist) ? await treeSize(webDist) : undefined;
  if (names.includes('gateway') && !spa)
    notes.push('gateway: web/dist is not built (`npm run build`): left out.');

  const rows: string[][] = [];
  for (const b of built) {
    const bundle = await treeSize(b.dir);
    run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: b.dir });
    const modules = await treeSize(path.join(b.dir, 'node_modules'));
    const extra =
      b.name === 'gateway' && spa
        ? { bytes: spa.bytes, what: 'SPA + samples' }
        : b.name === 'pdf-worker' && chromium
          ? { bytes: chromium.bytes, what: `Chromium + fonts (${chromium.packages} .deb)` }
          : { bytes: 0, what: '' };
    const total = BASE_IMAGE_MB * MB + bundle.bytes + modules.bytes + extra.bytes;
    const lock = JSON.parse(await readFile(path.join(b.dir, 'package-lock.json'), 'utf8')) as Lockfile;
    const installed = Object.keys(lock.packages).length - 1;
    const direct = Object.keys(b.dependencies).length;
    rows.push([
      b.name,
      String(BASE_IMAGE_MB),
      mb(bundle.bytes),
      `${mb(modules.bytes)} (${installed} packages, ${direct} imported)`,
      extra.bytes ? `${mb(extra.bytes)} ${extra.what}` : '—',
      `**${Math.round(total / MB)}**`,
    ]);
  }
  return { rows, notes };
}

const asked = process.argv.slice(2).filter(isBundleName);
const work = await mkdtemp(path.join(tmpdir(), 'aritmetica-image-sizes-'));
try {
  const { rows, notes } = await measure(asked.length ? asked : BUNDLE_NAMES, work);
  const header = ['image', 'base MB', 'bundle MB', 'node_modules MB', 'extra MB', 'total MB'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of rows) console.log(line(r));
  for (const n of notes) console.log(`\n${n}`);
} catch (error) {
  if (!(error instanceof BundleError)) throw error;
  for (const problem of error.problems) console.error(`✖ ${problem}`);
  process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
