import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createUser, Msg, processPayment } from '@app/contracts';
import { formatCents } from '@app/contracts/format';
import {
  buyPage,
  adminToken,
  balanceOf,
  call,
  createActiveUser,
  createTopUpPreference,
  generatePageCode,
  googleUser,
  linkIn,
  payPreference,
  setPaymentStatus,
  uniqueEmail,
  waitForEmail,
  type TestSession,
} from '@app/testing';
import { LONG_NAME } from './screens';
import { generateInBuilder, screenshot, signInWithForm, stack, screenshotView } from './support';

/**
 * "The member's screen tells the truth": each money and account moment in Chromium, at a phone's size
 * (390×844) and a desktop's (1366×900).
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
type Size = (typeof SIZES)[number];

/**
 * A page of its own, at `size`, signed in as `user` (the session stored as the login screen stores it), once per tab:
 * a later sign-in in the tab keeps its own session.
 */
async function memberPage(browser: Browser, size: Size, user: TestSession): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  await context.addInitScript((s) => {
    try {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('token', s.token);
      localStorage.setItem('email', s.email);
      localStorage.setItem('fullname', s.fullname);
    } catch {
      // about:blank has no storage.
    }
  }, user);
  return context.newPage();
}

/** The balance as the member sees it: the sidebar on a desktop, the menu button on a phone. */
const shownBalance = (page: Page): Locator =>
  page.locator('.side-menu [data-balance]:visible, .side-menu .balance__value:visible').first();

/** Marks the document: still marked later means the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

/** Waits for the API to say the balance is `reais` (a webhook settles in the background). */
async function balanceIs(token: string, reais: number) {
  await expect.poll(() => balanceOf(stack(), token), { timeout: 30_000 }).toBe(reais);
}

/** Buys one page through the API (a R$ 0,50 debit). */
async function buyPageByApi(token: string) {
  const code = await generatePageCode(stack(), token);
  const bought = await buyPage(stack(), token, code);
  expect(bought.status).toBe(200);
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test('a pending Pix approved later changes the open sidebar, builder and Extrato without a reload', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const user = await createActiveUser(stack(), { fullname: 'Paula Pix' });
      const statement = await memberPage(browser, size, user);
      await statement.goto('/extrato');
      await expect(statement.getByText(Msg.statementEmpty)).toBeVisible();
      await expect(shownBalance(statement)).toHaveText('R$ 0,00');
      // A second tab on the builder: a page generated with no balance shows the warning, buying is off.
      const builder = await statement.context().newPage();
      await builder.goto('/exercicios-aritmetica');
      await generateInBuilder(builder);
      await expect(builder.locator('.alert--warning')).toBeVisible();
      const buyButton = builder.getByRole('button', { name: 'Comprar por R$ 0,50' });
      await expect(buyButton).toBeDisabled();
      await markDocument(statement);
      await markDocument(builder);

      // Pix: the payer pays, Mercado Pago says pending (and notifies billing).
      const preference = await createTopUpPreference(stack(), user.token, 10);
      const { paymentId } = await payPreference(stack(), preference.id, 'pending');
      const pendingRow = statement.locator('tr[data-kind="pending"]');
      await expect(pendingRow).toContainText(Msg.statementPendingTopUp);
      await expect(pendingRow).toContainText(Msg.statementPending);
      await expect(pendingRow).toContainText('R$ 10,00');
      await expect(shownBalance(statement)).toHaveText('R$ 0,00');
      await screenshot(statement, `member-extrato-pending-${size.name}`);

      // Approved later, without the payer coming back: the open screens follow within the stream's delivery.
      await setPaymentStatus(stack(), paymentId, 'approved');
      await expect(shownBalance(statement)).toHaveText('R$ 10,00');
      await expect(pendingRow).toHaveCount(0);
      await expect(statement.locator('tr[data-kind="top_up"]')).toContainText(Msg.statementTopUp);
      await expect(shownBalance(builder)).toHaveText('R$ 10,00');
      await expect(buyButton).toBeEnabled();
      await expect(builder.locator('.alert--warning')).toHaveCount(0);
      await expectSameDocument(statement);
      await expectSameDocument(builder);
      await screenshot(statement, `member-extrato-credited-${size.name}`);
      await screenshot(builder, `member-builder-credited-${size.name}`);

      // A purchase in one tab moves the balance in the other one too.
      await buyButton.click();
      await expect(shownBalance(statement)).toHaveText('R$ 9,50');
      await expect(statement.locator('tr[data-kind="purchase"]')).toHaveCount(1);
      await expectSameDocument(statement);
      await statement.context().close();
    });

    test('an account not yet active gets a fresh activation link from the sign-in screen and from signing up again', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('e2e-reativar');
      const password = 'senha-forte-1';
      const body = { fullname: 'Cláudia Reativa', email, password, passwordConfirmation: password };
      expect((await call(stack().gatewayUrl, createUser, { body })).status).toBe(200);
      const first = linkIn(
        await waitForEmail(stack().mailApiUrl, email, (m) => m.html.includes('/ativar/')),
        '/ativar/',
      );

      const page = await (await browser.newContext({ viewport: size })).newPage();
      await signInWithForm(page, email, password);
      await expect(page.getByText(Msg.accountNotActivated, { exact: true })).toBeVisible();
      const resend = page.getByRole('button', { name: Msg.resendActivationButton });
      await expect(resend).toBeVisible();
      await resend.click();
      await expect(page.getByText(Msg.resendActivationSent)).toBeVisible();
      await screenshot(page, `member-login-resent-${size.name}`);
      const resent = await waitForEmail(
        stack().mailApiUrl,
        email,
        (m) => m.subject.startsWith('Ative sua conta') && linkIn(m, '/ativar/') !== first,
      );

      // Signing up again with the same email before activation takes the pending sign-up's place, with a fresh link
      // (the answer is the usual one).
      const again = await call(stack().gatewayUrl, createUser, { body });
      expect(again.body.message).toBe(Msg.signupSuccess(email));
      const earlier = [first, linkIn(resent, '/ativar/')];
      const signedUpAgain = await waitForEmail(
        stack().mailApiUrl,
        email,
        (m) => m.subject.startsWith('Ative sua conta') && !earlier.includes(linkIn(m, '/ativar/')),
      );

      // The older links no longer work; the newest one does, and signs in: this browser did not sign up (an API call
      // did), so it names the account and asks the password first.
      await page.goto(new URL(first).pathname);
      await expect(page.getByText('Este link de ativação é inválido, expirou ou já foi usado.')).toBeVisible({
        timeout: 20_000,
      });
      await page.goto(new URL(linkIn(signedUpAgain, '/ativar/')).pathname);
      await page.getByLabel('Senha', { exact: true }).fill(password);
      await page.getByRole('button', { name: Msg.activationConfirmButton }).click();
      await expect(page.getByText('Conta ativada com sucesso!', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
      await page.context().close();
    });

    test('after generating, the preview and the buy button are in view; the purchase confirmation too; the preview opens large', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const user = await createActiveUser(stack(), { fullname: 'Beatriz Botões' });
      const page = await memberPage(browser, size, user);
      await page.goto('/exercicios-aritmetica');
      await expect(shownBalance(page)).toHaveText('R$ 0,00');
      await page.getByRole('button', { name: 'Gerar página' }).click();
      const preview = page.getByRole('img', { name: 'Pré-visualização da página gerada' });
      const buyButton = page.getByRole('button', { name: 'Comprar por R$ 0,50' });
      await expect(preview).toBeVisible({ timeout: 30_000 });
      // Nobody scrolled: what the member needs next is on the screen.
      await expect(preview).toBeInViewport({ ratio: 1 });
      await expect(buyButton).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Editar' })).toBeInViewport({ ratio: 1 });
      await screenshot(page, `member-generated-${size.name}`);

      // Opened large, and closed again.
      await page.getByRole('button', { name: Msg.previewEnlarge }).click();
      const dialog = page.getByRole('dialog', { name: Msg.previewDialogTitle });
      await expect(dialog).toBeVisible();
      const large = dialog.getByRole('img');
      await expect(large).toBeVisible();
      const box = (await large.boundingBox())!;
      const small = (await preview.boundingBox())!;
      expect(box.width).toBeGreaterThan(small.width);
      expect(box.height).toBeLessThanOrEqual(size.height);
      await screenshotView(page, `member-preview-large-${size.name}`);
      await dialog.getByRole('button', { name: Msg.previewClose }).click();
      await expect(dialog).toHaveCount(0);

      // With balance, the purchase: its confirmation shows where the member is looking.
      await createTopUpPreference(stack(), user.token, 5).then(async (p) => {
        const { paymentId } = await payPreference(stack(), p.id, 'approved');
        await call(stack().gatewayUrl, processPayment, {
          body: { preferenceId: p.id, paymentId },
          token: user.token,
        });
      });
      await expect(shownBalance(page)).toHaveText('R$ 5,00');
      await expect(buyButton).toBeEnabled();
      await Promise.all([page.waitForEvent('download'), buyButton.click()]);
      const done = page.getByRole('status').filter({ hasText: Msg.purchaseDone });
      await expect(done).toBeVisible();
      await expect(done).toBeInViewport({ ratio: 1 });
      await screenshot(page, `member-bought-${size.name}`);
      await page.context().close();
    });

    test("a Google account sets a password from 'Alterar senha', confirmed by e-mail", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const member = await googleUser(stack(), 'Gustavo Google');
      const page = await memberPage(browser, size, member);
      await page.goto('/alterar-senha');
      await expect(page.getByText(Msg.passwordSetupIntro(member.email))).toBeVisible();
      // No current password is asked of an account that never had one.
      await expect(page.getByLabel('Senha atual')).toHaveCount(0);
      await page.getByRole('button', { name: Msg.passwordSetupButton }).click();
      await expect(page.getByText(Msg.passwordSetupSent(member.email))).toBeVisible();
      await screenshot(page, `member-google-password-${size.name}`);
      const mail = await waitForEmail(stack().mailApiUrl, member.email, (m) =>
        m.html.includes('/criar-nova-senha/'),
      );
      await page.goto(new URL(linkIn(mail, '/criar-nova-senha/')).pathname);
      await page.getByLabel('Nova senha', { exact: true }).fill('senha-do-google-1');
      await page.getByLabel('Confirmação de senha').fill('senha-do-google-1');
      await page.getByRole('button', { name: 'Criar nova senha' }).click();
      await expect(page).toHaveURL(/\/criar-nova-senha-sucesso$/);
      await signInWithForm(page, member.email, 'senha-do-google-1');
      await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
      // Now it has one: the usual form, with a word that Google still works.
      await page.goto('/alterar-senha');
      await expect(page.getByLabel('Senha atual')).toBeVisible();
      await expect(page.getByText(Msg.googleAccountHasPassword)).toBeVisible();
      await page.context().close();
    });

    test('a negative balance says what was reversed and how much a top-up must cover, in a colour of debt', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const user = await createActiveUser(stack(), { fullname: 'Nelson Negativo' });
      const preference = await createTopUpPreference(stack(), user.token, 5);
      const { paymentId } = await payPreference(stack(), preference.id, 'approved');
      await balanceIs(user.token, 5);
      await buyPageByApi(user.token);
      await setPaymentStatus(stack(), paymentId, 'refunded');
      await balanceIs(user.token, -0.5);

      const page = await memberPage(browser, size, user);
      await page.goto('/exercicios-aritmetica');
      await expect(shownBalance(page)).toHaveText('\u2212 R$ 0,50');
      // Red, the colour of what is owed (not the positive balance's teal).
      const colour = await shownBalance(page).evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = colour.match(/\d+/g)!.map(Number);
      expect(r).toBeGreaterThan(g! + 60);
      expect(r).toBeGreaterThan(b! + 60);
      const explained = Msg.balanceNegativeExplained('refund', 'R$ 5,00', 'R$ 0,50');
      if (size.name === 'phone') await page.getByRole('button', { name: /Menu/ }).click();
      await expect(page.locator('.side-menu').getByText(explained)).toBeVisible();
      await screenshot(page, `member-sidebar-${size.name}`);
      if (size.name === 'phone') await page.keyboard.press('Escape');

      await generateInBuilder(page);
      const warning = page.locator('.alert--warning');
      await expect(warning).toContainText(Msg.insufficientBalance);
      await expect(warning).toContainText(
        Msg.balanceNegativeToBuy('refund', 'R$ 5,00', 'R$ 0,50', formatCents(100)),
      );
      await screenshot(page, `member-warning-${size.name}`);

      // Extrato: the reversal, the purchase and the top-up, newest first, and the balance after each: every amount
      // below zero with the one minus sign (U+2212 and a space), never a hyphen.
      await page.goto('/extrato');
      const rows = page.locator('table.statement tbody tr');
      await expect(rows).toHaveCount(3);
      const money = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).slice(2);
      expect([await money(0), await money(1), await money(2)]).toEqual([
        ['\u2212 R$ 5,00', '\u2212 R$ 0,50'],
        ['\u2212 R$ 0,50', 'R$ 4,50'],
        ['+ R$ 5,00', 'R$ 5,00'],
      ]);
      await expect(shownBalance(page)).toHaveText('\u2212 R$ 0,50');
      await expect(page.locator('body')).not.toContainText('-R$');
      await page.context().close();
    });

    test('a second visit of the payment return link says the payment was already added', async ({
      browser,
    }) => {
      const user = await createActiveUser(stack(), { fullname: 'Rita Retorno' });
      const preference = await createTopUpPreference(stack(), user.token, 10);
      const { paymentId } = await payPreference(stack(), preference.id, 'approved', { notify: false });
      const page = await memberPage(browser, size, user);
      const back = `/pagamento-sucesso?${new URLSearchParams({ preference_id: preference.id, payment_id: paymentId, status: 'approved' })}`;
      await page.goto(back);
      await expect(page.locator('[data-outcome="approved"] p')).toHaveText(
        Msg.paymentOutcomeApproved('R$\u00a010,00'),
      );
      await page.goto(back);
      await expect(page.locator('[data-outcome="approved"] p')).toHaveText(
        Msg.paymentOutcomeAlreadyAdded('R$\u00a010,00'),
      );
      await expect(shownBalance(page)).toHaveText('R$ 10,00');
      await screenshot(page, `member-already-added-${size.name}`);
      await page.context().close();
    });

    test('refunds and chargebacks in the admin log with amount and user; Estornados explained; tables fit', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      // An 80-character name too (the longest the layout holds), in the users table and the log.
      const user = await createActiveUser(stack(), { fullname: LONG_NAME });
      const refunded = await createTopUpPreference(stack(), user.token, 5);
      const charged = await createTopUpPreference(stack(), user.token, 7);
      const a = await payPreference(stack(), refunded.id, 'approved');
      const b = await payPreference(stack(), charged.id, 'approved');
      await balanceIs(user.token, 12);
      await setPaymentStatus(stack(), a.paymentId, 'refunded');
      await setPaymentStatus(stack(), b.paymentId, 'charged_back');
      await balanceIs(user.token, 0);

      const admin = {
        token: await adminToken(stack()),
        email: stack().adminEmail,
        fullname: 'Administrador',
        password: '',
      };
      const page = await memberPage(browser, size, admin);
      await page.goto('/admin/logs?type=topup.reversed');
      const table = page.getByRole('region', { name: 'Tabela de atividades' });
      const refundRow = table
        .getByRole('row')
        .filter({ hasText: Msg.auditTopUpReversed('R$ 5,00', 'refund') });
      const chargebackRow = table
        .getByRole('row')
        .filter({ hasText: Msg.auditTopUpReversed('R$ 7,00', 'chargeback') });
      await expect(refundRow.first()).toContainText(user.email);
      await expect(chargebackRow.first()).toContainText(user.email);
      await screenshot(page, `member-logs-${size.name}`);

      await page.goto('/admin/estatisticas');
      await expect(page.getByText(Msg.adminReversedHint)).toBeVisible();
      await screenshot(page, `member-stats-${size.name}`);

      // At 1366 px the tables show every column whole: nothing scrolls sideways inside them.
      if (size.name === 'desktop') {
        for (const [path, name] of [
          ['/admin/usuarios', 'Tabela de usuários'],
          ['/admin/logs', 'Tabela de atividades'],
        ] as const) {
          await page.goto(path);
          const region = page.getByRole('region', { name });
          await expect(region).toBeVisible();
          const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
          }));
          expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
          await screenshot(page, `member-table-${path.split('/').pop()}-${size.name}`);
        }
      }
      await page.context().close();
    });

    test('Minhas Compras names each page by its title, with the code below', async ({ browser }) => {
      test.setTimeout(120_000);
      const user = await createActiveUser(stack(), { fullname: 'Marcos Compras' });
      const preference = await createTopUpPreference(stack(), user.token, 5);
      await payPreference(stack(), preference.id, 'approved');
      await balanceIs(user.token, 5);
      const code = await generatePageCode(stack(), user.token, {
        add: false,
        sub: false,
        mult: true,
        div: false,
        answers: true,
        level: 0,
      });
      expect((await buyPage(stack(), user.token, code)).status).toBe(200);
      const page = await memberPage(browser, size, user);
      await page.goto('/minhas-compras');
      const item = page.locator('.purchase').first();
      await expect(item.locator('.purchase__title')).toHaveText('Tabuadas do 2 ao 5 — Fácil');
      await expect(item.locator('.purchase__code')).toHaveText(code);
      await screenshot(page, `member-purchases-${size.name}`);
      await page.context().close();
    });
  });
}

test('the hint and the warning never cover a control, at every width from 320 to 1920 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createActiveUser(stack(), { fullname: 'Lúcia Layout' });
  const page = await memberPage(browser, SIZES[1], user);
  await page.clock.install();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/exercicios-aritmetica');
  await expect(shownBalance(page)).toHaveText('R$ 0,00');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await generateInBuilder(page);
  // The hint 5 s after editing is locked; the warning at once (no balance).
  await page.clock.runFor(5_000);
  const hint = page.getByRole('status').filter({ hasText: 'clique em Editar' });
  await expect(hint).toBeVisible();
  await expect(page.locator('.alert--warning')).toBeVisible();

  const widths = [320, 360, 390, 414, 480, 600, 768, 799, 800, 899, 900, 1024, 1280, 1366, 1440, 1600, 1920];
  for (const width of widths) {
    for (const height of [700, 900]) {
      await page.setViewportSize({ width, height });
      for (const scroll of ['top', 'bottom'] as const) {
        await page.evaluate(
          (to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight),
          scroll,
        );
        const covered = await page.evaluate(() => {
          const floating = Array.from(
            document.querySelectorAll<HTMLElement>('.builder [data-message], .builder__toasts > *'),
          );
          const controls = Array.from(
            document.querySelectorAll<HTMLElement>(
              'button, a[href], input, select, textarea, label, summary',
            ),
          ).filter((el) => !floating.some((f) => f.contains(el)));
          const problems: string[] = [];
          for (const control of controls) {
            const r = control.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            if (r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth)
              continue;
            // Points across the control: each must find the control itself (or something inside it) on top.
            for (const [fx, fy] of [
              [0.5, 0.5],
              [0.1, 0.2],
              [0.9, 0.2],
              [0.1, 0.8],
              [0.9, 0.8],
            ] as const) {
              const x = r.left + r.width * fx;
              const y = r.top + r.height * fy;
              if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
              const top = document.elementFromPoint(x, y);
              if (top && !control.contains(top) && floating.some((f) => f.contains(top))) {
                problems.push(
                  `${control.tagName} "${(control.textContent ?? '').trim().slice(0, 30)}" under a message`,
                );
                break;
              }
            }
          }
          return problems;
        });
        expect(covered, `${width}×${height}, scrolled to the ${scroll}`).toEqual([]);
      }
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'member-messages-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, 'member-messages-desktop');
  await page.context().close();
});
