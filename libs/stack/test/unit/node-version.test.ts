import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../src/paths.js';
import { nodeVersionProblem, requiredNode } from '../../src/node-version.js';

describe('the Node version', () => {
  it('is declared once: engines in package.json, the same major in .nvmrc', () => {
    expect(requiredNode()).toBe('20.19.0');
    expect(readFileSync(fromRoot('.nvmrc'), 'utf8').trim()).toBe('20');
  });

  it('accepts the required version and newer ones', () => {
    for (const v of ['v20.19.0', 'v20.20.2', 'v22.1.0', 'v24.0.0'])
      expect(nodeVersionProblem(v, '20.19.0')).toBeNull();
  });

  it('refuses an older one with one pt-BR line saying what to install', () => {
    for (const v of ['v20.18.3', 'v18.20.0', 'v20.9.0']) {
      expect(nodeVersionProblem(v, '20.19.0')).toBe(
        `Este projeto precisa do Node 20.19.0 ou mais novo (este é o ${v}): instale-o (por exemplo \`nvm install\`, que lê o .nvmrc) e rode o comando de novo.`,
      );
    }
  });
});
