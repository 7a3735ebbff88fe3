import { expect, test, type Page } from '@playwright/test';
import { Msg } from '@app/contracts';
import { createActiveUser, emailsTo, googleUser, sql, type TestSession } from '@app/testing';
import { screenshot, signInWithForm, stack } from './support';

/**
 * The admin area in Chromium. The e2e stack is shared by every spec file: the admin's password is changed and then
 * changed back, and the email setting is put back as it was found.
 */
test.describe.configure({ mode: 'serial' });

const signIn = signInWithForm;

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Administração' });

let member: TestSession;
let googleMember: TestSession;

test.beforeAll(async () => {
  member = await createActiveUser(stack(), { fullname: 'Mariana Souza Teste' });
  googleMember = await googleUser(stack(), 'Gustavo Google Teste');
});

test('the admin signs in, lands on Estatísticas and sees the three groups', async ({ page }) => {
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await expect(page).toHaveURL(/\/admin\/estatisticas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Estatísticas' })).toBeVisible();
  for (const [group, labels] of [
    ['Usuários', ['Total', 'Via Google', 'Cadastro manual']],
    ['Pagamentos', ['Total criados', 'Finalizados', 'Não finalizados', 'Estornados']],
    ['Páginas', ['Total criadas', 'Compradas', 'Não compradas']],
  ] as const) {
    const section = page.getByRole('region', { name: group });
    for (const label of labels) await expect(section.getByText(label, { exact: true })).toBeVisible();
  }
  const users = page.getByRole('region', { name: 'Usuários' });
  const googleCount = Number(await users.locator('dd').nth(1).textContent());
  expect(googleCount).toBeGreaterThanOrEqual(1);
  for (const item of ['Estatísticas', 'Usuários', 'Emails', 'Alterar Senha', 'Sair']) {
    await expect(adminMenu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
  await screenshot(page, 'admin-statistics');
});

test('Usuários lists the users with Google? as Sim/Não and pt-BR dates', async ({ page }) => {
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await expect(page).toHaveURL(/\/admin\/estatisticas$/);
  await adminMenu(page).getByRole('link', { name: 'Usuários', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  await expect(page.getByText(/Total de usuários: \d+/)).toBeVisible();
  const header = page.getByRole('row').first();
  await expect(header).toHaveText(/Nome completo\s*Email\s*Google\?\s*Criado em\s*Atualizado em/);
  const memberRow = page.getByRole('row', { name: new RegExp(member.email) });
  await expect(memberRow.getByRole('cell').nth(0)).toHaveText('Mariana Souza Teste');
  await expect(memberRow.getByRole('cell').nth(2)).toHaveText('Não');
  await expect(memberRow.getByRole('cell').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const googleRow = page.getByRole('row', { name: new RegExp(googleMember.email) });
  await expect(googleRow.getByRole('cell').nth(2)).toHaveText('Sim');
  // Newest first: the Google user signed up after the member.
  const emails = await page.getByRole('row').locator('td:nth-child(2)').allTextContents();
  expect(emails.indexOf(googleMember.email)).toBeLessThan(emails.indexOf(member.email));
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(memberRow).toBeVisible();
  await screenshot(page, 'admin-users');
});

test('Usuários pages a long list: 100 a page, Próxima and Anterior, the total unchanged', async ({
  page,
}) => {
  // 150 older accounts, straight into the database (creating them through the API would only be slower).
  const batch = `lote-${Date.now()}`;
  await sql(
    stack(),
    `INSERT INTO auth.users (id, email, fullname, active, created_at, updated_at)
     SELECT gen_random_uuid(), $1 || '-' || n || '@exemplo.com.br', 'Usuário em Lote ' || n, true,
            now() - interval '1 year' - n * interval '1 minute', now() - interval '1 year'
     FROM generate_series(1, 150) AS n`,
    [batch],
  );
  try {
    const [count] = await sql<{ total: number }>(stack(), 'SELECT count(*)::int AS total FROM auth.users');
    const total = count!.total;
    const pages = Math.ceil(total / 100);
    await signIn(page, stack().adminEmail, stack().adminPassword);
    await expect(page).toHaveURL(/\/admin\/estatisticas$/);
    await adminMenu(page).getByRole('link', { name: 'Usuários', exact: true }).click();
    await expect(page.getByText(`Total de usuários: ${total}`)).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Páginas de usuários' });
    await expect(pager).toContainText(`Página 1 de ${pages}`);
    await expect(page.locator('tbody tr')).toHaveCount(100);
    await expect(pager.getByRole('link', { name: 'Anterior' })).toHaveCount(0);

    await pager.getByRole('link', { name: 'Próxima' }).click();
    await expect(page).toHaveURL(/\/admin\/usuarios\?pagina=2$/);
    await expect(pager).toContainText(`Página 2 de ${pages}`);
    await expect(page.locator('tbody tr')).toHaveCount(Math.min(100, total - 100));
    await expect(page.getByText(`Total de usuários: ${total}`)).toBeVisible();
    // Newest first across pages: the oldest of the batch is on the last page.
    await page.goto(`/admin/usuarios?pagina=${pages}`);
    await expect(page.getByRole('cell', { name: `${batch}-150@exemplo.com.br` })).toBeVisible();
    await pager.getByRole('link', { name: 'Anterior' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?pagina=${pages - 1}$`));
    await screenshot(page, 'admin-users-paged');
  } finally {
    await sql(stack(), `DELETE FROM auth.users WHERE email LIKE $1 || '-%'`, [batch]);
  }
});

test('Emails: ticks the sign-up notice, saves, sends a test email and it arrives', async ({ page }) => {
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await adminMenu(page).getByRole('link', { name: 'Emails', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  const notice = page.getByLabel('Enviar email quando algum usuário se registrar');
  const wasChecked = await notice.isChecked();
  try {
    await notice.check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(Msg.emailSettingsSaved)).toBeVisible();
    await page.reload();
    await expect(notice).toBeChecked();

    const testEmailsBefore = (await emailsTo(stack().mailApiUrl, stack().adminEmail)).filter((m) =>
      m.subject.startsWith('Email de teste'),
    ).length;
    // Hold the request, as on a slow SMTP server, until the waiting text has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/sendTestEmail', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enviar email de teste' }).click();
    await expect(page.getByText(Msg.testEmailSending)).toBeVisible();
    release();
    await expect(page.getByText(Msg.testEmailSent(stack().adminEmail))).toBeVisible();
    await expect
      .poll(
        async () =>
          (await emailsTo(stack().mailApiUrl, stack().adminEmail)).filter((m) =>
            m.subject.startsWith('Email de teste'),
          ).length,
      )
      .toBe(testEmailsBefore + 1);
    await screenshot(page, 'admin-emails');

    // A failed send shows 'ERRO: {error}'.
    await page.unroute('**/api/admin/sendTestEmail');
    await page.route('**/api/admin/sendTestEmail', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'ERROR', message: Msg.testEmailFailed, payload: null }),
      }),
    );
    await page.getByRole('button', { name: 'Enviar email de teste' }).click();
    await expect(page.getByText(`ERRO: ${Msg.testEmailFailed}`)).toBeVisible();
  } finally {
    await notice.setChecked(wasChecked);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(Msg.emailSettingsSaved)).toBeVisible();
  }
});

test('the activity log shows sign-ups and filters by type', async ({ page }) => {
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await expect(page).toHaveURL(/\/admin\/estatisticas$/);
  await page.getByRole('link', { name: 'Ver atividade recente' }).click();
  await expect(page).toHaveURL(/\/admin\/logs$/);
  await expect(page.getByRole('cell', { name: `Novo cadastro: ${member.email}`, exact: true })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: `Novo cadastro: ${googleMember.email} (Google)`, exact: true }),
  ).toBeVisible();
  await page.getByLabel('Tipo').selectOption({ label: 'Ativação' });
  await expect(page).toHaveURL(/\/admin\/logs\?type=user\.activated$/);
  await expect(page.getByRole('cell', { name: `Conta ativada: ${member.email}`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Novo cadastro: ${member.email}`, exact: true })).toHaveCount(
    0,
  );
  await screenshot(page, 'admin-logs');
});

test('a failed load shows the error screen', async ({ page }) => {
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await expect(page).toHaveURL(/\/admin\/estatisticas$/);
  const unavailable = 'Não foi possível obter as estatísticas de pagamentos. Tente novamente em instantes.';
  await page.route('**/api/admin/stats', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'ERROR',
        message: unavailable,
        payload: null,
        code: 'SERVICE_UNAVAILABLE',
      }),
    }),
  );
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Algo deu errado')).toBeVisible();
  await expect(page.getByText(unavailable, { exact: false })).toBeVisible();
  await screenshot(page, 'admin-error');
});

test('when the admin check cannot be answered (503), the error screen shows and the session is kept', async ({
  page,
}) => {
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await expect(page).toHaveURL(/\/admin\/estatisticas$/);
  await page.route('**/api/validateTokenAdmin**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'ERROR',
        message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        payload: null,
        code: 'SERVICE_UNAVAILABLE',
      }),
    }),
  );
  await page.goto('/admin/usuarios');
  await expect(page.getByText('Algo deu errado')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await page.unroute('**/api/validateTokenAdmin**');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
});

test('a member who types /admin/usuarios is signed out', async ({ page }) => {
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  // The admin guard asks the server; the member's answer is a refusal, and the guard sends to /logout, which
  // forgets the session and ends on /login (the router follows both redirects before the address bar changes).
  const adminCheck = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/validateTokenAdmin');
  await page.goto('/admin/usuarios');
  const check = await adminCheck;
  expect(((await check.json()) as { status: string }).status).toBe('ERROR');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('heading', { name: 'Usuários' })).toHaveCount(0);
});

// Last: the admin's password changes, is used, and changes back for the other spec files.
test('the admin changes the password and signs in with the new one', async ({ page }) => {
  const { adminEmail, adminPassword } = stack();
  const newPassword = 'nova-senha-admin-456';
  await signIn(page, adminEmail, adminPassword);
  await adminMenu(page).getByRole('link', { name: 'Alterar Senha', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/changePassword$/);

  await page.getByRole('button', { name: 'Alterar' }).click();
  await expect(page.getByText(Msg.newPasswordRequired)).toBeVisible();

  await page.getByLabel('Nova senha').fill('123');
  await page.getByRole('button', { name: 'Alterar' }).click();
  await expect(page.getByText(Msg.adminPasswordFailed)).toBeVisible();

  await page.getByLabel('Nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Alterar' }).click();
  await expect(page.getByText(Msg.adminPasswordSuccess)).toBeVisible();
  await screenshot(page, 'admin-change-password');
  // Still signed in with the fresh session the change answered.
  await adminMenu(page).getByRole('link', { name: 'Usuários', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);

  await adminMenu(page).getByRole('link', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, adminEmail, adminPassword);
  await expect(page.getByText(Msg.loginFailed)).toBeVisible();
  await signIn(page, adminEmail, newPassword);
  await expect(page).toHaveURL(/\/admin\/estatisticas$/);

  await adminMenu(page).getByRole('link', { name: 'Alterar Senha', exact: true }).click();
  await page.getByLabel('Nova senha').fill(adminPassword);
  await page.getByRole('button', { name: 'Alterar' }).click();
  await expect(page.getByText(Msg.adminPasswordSuccess)).toBeVisible();
});
