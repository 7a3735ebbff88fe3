/**
 * `npm run images:build [-- <name>…]`: builds every production image (or the named ones) with docker or podman, then
 * prints the table of docs/production-images.md: each image's size as the engine counts it (uncompressed) and
 * gzip-compressed (what a registry stores and a node pulls), and how long each build took.
 *
 * The base (`NODE_IMAGE`, node:<Node version>-bookworm-slim, by digest when NODE_IMAGE_DIGEST is set) is used when the
 * engine has it or can pull it; where the registry cannot be reached (this machine kind), deploy/offline-base.sh makes
 * it first (debootstrap of bookworm + the official Node of .nvmrc and npm from the npm registry, scripts/node.sh) under
 * the same name, so the Dockerfiles build unchanged. podman builds with `--format docker` (OCI images have no
 * HEALTHCHECK) and the host network (the build stages reach the npm registry and Debian's packages).
 * The npm steps trust the CA file of BUILD_CA_FILE, else of NODE_EXTRA_CA_CERTS (a TLS-inspecting proxy's, as on this
 * machine kind), given to the build as a secret mount: it is in no layer of any image.
 * Variables: CONTAINER_ENGINE, IMAGE_TAG, IMAGE_REGISTRY, NODE_IMAGE_DIGEST, BUILD_CA_FILE, PODMAN_FLAGS,
 * IMAGES_NO_COMPRESSED=1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fromRoot } from '@app/stack';
import { isBundleName } from '../libs/stack/src/bundle.js';
import {
  baseImage,
  engineCommand,
  findEngine,
  IMAGES,
  imageName,
  imageTag,
  PODMAN_ULIMITS,
  run,
  succeeds,
  type Engine,
} from './images.js';

const engine = findEngine();
const [cmd, global] = engineCommand(engine);
const tag = imageTag();
const asked = process.argv.slice(2);
for (const a of asked) if (!isBundleName(a)) throw new Error(`unknown image ${a}`);
const images = asked.length ? IMAGES.filter((i) => asked.includes(i.name)) : IMAGES;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/** The engine's id of an image, or null when it does not have it. */
function imageId(ref: string): string | null {
  const r = spawnSync(cmd, [...global, 'image', 'inspect', '--format', '{{.Id}}', ref], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The base: present, pulled, or made offline. Answers how it was obtained and its id. */
function ensureBase(e: Engine): { ref: string; how: string; id: string } {
  const { tag: baseTag, ref } = baseImage();
  let id = imageId(ref);
  if (id) return { ref, how: 'already in the engine', id };
  console.log(`▶ pull ${ref}`);
  if (succeeds(cmd, [...global, 'pull', ref], 120_000)) return { ref, how: 'pulled', id: imageId(ref)! };
  if (ref !== baseTag)
    throw new Error(
      `${ref} cannot be pulled: a digest pins the registry's image, which an offline base is not.`,
    );
  console.log(`▶ the registry does not answer: offline base ${baseTag} (deploy/offline-base.sh)`);
  const started = performance.now();
  const name = e === 'podman' ? `docker.io/library/${baseTag}` : baseTag;
  run('bash', [fromRoot('deploy', 'offline-base.sh'), e, name], { stdio: ['ignore', 'inherit', 'inherit'] });
  id = imageId(ref);
  if (!id) throw new Error(`the offline base was built but ${ref} is not found`);
  return { ref, how: `built offline in ${seconds(started)} s`, id };
}

const t0 = performance.now();
const base = ensureBase(engine);
console.log(`▶ base ${base.ref} (${base.how}) ${base.id.slice(0, 19)}`);
const revision = run('git', ['rev-parse', 'HEAD'], { cwd: fromRoot() }).trim();
const caFile = process.env.BUILD_CA_FILE ?? process.env.NODE_EXTRA_CA_CERTS;
const caSecret = caFile && existsSync(caFile) ? ['--secret', `id=ca,src=${caFile}`] : [];

const rows: Array<{ name: string; image: string; built: string; bytes: number; gzip: number | null }> = [];
for (const image of images) {
  const name = imageName(image.name, tag);
  const started = performance.now();
  console.log(`\n▶ ${name} (${image.dockerfile})`);
  const args = [
    ...global,
    'build',
    '-f',
    image.dockerfile,
    '-t',
    name,
    '--build-arg',
    `NODE_IMAGE=${base.ref}`,
    ...Object.entries(image.args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
    '--label',
    `org.opencontainers.image.base.name=${base.ref}`,
    '--label',
    `org.opencontainers.image.base.digest=${base.id.startsWith('sha256:') ? base.id : `sha256:${base.id}`}`,
    '--label',
    `org.opencontainers.image.revision=${revision}`,
    ...caSecret,
    ...(engine === 'podman'
      ? ['--format', 'docker', '--network', 'host', '--pull=never', ...PODMAN_ULIMITS]
      : []),
    '.',
  ];
  const r = spawnSync(cmd, args, { cwd: fromRoot(), stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${name}: the build failed (${r.status})`);
  const bytes = Number(run(cmd, [...global, 'image', 'inspect', '--format', '{{.Size}}', name]).trim());
  rows.push({ name: image.name, image: name, built: seconds(started), bytes, gzip: null });
}

if (!process.env.IMAGES_NO_COMPRESSED) {
  for (const row of rows) {
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
console.log(`\nImages ${tag} on ${base.ref} (${engine}; MB = 10⁶ bytes), ${seconds(t0)} s in all:\n`);
console.log('| image | MB | MB gzip | build s |');
console.log('| --- | ---: | ---: | ---: |');
for (const r of rows) console.log(`| ${r.name} | ${mb(r.bytes)} | ${mb(r.gzip)} | ${r.built} |`);
