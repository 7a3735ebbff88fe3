import { mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** True when something accepts TCP connections on host:port. */
export function answers(port: number, host = '127.0.0.1', timeoutMs = 800): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Where the ports handed out by `freePort` are claimed, one file per port naming the process that holds it. */
const CLAIMS = path.join(tmpdir(), 'app-port-claims');

/**
 * The ports `freePort` chooses from: under the OS's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range,
 * 32768–60999 by default), which the outgoing connections of every process take their local port from. A port of
 * that range found free could be taken by a NATS or Postgres client's connection in the seconds before the service
 * it was chosen for binds it; a port under it can only be taken by a listener. Null where the range is not known.
 */
function listenerRange(): { low: number; high: number } | null {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return low && low > 20_000 ? { low: 15_000, high: low - 1 } : null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims `port` for this process across every process of the machine (stacks started at once by the test lanes):
 * false when a live process holds it. A claim of a process that has ended is taken over; this process's claims are
 * removed when it exits.
 */
function claim(port: number): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  const file = path.join(CLAIMS, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      ownClaims.add(file);
      return true;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(file, 'utf8').trim() || 0);
      } catch {
        continue; // Its holder removed it in between: the next attempt may take it.
      }
      // An empty claim is one being written this instant: held.
      if (!holder || holder === process.pid || alive(holder)) return false;
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first: the next attempt finds its claim.
      }
    }
  }
  return false;
}

const ownClaims = new Set<string>();
process.once('exit', () => {
  for (const file of ownClaims) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
});

/**
 * Removes the claims of processes that have ended without removing their own (a test worker stopped by a signal
 * runs no exit handler), once per process, so the folder does not grow run after run.
 */
let swept = false;
function sweepEndedClaims() {
  if (swept) return;
  swept = true;
  let files: string[];
  try {
    files = readdirSync(CLAIMS);
  } catch {
    return;
  }
  for (const name of files) {
    const file = path.join(CLAIMS, name);
    try {
      const holder = Number(readFileSync(file, 'utf8').trim() || 0);
      if (holder && holder !== process.pid && !alive(holder)) unlinkSync(file);
    } catch {
      // Removed or taken over by another process meanwhile.
    }
  }
}

/** True when nothing listens on 127.0.0.1:port and this process may bind it. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port the OS gives for a listener now (port 0): the fallback where the ephemeral range is not known. */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A port for a listener this process starts soon: free now, outside the range outgoing connections draw from, and
 * claimed so that no other process of the machine hands it out while this one lives (several stacks start at once in
 * `npm test`; each chose its ports, then bound them seconds later, and two could meet on one).
 */
export async function freePort(): Promise<number> {
  const range = listenerRange();
  if (!range) return osPort();
  sweepEndedClaims();
  for (let tries = 0; tries < 200; tries++) {
    const port = range.low + Math.floor(Math.random() * (range.high - range.low + 1));
    if (claim(port) && (await bindable(port))) return port;
  }
  return osPort();
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}
