/**
 * What `npm run images:build` and `npm run images:smoke` share: the container engine (docker or podman), the image
 * names and the base image (docs/production-images.md).
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { fromRoot, pinnedNode } from '@app/stack';
import { BUNDLE_NAMES, type BundleName } from '../libs/stack/src/bundle.js';

export type Engine = 'docker' | 'podman';

/** Runs a command; its output, or a thrown error naming it. */
export function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${String(r.stderr ?? '').slice(-2000)}`);
  return String(r.stdout ?? '');
}

export const succeeds = (cmd: string, args: string[], timeoutMs = 30_000) =>
  spawnSync(cmd, args, { stdio: 'ignore', timeout: timeoutMs }).status === 0;

/** CONTAINER_ENGINE, else docker when its engine answers, else podman. */
export function findEngine(): Engine {
  const wanted = process.env.CONTAINER_ENGINE;
  if (wanted === 'docker' || wanted === 'podman') return wanted;
  if (succeeds('docker', ['info'])) return 'docker';
  if (succeeds('podman', ['--version'])) return 'podman';
  throw new Error(
    'No container engine: install Docker, or podman and buildah (`apt-get install podman buildah`), or set CONTAINER_ENGINE.',
  );
}

/**
 * Flags podman needs on machines of this kind (a VM whose sandbox refuses to raise rlimits, cgroups in hybrid
 * mode): the runc runtime and explicit rlimits under the machine's own. PODMAN_FLAGS replaces them ('' for none).
 */
export function podmanGlobalFlags(): string[] {
  if (process.env.PODMAN_FLAGS !== undefined) return process.env.PODMAN_FLAGS.split(/\s+/).filter(Boolean);
  return succeeds('runc', ['--version']) ? ['--runtime', 'runc'] : [];
}
export const PODMAN_ULIMITS = ['--ulimit', 'nofile=16384:16384', '--ulimit', 'nproc=32768:32768'];

/** The engine's command with its global flags. */
export function engineCommand(engine: Engine): [string, string[]] {
  return engine === 'podman' ? ['podman', podmanGlobalFlags()] : ['docker', []];
}

/** The base image of every stage (the Dockerfiles' NODE_IMAGE), pinned by NODE_IMAGE_DIGEST when set. */
export function baseImage(): { tag: string; ref: string } {
  const tag = `node:${pinnedNode()}-bookworm-slim`;
  const digest = process.env.NODE_IMAGE_DIGEST;
  if (digest && !/^sha256:[0-9a-f]{64}$/.test(digest))
    throw new Error('NODE_IMAGE_DIGEST must be sha256:<64 hex digits>');
  return { tag, ref: digest ? `${tag}@${digest}` : tag };
}

/** The commit the images are built from: IMAGE_COMMIT (any revision git knows), else HEAD. */
export function imageCommit(): string {
  return run('git', ['rev-parse', '--verify', `${process.env.IMAGE_COMMIT ?? 'HEAD'}^{commit}`], {
    cwd: fromRoot(),
  }).trim();
}

/** IMAGE_TAG, else the short form of the commit the images are built from. */
export function imageTag(commit = imageCommit()): string {
  return process.env.IMAGE_TAG ?? commit.slice(0, 7);
}

/** The name of a process's image: IMAGE_REGISTRY (default `localhost`) / aritmetica-<name> : tag. */
export const imageName = (name: BundleName, tag: string) =>
  `${process.env.IMAGE_REGISTRY ?? 'localhost'}/aritmetica-${name}:${tag}`;

/** An architecture as the images name it (OCI: amd64, arm64). */
export type Arch = 'amd64' | 'arm64';
/** This machine's architecture. */
export const nativeArch = (): Arch => (process.arch === 'arm64' ? 'arm64' : 'amd64');
/** IMAGE_PLATFORMS (`linux/amd64,linux/arm64`, the default), this machine's first. */
export function imageArchs(): Arch[] {
  const asked = (process.env.IMAGE_PLATFORMS ?? 'linux/amd64,linux/arm64').split(',').map((p) => p.trim());
  const archs = asked.map((p) => {
    const m = /^linux\/(amd64|arm64)$/.exec(p);
    if (!m) throw new Error(`IMAGE_PLATFORMS: ${p} is not linux/amd64 or linux/arm64`);
    return m[1] as Arch;
  });
  return [...new Set(archs)].sort((a, b) => Number(b === nativeArch()) - Number(a === nativeArch()));
}

/** Each image: its target of deploy/Dockerfile and the build arguments. */
export interface ImageSpec {
  name: BundleName;
  target: 'service' | 'gateway' | 'pdf-worker';
  args: Record<string, string>;
}
export const DOCKERFILE = 'deploy/Dockerfile';
export const IMAGES: ImageSpec[] = BUNDLE_NAMES.map((name): ImageSpec => {
  if (name === 'gateway' || name === 'pdf-worker') return { name, target: name, args: { NAME: name } };
  if (name === 'dev-providers')
    return { name, target: 'service', args: { NAME: name, PORT: '8090', HEALTH_PATH: '/health' } };
  return { name, target: 'service', args: { NAME: name } };
});
