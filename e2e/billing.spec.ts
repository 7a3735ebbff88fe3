import { expect, test, type Page } from '@playwright/test';
import { Msg } from '@app/contracts';
import { createActiveUser, createTopUpPreference, payPreference } from '@app/testing';
import { screenshot, stack, storeSession } from './support';

/** A new active user, signed in the way the web shell keeps a session (token, email, fullname). */
async function signIn(page: Page) {
  const user = await createActiveUser(stack());
  await storeSession(page, user);
  return user;
}

/** The alert at the top of the builder that tells what became of the payment, on a phone and on a desktop. */
async function screenshotPaymentNotice(page: Page, name: string) {
  for (const [device, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await expect(page.locator('[data-outcome]')).toBeVisible();
    await screenshot(page, `${name}-${device}`);
  }
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
  const notice = page.getByRole('status').filter({ hasText: 'Pagamento aprovado!' });
  await expect(notice.locator('p')).toHaveText(Msg.paymentOutcomeApproved('R$ 10,00'));
  expect(Msg.paymentOutcomeApproved('R$ 10,00')).toBe(
    'Pagamento aprovado! R$ 10,00 foram adicionados ao seu saldo.',
  );
  await screenshot(page, 'billing-4-balance-after-payment');
  await screenshotPaymentNotice(page, 'billing-notice-approved');
  // Dismissible; and it does not come back on the next visit.
  await notice.getByRole('button', { name: 'Fechar' }).click();
  await expect(notice).toHaveCount(0);
  await page.getByRole('link', { name: 'Minhas Compras' }).first().click();
  await page.getByRole('link', { name: 'Exercícios de Aritmética' }).first().click();
  await expect(page.getByRole('heading', { name: 'Exercícios de Aritmética' })).toBeVisible();
  await expect(page.locator('[data-outcome]')).toHaveCount(0);
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
  await expect(page.getByRole('alert')).toHaveText(Msg.paymentOutcomeRejected);
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 0,00');
  await screenshot(page, 'billing-5-payment-refused');

  // The same refused payment brought to /pagamento-sucesso (its query as Mercado Pago sends it): the builder says so.
  const back = new URL(page.url());
  expect(back.searchParams.get('status')).toBe('rejected');
  await page.goto(`/pagamento-sucesso${back.search}`);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(page.getByRole('alert').locator('p')).toHaveText(
    'O pagamento não foi aprovado. Nenhum valor foi adicionado ao seu saldo.',
  );
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 0,00');
  await screenshotPaymentNotice(page, 'billing-notice-rejected');
});

test('a pending payment (Pix, boleto) back at /pagamento-sucesso: the builder says it is being processed', async ({
  page,
}) => {
  const user = await signIn(page);
  const preference = await createTopUpPreference(stack(), user.token, 10);
  const { paymentId } = await payPreference(stack(), preference.id, 'pending');
  const query = new URLSearchParams({
    preference_id: preference.id,
    payment_id: paymentId,
    status: 'pending',
    collection_status: 'pending',
  });
  await page.goto(`/pagamento-sucesso?${query}`);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  const notice = page.getByRole('status').filter({ hasText: 'sendo processado' });
  await expect(notice.locator('p')).toHaveText(
    'Recebemos seu pagamento e ele está sendo processado. Seu saldo será atualizado automaticamente assim que for confirmado.',
  );
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 0,00');
  await screenshotPaymentNotice(page, 'billing-notice-pending');
  await notice.getByRole('button', { name: 'Fechar' }).click();
  await expect(notice).toHaveCount(0);
});
