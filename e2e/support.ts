import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, type Download, type Page } from '@playwright/test';
import type { StackInfo } from '@app/testing';
import { fromRoot } from '@app/stack';
import { workerStack } from './workers';

/** The stack of this worker, started by global-setup.ts. */
export const stack = (): StackInfo => workerStack() ?? ({} as StackInfo);

/**
 * Whether the screenshots for a person to look at are taken: not in CI (`CI` set, as `.ci/run` does), where no one
 * opens them and their PNGs cost about a minute of the run's two cores; E2E_SCREENSHOTS=on takes them there too. No
 * test reads them.
 */
export const takesScreenshots = (): boolean => !process.env.CI || process.env.E2E_SCREENSHOTS === 'on';

/** Saves a full-page screenshot under test-results/screens/ for a person to look at. */
export async function screenshot(page: Page, name: string) {
  if (!takesScreenshots()) return;
  const dir = fromRoot('test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The widths every screen is looked at: a phone's and a desktop's. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * What the page shows now, at a phone's and then a desktop's width: nothing scrolls sideways at either, and a
 * screenshot of each (`<name>-390`, `<name>-1366`). It ends at the desktop's width.
 */
export async function atPhoneAndDesktop(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${name} at ${size.width} px`).toBeLessThanOrEqual(client);
    await screenshot(page, `${name}-${size.width}`);
  }
}

/** Saves what the screen shows (not the whole page) under test-results/screens/, as `screenshot` does. */
export async function screenshotView(page: Page, name: string) {
  if (!takesScreenshots()) return;
  await page.screenshot({ path: fromRoot('test-results', 'screens', `${name}.png`) });
}

/**
 * An account as an emailed link names it before it is proven: the first letters of the local part, then
 * the domain, as auth masks it.
 */
export const maskedLike = (email: string) => `${email.slice(0, 2)}***${email.slice(email.indexOf('@'))}`;

/** Signs in through the /login form, as a person would. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Stores a session the way the login screen does (token, email, fullname), skipping the form. */
export async function storeSession(page: Page, session: { token: string; email: string; fullname: string }) {
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('email', s.email);
    localStorage.setItem('fullname', s.fullname);
  }, session);
}

/** Clicks 'Gerar página' in the builder and waits for the preview. */
export async function generateInBuilder(page: Page) {
  await page.getByRole('button', { name: 'Gerar página' }).click();
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
}

/** Generates a page in the builder and buys it: answers the PDF's download. */
export async function generateAndBuy(page: Page): Promise<Download> {
  await generateInBuilder(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Comprar por R$ 0,50' }).click(),
  ]);
  return download;
}

/**
 * The serious and critical axe violations (WCAG 2.1 A and AA) of the page, or of what `include` selects, each as
 * `rule: target, target…` so a failure names what to fix.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
