/**
 * `npm test`: the static checks (typecheck, lint), the build the end-to-end tier serves, and the integration,
 * end-to-end and unit tiers (see "Two phases" below); then the failed tests by name and one
 * closing line `N passed, N failed` summing them (each static check counts as one). `npm test -- unit integration`
 * runs only the named tiers. Each runner writes a JSON report to test-results/.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureSupportedNode, fromRoot, STACK_BUNDLES_VARIABLE } from '@app/stack';
import { buildRunnableBundles } from '../libs/stack/src/bundle.js';

ensureSupportedNode();
// What every test process runs on: vitest's and Playwright's workers (this Node) and whatever they start by name.
console.log(`▶ Node ${execFileSync('node', ['-v'], { encoding: 'utf8' }).trim()} (${process.execPath})`);

type Tier = 'checks' | 'unit' | 'integration' | 'e2e';
interface PlaywrightSuite {
  title: string;
  specs?: Array<{ title: string; tests: Array<{ status: string; projectName: string }> }>;
  suites?: PlaywrightSuite[];
}
interface Outcome {
  tier: Tier;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** The failed tests, named, so that the end of a long log says what to look at. */
  failures?: string[];
}

const allTiers: Tier[] = ['checks', 'unit', 'integration', 'e2e'];
const asked = process.argv.slice(2).filter((a): a is Tier => (allTiers as string[]).includes(a));
const tiers = asked.length ? asked : allTiers;
const results = fromRoot('test-results');
mkdirSync(results, { recursive: true });

function readVitest(file: string) {
  const j = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: Array<{
      name: string;
      status: string;
      message?: string;
      assertionResults: Array<{ status: string; fullName: string }>;
    }>;
  };
  // A file that failed to load (syntax error, failed hook) has no assertions but must count as a failure.
  const brokenFiles = j.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  const failures = j.testResults.flatMap((f) => {
    const file = f.name.replace(`${fromRoot()}/`, '');
    const tests = f.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => `${file} › ${a.fullName}`);
    return f.status === 'failed' && tests.length === 0
      ? [`${file} (${f.message?.split('\n')[0] ?? 'failed'})`]
      : tests;
  });
  return {
    passed: j.numPassedTests,
    failed: j.numFailedTests + brokenFiles,
    skipped: j.numPendingTests + j.numTodoTests,
    failures,
  };
}

function readPlaywright(file: string) {
  const j = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: Array<{ message?: string }>;
    suites?: PlaywrightSuite[];
  };
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === 'unexpected')
          failures.push([...path, spec.title].join(' › ') + ` (${t.projectName || 'e2e'})`);
      }
    }
    for (const s of suite.suites ?? []) walk(s, [...path, s.title]);
  };
  for (const s of j.suites ?? []) walk(s, [s.title]);
  for (const e of j.errors ?? []) failures.push(`e2e: ${e.message?.split('\n')[0] ?? 'error'}`);
  return {
    passed: j.stats.expected + j.stats.flaky,
    failed: j.stats.unexpected + (j.errors?.length ?? 0),
    skipped: j.stats.skipped,
    failures,
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

/** One runner of a tier: its command, its JSON report, and how to read the report. */
interface Lane {
  name: string;
  cmd: string;
  args: string[];
  report: string;
  read: (file: string) => ReturnType<typeof readVitest>;
}

/** A vitest run of one or more projects (vitest.config.ts), reported under the first one's name. */
function vitestLane(project: string, ...alongside: string[]): Lane {
  const report = `${results}/${project}.json`;
  return {
    name: project,
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      ...[project, ...alongside].flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    report,
    read: readVitest,
  };
}

/**
 * The integration files sharing a stack run in this many lanes at once, each a vitest process with a stack of its own
 * (its global setup) and its share of the files (`--shard`, by a hash of each file's path), one file at a time. The
 * files mostly wait (on timers, the broker, a restarted process): one lane of the 72 files took 720 s on a quiet
 * machine, its cores mostly idle.
 */
const INTEGRATION_SHARDS = 2;

/** Lane `lane` restricted to shard `index` of `count`, with a report and a name of its own. */
function shardOf(lane: Lane, index: number, count: number): Lane {
  const report = lane.report.replace(/\.json$/, `-${index}.json`);
  return {
    ...lane,
    name: `${lane.name} ${index}/${count}`,
    args: [
      ...lane.args.filter((a) => !a.startsWith('--outputFile=')),
      `--shard=${index}/${count}`,
      `--outputFile=${report}`,
    ],
    report,
  };
}

/**
 * The runners of a tier. The integration tier's lanes run at once (vitest.config.ts): the files sharing a stack, in
 * INTEGRATION_SHARDS lanes of a stack each, one file at a time, and the files sharing nothing with it; the first
 * lane's output is streamed, the others' printed when they end.
 */
function lanesOf(tier: Exclude<Tier, 'checks'>): Lane[] {
  if (tier === 'e2e')
    return [
      {
        name: 'e2e',
        cmd: 'npx',
        args: ['playwright', 'test'],
        report: `${results}/e2e.json`,
        read: readPlaywright,
      },
    ];
  if (tier === 'integration')
    return [
      ...Array.from({ length: INTEGRATION_SHARDS }, (_, i) =>
        shardOf(vitestLane('integration'), i + 1, INTEGRATION_SHARDS),
      ),
      vitestLane('integration-apart'),
    ];
  // The unit files that mock or set globals run isolated beside the others (vitest.config.ts), in the same run.
  const unit = vitestLane(tier, 'unit-isolated');
  return [{ ...unit, cmd: 'nice', args: ['-n', '10', unit.cmd, ...unit.args] }];
}

/** Runs a command with its output streamed; answers its exit code. */
function runStreamed(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: fromRoot(), env: process.env });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs a lane; answers its exit code and how long it ran. One lane streams its output; the others print theirs at the end. */
async function runLane(
  lane: Lane,
  streamed: boolean,
  beside: string,
): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  const code = streamed
    ? await runStreamed(lane.cmd, lane.args)
    : await runHeld(`${lane.name} (run beside ${beside})`, lane.cmd, lane.args);
  return { code, seconds: (Date.now() - started) / 1000 };
}

/** What a lane's JSON report counts, read as soon as its runner exits; null without a report. */
type Counts = ReturnType<typeof readVitest> | null;

/**
 * Runs a lane and reads its report at once: the end-to-end tier's Playwright empties test-results/ when it starts,
 * after the integration tier's lanes have written theirs there.
 */
async function runAndRead(lane: Lane, streamed: boolean, beside: string) {
  const run = await runLane(lane, streamed, beside);
  const counts: Counts = existsSync(lane.report) ? lane.read(lane.report) : null;
  return { ...run, counts };
}

/** A tier's outcome from its lanes' reports: the counts summed, a lane without a report one failure. */
function outcomeOf(
  tier: Tier,
  runs: Array<{ lane: Lane; code: number; seconds: number; counts: Counts }>,
): Outcome {
  const outcome: Outcome = {
    tier,
    passed: 0,
    failed: 0,
    skipped: 0,
    seconds: Math.max(...runs.map((r) => r.seconds)),
    failures: [],
  };
  const notes: string[] = [];
  for (const { lane, code, counts } of runs) {
    if (counts === null) {
      outcome.failed += 1;
      notes.push(`${lane.name}: runner exited ${code} without a report`);
      continue;
    }
    outcome.passed += counts.passed;
    outcome.skipped += counts.skipped;
    outcome.failures!.push(...counts.failures);
    // A runner that failed without a failing test (e.g. its global setup crashed) still fails the run.
    outcome.failed += code !== 0 && counts.failed === 0 ? 1 : counts.failed;
    if (code !== 0 && counts.failed === 0) notes.push(`${lane.name}: exit ${code}`);
  }
  if (notes.length) outcome.note = notes.join('; ');
  return outcome;
}

// Two phases, with the pure computation beside both:
// - the integration lanes (while the build the end-to-end tier serves runs), then the end-to-end tier: each on stacks
//   of its own, at the normal priority. Their services answer within deadlines and a browser's pages wait on them;
//   run together from the start on two cores they starved each other (the end-to-end tier's gateway answered 10 to
//   30 requests a minute while the integration tier ran), and timeouts failed on a loaded machine;
// - typecheck and lint (nice 5) and the unit tier (nice 10), from the start: pure computation with no clock in it,
//   which takes what the stacks leave of the two cores and yields to them whenever they need both.
// The end-to-end tier starts when the integration lanes are done, or before, as soon as the checks, the unit tier
// and the build are: the integration lanes then mostly wait (one file at a time on a shared stack, on timers and on
// the broker; the cores were 70 to 98 % idle in their last five minutes), and the end-to-end tier fills the cores
// instead of waiting for them to finish. On a slow machine the unit tier ends after the integration lanes, and the
// phases stay apart as before.
// A type or lint error fails the run; the tests still run, so one run shows everything.
const started = Date.now();
const wantsChecks = tiers.includes('checks');
const wantsBuild = tiers.includes('e2e');
const niced = (n: number, cmd: string, args: string[]): [string, string[]] => [
  'nice',
  ['-n', String(n), cmd, ...args],
];
const checks = wantsChecks
  ? Promise.all([
      runHeld('typecheck (npm run typecheck)', ...niced(5, 'npm', ['run', '--silent', 'typecheck'])),
      runHeld('lint (npm run lint)', ...niced(5, 'npm', ['run', '--silent', 'lint'])),
    ]).then(([typecheckCode, lintCode]) => {
      const failedChecks = [
        ...(typecheckCode === 0 ? [] : ['typecheck']),
        ...(lintCode === 0 ? [] : ['lint']),
      ];
      outcomes.push({
        tier: 'checks',
        passed: 2 - failedChecks.length,
        failed: failedChecks.length,
        skipped: 0,
        seconds: (Date.now() - started) / 1000,
        note: failedChecks.length ? `${failedChecks.join(', ')} failed` : undefined,
      });
    })
  : Promise.resolve();
const build = wantsBuild
  ? runHeld('build (the end-to-end tier serves the built SPA and the free samples)', 'npx', [
      'nx',
      'run-many',
      '-t',
      'build',
      '--outputStyle=static',
    ])
  : Promise.resolve(0);

const testTiers = (['integration', 'e2e', 'unit'] as const).filter((t) => tiers.includes(t));
// The stacks of the integration and end-to-end tiers run the processes' production bundles with plain node, as the
// images do (STACK_BUNDLES, libs/stack processes.ts), built once here: under tsx each of the run's ~100 process
// starts spent about 5 CPU-seconds loading its sources, a bundle about half a second.
if (testTiers.some((t) => t !== 'unit') && !process.env[STACK_BUNDLES_VARIABLE]) {
  const bundled = Date.now();
  const dir = fromRoot('.data', 'test-bundles');
  const built = await buildRunnableBundles(dir);
  process.env[STACK_BUNDLES_VARIABLE] = dir;
  console.log(
    `\n▶ bundles: the stacks run ${built.length} processes from ${path.relative(fromRoot(), dir)} (${((Date.now() - bundled) / 1000).toFixed(0)} s to build)`,
  );
}
const lanes = testTiers.flatMap((tier) => lanesOf(tier).map((lane) => ({ tier, lane })));
for (const { lane } of lanes) rmSync(lane.report, { force: true });
/**
 * The lane shown as it runs: the integration tier's shared-stack lane; the others print theirs when they end (the
 * end-to-end tier may run beside it).
 */
const streamed = new Set([`integration 1/${INTEGRATION_SHARDS}`]);
if (lanes.length)
  console.log(
    `\n▶ ${lanes.map((l) => l.lane.name).join(', ')}: the end-to-end tier after the integration tier or the computation beside it, the others beside`,
  );
let integrationRuns: Promise<unknown> = Promise.resolve();
/** Resolved when the unit tier's lanes have ended (at once without a unit tier). */
let unitEnded = () => {};
const unitRuns = new Promise<void>((resolve) => (unitEnded = resolve));
if (!testTiers.includes('unit')) unitEnded();
const runs = await Promise.all(
  lanes.map(async ({ tier, lane }) => {
    if (tier === 'e2e') {
      // The integration lanes were started before (they come first in `lanes`); the computation beside them may end
      // first (see "Two phases" above).
      const computed = Promise.all([checks, unitRuns]);
      const [built] = await Promise.all([build, Promise.race([integrationRuns, computed])]);
      if (built !== 0) return { tier, lane, code: 1, seconds: 0, counts: null, buildFailed: true };
    }
    const run = runAndRead(lane, streamed.has(lane.name), 'the other lanes');
    if (tier === 'integration') integrationRuns = Promise.all([integrationRuns, run]);
    if (tier === 'unit') void run.finally(unitEnded);
    return { tier, lane, ...(await run), buildFailed: false };
  }),
);
await checks;
for (const tier of testTiers) {
  const mine = runs.filter((r) => r.tier === tier);
  if (mine.some((r) => r.buildFailed))
    outcomes.push({ tier, passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'build failed' });
  else outcomes.push(outcomeOf(tier, mine));
}
const totalSeconds = (Date.now() - started) / 1000;

outcomes.sort((a, b) => allTiers.indexOf(a.tier) - allTiers.indexOf(b.tier));
const failures = outcomes.flatMap((o) => (o.failures ?? []).map((f) => `  ✗ ${o.tier}: ${f}`));
if (failures.length) console.log(`\n failed tests:\n${failures.join('\n')}`);
console.log('\n tier         passed  failed  skipped   time');
for (const o of outcomes) {
  console.log(
    ` ${o.tier.padEnd(12)} ${String(o.passed).padStart(6)}  ${String(o.failed).padStart(6)}  ${String(o.skipped).padStart(7)}  ${o.seconds.toFixed(0).padStart(4)}s${o.note ? `  (${o.note})` : ''}`,
  );
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log(`\n all at once: ${totalSeconds.toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
