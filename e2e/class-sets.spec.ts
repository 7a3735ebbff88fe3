import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Download, type Page, type Route } from '@playwright/test';
import { buySet, getBalance, getMyPages, Msg, PlatformMessages } from '@app/contracts';
import { fromRoot } from '@app/stack';
import { call, createActiveUser, defaultPageRequest, payloadOf, readPdf, topUp } from '@app/testing';
import { screenshot, stack, storeSession } from './support';

/**
 * Class sets, "Uma folha para cada aluno", tried as a new user would: a teacher with R$ 20,00 asks the builder for 30
 * versions, buys them while a progress bar says how far the printing is, and gets one PDF (30 different sheets, 30
 * gabaritos, the answer table) for R$ 15,00 in one ledger line; the QR code's page of a version opens its answers;
 * Minhas Compras shows the set as one card. With too little balance nothing is charged; a refused purchase leaves
 * the builder usable. The builder with versions, the progress bar and the card are screenshotted at 390 and 1366 px.
 */

const downloads = fromRoot('test-results', 'downloads');
mkdirSync(downloads, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const balanceValue = (page: Page) => page.locator('.side-menu .balance__value');
const versionsInput = (page: Page) => page.getByRole('spinbutton', { name: 'Quantas versões?' });

interface MyPage {
  code: string;
  title: string;
  set?: { code: string; versions: number; codes: string[] };
}

async function signedInMember(page: Page, balance: number) {
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, balance);
  await storeSession(page, user);
  await page.goto('/exercicios-aritmetica');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercícios de Aritmética' })).toBeVisible();
  await expect(balanceValue(page)).toHaveText(`R$ ${balance},00`);
  return user;
}

/** Asks the builder for `versions` versions and generates them: waits for version 1's preview. */
async function generateSet(page: Page, versions: number) {
  await versionsInput(page).fill(String(versions));
  await expect(
    page.getByText(`Total: R$ ${(versions / 2).toFixed(2).replace('.', ',')} por ${versions} versões`),
  ).toBeVisible();
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pageSet') && r.request().method() === 'POST'),
    page.getByRole('button', { name: `Gerar ${versions} versões` }).click(),
  ]);
  expect(created.status()).toBe(200);
  const body = created.request().postDataJSON() as { versions: number };
  expect(body.versions).toBe(versions);
  const { payload } = (await created.json()) as { payload: { code: string; codes: string[] } };
  expect(payload.codes).toHaveLength(versions);
  await expect(page.getByRole('img', { name: `Pré-visualização da versão 1 de ${versions}` })).toBeVisible({
    timeout: 30_000,
  });
  return payload;
}

/** Saves a download under test-results/downloads and answers its bytes. */
async function saved(download: Download, name: string): Promise<Buffer> {
  const file = path.join(downloads, name);
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}

test('a 30-version set with gabarito bought from R$ 20,00: R$ 5,00 left, one ledger line, one PDF for the class, its gabaritos online and its card in Minhas Compras', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInMember(page, 20);

  // The builder asks how many versions; with more than one it says the total.
  const input = versionsInput(page);
  await expect(input).toHaveValue('1');
  await expect(page.getByText('Uma folha diferente para cada aluno', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gerar página' })).toBeEnabled();
  // Outside 1 to 40 it cannot generate, and says why.
  await input.fill('41');
  await expect(page.getByText(Msg.setVersionsRange)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Gerar/ })).toBeDisabled();
  await input.fill('30');
  await expect(page.getByText(Msg.setVersionsRange)).toHaveCount(0);
  await expect(page.getByText('Total: R$ 15,00 por 30 versões')).toBeVisible();
  for (const [name, size] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `class-sets-builder-versions-${name}`);
  }

  const generated = await generateSet(page, 30);
  await expect(page.getByText('Versão 1 de 30 — as outras 29 têm problemas diferentes')).toBeVisible();
  // Version 1's preview is the first code's thumbnail.
  const thumbs = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/api/thumb')),
  );
  expect(thumbs.at(-1)).toContain(`code=${generated.codes[0]}`);
  await screenshot(page, 'class-sets-builder-generated-1366');

  // Buying: one POST, answered at once (202) while the server prints the versions; the builder follows the progress
  // until the set is bought. The progress is held at its start here for the screenshots, then let through.
  const progress: Array<{ done: number; total: number; ready: boolean; bought: boolean }> = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/setProgress') && response.status() === 200)
      void response
        .json()
        .then((body: { payload: (typeof progress)[number] }) => progress.push(body.payload))
        .catch(() => undefined);
  });
  let held = true;
  await page.route('**/api/setProgress*', async (route: Route) => {
    if (!held) return route.continue();
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'SUCCESS',
        message: '',
        payload: { done: 0, total: 30, ready: false, bought: false },
      }),
    });
  });
  let asked = 0;
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/buySet')) answers.push(response.status());
  });
  await page.route('**/api/buySet', (route: Route) => {
    asked++;
    return route.continue();
  });
  const downloading = page.waitForEvent('download', { timeout: 240_000 });
  await page.getByRole('button', { name: 'Comprar 30 versões por R$ 15,00' }).click();
  const bar = page.getByRole('progressbar', { name: 'Progresso do conjunto' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '30');
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(bar).toHaveAttribute('aria-valuetext', /^Gerando versão \d+ de 30$/);
  await expect(page.locator('.set-progress__text')).toHaveText(/^Gerando versão \d+ de 30$/);
  // Nothing can be bought twice meanwhile.
  await expect(page.getByRole('button', { name: 'Comprando…' })).toBeDisabled();
  await expect.poll(() => progress.length).toBeGreaterThan(0);
  for (const [name, size] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await bar.scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    await screenshot(page, `class-sets-progress-${name}`);
  }
  held = false;

  const pdf = await saved(await downloading, 'class-set-30.pdf');
  // Posted once: no asking again while it printed.
  expect(asked).toBe(1);
  expect(answers).toEqual([202]);
  await expect.poll(() => progress.at(-1)).toMatchObject({ done: 30, total: 30, ready: true, bought: true });
  expect((await downloading).suggestedFilename()).toMatch(/^matemática-\d{2}-\d{2}-\d{4}-30-versões\.pdf$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // The bar went forward only, up to the whole set.
  const dones = progress.map((p) => p.done);
  expect(dones).toEqual([...dones].sort((a, b) => a - b));
  expect(progress.every((p) => p.total === 30)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Compra realizada!' })).toContainText('30 versões');
  // And how its file is printed: the class's pages first.
  await expect(page.getByRole('status').filter({ hasText: 'Compra realizada!' })).toContainText(
    'Imprima para a turma as páginas 1 a 30 (uma folha por aluno).',
  );
  await expect(bar).toHaveCount(0);

  // R$ 20,00 − 30 × R$ 0,50 = R$ 5,00, in the sidebar and on the server.
  await expect(balanceValue(page)).toHaveText('R$ 5,00');
  expect(await payloadOf<number>(stack().gatewayUrl, getBalance, user.token)).toBe(5);

  // The set is one purchase: one entry, its versions' codes in order (version 1 first, the one previewed).
  const mine = await payloadOf<MyPage[]>(stack().gatewayUrl, getMyPages, user.token);
  expect(mine).toHaveLength(1);
  const entry = mine[0]!;
  expect(entry.set).toEqual({ code: generated.code, versions: 30, codes: generated.codes });
  expect(entry.code).toBe(generated.codes[0]);

  // One file for the class: the 30 sheets in order, then the 30 gabaritos, then the answer table.
  const { pages } = await readPdf(pdf);
  const codes = generated.codes;
  expect(pages.length).toBeGreaterThanOrEqual(61);
  for (let i = 0; i < 30; i++) {
    expect(pages[i]!.text, `sheet ${i + 1}`).toContain(`Versão ${i + 1} de 30`);
    expect(pages[i]!.text, `sheet ${i + 1}`).toContain(codes[i]);
    expect(pages[30 + i]!.text, `gabarito ${i + 1}`).toContain(`Versão ${i + 1} de 30`);
    expect(pages[30 + i]!.text, `gabarito ${i + 1}`).toContain(codes[i]);
  }
  // 30 different sheets: their problems (the text without the code and the version) differ.
  const problems = pages
    .slice(0, 30)
    .map((p, i) => p.text.replace(codes[i]!, '').replace(/Versão \d+ de 30/, ''));
  expect(new Set(problems).size).toBe(30);
  // The answer table: one block per version ('Versão 7 de 30 · <code>', in columns), every version once.
  const table = pages
    .slice(60)
    .map((p) => p.text)
    .join('\n');
  expect(table).toContain('Respostas');
  const blocks = [...table.matchAll(/Versão (\d+) de 30 · (\S+)/g)].map((m) => [Number(m[1]), m[2]] as const);
  expect(blocks.sort(([a], [b]) => a - b)).toEqual(codes.map((code, i) => [i + 1, code]));

  // Extrato: the top-up and ONE purchase line naming the set and its 30 versions.
  await page.goto('/extrato');
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato' })).toBeVisible();
  const rows = page.locator('table.statement tbody tr');
  await expect(rows).toHaveCount(2);
  const purchase = await rows.nth(0).locator('td').allInnerTexts();
  expect(purchase[1]).toMatch(/^Compra: .*30 versões/);
  expect(purchase[1]).toContain(generated.code);
  expect(purchase.slice(2)).toEqual(['− R$ 15,00', 'R$ 5,00']);

  // The QR code of version 2 opens its answers for the buyer.
  await page.goto(`/gabarito/${codes[1]}`);
  await expect(page.getByRole('heading', { name: 'Gabarito' })).toBeVisible();
  await expect(page.locator('.answers li').first()).toBeVisible();
  // Its answers are version 2's: every operand on its sheet, every result on its gabarito page (and not version 1's).
  await expect(page.locator('.answers li')).toHaveCount(20);
  const online = (await page.locator('.answers li').allInnerTexts()).map((item) =>
    [...item.replaceAll('.', '').matchAll(/\d+/g)].map((m) => m[0]).slice(1),
  );
  const tokens = (text: string) => new Set(text.replaceAll('.', '').split(/\s+/));
  const [sheet2, gabarito2, sheet1] = [
    tokens(pages[1]!.text),
    tokens(pages[31]!.text),
    tokens(pages[0]!.text),
  ];
  for (const [a, b, result] of online) {
    expect(sheet2.has(a!) && sheet2.has(b!), `${a}, ${b} on version 2's sheet`).toBe(true);
    expect(gabarito2.has(result!), `${result} on version 2's gabarito`).toBe(true);
  }
  expect(online.every(([a, b]) => sheet1.has(a!) && sheet1.has(b!))).toBe(false);
  // On the buyer's phone the QR code leads on to Correção rápida of that sheet: version 2's first answer is ready.
  await page.getByRole('link', { name: 'Corrigir esta folha' }).click();
  await expect(page).toHaveURL(new RegExp(`/corrigir/${codes[1]}$`));
  await expect(page.getByRole('textbox', { name: 'Versão 2, conta 1', exact: true })).toBeFocused();

  // Minhas Compras: one card, its count, version 1's preview and title; it downloads the whole file.
  await page.goto('/minhas-compras');
  const card = page.locator('.purchases > li');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('30 versões', { exact: true })).toBeVisible();
  await expect(card.getByText(entry.title, { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: /^Versão 1 do conjunto de 30 versões/ })).toBeVisible({
    timeout: 30_000,
  });
  for (const [name, size] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `class-sets-minhas-compras-${name}`);
  }
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /^Baixar o conjunto de 30 versões/ }).click(),
  ]);
  expect(again.suggestedFilename()).toMatch(/^matemática-\d{2}-\d{2}-\d{4}-30-versões\.pdf$/);
  expect((await readPdf(await saved(again, 'class-set-30-again.pdf'))).pages).toHaveLength(pages.length);

  // "Gerar outra igual": the builder with the same options and 30 versions, a new set at once.
  const [remade] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pageSet') && r.request().method() === 'POST'),
    card.getByRole('button', { name: /^Gerar outra igual ao conjunto/ }).click(),
  ]);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  // The set was made with the builder's defaults.
  expect(remade.request().postDataJSON()).toEqual({ ...defaultPageRequest, versions: 30 });
  await expect(versionsInput(page)).toHaveValue('30');
  await expect(page.getByRole('img', { name: 'Pré-visualização da versão 1 de 30' })).toBeVisible({
    timeout: 30_000,
  });
  // Nothing more charged by generating.
  await expect(balanceValue(page)).toHaveText('R$ 5,00');
});

test('with too little balance the builder warns with the total and nothing is charged', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signedInMember(page, 10);
  const generated = await generateSet(page, 30);
  const warning = page.getByRole('alert').filter({ hasText: Msg.insufficientBalanceForSet(30) });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Total: R$ 15,00 por 30 versões');
  await expect(warning.getByRole('link', { name: 'Adicionar Saldo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comprar 30 versões por R$ 15,00' })).toBeDisabled();
  for (const [name, size] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `class-sets-insufficient-${name}`);
  }

  // Asked anyway (another tab, a balance spent meanwhile): the server refuses the whole set.
  const refused = await call(stack().gatewayUrl, buySet, {
    body: { code: generated.code },
    token: user.token,
  });
  expect(refused.status).toBe(402);
  expect(refused.body.message).toBe(Msg.insufficientBalanceForSet(30));
  expect(await payloadOf<number>(stack().gatewayUrl, getBalance, user.token)).toBe(10);
  expect(await payloadOf<MyPage[]>(stack().gatewayUrl, getMyPages, user.token)).toHaveLength(0);
  await page.goto('/extrato');
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato' })).toBeVisible();
  await expect(page.locator('table.statement tbody tr')).toHaveCount(1);
  await expect(page.getByText(/^Compra:/)).toHaveCount(0);
  await expect(balanceValue(page)).toHaveText('R$ 10,00');
});

test('a refused purchase of a set says why in pt-BR and leaves the builder usable, charging nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await signedInMember(page, 5);
  const generated = await generateSet(page, 2);
  await expect(page.getByText('Versão 1 de 2 — a outra tem problemas diferentes')).toBeVisible();
  // The service answers an error other than "still printing": its message, no retry.
  let asked = 0;
  await page.route('**/api/buySet', (route) => {
    asked++;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'ERROR',
        message: PlatformMessages.internal,
        payload: null,
        code: 'INTERNAL',
      }),
    });
  });
  await page.getByRole('button', { name: 'Comprar 2 versões por R$ 1,00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: PlatformMessages.internal })).toBeVisible();
  expect(asked).toBe(1);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Usable: the purchase can be tried again, the options edited.
  await expect(page.getByRole('button', { name: 'Comprar 2 versões por R$ 1,00' })).toBeEnabled();
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(versionsInput(page)).toBeEnabled();
  await expect(page.getByLabel('Adição')).toBeEnabled();
  await page.unrouteAll({ behavior: 'wait' });
  expect(await payloadOf<number>(stack().gatewayUrl, getBalance, user.token)).toBe(5);

  // The same set bought for real afterwards: R$ 1,00 once, even asked twice.
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Comprar 2 versões por R$ 1,00' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/-2-versões\.pdf$/);
  await expect(balanceValue(page)).toHaveText('R$ 4,00');
  const twice = await call<{ balance: number }>(stack().gatewayUrl, buySet, {
    body: { code: generated.code },
    token: user.token,
  });
  expect(twice.status).toBe(200);
  expect(twice.body.payload?.balance).toBe(4);
});
