import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
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

/** Runs a TypeScript entry point with tsx in a child process. */
export function spawnTs(name: string, entry: string, env: NodeJS.ProcessEnv, log: LogTarget): Managed {
  return spawnManaged(name, process.execPath, ['--import', 'tsx', path.resolve(repoRoot, entry)], {
    cwd: path.dirname(path.resolve(repoRoot, entry)),
    env,
    log,
  });
}
