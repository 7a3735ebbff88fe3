import { defineConfig } from 'vitest/config';

// Two tiers run by vitest; the third (end-to-end) is Playwright (playwright.config.ts).
//   unit:        pure logic, no network, no processes         -> **/test/unit/**/*.test.ts
//   integration: real Postgres, NATS, SMTP catcher, Chromium   -> **/test/integration/**/*.test.ts
//                (two projects run side by side: `integration` and `integration-own-servers`)
/** Integration files with servers of their own (see the project below). */
const OWN_SERVERS = [
  'libs/testing/test/integration/leader-election.test.ts',
  'libs/testing/test/integration/faults.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{libs,services,gateway,web,tools}/**/test/unit/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          // Some unit tests import a whole service's modules or run kubectl: seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{libs,services,gateway,tools}/**/test/integration/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...OWN_SERVERS],
          globalSetup: ['libs/testing/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // The integration files that bring servers of their own (a private NATS cluster, a private nats-server and
      // Postgres) and no use of the tier's shared stack: one at a time, beside the rest of the tier (projects of one
      // group run together), since most of their time is spent waiting for elections and restarts.
      {
        test: {
          name: 'integration-own-servers',
          include: OWN_SERVERS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
