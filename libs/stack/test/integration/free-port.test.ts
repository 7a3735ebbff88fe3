import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/net.js';

const ephemeralLow = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return null;
  }
})();

describe('freePort: the ports of the stacks that start at once', () => {
  it('hands out a different port each time, each one a listener can bind', async () => {
    const ports = await Promise.all(Array.from({ length: 60 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports.slice(0, 5)) {
      const srv = net.createServer();
      await new Promise<void>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(port, '127.0.0.1', () => resolve());
      });
      await new Promise((resolve) => srv.close(resolve));
    }
  });

  it.runIf(ephemeralLow !== null && ephemeralLow > 20_000)(
    'chooses under the range outgoing connections take their local ports from',
    async () => {
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      for (const port of ports) expect(port).toBeLessThan(ephemeralLow!);
    },
  );

  it.runIf(ephemeralLow !== null && ephemeralLow > 20_000)(
    'never hands out a port that another process of the machine holds',
    async () => {
      // Another process (a second stack starting at once) claims ports and keeps them while it lives.
      const other = await anotherProcessChoosing(300);
      try {
        const mine = await Promise.all(Array.from({ length: 300 }, () => freePort()));
        const held = new Set(other.ports);
        expect(mine.filter((p) => held.has(p))).toEqual([]);
      } finally {
        await other.kill();
      }
    },
  );

  it.runIf(ephemeralLow !== null && ephemeralLow > 20_000)(
    'removes the claims of a process that ended without removing them',
    async () => {
      const first = await anotherProcessChoosing(50);
      await first.kill();
      const theirs = first.ports;
      for (const port of theirs) expect(existsSync(claimFile(port)), `claim of ${port} kept`).toBe(true);
      // The next process to choose a port sweeps them.
      await (await anotherProcessChoosing(1)).kill();
      for (const port of theirs) expect(existsSync(claimFile(port)), `claim of ${port} swept`).toBe(false);
    },
  );
});

const claimFile = (port: number) => path.join(tmpdir(), 'app-port-claims', String(port));

/**
 * Another process that chooses `count` ports and lives on holding them; `kill` ends it by SIGKILL (no exit handler
 * runs, as for a worker stopped by a signal) and resolves once it has exited.
 */
async function anotherProcessChoosing(count: number): Promise<{ ports: number[]; kill(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import { freePort } from ${JSON.stringify(new URL('../../src/net.ts', import.meta.url).pathname)};
       const ports = await Promise.all(Array.from({ length: ${count} }, () => freePort()));
       console.log(JSON.stringify(ports));
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = await new Promise<number[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += String(c);
      if (out.includes('\n')) resolve(JSON.parse(out) as number[]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}`)));
  });
  return {
    ports,
    kill: async () => {
      child.kill('SIGKILL');
      await ended;
    },
  };
}
