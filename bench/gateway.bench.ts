/**
 * What the gateway costs: `GET /api/getBalance` under load (64 connections) on a whole test stack,
 *   (a) through the gateway asking auth on every request (SESSION_CACHE_TTL_MS=0: the old behaviour),
 *   (b) through the gateway with its session cache (the default),
 *   (c) straight to billing, with the identity headers signed as the gateway signs them,
 * one after the other in one run, and one table: req/s, p50, p99, errors and non-2xx answers, the ratio to billing
 * direct, and the CPU each process spent per request. Prints only: it asserts nothing about timings.
 *
 * Run: `npm run bench:gateway`. Variables: BENCH_DURATION_S (10), BENCH_WARMUP_S (3), BENCH_CONNECTIONS (64),
 * BENCH_ROUNDS (1: each mode once; more repeat the three modes, interleaved, to see the spread within a run),
 * BENCH_CPU_PROF (a directory: the gateway writes a V8 CPU profile of each of its runs there).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { identityHeaders, REQUEST_ID_HEADER } from '@app/kit';
import { cpuTime, createActiveUser, startTestStack, topUp, userIdOf } from '@app/testing';
import type { Managed } from '@app/stack';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

type Mode = 'gateway, old (auth per request)' | 'gateway, new (session cache)' | 'billing directly';

interface Row {
  round: number;
  mode: Mode;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** CPU milliseconds per answered request, by process (user + system, from /proc). */
  cpu: Record<string, number>;
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
}

// Production's log level (the test stack logs at debug): one line per request at info is part of what is measured.
// The load generator is one address with 64 connections, at CONCURRENT_REQUESTS_PER_ADDRESS itself: a request's slot
// (counted in NATS) is given back just after its answer, so the next one on that connection could find it
// still taken. Raised, so that every request is counted and none refused: the cost measured is the counting's.
const running = await startTestStack('bench', { LOG_LEVEL: 'info', CONCURRENT_REQUESTS_PER_ADDRESS: '1000' });
try {
  const info = running.info;
  let gateway: Managed | undefined;

  const user = await createActiveUser(info);
  await topUp(info, user.token, 10);
  const userId = await userIdOf(info, user.token);

  const gatewayUrl = `${info.gatewayUrl.replace('localhost', '127.0.0.1')}/api/getBalance`;
  const billingUrl = `http://127.0.0.1:${info.env.billing!.PORT}/api/getBalance`;
  const bearer = { authorization: `Bearer ${user.token}` };
  // What the gateway sends billing: the request id is part of what the signature covers, so it is fixed here.
  const requestId = randomUUID();
  const direct = {
    [REQUEST_ID_HEADER]: requestId,
    ...identityHeaders(info.secrets.INTERNAL_SECRET, { userId, role: 'user' }, requestId),
  };

  const gatewayEnv = (ttl: string | undefined, round: number, mode: string) => ({
    ...(ttl === undefined ? {} : { SESSION_CACHE_TTL_MS: ttl }),
    // Node 20 refuses --cpu-prof in NODE_OPTIONS: a preloaded module runs the profiler instead.
    ...(CPU_PROF_DIR
      ? {
          NODE_OPTIONS: `--import ${fileURLToPath(new URL('./cpu-profile.mjs', import.meta.url))}`,
          CPU_PROFILE_FILE: path.join(CPU_PROF_DIR, `gateway-${mode}-${round}.cpuprofile`),
        }
      : {}),
  });

  /** Restarts the stack's gateway (same port) with the session cache off (TTL 0) or at its default. */
  const restartGateway = async (ttl: string | undefined, round: number, mode: string) => {
    gateway = await running.restart('gateway', gatewayEnv(ttl, round, mode));
  };
  const modes: Array<{
    mode: Mode;
    url: string;
    headers: Record<string, string>;
    gateway?: (round: number) => Promise<void>;
  }> = [
    {
      mode: 'gateway, old (auth per request)',
      url: gatewayUrl,
      headers: bearer,
      gateway: (round) => restartGateway('0', round, 'old'),
    },
    {
      mode: 'gateway, new (session cache)',
      url: gatewayUrl,
      headers: bearer,
      gateway: (round) => restartGateway(undefined, round, 'new'),
    },
    { mode: 'billing directly', url: billingUrl, headers: direct },
  ];
  if (CPU_PROF_DIR) mkdirSync(CPU_PROF_DIR, { recursive: true });

  const rows: Row[] = [];
  const loads: string[] = [
    `start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  ];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const m of modes) {
      await m.gateway?.(round);
      if (WARMUP_S > 0) await load(m.url, m.headers, WARMUP_S);
      const measured = () => {
        const { gateway: gw, auth, billing } = running.pids();
        return cpuTime({ gateway: gw!, auth: auth!, billing: billing! });
      };
      const before = measured();
      const ownBefore = process.cpuUsage();
      const result = await load(m.url, m.headers, DURATION_S);
      const own = process.cpuUsage(ownBefore);
      const after = measured();
      const cpu: Record<string, number> = {};
      if (result.requests.total > 0) {
        for (const name of Object.keys(after))
          cpu[name] = (after[name]! - before[name]!) / result.requests.total;
      }
      if (!m.gateway) delete cpu.gateway;
      // This process: autocannon, and the pipes that carry the stack's logs to their files.
      if (result.requests.total > 0) cpu.bench = (own.user + own.system) / 1000 / result.requests.total;
      rows.push({
        round,
        mode: m.mode,
        reqPerSec: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
        cpu,
      });
      loads.push(
        `after ${m.mode} (round ${round}) ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    }
  }
  // With CPU profiles on, the last gateway restarted must stop for its profile to be written.
  if (CPU_PROF_DIR) await gateway?.stop();

  const billingBy = new Map(
    rows.filter((r) => r.mode === 'billing directly').map((r) => [r.round, r.reqPerSec]),
  );
  const ms = (v: number | undefined) => (v === undefined ? '' : v.toFixed(3));
  console.log(
    `\nGET /api/getBalance, ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up ` +
      `(one user with balance; every process at LOG_LEVEL=info)\n`,
  );
  console.table(
    rows.map((r) => ({
      ...(ROUNDS > 1 ? { round: r.round } : {}),
      mode: r.mode,
      'req/s': Math.round(r.reqPerSec),
      'p50 (ms)': r.p50,
      'p99 (ms)': r.p99,
      'errors/non-2xx': `${r.errors}/${r.non2xx}`,
      'vs billing': `${((100 * r.reqPerSec) / billingBy.get(r.round)!).toFixed(0)}%`,
      'gateway CPU ms/req': ms(r.cpu.gateway),
      'auth CPU ms/req': ms(r.cpu.auth),
      'billing CPU ms/req': ms(r.cpu.billing),
      'load generator CPU ms/req': ms(r.cpu.bench),
    })),
  );
  console.log(`load average (1, 5, 15 min):\n  ${loads.join('\n  ')}`);
} finally {
  await running.stop();
}
