import { readdirSync, readFileSync } from 'node:fs';

// What the benchmarks (`npm run bench:*`) measure with: latency percentiles, CPU time read from /proc, and one table
// printed per comparison. Benchmarks only print; no test asserts a time.

/** Nearest-rank percentile (0–100) of samples sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

interface ProcStat {
  ppid: number;
  /** utime + stime of the process, and of its children already reaped, in ms (Linux: 100 ticks a second). */
  ms: number;
}

function procStat(pid: number | 'self'): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { ppid: fields[1]!, ms: (fields[11]! + fields[12]! + fields[13]! + fields[14]!) * 10 };
  } catch {
    return null;
  }
}

/** The name a process runs under (`/proc/<pid>/comm`: `node`, `postgres`, `nats-server`, ...). */
function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * CPU milliseconds used so far by each of `roots` together with every process under it (a worker and its Chromium,
 * say), keyed like `roots`; plus, under `byName`, every process whose name is listed (the machine's Postgres and
 * NATS servers, which no stack started). Take two readings and subtract.
 */
export function cpuTime(
  roots: Record<string, number>,
  byName: readonly string[] = [],
): Record<string, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) parents.set(Number(entry), stat.ppid);
  }
  const rootOf = new Map(Object.entries(roots).map(([name, pid]) => [pid, name]));
  const totals: Record<string, number> = Object.fromEntries(
    [...Object.keys(roots), ...byName].map((name) => [name, 0]),
  );
  for (const pid of parents.keys()) {
    let ancestor: number | undefined = pid;
    while (ancestor !== undefined && !rootOf.has(ancestor) && ancestor > 1) ancestor = parents.get(ancestor);
    const root = ancestor === undefined ? undefined : rootOf.get(ancestor);
    const named = byName.includes(processName(pid)) ? processName(pid) : undefined;
    const owner = root ?? named;
    if (owner) totals[owner]! += procStat(pid)?.ms ?? 0;
  }
  return totals;
}

/** Resident memory (VmRSS, MB = 10⁶ bytes) of each of `roots` with every process under it, summed (a worker and its
 * Chromium: pages they share are counted in each). */
export function rssMb(roots: Record<string, number>): Record<string, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) parents.set(Number(entry), stat.ppid);
  }
  const rootOf = new Map(Object.entries(roots).map(([name, pid]) => [pid, name]));
  const totals: Record<string, number> = Object.fromEntries(Object.keys(roots).map((name) => [name, 0]));
  for (const pid of parents.keys()) {
    let ancestor: number | undefined = pid;
    while (ancestor !== undefined && !rootOf.has(ancestor) && ancestor > 1) ancestor = parents.get(ancestor);
    const root = ancestor === undefined ? undefined : rootOf.get(ancestor);
    if (!root) continue;
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      totals[root]! += (Number(kb ?? 0) * 1024) / 1e6;
    } catch {
      // gone meanwhile
    }
  }
  return totals;
}

/** CPU milliseconds of this process so far. */
export const ownCpuMs = (): number => procStat('self')?.ms ?? 0;

/** The 1-minute load average: the machine is noisy, so every table says how busy it was. */
export const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

/** Prints a titled table with the load average under it. */
export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  console.table(rows);
  console.log(`load average ${loadAverage()} (2 cores: above 2, processes waited for a core)`);
}

/** Whole milliseconds, or one decimal under 10. */
export const ms = (value: number): number => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));
