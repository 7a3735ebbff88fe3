import { readFileSync } from 'node:fs';
import { fromRoot } from './paths.js';

/** The oldest Node the project runs on: package.json's `engines.node` (also in .nvmrc). */
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
