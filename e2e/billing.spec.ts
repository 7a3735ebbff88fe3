import { expect, test, type Page } from '@playwright/test';
import { Msg } from '@app/contracts';
import { createActiveUser } from '@app/testing';
import { screenshot, stack, storeSession } from './support';

/** A new active user, signed in the way the web shell keeps a session (spec §3: token, email, fullname). */
async function signIn(page: Page) {
  await storeSession(page, await createActiveUser(stack()));
}

test('top-up of R$ 10 through the Mercado Pago checkout: the sidebar then shows the new balance', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/exercicios-aritmetica');
  const sidebar = page.locator('.side-menu');
  await expect(sidebar).toContainText('Seu saldo é R$ 0,00');

  await sidebar.getByRole('link', { name: 'Adicionar Saldo' }).click();
  await expect(page).toHaveURL(/\/adicionar-saldo$/);
  await expect(page.getByRole('heading', { name: 'Adicionar Saldo' })).toBeVisible();
  await expect(page.getByText('Escolha um valor entre R$ 5,00 e R$ 20,00')).toBeVisible();
  const slider = page.getByRole('slider');
  await expect(slider).toHaveValue('10');
  const amount = page.locator('output.amount__value');
  await expect(amount).toHaveText('R$ 10,00');
  await slider.focus();
  for (let i = 0; i < 15; i++) await slider.press('ArrowRight');
  await expect(amount).toHaveText('R$ 20,00');
  for (let i = 0; i < 10; i++) await slider.press('ArrowLeft');
  await expect(amount).toHaveText('R$ 10,00');
  await screenshot(page, 'billing-1-add-balance-step1');

  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByText('Você está prestes a adicionar R$ 10,00 ao seu saldo.')).toBeVisible();
  // 'reset' goes back to step 1 with the chosen value kept.
  await page.getByRole('button', { name: 'Se deseja alterar o valor, clique aqui' }).click();
  await expect(page.getByRole('button', { name: 'Avançar' })).toBeVisible();
  await expect(amount).toHaveText('R$ 10,00');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const pay = page.getByRole('link', { name: 'Pagar com Mercado Pago' });
  await expect(pay).toBeVisible();
  await screenshot(page, 'billing-2-add-balance-step2');

  await pay.click();
  await expect(page.getByRole('button', { name: 'Aprovar pagamento' })).toBeVisible();
  await expect(page.locator('body')).toContainText('R$ 10,00');
  await screenshot(page, 'billing-3-checkout');

  await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(sidebar).toContainText('Seu saldo é R$ 10,00');
  await screenshot(page, 'billing-4-balance-after-payment');
});

test('a refused payment brings the payer back to Adicionar Saldo with a message and no credit', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/adicionar-saldo');
  const slider = page.getByRole('slider');
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press('ArrowLeft');
  await expect(page.locator('output.amount__value')).toHaveText('R$ 5,00');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByText('Você está prestes a adicionar R$ 5,00 ao seu saldo.')).toBeVisible();
  await page.getByRole('link', { name: 'Pagar com Mercado Pago' }).click();
  await expect(page.locator('body')).toContainText('R$ 5,00');
  await page.getByRole('button', { name: 'Recusar pagamento' }).click();

  await expect(page).toHaveURL(/\/adicionar-saldo\?/);
  await expect(page.getByRole('alert')).toHaveText(Msg.paymentRejected);
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 0,00');
  await screenshot(page, 'billing-5-payment-refused');
});
