/**
 * `npm run images:build [-- <name>…]`: builds every production image (or the named ones) from a commit, for each
 * platform, with docker or podman, writes each image's SBOM, then prints the table of docs/production-images.md.
 *
 * - **From the commit, never the work tree**: the build context is `git archive` of IMAGE_COMMIT (default HEAD), with
 *   every file's time set to one constant so that an unchanged file is an unchanged layer input; uncommitted changes
 *   are not in the images (the script says so).
 * - **One Dockerfile, one target per image** (deploy/Dockerfile): the workspace's install is a layer keyed by the
 *   lockfile and the manifests, made before any source is copied, shared by every image and every platform; each
 *   image's production packages are a layer keyed by its bundle's package.json and lockfile.
 * - **Platforms**: IMAGE_PLATFORMS, default `linux/amd64,linux/arm64`. The build stages run on this machine's
 *   architecture; only the final stages are the target's (the pdf-worker's package install runs under qemu-user-static
 *   through binfmt_misc: Debian's qemu-user-static and binfmt-support). Each image is tagged `<tag>-<arch>`; with
 *   podman `<tag>` is a manifest list of them (`podman manifest push --all` sends it), with docker the machine's own.
 * - **SBOM**: `dist/images/<tag>/aritmetica-<name>-<arch>.cdx.json` (CycloneDX): the npm packages `npm sbom` listed in
 *   the image's deps stage (also in the image, /app/sbom.cdx.json), Debian's packages, Node and npm
 *   (libs/stack/src/image-sbom.ts).
 * - **The base** (`node:<Node of .nvmrc>-bookworm-slim`, by digest when NODE_IMAGE_DIGEST is set) is used when the
 *   engine has it or can pull it for the architecture; where the registry cannot be reached (this machine kind),
 *   deploy/offline-base.sh makes it (debootstrap of bookworm + the official Node of .nvmrc and npm from the npm
 *   registry). The other architecture's base is kept as `localhost/node:<tag>-<arch>`.
 *
 * podman builds with `--format docker` (OCI images have no HEALTHCHECK) and the host network (the build stages reach
 * the npm registry and Debian's packages). The npm steps trust the CA file of BUILD_CA_FILE, else of
 * NODE_EXTRA_CA_CERTS (a TLS-inspecting proxy's, as on this machine kind), given as a secret mount: in no layer.
 * Variables: CONTAINER_ENGINE, IMAGE_COMMIT, IMAGE_TAG, IMAGE_REGISTRY, IMAGE_PLATFORMS, NODE_IMAGE_DIGEST,
 * BUILD_CA_FILE, PODMAN_FLAGS, IMAGES_JOBS (builds at a time, 2), IMAGES_COMPRESSED=1 (also measure this machine's
 * images gzip-compressed, as a registry stores them).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fromRoot } from '@app/stack';
import { isBundleName } from '../libs/stack/src/bundle.js';
import { imageSbom, installedDebPackages, type CycloneDx } from '../libs/stack/src/image-sbom.js';
import {
  baseImage,
  DOCKERFILE,
  engineCommand,
  findEngine,
  imageArchs,
  imageCommit,
  IMAGES,
  imageName,
  imageTag,
  nativeArch,
  PODMAN_ULIMITS,
  run,
  succeeds,
  type Arch,
} from './images.js';

const engine = findEngine();
const [cmd, global] = engineCommand(engine);
const commit = imageCommit();
const tag = imageTag(commit);
const archs = imageArchs();
const asked = process.argv.slice(2);
for (const a of asked) if (!isBundleName(a)) throw new Error(`unknown image ${a}`);
const images = asked.length ? IMAGES.filter((i) => asked.includes(i.name)) : IMAGES;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const engineRun = (args: string[]) => run(cmd, [...global, ...args]);

/** The engine's id and architecture of an image, or null when it does not have it. */
function inspect(ref: string): { id: string; arch: string } | null {
  const r = spawnSync(cmd, [...global, 'image', 'inspect', '--format', '{{.Id}} {{.Architecture}}', ref], {
    encoding: 'utf8',
  });
  if (r.status !== 0) return null;
  const [id, arch] = r.stdout.trim().split(' ');
  return { id: id!, arch: arch! };
}

interface Base {
  /** The name the labels give (the registry's tag, or tag@digest). */
  ref: string;
  /** What the build's FROM gets: the image's id, unambiguous whatever name points where. */
  id: string;
  how: string;
}

/** The base for an architecture: present, pulled, or made offline. */
function ensureBase(arch: Arch, native: Base | null): Base {
  const { tag: baseTag, ref } = baseImage();
  const local = arch === nativeArch() ? ref : `localhost/${baseTag}-${arch}`;
  for (const name of [local, ref]) {
    const found = inspect(name);
    if (found?.arch === arch) return { ref, id: found.id, how: `already in the engine (${name})` };
  }
  console.log(`▶ pull ${ref} (${arch})`);
  const platform = engine === 'podman' ? ['--arch', arch] : ['--platform', `linux/${arch}`];
  if (succeeds(cmd, [...global, 'pull', ...platform, ref], 300_000)) {
    const pulled = inspect(ref)!;
    engineRun(['tag', pulled.id, local]);
    // A pull of another architecture moves the name: give it back to this machine's base.
    if (native && local !== ref) engineRun(['tag', native.id, ref]);
    return { ref, id: pulled.id, how: 'pulled' };
  }
  if (ref !== baseTag)
    throw new Error(
      `${ref} cannot be pulled: a digest pins the registry's image, which an offline base is not.`,
    );
  console.log(`▶ the registry does not answer: offline base ${local} (deploy/offline-base.sh, ${arch})`);
  const started = performance.now();
  const name = engine === 'podman' && local === baseTag ? `docker.io/library/${baseTag}` : local;
  run('bash', [fromRoot('deploy', 'offline-base.sh'), engine, name], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ARCH: arch },
  });
  const made = inspect(local);
  if (made?.arch !== arch) throw new Error(`the offline base was built but ${local} (${arch}) is not found`);
  return { ref, id: made.id, how: `built offline in ${seconds(started)} s` };
}

/** The build context: the commit's files, each with one constant time (1980-01-01). */
function exportCommit(): string {
  const dir = mkdtempSync(path.join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'aritmetica-images-'));
  run('sh', ['-c', `git archive --format=tar "${commit}" | tar -x -C "${dir}"`], { cwd: fromRoot() });
  run('sh', ['-c', `find "${dir}" -exec touch -h -d @315532800 {} +`]);
  return dir;
}

/**
 * Reads files of an image without running it (no emulation for another architecture): podman as root mounts the
 * image's filesystem (about a second); otherwise a container is created, the files copied out, the container removed.
 */
function readFromImage(image: string, files: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (engine === 'podman' && process.getuid?.() === 0) {
    const root = engineRun(['image', 'mount', image]).trim();
    try {
      for (const file of files) out.set(file, readFileSync(path.join(root, file), 'utf8'));
      return out;
    } finally {
      engineRun(['image', 'unmount', image]);
    }
  }
  const container = engineRun(['create', image]).trim().split('\n').at(-1)!;
  const dir = mkdtempSync(path.join(tmpdir(), 'aritmetica-sbom-'));
  try {
    files.forEach((file, i) => {
      const target = path.join(dir, String(i));
      engineRun(['cp', `${container}:${file}`, target]);
      out.set(file, readFileSync(target, 'utf8'));
    });
    return out;
  } finally {
    engineRun(['rm', container]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the image's SBOM file; answers its path and how many components it lists. */
function writeSbom(image: string, arch: Arch): { file: string; components: number } {
  const npmPackage = '/usr/local/lib/node_modules/npm/package.json';
  const files = readFromImage(image, [
    '/app/sbom.cdx.json',
    '/var/lib/dpkg/status',
    '/etc/debian_version',
    npmPackage,
  ]);
  const env = engineRun(['image', 'inspect', '--format', '{{json .Config.Env}}', image]);
  const node = /"NODE_VERSION=([^"]+)"/.exec(env)?.[1] ?? 'unknown';
  const sbom = imageSbom(JSON.parse(files.get('/app/sbom.cdx.json')!) as CycloneDx, {
    image: image.replace(/-(amd64|arm64)$/, ''),
    revision: commit,
    arch,
    node,
    npm: (JSON.parse(files.get(npmPackage)!) as { version: string }).version,
    debianRelease: files.get('/etc/debian_version')!.trim().split('.')[0]!,
    deb: installedDebPackages(files.get('/var/lib/dpkg/status')!),
  });
  const dir = fromRoot('dist', 'images', tag);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${path.basename(image.replace(/:.*$/, ''))}-${arch}.cdx.json`);
  writeFileSync(file, `${JSON.stringify(sbom, null, 2)}\n`);
  return { file: path.relative(fromRoot(), file), components: sbom.components?.length ?? 0 };
}

const t0 = performance.now();
if (run('git', ['status', '--porcelain'], { cwd: fromRoot() }).trim() !== '' && !process.env.IMAGE_COMMIT)
  console.log(`▶ the work tree has uncommitted changes: they are not in the images (built from ${tag})`);
const bases = new Map<Arch, Base>();
for (const arch of archs) bases.set(arch, ensureBase(arch, bases.get(nativeArch()) ?? null));
for (const [arch, b] of bases) console.log(`▶ base ${arch}: ${b.ref} (${b.how}) ${b.id.slice(0, 19)}`);
const buildBase = bases.get(nativeArch()) ?? ensureBase(nativeArch(), null);
const caFile = process.env.BUILD_CA_FILE ?? process.env.NODE_EXTRA_CA_CERTS;
const caSecret = caFile && existsSync(caFile) ? ['--secret', `id=ca,src=${caFile}`] : [];
const context = exportCommit();
console.log(`▶ context: ${commit} (git archive) in ${context}`);

interface Row {
  name: string;
  arch: Arch;
  image: string;
  built: string;
  bytes: number;
  gzip: number | null;
  sbom: string;
  components: number;
}
/** IMAGES_JOBS builds at a time (default 2: a build mostly hashes and copies files on one core). */
const JOBS = Math.max(1, Number(process.env.IMAGES_JOBS ?? 2));
const logDir = fromRoot('dist', 'images', tag, 'logs');
mkdirSync(logDir, { recursive: true });

/** Builds one image (its engine's output to its log file), then reads its size and writes its SBOM. */
async function buildOne(image: (typeof images)[number], arch: Arch): Promise<Row> {
  const base = bases.get(arch)!;
  const name = `${imageName(image.name, tag)}-${arch}`;
  const started = performance.now();
  const args = [
    ...global,
    'build',
    '-f',
    path.join(context, DOCKERFILE),
    '--target',
    image.target,
    '--platform',
    `linux/${arch}`,
    '-t',
    name,
    '--build-arg',
    `NODE_IMAGE=${base.id}`,
    '--build-arg',
    `BUILD_IMAGE=${buildBase.id}`,
    ...Object.entries(image.args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
    '--label',
    `org.opencontainers.image.base.name=${base.ref}`,
    '--label',
    `org.opencontainers.image.base.digest=${base.id.startsWith('sha256:') ? base.id : `sha256:${base.id}`}`,
    '--label',
    `org.opencontainers.image.revision=${commit}`,
    ...caSecret,
    ...(engine === 'podman'
      ? ['--format', 'docker', '--network', 'host', '--pull=never', ...PODMAN_ULIMITS]
      : []),
    context,
  ];
  const log = path.join(logDir, `${image.name}-${arch}.log`);
  const out = createWriteStream(log);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Each line of the engine's output with the seconds since the build began: where a build's time goes.
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) =>
        out.write(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}\n`),
      );
    child.on('error', () => resolve(-1));
    child.on('close', resolve);
  });
  await new Promise((resolve) => out.end(resolve));
  if (code !== 0) {
    const tail = readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(
      `${name}: the build failed (${code}); the end of ${path.relative(fromRoot(), log)}:\n${tail}`,
    );
  }
  const built = seconds(started);
  const bytes = Number(engineRun(['image', 'inspect', '--format', '{{.Size}}', name]).trim());
  const sbom = writeSbom(name, arch);
  console.log(`✔ ${name} in ${built} s (${path.relative(fromRoot(), log)})`);
  return {
    name: image.name,
    arch,
    image: name,
    built,
    bytes,
    gzip: null,
    sbom: sbom.file,
    components: sbom.components,
  };
}

const jobs = archs.flatMap((arch) => images.map((image) => ({ image, arch })));
// First, alone, the job that makes the layers the others share: this machine's gateway (the build stages and the
// SPA) when it is asked for, else the first one.
const first = Math.max(
  0,
  jobs.findIndex((j) => j.image.name === 'gateway' && j.arch === nativeArch()),
);
const order = [first, ...jobs.keys()].filter((i, n, all) => all.indexOf(i) === n);
const rows: Row[] = new Array<Row>(jobs.length);
try {
  console.log(
    `▶ ${jobs.length} images, ${JOBS} at a time; each build's output in ${path.relative(fromRoot(), logDir)}/`,
  );
  const run1 = async (i: number) => {
    rows[i] = await buildOne(jobs[i]!.image, jobs[i]!.arch);
  };
  await run1(order[0]!);
  const queue = order.slice(1);
  await Promise.all(
    Array.from({ length: Math.min(JOBS, queue.length) }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await run1(i);
    }),
  );
} finally {
  rmSync(context, { recursive: true, force: true });
}

// `<tag>`: with podman a manifest list of every architecture's image; else this machine's image.
for (const image of images) {
  const name = imageName(image.name, tag);
  const built = rows.filter((r) => r.name === image.name);
  if (engine === 'podman' && built.length > 1) {
    spawnSync(cmd, [...global, 'manifest', 'rm', name], { stdio: 'ignore' });
    spawnSync(cmd, [...global, 'rmi', name], { stdio: 'ignore' });
    engineRun(['manifest', 'create', name]);
    for (const r of built) engineRun(['manifest', 'add', name, `containers-storage:${r.image}`]);
  } else {
    const own = built.find((r) => r.arch === nativeArch()) ?? built[0]!;
    engineRun(['tag', own.image, name]);
  }
}

const buildSeconds = seconds(t0);
if (process.env.IMAGES_COMPRESSED) {
  // This machine's architecture only: the other's layers differ by a few MB of native code.
  for (const row of rows.filter((r) => r.arch === nativeArch())) {
    // What a registry stores: the layers gzip-compressed (`save` writes them uncompressed; gzip -6 as registries do).
    const saved = spawnSync(
      'sh',
      ['-c', `${[cmd, ...global].join(' ')} save "${row.image}" | gzip -6 | wc -c`],
      {
        encoding: 'utf8',
        maxBuffer: 1024 * 1024,
      },
    );
    if (saved.status === 0) row.gzip = Number(saved.stdout.trim());
  }
}

const mb = (b: number | null) => (b === null ? '—' : (b / 1e6).toFixed(0));
console.log(
  `\nImages ${tag} (${commit}) for ${archs.join(', ')} on ${buildBase.ref} (${engine}; MB = 10⁶ bytes), built in ${buildSeconds} s:\n`,
);
console.log('| image | arch | MB | MB gzip | build s | SBOM components |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(`| ${r.name} | ${r.arch} | ${mb(r.bytes)} | ${mb(r.gzip)} | ${r.built} | ${r.components} |`);
console.log(`\nSBOMs: dist/images/${tag}/`);
