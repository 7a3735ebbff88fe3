import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, e2eWorkers, workerStack } from './e2e/workers';

/**
 * End-to-end tier: Playwright drives the resolved Chromium (no browser download) against whole stacks started by
 * e2e/global-setup.ts on free ports, one per worker (e2e/workers.ts), with the built SPA. The files are shared out
 * among the workers; the tests of a file run in order in one. Screenshots land in test-results/screens/.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: e2eWorkers(),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // Read again in each worker, whose stack it is.
    baseURL: workerStack()?.gatewayUrl,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Set by e2e/global-setup.ts (`@app/browser`): CHROME_PATH, the system's Chromium or the packaged one.
      executablePath: process.env.CHROME_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
