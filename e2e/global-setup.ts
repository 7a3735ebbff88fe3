import { writeFileSync, mkdirSync } from 'node:fs';
import { startTestStack } from '@app/testing';
import { fromRoot } from '@app/stack';
import { chromiumEnv, resolveChromium } from '@app/browser';

/** Starts one whole stack for the end-to-end tier and hands its addresses to the specs through the environment. */
export default async function globalSetup() {
  // The workers read CHROME_PATH (playwright.config.ts): the system's Chromium or the packaged one.
  const chromium = await resolveChromium();
  process.env.CHROME_PATH = chromium.path;
  Object.assign(process.env, { ...chromiumEnv(chromium.path), ...process.env });
  const stack = await startTestStack('e2e');
  process.env.E2E_BASE_URL = stack.info.gatewayUrl;
  process.env.E2E_STACK = JSON.stringify(stack.info);
  mkdirSync(fromRoot('test-results'), { recursive: true });
  writeFileSync(fromRoot('test-results', 'e2e-stack.json'), JSON.stringify(stack.info, null, 2));
  return async () => {
    await stack.stop();
  };
}
