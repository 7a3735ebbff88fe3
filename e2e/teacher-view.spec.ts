import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createPageSet, Msg } from '@app/contracts';
import {
  buyPage,
  buySetAndWait,
  call,
  createActiveUser,
  generatePageCode,
  tabuadaDo7Request,
  topUp,
  wordProblemsRequest,
  type PageRequest,
  type TestSession,
} from '@app/testing';
import { screenshot, stack, screenshotView } from './support';

/**
 * What a teacher sees, at a laptop's sizes and a phone's: the answer to a click in view beside the control clicked,
 * sheets named as she named them, a set she knows how to print, a preview she can read before paying, a builder that
 * survives a reload.
 */
const SIZES = [
  { name: '1366', width: 1366, height: 900 },
  { name: '1280', width: 1280, height: 720 },
  { name: '390', width: 390, height: 844 },
] as const;
const PHONE = SIZES[2];

/** A tab of its own at `size`, signed in as `user` (the session stored as the login screen stores it). */
async function memberTab(browser: Browser, size: { width: number; height: number }, user: TestSession) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  await context.addInitScript((s) => {
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', s.token);
    localStorage.setItem('email', s.email);
    localStorage.setItem('fullname', s.fullname);
  }, user);
  return context.newPage();
}

/** The box of `locator` once it has come wholly into the screen (a smooth scroll may still be moving it). */
async function inView(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  return (await locator.boundingBox())!;
}

const preview = (page: Page) => page.getByRole('img', { name: 'Pré-visualização da página gerada' });

test.describe('the answer to a click is in view, beside the control clicked', () => {
  for (const size of SIZES)
    test(`${size.name}: after Gerar página with too little balance, the preview, Comprar, the warning and the hint`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const user = await createActiveUser(stack(), { fullname: 'Professora Sem Saldo' });
      const page = await memberTab(browser, size, user);
      await page.goto('/exercicios-aritmetica');
      await page.getByRole('button', { name: 'Gerar página' }).click();
      await expect(preview(page)).toBeVisible({ timeout: 30_000 });

      const buyButton = page.getByRole('button', { name: 'Comprar por R$ 0,50' });
      const warning = page.getByRole('alert').filter({ hasText: Msg.insufficientBalance });
      const addBalance = warning.getByRole('link', { name: 'Adicionar Saldo' });
      await expect(buyButton).toBeDisabled();
      await inView(buyButton);
      await inView(warning);
      await inView(addBalance);
      await expect(preview(page)).toBeInViewport({ ratio: 0.5 });
      // Beside the button: right under it, nothing between but the buttons' own gap (both read at one instant).
      const gap = await warning.evaluate(
        (shown, button) => shown.getBoundingClientRect().top - button!.getBoundingClientRect().bottom,
        await buyButton.elementHandle(),
      );
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(40);
      await screenshot(page, `teacher-builder-insufficient-${size.name}`);

      // The timed hint ('clique em Editar', 5 s after the page is locked) runs on the page's clock, moved by the
      // test: nothing waits for 5 s. The clock is installed for a reload, which finds the generated page kept
      // (locked, its preview stored already), so no other timer of the page waits on it. The reload starts at the top
      // of the page, so the hint appears while the builder's smooth scroll to the preview may still be moving (on a
      // slow phone it once stayed half out of view then).
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.clock.install();
      await page.reload();
      await expect(preview(page)).toBeVisible();
      await page.clock.runFor(5_000);
      const hint = page
        .getByRole('status')
        .filter({ hasText: 'Para mudar as opções desta página, clique em Editar.' });
      await expect(hint).toBeVisible();
      await inView(hint);
      await inView(buyButton);
      await screenshot(page, `teacher-builder-hint-${size.name}`);
      await page.context().close();
    });

  test('390: "Gerar outra igual" brings the new preview and Comprar into view', async ({ browser }) => {
    test.setTimeout(180_000);
    const user = await createActiveUser(stack(), { fullname: 'Professora do Celular' });
    await topUp(stack(), user.token, 5);
    const code = await generatePageCode(stack(), user.token);
    expect((await buyPage(stack(), user.token, code)).status).toBe(200);
    const page = await memberTab(browser, PHONE, user);
    await page.goto('/minhas-compras');
    await page.getByRole('button', { name: /^Gerar outra igual/ }).click();
    await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
    await expect(preview(page)).toBeVisible({ timeout: 60_000 });
    await inView(page.getByRole('button', { name: 'Comprar por R$ 0,50' }));
    await expect(preview(page)).toBeInViewport({ ratio: 0.5 });
    await page.context().close();
  });
});

for (const size of SIZES)
  test(`${size.name}: a sheet of situações-problema is readable before paying: Ampliar prévia, then Aproximar at print size`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const phone = size === PHONE;
    const user = await createActiveUser(stack(), { fullname: 'Professora Leitora' });
    await topUp(stack(), user.token, 5);
    // A bought page of problems, generated again: the builder holds its options and a new page of them.
    const code = await generatePageCode(stack(), user.token, wordProblemsRequest);
    expect((await buyPage(stack(), user.token, code)).status).toBe(200);
    const page = await memberTab(browser, size, user);
    await page.goto('/minhas-compras');
    await page.getByRole('button', { name: /^Gerar outra igual/ }).click();
    await expect(preview(page)).toBeVisible({ timeout: 30_000 });

    // The button sits under the sheet: it covers nothing of it (its footer is the sheet's last line).
    const enlarge = page.getByRole('button', { name: Msg.previewEnlarge });
    const under = await enlarge.evaluate(
      (button, sheet) => button.getBoundingClientRect().top - sheet!.getBoundingClientRect().bottom,
      await preview(page).elementHandle(),
    );
    expect(under).toBeGreaterThanOrEqual(0);
    await enlarge.click();
    const dialog = page.getByRole('dialog', { name: Msg.previewDialogTitle });
    const large = dialog.getByRole('img');
    await expect(large).toBeVisible();
    const whole = (await large.boundingBox())!;
    // A phone: the whole width (its padding aside); a laptop: the whole sheet on the screen.
    if (phone) expect(whole.width).toBeGreaterThanOrEqual(size.width * 0.9);
    else expect(whole.y + whole.height).toBeLessThanOrEqual(size.height);
    // What the screen shows (the dialog covers the page): not the whole page's height.
    await screenshotView(page, `teacher-preview-large-${size.name}`);

    await dialog.getByRole('button', { name: Msg.previewZoomIn }).click();
    await expect(dialog.getByRole('button', { name: Msg.previewZoomOut })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // At print size: the image as many CSS pixels wide as it has (an A4 sheet at 96 px per inch), so a problem's
    // words (11 pt on the sheet, 14.7 px) are as tall on the screen as on paper; a phone's fitted view shrank them.
    const { natural, shown } = await large.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth,
      shown: img.getBoundingClientRect().width,
    }));
    expect(natural).toBeGreaterThan(700);
    const textPx = (width: number) => ((11 * 96) / 72) * (width / natural);
    if (phone) expect(textPx(whole.width)).toBeLessThan(9);
    expect(textPx(shown)).toBeGreaterThanOrEqual(14);
    await screenshotView(page, `teacher-preview-zoomed-${size.name}`);
    // The sheet pans inside the dialog, not the page: down everywhere, sideways on a phone.
    const pans = await dialog.locator('.preview-dialog__scroll').evaluate((el) => ({
      down: el.scrollHeight > el.clientHeight,
      sideways: el.scrollWidth > el.clientWidth,
    }));
    expect(pans).toEqual({ down: true, sideways: phone });
    await dialog.getByRole('button', { name: Msg.previewClose }).click();
    await expect(dialog).toHaveCount(0);
    await page.context().close();
  });

for (const size of SIZES)
  test(`${size.name}: a reload keeps the builder: the options and the generated page, previewed again, not generated again`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const user = await createActiveUser(stack(), { fullname: 'Professora Recarrega' });
    const page = await memberTab(browser, size, user);
    await page.goto('/exercicios-aritmetica');
    await page.getByRole('checkbox', { name: 'Divisão', exact: true }).check();
    await page.getByRole('radio', { name: /Difícil/ }).check();
    const generated = page.waitForResponse(
      (r) => r.url().endsWith('/api/page') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Gerar página' }).click();
    const code = ((await (await generated).json()) as { payload: string }).payload;
    await expect(preview(page)).toBeVisible({ timeout: 30_000 });

    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/page') && r.method() === 'POST') asked.push(r.url());
    });
    const thumb = page.waitForResponse((r) => r.url().includes('/api/thumb') && r.url().includes(code));
    await page.reload();
    expect((await thumb).status()).toBe(200);
    await expect(preview(page)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Divisão', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Divisão', exact: true })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /Difícil/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
    // Nothing generated on loading: the marker is a page generated by hand, the only one asked for since.
    await page.getByRole('button', { name: 'Gerar página' }).click();
    await expect.poll(() => asked.length).toBe(1);

    // Another tab of the same browser starts from the defaults (the builder is kept per tab).
    const other = await page.context().newPage();
    await other.goto('/exercicios-aritmetica');
    await expect(other.getByRole('checkbox', { name: 'Divisão', exact: true })).not.toBeChecked();
    await expect(other.getByText('A prévia da página aparece aqui.')).toBeVisible();
    await page.context().close();
  });

test('sheets are named as the teacher named them: Minhas Compras, Extrato, the gabarito online, and how a set is printed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const user = await createActiveUser(stack(), { fullname: 'Professora Nomeia' });
  await topUp(stack(), user.token, 10);
  const titled: PageRequest = {
    ...tabuadaDo7Request,
    custom: { ...tabuadaDo7Request.custom!, title: 'Revisão do 3º B' },
  };
  const code = await generatePageCode(stack(), user.token, titled);
  expect((await buyPage(stack(), user.token, code)).status).toBe(200);
  const set = await call<{ code: string; codes: string[] }>(stack().gatewayUrl, createPageSet, {
    body: { ...wordProblemsRequest, versions: 3 },
    token: user.token,
  });
  const { code: setCode, codes } = set.body.payload!;
  expect((await buySetAndWait(stack(), user.token, setCode)).progress?.bought).toBe(true);

  for (const size of SIZES) {
    const page = await memberTab(browser, size, user);
    await page.goto('/minhas-compras');
    const cards = page.locator('.purchases > li');
    await expect(cards).toHaveCount(2);
    const setCard = cards.nth(0);
    const titledCard = cards.nth(1);
    await expect(titledCard.locator('.purchase__title')).toHaveText('Revisão do 3º B');
    await expect(titledCard.locator('.level-badge')).toHaveText('Personalizada');
    await expect(setCard.locator('.purchase__title')).toHaveText(/^6 situações-problema/);
    await expect(setCard.locator('.level-badge')).toHaveText('Personalizada');
    await expect(setCard.locator('.purchase__count')).toHaveText('3 versões');
    // The count covers nothing of the sheet: it sits beside the badge, under the thumbnail.
    const thumb = (await setCard.locator('.page-thumb').first().boundingBox())!;
    const count = (await setCard.locator('.purchase__count').boundingBox())!;
    expect(count.y).toBeGreaterThanOrEqual(thumb.y + thumb.height);
    await expect(
      setCard.getByText(/^Imprima para a turma as páginas 1 a 3 \(uma folha por aluno\)/),
    ).toBeVisible();
    await screenshot(page, `teacher-purchases-${size.name}`);

    await page.goto('/extrato');
    const lines = page.locator('table.statement tbody tr td:nth-child(2)');
    await expect(lines).toContainText([
      Msg.statementPurchase(`6 situações-problema`),
      Msg.statementPurchase(`Revisão do 3º B (${code})`),
    ]);
    await expect(lines.first()).toHaveText(new RegExp(`— 3 versões \\(${setCode}\\)$`));
    await screenshot(page, `teacher-statement-${size.name}`);

    await page.goto(`/gabarito/${codes[1]}`);
    await expect(page.getByText('Versão 2 de 3', { exact: true })).toBeVisible();
    await expect(page.locator('.answers__name .level-badge')).toHaveText('Personalizada');
    await page.goto(`/gabarito/${code}`);
    await expect(page.locator('.answers__name')).toContainText('Revisão do 3º B');
    await screenshot(page, `teacher-gabarito-${size.name}`);
    await page.context().close();
  }
});
