import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/paths.js';

/** Every `nats:<tag>` image the project names: compose, the Kubernetes base (its image and kustomize's tag), tests. */
function natsTags(): Record<string, string[]> {
  const files = [
    'docker-compose.yml',
    'deploy/k8s/base/nats.yaml',
    'deploy/k8s/base/kustomization.yaml',
    'libs/testing/src/infra.ts',
  ];
  return Object.fromEntries(
    files.map((f) => {
      const text = readFileSync(fromRoot(f), 'utf8');
      const tags = [
        ...text.matchAll(/\bnats:(\d+\.\d+[\w.-]*)/g),
        ...text.matchAll(/- name: nats\n\s+newTag: (\S+)/g),
      ];
      return [f, tags.map((m) => m[1]!)];
    }),
  );
}

describe('the NATS server of the launch paths', () => {
  it('is one exact version, 2.11 or newer, in compose, Kubernetes and the tests’ container fallback', () => {
    const tags = natsTags();
    for (const [file, found] of Object.entries(tags)) expect(found.length, file).toBeGreaterThan(0);
    const all = new Set(Object.values(tags).flat());
    expect(all.size).toBe(1);
    const [tag] = [...all];
    const [, major, minor] = /^(\d+)\.(\d+)\.\d+-alpine$/.exec(tag!) ?? [];
    expect(Number(major) * 100 + Number(minor)).toBeGreaterThanOrEqual(211);
  });

  it('is the version of the Debian build the tests fetch where the machine’s server is older', () => {
    const script = readFileSync(fromRoot('scripts/nats-server.sh'), 'utf8');
    const debian = /^deb_version=(\d+\.\d+\.\d+)-\d+$/m.exec(script)?.[1];
    const floor = /^floor=(\S+)$/m.exec(script)?.[1];
    const tags = new Set(Object.values(natsTags()).flat());
    expect(tags).toEqual(new Set([`${debian}-alpine`]));
    expect(floor).toBe('2.11.0');
    // a SHA-256 pinned for each architecture the images are built for
    for (const arch of ['amd64', 'arm64'])
      expect(script).toMatch(new RegExp(`\\[${arch}\\]=[0-9a-f]{64}\\n`));
  });
});

/** A folder holding a stand-in `nats-server` that reports `version` as the real one does (`nats-server: v2.9.10`). */
function fakeServer(dir: string, version: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'nats-server'), `#!/bin/sh\necho "nats-server: v${version}"\n`);
  chmodSync(path.join(dir, 'nats-server'), 0o755);
  return dir;
}

describe('scripts/nats-server.sh', () => {
  const script = fromRoot('scripts', 'nats-server.sh');
  const debian = /^deb_version=(\S+)$/m.exec(readFileSync(script, 'utf8'))![1]!;
  const arch = process.arch === 'arm64' ? 'arm64' : 'amd64';

  it('puts the cached Debian build first on PATH where the machine’s server is older than 2.11, fetching nothing', () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'nats-sh-'));
    try {
      const cached = fakeServer(
        path.join(tmp, 'cache', 'aritmetica', `nats-server-${debian}-${arch}`, 'bin'),
        debian.replace(/-\d+$/, ''),
      );
      const run = (server: string) =>
        execFileSync('bash', [script], {
          encoding: 'utf8',
          env: {
            ...process.env,
            XDG_CACHE_HOME: path.join(tmp, 'cache'),
            PATH: `${server}:/usr/bin:/bin`,
            DEBIAN_MIRROR: 'http://127.0.0.1:9', // nothing answers: a fetch would fail the test
          },
        }).trim();
      expect(run(fakeServer(path.join(tmp, 'old'), '2.9.10'))).toBe(`export PATH=${cached}:"$PATH"`);
      expect(run(fakeServer(path.join(tmp, 'edge'), '2.10.27'))).toBe(`export PATH=${cached}:"$PATH"`);
      // The machine's is new enough: nothing to do.
      expect(run(fakeServer(path.join(tmp, 'new'), '2.11.0'))).toBe('');
      expect(run(fakeServer(path.join(tmp, 'newer'), '2.15.1'))).toBe('');
      expect(
        execFileSync('bash', [script, 'version', path.join(tmp, 'old', 'nats-server')], {
          encoding: 'utf8',
        }).trim(),
      ).toBe('2.9.10');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  /**
   * Runs the script where the machine's server is 2.9.10, against a stand-in Debian mirror answering `answer`: its
   * exit code and stderr (null when it succeeded), the paths it asked for, and what it left in the cache.
   */
  async function againstMirror(answer: (url: string) => { status: number; body: string }) {
    const tmp = mkdtempSync(path.join(tmpdir(), 'nats-sh-'));
    const asked: string[] = [];
    const mirror = createServer((req, res) => {
      asked.push(req.url ?? '');
      const { status, body } = answer(req.url ?? '');
      res.statusCode = status;
      res.end(body);
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = mirror.address() as { port: number };
      const result = await promisify(execFile)('bash', [script], {
        encoding: 'utf8',
        env: {
          ...process.env,
          XDG_CACHE_HOME: path.join(tmp, 'cache'),
          PATH: `${fakeServer(path.join(tmp, 'old'), '2.9.10')}:/usr/bin:/bin`,
          DEBIAN_MIRROR: `http://127.0.0.1:${port}/debian`,
        },
      }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      return { result, asked, cached: readdirSync(path.join(tmp, 'cache', 'aritmetica')) };
    } finally {
      mirror.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  }

  const pinned = `/debian/pool/main/n/nats-server/nats-server_${debian}_${arch}.deb`;

  it('refuses a package that is not the one pinned, and leaves nothing in the cache', async () => {
    const { result, asked, cached } = await againstMirror(() => ({ status: 200, body: 'not the package' }));
    expect(result?.code).toBe(1);
    expect(result?.stderr).toContain('o pacote baixado não confere');
    expect(asked).toEqual([pinned]);
    expect(cached).toEqual([]);
  });

  it('says so when the pinned package is gone and the newest cannot be found, fetching nothing more', async () => {
    // The pinned package answers 404; the Release is not signed by Debian's key.
    const { result, asked, cached } = await againstMirror((url) => ({
      status: url.endsWith('.deb') ? 404 : 200,
      body: 'not signed',
    }));
    expect(result?.code).toBe(1);
    expect(result?.stderr).toContain('a assinatura do Release do Debian não confere');
    expect(result?.stderr).toContain('nats-server não encontrado no índice do Debian');
    expect(result?.stderr).not.toContain('o pacote baixado não confere');
    expect(asked).toEqual([pinned, '/debian/dists/sid/InRelease']);
    expect(cached).toEqual([]);
  });
});
