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

/** IMAGE_TAG, else the commit (short), with `-dirty` when the work tree has changes. */
export function imageTag(): string {
  if (process.env.IMAGE_TAG) return process.env.IMAGE_TAG;
  const sha = run('git', ['rev-parse', '--short', 'HEAD'], { cwd: fromRoot() }).trim();
  const dirty = run('git', ['status', '--porcelain'], { cwd: fromRoot() }).trim() !== '';
  return dirty ? `${sha}-dirty` : sha;
}

/** The name of a process's image: IMAGE_REGISTRY (default `localhost`) / aritmetica-<name> : tag. */
export const imageName = (name: BundleName, tag: string) =>
  `${process.env.IMAGE_REGISTRY ?? 'localhost'}/aritmetica-${name}:${tag}`;

/** Each image and how it is built: the Dockerfile and its build arguments. */
export interface ImageSpec {
  name: BundleName;
  dockerfile: string;
  args: Record<string, string>;
}
export const IMAGES: ImageSpec[] = BUNDLE_NAMES.map((name): ImageSpec => {
  if (name === 'gateway' || name === 'pdf-worker' || name === 'dev-providers')
    return { name, dockerfile: `deploy/Dockerfile.${name}`, args: {} };
  return { name, dockerfile: 'deploy/Dockerfile.service', args: { SERVICE: name } };
});
