import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Two tiers run by vitest; the third (end-to-end) is Playwright (playwright.config.ts).
//   unit:        pure logic, no network, no processes         -> **/test/unit/**/*.test.ts
//   integration: real Postgres, NATS, SMTP catcher, Chromium   -> **/test/integration/**/*.test.ts
// The integration tier is two lanes that `npm test` runs at once, each one file at a time:
//   integration:       the files sharing the tier's one stack (global setup), which they stop, restart and count;
//   integration-apart: the files that share nothing with it (a stack or a NATS cluster of their own, a Chromium of
//                      their own). They mostly wait (elections, ack waits, a page drawn), so the lanes overlap.
const INTEGRATION = '{libs,services,gateway,tools}/**/test/integration/**/*.test.ts';
const APART = [
  'libs/kit/test/integration/config-boot.test.ts',
  'libs/stack/test/integration/free-port.test.ts',
  'libs/testing/test/integration/faults.test.ts',
  'libs/testing/test/integration/leader-election.test.ts',
  'libs/testing/test/integration/replica-limits.test.ts',
  'libs/testing/test/integration/rolling-update.test.ts',
  'libs/testing/test/integration/storage-cap.test.ts',
  'services/pdf-worker/test/integration/answer-table-layout.test.ts',
  'services/pdf-worker/test/integration/custom-sheet-layout.test.ts',
  'services/pdf-worker/test/integration/problemas-sheet-layout.test.ts',
  'services/pdf-worker/test/integration/render.test.ts',
  'services/pdf-worker/test/integration/sheet-layout.test.ts',
];
const UNIT = '{libs,services,gateway,web,tools}/**/test/unit/**/*.test.{ts,tsx}';
/**
 * The unit files that change what other files would see (a module mocked, a global or a variable of the environment
 * set, a spy, fake timers): they run isolated, each importing its modules afresh. Found by what they call, so a new
 * file that mocks is isolated without a list to keep. The others share one module graph per worker (`isolate: false`),
 * which spared about 60 of the unit tier's 175 CPU-seconds.
 */
const CHANGES_WHAT_OTHERS_SEE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)|process\.env\.[A-Z_]+ *=[^=]|globalThis\.[A-Za-z]+ *=[^=]|@vitest-environment/;
const ISOLATED_UNIT = ['libs', 'services', 'gateway', 'web', 'tools'].flatMap((top) =>
  readdirSync(top, { recursive: true, encoding: 'utf8' })
    .map((file) => `${top}/${file}`)
    .filter((file) => /\/test\/unit\/(.+\/)?[^/]+\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .filter((file) => CHANGES_WHAT_OTHERS_SEE.test(readFileSync(file, 'utf8'))),
);
/**
 * A unit test has no clock in it: its timeout only stops a hang, so one long bound serves every file (no file sets its
 * own). The property tests draw hundreds of thousands of pages, the manifest checks run kubectl and TypeScript, and
 * `npm test` runs this tier at a low priority beside the other tiers' stacks: minutes on a busy 2-core machine.
 */
const unitTimeouts = {
  testTimeout: 900_000,
  hookTimeout: 900_000,
};
/** Integration tests wait on their own deadlines (a message delivered, a leader elected); these bounds only stop a hang. */
const integrationTimeouts = { testTimeout: 300_000, hookTimeout: 300_000, fileParallelism: false };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [UNIT],
          exclude: ['**/node_modules/**', ...ISOLATED_UNIT],
          isolate: false,
          ...unitTimeouts,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ISOLATED_UNIT,
          exclude: ['**/node_modules/**'],
          ...unitTimeouts,
        },
      },
      {
        test: {
          name: 'integration',
          include: [INTEGRATION],
          exclude: ['**/node_modules/**', ...APART],
          globalSetup: ['libs/testing/src/global-setup.ts'],
          // One module graph for the lane's files, imported once: they share no module state (the stack is theirs
          // through `inject`, each opens and closes its own connections), and importing the libraries again for
          // each of the 60 files cost about 2 s a file on a busy machine.
          isolate: false,
          ...integrationTimeouts,
        },
      },
      {
        test: {
          name: 'integration-apart',
          include: APART,
          exclude: ['**/node_modules/**'],
          ...integrationTimeouts,
        },
      },
    ],
  },
});
