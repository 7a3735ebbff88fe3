import { writeFileSync, mkdirSync } from 'node:fs';
import { startTestStack } from '@app/testing';
import { fromRoot } from '@app/stack';
import { chromiumEnv, resolveChromium } from '@app/browser';
import { e2eWorkers } from './workers';

/**
 * Starts one whole stack per Playwright worker (playwright.config.ts) and hands their addresses to the specs through
 * the environment: worker N drives stack N (./workers.ts), so no spec ever sees another worker's accounts or counts.
 */
export default async function globalSetup() {
  // The workers read CHROME_PATH (playwright.config.ts): the system's Chromium or the packaged one.
  const chromium = await resolveChromium();
  process.env.CHROME_PATH = chromium.path;
  Object.assign(process.env, { ...chromiumEnv(chromium.path), ...process.env });
  // Passwords hashed at production's cost: a person's double submit of the sign-up form meets the first request still
  // on its way, as it does in production (accounts.spec.ts); the integration tier hashes at the tiers' cheaper 4.
  const stacks = await Promise.all(
    Array.from({ length: e2eWorkers() }, () => startTestStack('e2e', { BCRYPT_COST: '10' })),
  );
  process.env.E2E_STACKS = JSON.stringify(stacks.map((s) => s.info));
  mkdirSync(fromRoot('test-results'), { recursive: true });
  writeFileSync(
    fromRoot('test-results', 'e2e-stacks.json'),
    JSON.stringify(
      stacks.map((s) => s.info),
      null,
      2,
    ),
  );
  return async () => {
    await Promise.all(stacks.map((s) => s.stop()));
  };
}
