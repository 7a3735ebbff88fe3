import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

export type LogTarget = { kind: 'inherit' } | { kind: 'dir'; dir: string } | { kind: 'silent' };

export interface Managed {
  name: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** How long a stopped process has to exit before it is killed. */
const STOP_GRACE_MS = 30_000;

const colours = [36, 32, 33, 35, 34, 31, 96, 92, 93];
let nextColour = 0;

/** Spawns a child process whose output is prefixed on the console or written to `<dir>/<name>.log`. */
export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  opts: { cwd?: string; env: NodeJS.ProcessEnv; log: LogTarget },
): Managed {
  const child = spawn(command, args, {
    cwd: opts.cwd ?? repoRoot,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (opts.log.kind === 'dir') {
    mkdirSync(opts.log.dir, { recursive: true });
    const out = createWriteStream(path.join(opts.log.dir, `${name}.log`), { flags: 'a' });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  } else if (opts.log.kind === 'inherit') {
    const colour = colours[nextColour++ % colours.length];
    const prefix = `\x1b[${colour}m${name.padEnd(12)}\x1b[0m| `;
    const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) stream.write(prefix + line + '\n');
    };
    child.stdout?.on('data', forward(process.stdout));
    child.stderr?.on('data', forward(process.stderr));
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      // As Kubernetes does past a pod's grace period (the manifests' 30 s: a drain of HTTP_DRAIN_MS and the rest).
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A folder of built bundles (`<folder>/<name>/main.mjs` with the node_modules its package.json names, written by
 * `buildRunnableBundles` of ./bundle.ts): when set, the stacks run the processes from it with plain `node`, as the
 * images do, instead of their TypeScript sources under tsx. `npm test` builds them once for its stacks: a process
 * under tsx spent about 5 CPU-seconds loading its sources, a bundle about 0.5, and a run starts some 100 processes.
 */
export const STACK_BUNDLES_VARIABLE = 'STACK_BUNDLES';

/**
 * Starts a process of the repository (`folder`: its package, whose entry point is `src/main.ts`; `bundle`: its
 * name among the bundles): from STACK_BUNDLES when that is set, else its sources under tsx. Either way in the
 * package's `src/` folder.
 */
export function spawnProcess(
  as: string,
  process_: { folder: string; bundle: string },
  env: NodeJS.ProcessEnv,
  log: LogTarget,
): Managed {
  const bundles = process.env[STACK_BUNDLES_VARIABLE];
  if (!bundles) return spawnTs(as, `${process_.folder}/src/main.ts`, env, log);
  const main = path.resolve(bundles, process_.bundle, 'main.mjs');
  if (!existsSync(main))
    throw new Error(
      `${STACK_BUNDLES_VARIABLE}=${bundles} has no ${process_.bundle}/main.mjs: build the bundles again`,
    );
  return spawnManaged(as, process.execPath, ['--enable-source-maps', main], {
    cwd: path.resolve(repoRoot, process_.folder, 'src'),
    env,
    log,
  });
}

/** Runs a TypeScript entry point with tsx in a child process. */
export function spawnTs(name: string, entry: string, env: NodeJS.ProcessEnv, log: LogTarget): Managed {
  return spawnManaged(name, process.execPath, ['--import', 'tsx', path.resolve(repoRoot, entry)], {
    cwd: path.dirname(path.resolve(repoRoot, entry)),
    env,
    log,
  });
}
