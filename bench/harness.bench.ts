/**
 * What the test harness costs, old and new in one run, a table each (`npm run bench:harness`):
 *  (a) a whole test stack's start (the tiers start some 20 stacks a run, and restart processes about 100 times): its
 *      processes from their TypeScript sources under tsx (before) and from their production bundles, as `npm test`
 *      runs them now (STACK_BUNDLES, libs/stack processes.ts): seconds until every process answers, the CPU-seconds its
 *      processes spent and the memory they hold then. BENCH_ROUNDS (2) of each, interleaved;
 *  (b) the lint (`eslint .`): typed rules on the project service, a program per tsconfig (before), and on the two
 *      programs of tsconfig.lint.json and web/tsconfig.lint.json (now), each in a process of its own.
 * Prints only: it asserts nothing about timings.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ms, cpuTime, printTable, rssMb, startTestStack } from '@app/testing';
import { fromRoot, STACK_BUNDLES_VARIABLE } from '@app/stack';
import { buildRunnableBundles } from '../libs/stack/src/bundle.js';

const LINT_CHILD = '--lint-child';
const fileName = path.resolve(process.argv[1]!);

/** In a child process: lints the repository, the typed rules on `mode`'s programs, and prints its CPU time. */
async function lintChild(mode: 'per-tsconfig' | 'two-programs') {
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({
    cwd: fromRoot(),
    ...(mode === 'per-tsconfig'
      ? {
          overrideConfig: {
            files: ['**/*.{ts,tsx,mts,cts}'],
            languageOptions: { parserOptions: { project: null, projectService: true } },
          },
        }
      : {}),
  });
  const results = await eslint.lintFiles(['.']);
  const cpu = process.cpuUsage();
  const problems = results.reduce((n, r) => n + r.errorCount, 0);
  console.log(JSON.stringify({ files: results.length, problems, cpuMs: (cpu.user + cpu.system) / 1000 }));
}

async function lint(mode: 'per-tsconfig' | 'two-programs') {
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileName, LINT_CHILD, mode], {
      cwd: fromRoot(),
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=8192' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`lint ${mode}: exit ${code}`)),
    );
  });
  const report = JSON.parse(out.trim().split('\n').at(-1)!) as {
    files: number;
    problems: number;
    cpuMs: number;
  };
  return {
    'typed rules on': mode === 'per-tsconfig' ? 'a program per tsconfig (before)' : 'two programs (now)',
    files: report.files,
    problems: report.problems,
    s: ms((performance.now() - started) / 1000),
    'CPU s': ms(report.cpuMs / 1000),
  };
}

async function stackStart(from: 'sources' | 'bundles', bundles: string, round: number) {
  if (from === 'bundles') process.env[STACK_BUNDLES_VARIABLE] = bundles;
  else delete process.env[STACK_BUNDLES_VARIABLE];
  const started = performance.now();
  const stack = await startTestStack('bench');
  const seconds = (performance.now() - started) / 1000;
  try {
    const pids = stack.pids();
    const cpu = Object.values(cpuTime(pids)).reduce((a, b) => a + b, 0);
    const rss = Object.values(rssMb(pids)).reduce((a, b) => a + b, 0);
    return {
      round,
      'processes from': from === 'sources' ? 'sources under tsx (before)' : 'bundles (now)',
      processes: Object.keys(pids).length,
      's to ready': ms(seconds),
      'CPU s': ms(cpu / 1000),
      'memory MB': Math.round(rss),
    };
  } finally {
    await stack.stop();
  }
}

if (process.argv[2] === LINT_CHILD) {
  await lintChild(process.argv[3] as 'per-tsconfig' | 'two-programs');
} else {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const bundled = performance.now();
  const bundles = fromRoot('.data', 'bench-bundles');
  await buildRunnableBundles(bundles);
  console.log(`bundles built in ${ms((performance.now() - bundled) / 1000)} s`);
  const starts = [];
  for (let round = 1; round <= rounds; round++)
    for (const from of ['sources', 'bundles'] as const) starts.push(await stackStart(from, bundles, round));
  printTable('(a) a whole test stack started, until every process answers', starts);
  const lints = [await lint('per-tsconfig'), await lint('two-programs')];
  printTable(
    '(b) eslint . (its typed rules: no-floating-promises, no-misused-promises, await-thenable)',
    lints,
  );
}
