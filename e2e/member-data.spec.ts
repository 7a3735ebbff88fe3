/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { getMyPages, Msg, type MyDataExport } from '@app/contracts';
import { call, createActiveUser, googleUser } from '@app/testing';
import { generateAndBuy, screenshot, screenshotView, stack, storeSession } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/** The page fits its width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('a member tops up, buys a page, reads both in Extrato, exports their data and deletes the account', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createActiveUser(stack(), { fullname: 'Renata Extrato' });
  await storeSession(page, user);

  // Top-up of R$ 10 through the Mercado Pago stand-in's checkout.
  await page.goto('/adicionar-saldo');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('link', { name: 'Pagar com Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  const balance = page.locator('.balance__value');
  await expect(balance).toHaveText('R$ 10,00');

  // A page bought from the builder.
  const pdf = await generateAndBuy(page);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(balance).toHaveText('R$ 9,50');
  const bought = await call<Array<{ code: string }>>(stack().gatewayUrl, getMyPages, { token: user.token });
  const code = bought.body.payload![0]!.code;

  // Extrato: both movements, newest first, with the balance after each.
  await page.getByRole('link', { name: 'Extrato' }).first().click();
  await expect(page).toHaveURL(/\/extrato$/);
  await expect(page.getByRole('heading', { name: 'Extrato' })).toBeVisible();
  const rows = page.locator('table.statement tbody tr');
  await expect(rows).toHaveCount(2);
  const cells = async (index: number) => rows.nth(index).locator('td').allInnerTexts();
  const [purchase, topUp] = [await cells(0), await cells(1)];
  expect(purchase.slice(1)).toEqual([
    Msg.statementPurchase(`Adição e subtração — Médio (${code})`),
    '− R$ 0,50',
    'R$ 9,50',
  ]);
  expect(topUp.slice(1)).toEqual([Msg.statementTopUp, '+ R$ 10,00', 'R$ 10,00']);
  expect(purchase[0]).toMatch(DATE_TIME);
  expect(topUp[0]).toMatch(DATE_TIME);
  for (const [device, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expect(rows.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, `member-data-extrato-${device}`);
  }
  // The narrowest phone: the stacked list still fits its card, long descriptions wrapping. (The site header itself
  // is wider than 320 px, the greeting beside 'Minha Área': not this screen's part.)
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.locator('table.statement thead')).toBeHidden();
  const list = await page.locator('table.statement').evaluate((table) => ({
    right: table.getBoundingClientRect().right,
    card: table.closest('.card')!.getBoundingClientRect().right,
    scroll: table.scrollWidth,
    client: table.clientWidth,
  }));
  expect(list.right).toBeLessThanOrEqual(list.card);
  expect(list.card).toBeLessThanOrEqual(320);
  expect(list.scroll).toBeLessThanOrEqual(list.client);
  await page.setViewportSize(DESKTOP);

  // Meus Dados: export.
  await page.getByRole('link', { name: 'Meus Dados' }).first().click();
  await expect(page).toHaveURL(/\/meus-dados$/);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: Msg.myDataExportButton }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^meus-dados-\d{2}-\d{2}-\d{4}\.json$/);
  const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as MyDataExport;
  expect(data.account).toMatchObject({ email: user.email, fullname: 'Renata Extrato', fromGoogle: false });
  expect(data.purchases.map((p) => p.code)).toEqual([code]);
  expect(data.statement.map((e) => e.amountCents)).toEqual([1000, -50]);
  expect(data.payments).toHaveLength(1);
  await expect(page.getByRole('status').filter({ hasText: Msg.myDataExported })).toBeVisible();

  // Meus Dados: delete. The dialog says what happens and asks for the password.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'member-data-meus-dados-phone');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: Msg.deleteAccountOpen }).click();
  const dialog = page.getByRole('dialog', { name: Msg.deleteAccountDialogTitle });
  await expect(dialog).toBeVisible();
  for (const text of Msg.deleteAccountConsequences(true)) await expect(dialog).toContainText(text);
  for (const [device, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expect(dialog).toBeVisible();
    // What the person sees with a modal dialog open: the viewport (a full-page shot leaves the backdrop short).
    await screenshotView(page, `member-data-delete-dialog-${device}`);
  }
  // Cancel keeps everything; a wrong password is refused in pt-BR.
  await dialog.getByRole('button', { name: Msg.deleteAccountCancel }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: Msg.deleteAccountOpen }).click();
  await dialog.getByLabel(Msg.deleteAccountPasswordLabel).fill('senha-errada-1');
  await dialog.getByRole('button', { name: Msg.deleteAccountConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(Msg.deleteAccountWrongPassword);
  await dialog.getByLabel(Msg.deleteAccountPasswordLabel).fill(user.password);
  await dialog.getByRole('button', { name: Msg.deleteAccountConfirm }).click();

  // Signed out, on the login page, told so.
  await expect(page).toHaveURL(/\/login\?conta=excluida$/);
  await expect(page.getByRole('status').filter({ hasText: Msg.accountDeleted })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await screenshot(page, 'member-data-deleted');
  await page.goto('/meus-dados');
  await expect(page).toHaveURL(/\/login/);
});

test('a member who signed up with Google deletes the account by signing in with Google again', async ({
  page,
}) => {
  const member = await googleUser(stack(), 'Tiago Google');
  await storeSession(page, member);
  await page.goto('/meus-dados');
  await page.getByRole('button', { name: Msg.deleteAccountOpen }).click();
  const dialog = page.getByRole('dialog', { name: Msg.deleteAccountDialogTitle });
  await expect(dialog).toContainText(Msg.deleteAccountGoogleHint);
  await expect(dialog.getByLabel(Msg.deleteAccountPasswordLabel)).toHaveCount(0);
  // An account without a password is not told that its password is deleted.
  for (const text of Msg.deleteAccountConsequences(false)) await expect(dialog).toContainText(text);
  await expect(dialog).not.toContainText('senha serão apagados');
  // Excluir before Google confirmed: the hint as the error line.
  await dialog.getByRole('button', { name: Msg.deleteAccountConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(Msg.deleteAccountGoogleHint);
  await page.setViewportSize(PHONE);
  await screenshotView(page, 'member-data-delete-dialog-google-phone');

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Entrar com Google (desenvolvimento)' }).click(),
  ]);
  await popup.getByLabel('Email').fill(member.email);
  await popup.getByLabel('Nome').fill('Tiago Google');
  await popup.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toContainText(Msg.deleteAccountGoogleConfirmed);
  // Confirmed: the error line that asked for it is gone.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: Msg.deleteAccountConfirm }).click();

  await expect(page).toHaveURL(/\/login\?conta=excluida$/);
  await expect(page.getByRole('status').filter({ hasText: Msg.accountDeleted })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
