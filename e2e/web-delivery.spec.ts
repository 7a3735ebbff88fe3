import { expect, test } from '@playwright/test';
import { screenshot } from './support';

/** The gateway's answer for a page path that is no route (gateway/src/web-app.ts), as a browser sees it. */

test('an unknown path answers HTTP 404 and the SPA shows its not-found screen', async ({ page }) => {
  const response = await page.goto('/pagina-que-nao-existe');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('A página que você está procurando não existe ou foi removida.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
  await screenshot(page, 'web-delivery-404');
});

test('a route answers 200 with the same page', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeVisible();
});
