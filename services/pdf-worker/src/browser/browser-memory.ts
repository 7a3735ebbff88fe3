import { readdir, readFile } from 'node:fs/promises';

/** The process and every process under it (Chromium's zygote, renderers, GPU and utility processes), from /proc. */
async function processTree(root: number): Promise<number[]> {
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    found.push(pid);
    // Children are listed per thread; Chromium starts its children from a launcher thread, not the main one.
    const threads = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
    for (const tid of threads) {
      const children = await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '');
      for (const child of children.split(' ')) if (child.trim()) queue.push(Number(child));
    }
  }
  return found;
}

const KIB_LINE = (name: string) => new RegExp(`^${name}:\\s+(\\d+) kB`, 'm');

/**
 * Memory of one process in kB: its proportional set size (shared pages divided among the processes sharing them,
 * so Chromium's processes, which share most of the binary, are not counted several times), else its resident set.
 */
async function processKib(pid: number): Promise<number> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => null);
  const pss = rollup && KIB_LINE('Pss').exec(rollup);
  if (pss) return Number(pss[1]);
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(KIB_LINE('VmRSS').exec(status)?.[1] ?? 0);
}

/**
 * Megabytes used by a browser and all its processes, or null where /proc cannot tell (not Linux). Read off the render
 * path, every few dozen renders: a few small files per process.
 */
export async function browserMemoryMb(browserPid: number): Promise<number | null> {
  const pids = await processTree(browserPid);
  const kib = await Promise.all(pids.map(processKib));
  const total = kib.reduce((sum, k) => sum + k, 0);
  return total > 0 ? Math.round(total / 1024) : null;
}
