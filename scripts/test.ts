/**
 * `npm test`: the static checks (typecheck, then lint), then the unit, integration and end-to-end tiers,
 * then one closing line `N passed, N failed` summing them (each static check counts as one). `npm test -- unit
 * integration` runs only the named tiers. Each test tier writes a JSON report to test-results/.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureSupportedNode, fromRoot } from '@app/stack';

await ensureSupportedNode();
// What every test process runs on: vitest's and Playwright's workers (this Node) and whatever they start by name.
console.log(`▶ Node ${execFileSync('node', ['-v'], { encoding: 'utf8' }).trim()} (${process.execPath})`);

type Tier = 'checks' | 'unit' | 'integration' | 'e2e';
interface Outcome {
  tier: Tier;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
}

const allTiers: Tier[] = ['checks', 'unit', 'integration', 'e2e'];
const asked = process.argv.slice(2).filter((a): a is Tier => (allTiers as string[]).includes(a));
const tiers = asked.length ? asked : allTiers;
const results = fromRoot('test-results');
mkdirSync(results, { recursive: true });

function run(cmd: string, args: string[]): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: fromRoot(), env: process.env });
  return r.status ?? 1;
}

function readVitest(file: string) {
  const j = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: Array<{ status: string; assertionResults: unknown[] }>;
  };
  // A file that failed to load (syntax error, failed hook) has no assertions but must count as a failure.
  const brokenFiles = j.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  return {
    passed: j.numPassedTests,
    failed: j.numFailedTests + brokenFiles,
    skipped: j.numPendingTests + j.numTodoTests,
  };
}

function readPlaywright(file: string) {
  const j = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: unknown[];
  };
  return {
    passed: j.stats.expected + j.stats.flaky,
    failed: j.stats.unexpected + (j.errors?.length ?? 0),
    skipped: j.stats.skipped,
  };
}

const outcomes: Outcome[] = [];

/**
 * Runs a command with its output held, and prints the output in one block when it ends, so that commands run at once
 * stay readable. Answers its exit code.
 */
function runHeld(title: string, cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(cmd, args, { cwd: fromRoot(), env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const done = (code: number) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code);
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${String(err)}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

// The static checks and the build the end-to-end tier serves run at once: typecheck then the build on one side, lint
// on the other (each is mostly one busy thread). A type or lint error fails the run; the tests still run, so one run
// shows everything.
const wantsChecks = tiers.includes('checks');
const wantsBuild = tiers.includes('e2e');
const checksStarted = Date.now();
const typecheck = wantsChecks
  ? runHeld('typecheck (npm run typecheck)', 'npm', ['run', '--silent', 'typecheck'])
  : Promise.resolve(0);
const lint = wantsChecks
  ? runHeld('lint (npm run lint)', 'npm', ['run', '--silent', 'lint'])
  : Promise.resolve(0);
const build = typecheck.then(() =>
  wantsBuild
    ? runHeld('build (the end-to-end tier serves the built SPA and the free samples)', 'npx', [
        'nx',
        'run-many',
        '-t',
        'build',
        '--outputStyle=static',
      ])
    : 0,
);
const [typecheckCode, lintCode] = await Promise.all([typecheck, lint]);
const checksSeconds = (Date.now() - checksStarted) / 1000;
const buildCode = await build;

if (wantsChecks) {
  const failedChecks = [...(typecheckCode === 0 ? [] : ['typecheck']), ...(lintCode === 0 ? [] : ['lint'])];
  outcomes.push({
    tier: 'checks',
    passed: 2 - failedChecks.length,
    failed: failedChecks.length,
    skipped: 0,
    seconds: checksSeconds,
    note: failedChecks.length ? `${failedChecks.join(', ')} failed` : undefined,
  });
}
if (wantsBuild && buildCode !== 0) {
  outcomes.push({ tier: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'build failed' });
}

for (const tier of tiers) {
  if (outcomes.some((o) => o.tier === tier)) continue;
  const started = Date.now();
  const report = `${results}/${tier}.json`;
  rmSync(report, { force: true });
  console.log(`\n▶ ${tier}`);
  const code =
    tier === 'e2e'
      ? run('npx', ['playwright', 'test'])
      : run('npx', [
          'vitest',
          'run',
          '--project',
          tier,
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${report}`,
        ]);
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(report)) {
    outcomes.push({
      tier,
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds,
      note: `runner exited ${code} without a report`,
    });
    continue;
  }
  const counts = tier === 'e2e' ? readPlaywright(report) : readVitest(report);
  // A runner that failed without a failing test (e.g. its global setup crashed) still fails the run.
  const failed = code !== 0 && counts.failed === 0 ? 1 : counts.failed;
  outcomes.push({
    tier,
    ...counts,
    failed,
    seconds,
    note: code !== 0 && counts.failed === 0 ? `exit ${code}` : undefined,
  });
}

console.log('\n tier         passed  failed  skipped   time');
for (const o of outcomes) {
  console.log(
    ` ${o.tier.padEnd(12)} ${String(o.passed).padStart(6)}  ${String(o.failed).padStart(6)}  ${String(o.skipped).padStart(7)}  ${o.seconds.toFixed(0).padStart(4)}s${o.note ? `  (${o.note})` : ''}`,
  );
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
