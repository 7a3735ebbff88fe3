import { defineConfig } from '@playwright/test';

/**
 * End-to-end tier: Playwright drives the resolved Chromium (no browser download) against a whole stack started by
 * e2e/global-setup.ts on free ports, with the built SPA. Screenshots land in test-results/screens/.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Set by e2e/global-setup.ts (`@app/browser`): CHROME_PATH, the system's Chromium or the packaged one.
      executablePath: process.env.CHROME_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
