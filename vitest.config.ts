import { defineConfig } from 'vitest/config';

// Two tiers run by vitest; the third (end-to-end) is Playwright (playwright.config.ts).
//   unit:        pure logic, no network, no processes         -> **/test/unit/**/*.test.ts
//   integration: real Postgres, NATS, SMTP catcher, Chromium   -> **/test/integration/**/*.test.ts
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
          exclude: ['**/node_modules/**'],
          globalSetup: ['libs/testing/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
