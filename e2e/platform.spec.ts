import { expect, test } from '@playwright/test';
import { screenshot, stack } from './support';

test('home shows the header with Entrar, the footer, and the coral banner with the three environment names', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('2025');
  // The test stack runs with backendEnv "test" and dbEnv "test" (not prod), so the banner shows.
  const banner = page.getByTestId('env-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('backend test');
  await expect(banner).toContainText('banco de dados test');
  await expect(banner).toContainText('frontend prod');
  expect(stack().gatewayUrl).toContain('localhost');
  await screenshot(page, 'platform-home');
});

test('an unknown path shows the not-found page whose link goes home', async ({ page }) => {
  await page.goto('/qualquer-coisa');
  await expect(page.getByText('Página não encontrada')).toBeVisible();
  await expect(page.getByText('A página que você está procurando não existe ou foi removida.')).toBeVisible();
  await screenshot(page, 'platform-not-found');
  await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a protected page without a session goes to /login', async ({ page }) => {
  await page.goto('/minhas-compras');
  await expect(page).toHaveURL(/\/login$/);
});
