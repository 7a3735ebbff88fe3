import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromRoot } from '../../src/paths.js';
import { nodeVersionProblem, pathWithFirst, pinnedNode, requiredNode } from '../../src/node-version.js';

interface Engine {
  name: string;
  version: string;
  onFail: string;
}
const rootPackage = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  engines: { node: string };
  devEngines: { runtime: Engine; packageManager: Engine };
  packageManager: string;
  optionalDependencies?: Record<string, string>;
};
const pinnedNpm = rootPackage.packageManager.replace(/^npm@/, '');

/** A folder of executables that print a version, standing in for a Node or an npm. */
function fakeBin(dir: string, versions: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, version] of Object.entries(versions)) {
    writeFileSync(path.join(dir, name), `#!/bin/sh\necho ${version}\n`);
    chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

describe('the Node version', () => {
  it('is declared as the ecosystem reads it: .nvmrc exact, devEngines failing hard, packageManager exact', () => {
    expect(pinnedNode()).toMatch(/^24\.\d+\.\d+$/);
    expect(requiredNode()).toBe('24.11.0');
    expect(nodeVersionProblem(`v${pinnedNode()}`)).toBeNull();
    expect(rootPackage.devEngines.runtime).toEqual({
      name: 'node',
      version: rootPackage.engines.node,
      onFail: 'error',
    });
    expect(rootPackage.devEngines.packageManager).toEqual({
      name: 'npm',
      version: '>=11.0.0',
      onFail: 'error',
    });
    expect(pinnedNpm).toMatch(/^11\.\d+\.\d+$/);
    // The runtime is not a dependency of the product any more.
    expect(Object.keys(rootPackage.optionalDependencies ?? {}).filter((d) => d.startsWith('node-'))).toEqual(
      [],
    );
  });

  it('is what the tests run on, what a child started by name runs on, and what npm runs on', () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
    const child = execFileSync('node', ['-v'], { encoding: 'utf8' }).trim();
    expect(child).toBe(process.version);
    const npm = JSON.parse(execFileSync('npm', ['version', '--json'], { encoding: 'utf8' })) as Record<
      string,
      string
    >;
    expect(`v${npm['node']}`).toBe(process.version);
  });

  it('scripts/node.sh puts the cached official Node first on PATH when the machine runs another, fetching nothing', () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'node-sh-'));
    try {
      const folder = (os: string, arch: string) =>
        path.join(tmp, 'cache', 'aritmetica', `node-v${pinnedNode()}-npm-${pinnedNpm}-${os}-${arch}`);
      const cached = fakeBin(path.join(folder('linux', 'x64'), 'bin'), { node: `v${pinnedNode()}` });
      fakeBin(path.join(folder('darwin', 'arm64'), 'bin'), { node: `v${pinnedNode()}` });
      const other = fakeBin(path.join(tmp, 'other'), { node: 'v20.20.2', npm: '10.8.2' });
      const env = { ...process.env, XDG_CACHE_HOME: path.join(tmp, 'cache'), PATH: `${other}:/usr/bin:/bin` };
      const script = fromRoot('scripts', 'node.sh');
      const run = (...args: string[]) =>
        execFileSync('bash', [script, ...args], { encoding: 'utf8', env }).trim();
      if (process.platform === 'linux' && process.arch === 'x64') {
        expect(run()).toBe(`export PATH=${cached}:"$PATH"`);
        const after = execFileSync('bash', ['-c', `eval "$(bash ${script})" && node -v`], {
          encoding: 'utf8',
          env,
        });
        expect(after.trim()).toBe(`v${pinnedNode()}`);
      }
      expect(run('dir', 'darwin', 'arm64')).toBe(folder('darwin', 'arm64'));
      // The machine already runs the project's Node and npm: nothing to do.
      const same = fakeBin(path.join(tmp, 'same'), { node: `v${pinnedNode()}`, npm: pinnedNpm });
      const quiet = execFileSync('bash', [script], {
        encoding: 'utf8',
        env: { ...env, PATH: `${same}:/usr/bin:/bin` },
      });
      expect(quiet).toBe('');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('accepts the required version and newer ones', () => {
    for (const v of ['v24.11.0', 'v24.21.0', 'v25.1.0', 'v26.0.0'])
      expect(nodeVersionProblem(v, '24.11.0')).toBeNull();
  });

  it('refuses an older one with one pt-BR line saying how to get it', () => {
    for (const v of ['v24.10.0', 'v20.20.2', 'v22.22.0']) {
      expect(nodeVersionProblem(v, '24.11.0')).toBe(
        `Este projeto precisa do Node 24.11.0 ou mais novo (este é o ${v}): rode \`eval "$(scripts/node.sh)"\` (o Node do .nvmrc, do registro do npm) ou \`nvm install\` e o comando de novo.`,
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
