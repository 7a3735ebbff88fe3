import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from './paths.js';

/** The exact Node of the project (.nvmrc): what CI, `scripts/node.sh` and the images run. */
export function pinnedNode(): string {
  return readFileSync(fromRoot('.nvmrc'), 'utf8').trim().replace(/^v/, '');
}

/** The oldest Node the project runs on: package.json's `engines.node` (also its `devEngines.runtime`). */
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
    ? `Este projeto precisa do Node ${required} ou mais novo (este é o ${current}): rode \`eval "$(scripts/node.sh)"\` (o Node do .nvmrc, do registro do npm) ou \`nvm install\` e o comando de novo.`
    : null;
}

/** PATH with `dir` first (once), so that child processes started by name (`node`, `npx`, tsx) run that Node. */
export function pathWithFirst(dir: string, current = process.env.PATH ?? ''): string {
  return [dir, ...current.split(path.delimiter).filter((p) => p && p !== dir)].join(path.delimiter);
}

/**
 * Makes sure the calling command (`npm start`, `npm test`, a script) runs on a supported Node, else one pt-BR line
 * saying how to get it, and exit 1. The running Node's folder goes first on PATH, so that every child started by name
 * runs the same Node.
 */
export function ensureSupportedNode(): void {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(`✖ ${problem}`);
    process.exit(1);
  }
  process.env.PATH = pathWithFirst(path.dirname(process.execPath));
}
