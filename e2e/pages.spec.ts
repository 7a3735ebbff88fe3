/// <reference lib="dom" />
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { downloadPage, Msg } from '@app/contracts';
import { fromRoot } from '@app/stack';
import {
  buyPage,
  createActiveUser,
  defaultPageRequest,
  download,
  generatePageCode,
  googleUser,
  readPdf,
  readQrCode,
  renderPdfPages,
  topUp,
  waitForThumbnail,
} from '@app/testing';
import { screenshot, stack, storeSession } from './support';

const downloads = fromRoot('test-results', 'downloads');
mkdirSync(downloads, { recursive: true });

/**
 * Saves a download, checks it is a PDF that pdfjs reads (A4 pages with text) and renders its pages to PNG at
 * 50 dpi (`<name>-1.png`, ...) for a person to look at.
 */
async function savePdf(download: import('@playwright/test').Download, name: string): Promise<Buffer> {
  const file = path.join(downloads, `${name}.pdf`);
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { pages } = await readPdf(bytes);
  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) {
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([595, 842]);
    expect(page.text).toContain('Nível');
  }
  const pngs = await renderPdfPages(bytes, 50);
  pngs.forEach((png, index) => writeFileSync(path.join(downloads, `${name}-${index + 1}.png`), png));
  return bytes;
}

const signIn = storeSession;

/** DD-MM-YYYY today in São Paulo, as the purchase file is named. */
const today = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(new Date())
    .replaceAll('/', '-');

test('a visitor downloads a free sample from the home page and the prompt stops pulsing', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Educação para o Futuro' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cadastre-se agora' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Já possui uma conta? Entre aqui' })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByText('Apenas 0,50 cada página')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Adquira mais exercícios' })).toHaveAttribute(
    'href',
    '/exercicios-aritmetica',
  );
  const thumbnails = page.locator('.samples img');
  await expect(thumbnails).toHaveCount(12);
  for (const name of ['Fácil', 'Médio', 'Difícil'])
    await expect(page.locator('.samples').getByText(name, { exact: true })).toHaveCount(4);
  // Every thumbnail really loaded (a broken image has no natural width).
  await expect
    .poll(() =>
      thumbnails.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(12);
  const prompt = page.getByTestId('download-prompt');
  await expect(prompt).toHaveClass(/home__prompt--pulsing/);
  await expect(page.getByRole('link', { name: 'Cadastre-se agora' })).not.toHaveClass(/home__cta--animated/);
  await screenshot(page, 'pages-home');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar exercício Médio 2' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('matematica_medio_2.pdf');
  await savePdf(download, 'sample-matematica_medio_2');

  await expect(prompt).not.toHaveClass(/home__prompt--pulsing/);
  await expect(page.getByRole('link', { name: 'Cadastre-se agora' })).toHaveClass(/home__cta--animated/);
  expect(await page.evaluate(() => localStorage.getItem('freeDownload'))).toBe('true');
  await page.reload();
  await expect(page.getByTestId('download-prompt')).not.toHaveClass(/home__prompt--pulsing/);
  await screenshot(page, 'pages-home-after-download');
});

test('a missing sample and a failed download show their messages', async ({ page }) => {
  await page.goto('/');
  await page.route('**/samples/matematica_facil_1.pdf', (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByRole('button', { name: 'Baixar exercício Fácil 1' }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.fileNotFound);
  await expect(page.getByRole('alert')).toHaveText('Arquivo não encontrado.');

  await page.route('**/samples/matematica_dificil_4.pdf', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Baixar exercício Difícil 4' }).click();
  await expect(page.getByRole('alert')).toHaveText('Erro ao baixar arquivo.');
  await expect(page.getByTestId('download-prompt')).toHaveClass(/home__prompt--pulsing/);
});

test('a member with balance generates, previews, buys, gets the PDF and finds it in Minhas Compras', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  // The timed hint runs on the page's clock, held still below and moved by the test: a slow machine changes nothing.
  await page.clock.install();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, user);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Ir para Minha Área' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para Minha Área' }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);

  // The builder's defaults: + and − on, × and ÷ off, answers shown, level 1.
  await expect(page.getByLabel('Adição')).toBeChecked();
  await expect(page.getByLabel('Subtração')).toBeChecked();
  await expect(page.getByLabel('Multiplicação')).not.toBeChecked();
  await expect(page.getByLabel('Divisão')).not.toBeChecked();
  await expect(page.getByLabel(/Incluir gabarito/)).toBeChecked();
  await expect(page.getByRole('radio', { name: /Médio/ })).toBeChecked();
  const generate = page.getByRole('button', { name: 'Gerar página' });
  const buy = page.getByRole('button', { name: 'Comprar por R$ 0,50' });
  await expect(buy).toBeDisabled();
  await expect(page.locator('.balance__value')).toHaveText('R$ 5,00');
  await screenshot(page, 'pages-builder-initial');

  // No operation selected: Generate is disabled.
  await page.getByLabel('Adição').uncheck();
  await page.getByLabel('Subtração').uncheck();
  await expect(generate).toBeDisabled();
  await page.getByLabel('Multiplicação').check();
  await page.getByLabel('Divisão').check();
  await page.getByRole('radio', { name: /Difícil/ }).check();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await generate.click();

  // Generated: preview, editing locked, Edit button, buy enabled.
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('Divisão')).toBeDisabled();
  // Once generated, Generate stays available (another page with the same options).
  await expect(generate).toBeEnabled();
  await expect(buy).toBeEnabled();
  await expect(page.getByText(Msg.insufficientBalance)).toHaveCount(0);
  await screenshot(page, 'pages-builder-generated');

  // The timed hint: 5 s after locking, for 5 s.
  const hint = page.getByText('Para mudar as opções desta página, clique em Editar.');
  await expect(hint).toHaveCount(0);
  await page.clock.runFor(5_000);
  await expect(hint).toBeVisible();
  await screenshot(page, 'pages-builder-hint');
  await page.clock.runFor(5_000);
  await expect(hint).toHaveCount(0);
  await page.clock.resume();

  const [download] = await Promise.all([page.waitForEvent('download'), buy.click()]);
  expect(download.suggestedFilename()).toBe(`matemática-${today()}.pdf`);
  await savePdf(download, 'bought-page');
  await expect(page.getByText(/Compra realizada!/)).toBeVisible();
  await expect(page.locator('.balance__value')).toHaveText('R$ 4,50');
  await expect(buy).toBeDisabled();
  await expect(page.getByLabel('Divisão')).toBeEnabled();
  await screenshot(page, 'pages-builder-payed');

  await page.getByRole('link', { name: 'Minhas Compras' }).first().click();
  await expect(page).toHaveURL(/\/minhas-compras$/);
  const purchase = page.locator('.purchase');
  await expect(purchase).toHaveCount(1);
  await expect(purchase.locator('img')).toBeVisible();
  await screenshot(page, 'pages-my-purchases');
  const [again] = await Promise.all([page.waitForEvent('download'), purchase.click()]);
  expect(again.suggestedFilename()).toBe(`matemática-${today()}.pdf`);
  await savePdf(again, 'bought-page-again');
});

test('a member without balance sees the warning with Adicionar Saldo and cannot buy', async ({ page }) => {
  const user = await createActiveUser(stack());
  await signIn(page, user);
  await page.goto('/exercicios-aritmetica');
  await expect(page.locator('.balance__value')).toHaveText('R$ 0,00');
  await page.getByRole('button', { name: 'Gerar página' }).click();
  const warning = page.locator('.alert--warning');
  await expect(warning.locator('p')).toHaveText('Saldo insuficiente para comprar esta página');
  await expect(warning.getByRole('link', { name: 'Adicionar Saldo' })).toHaveAttribute(
    'href',
    '/adicionar-saldo',
  );
  await expect(page.getByRole('button', { name: 'Comprar por R$ 0,50' })).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
  await screenshot(page, 'pages-builder-no-balance');
  await warning.getByRole('button', { name: 'Fechar' }).click();
  await expect(warning).toHaveCount(0);

  // Editing again unlocks the form; the page stays generated until bought or regenerated.
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByLabel('Adição')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Gerar página' })).toBeEnabled();
});

test('the preview backs off while the server answers 503 at once, then shows the page', async ({ page }) => {
  const user = await createActiveUser(stack());
  await signIn(page, user);
  let calls = 0;
  let unavailable = true;
  await page.route('**/api/thumb?**', (route) => {
    calls++;
    if (!unavailable) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'ERROR', message: Msg.pageRendering, payload: null }),
    });
  });
  await page.goto('/exercicios-aritmetica');
  await page.getByRole('button', { name: 'Gerar página' }).click();
  await expect(page.getByText('Gerando pré-visualização…')).toBeVisible();
  // Immediate 503s are asked again, after 0.5 s, 1 s, 2 s, ...: the third answer comes, then the render is ready.
  await expect.poll(() => calls, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  unavailable = false;
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
  // Backing off, it asked a handful of times, not hundreds: however slow the machine, the doubling delays bound it.
  expect(calls).toBeLessThanOrEqual(8);
});

test('a purchase whose PDF is still printing (503) is asked again: one download, one debit, no error shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await signIn(page, user);
  // The first two purchases answer as a busy server does past its wait (nothing charged); the third reaches it, and
  // is held until the builder has been looked at. So is Minhas Compras' first download of the file.
  let buys = 0;
  let releaseBuy!: () => void;
  const buyHeld = new Promise<void>((resolve) => (releaseBuy = resolve));
  const notReady = {
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ status: 'ERROR', message: Msg.pageRendering, payload: null, code: 'NOT_READY' }),
  };
  await page.route('**/api/buy', async (route) => {
    buys++;
    if (buys <= 2) return route.fulfill(notReady);
    await buyHeld;
    return route.continue();
  });
  await page.goto('/exercicios-aritmetica');
  await page.getByRole('button', { name: 'Gerar página' }).click();
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Comprar por R$ 0,50' }).click();
  // Two "not yet" answered, the third asked: still buying, and no error said.
  await expect.poll(() => buys, { timeout: 30_000 }).toBe(3);
  await expect(page.getByRole('button', { name: 'Comprando…' })).toBeDisabled();
  await expect(page.getByText(Msg.pageRendering)).toHaveCount(0);
  await screenshot(page, 'pages-buy-still-printing');
  releaseBuy();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`matemática-${today()}.pdf`);
  await expect(page.getByText(/Compra realizada!/)).toBeVisible();
  await expect(page.locator('.balance__value')).toHaveText('R$ 4,50');
  expect(buys).toBe(3);

  let downloads = 0;
  await page.route('**/api/page?**', (route) => {
    downloads++;
    return downloads === 1 ? route.fulfill(notReady) : route.continue();
  });
  await page.getByRole('link', { name: 'Minhas Compras' }).first().click();
  const purchase = page.locator('.purchase');
  await expect(purchase).toHaveCount(1);
  const [again] = await Promise.all([page.waitForEvent('download'), purchase.click()]);
  expect(again.suggestedFilename()).toBe(`matemática-${today()}.pdf`);
  expect(downloads).toBe(2);
  await expect(page.getByText(Msg.pageRendering)).toHaveCount(0);
});

test('purchases start empty and generation without a session goes to /login', async ({ page }) => {
  const user = await createActiveUser(stack());
  await signIn(page, user);
  await page.goto('/minhas-compras');
  await expect(page.getByText('Você ainda não comprou nenhuma página.')).toBeVisible();
  await page.goto('/exercicios-aritmetica');
  await expect(page.getByRole('button', { name: 'Gerar página' })).toBeEnabled();
  // The session ends on the server side (an invalid token): generation answers 401 and the builder goes to /login.
  await page.evaluate(() => localStorage.setItem('token', 'x.y.z'));
  await page.getByRole('button', { name: 'Gerar página' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** A bought page of `buyer` (Difícil, all four operations): its code and the address its QR code holds. */
async function boughtSheet(buyer: { token: string }) {
  await topUp(stack(), buyer.token, 5);
  const gw = stack().gatewayUrl;
  const code = await generatePageCode(stack(), buyer.token, {
    ...defaultPageRequest,
    mult: true,
    div: true,
    level: 2,
  });
  await waitForThumbnail(stack(), buyer.token, code);
  expect((await buyPage(stack(), buyer.token, code)).status).toBe(200);
  const pdf = await download(gw, downloadPage, { code }, buyer.token);
  expect(pdf.status).toBe(200);
  // Read as a phone reads the printout: the QR code on page 1, the code printed under it.
  const url = await readQrCode(pdf.bytes);
  expect(url).toBe(`${stack().env['pdf-worker']!.PUBLIC_URL}/gabarito/${code}`);
  const printed = await readPdf(pdf.bytes);
  expect(printed.pages[0]!.text).toContain(code);
  return { code, path: new URL(url!).pathname };
}

/** The gabarito as someone who is not the buyer sees it: the message to sign in with the buyer's account, no answer. */
async function expectNoAnswers(page: import('@playwright/test').Page) {
  await expect(page.getByRole('heading', { name: 'Gabarito' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(Msg.answersBuyerOnly);
  await expect(page.locator('.answers__item')).toHaveCount(0);
  await expect(page.getByText('As quatro operações — Difícil')).toHaveCount(0);
  await expect(page.getByRole('link', { name: Msg.answersSignIn })).toBeVisible();
}

test("the QR code of a bought sheet opens its answers for the buyer only; a student's phone and another account see none", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const buyer = await createActiveUser(stack());
  const other = await createActiveUser(stack());
  const { path: answersPath } = await boughtSheet(buyer);

  // A student's phone, no session: no answer, the message and the way to sign in.
  await page.goto(answersPath);
  await expectNoAnswers(page);
  await screenshot(page, 'answers-no-session');

  // Another account: no answer either.
  await storeSession(page, other);
  await page.goto(answersPath);
  await expectNoAnswers(page);
  await screenshot(page, 'answers-other-account');

  // Its button signs in with the buyer's account and comes back to the answers, and only the answers.
  await page.getByRole('link', { name: Msg.answersSignIn }).click();
  await expect(page).toHaveURL(/\/login\?voltar=/);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Senha', { exact: true }).fill(buyer.password);
  await page.locator('form').getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${answersPath}$`));
  await expect(page.getByText('As quatro operações — Difícil')).toBeVisible();
  await expect(page.locator('.answers__item')).toHaveCount(12);
  await expect(page.getByText(buyer.email, { exact: true })).toHaveCount(0);
  await screenshot(page, 'answers-buyer');

  // A sign-in that did not start on a gabarito goes where it always went.
  await page.goto('/login');
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('Senha', { exact: true }).fill(other.password);
  await page.locator('form').getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);

  await page.goto(`/gabarito/${'Z'.repeat(22)}`);
  await expect(page.getByRole('alert')).toHaveText(Msg.answersNotFound);
});

test('a buyer who signs in with Google from the gabarito comes back to its answers', async ({ page }) => {
  test.setTimeout(120_000);
  const buyer = await googleUser(stack(), 'Helena Google');
  const { path: answersPath } = await boughtSheet(buyer);
  await page.goto(answersPath);
  await expectNoAnswers(page);
  await page.getByRole('link', { name: Msg.answersSignIn }).click();
  // Redirect mode, as with the real Google: the stand-in's page plays Google's, in the same tab.
  await page.getByRole('button', { name: 'Entrar com Google (desenvolvimento)' }).click();
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Nome').fill(buyer.fullname);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(new RegExp(`${answersPath}$`));
  await expect(page.locator('.answers__item')).toHaveCount(12);
});
