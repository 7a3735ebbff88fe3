import { expect, test, type ConsoleMessage, type Page, type Response } from '@playwright/test';
import { getUser } from '@app/contracts';
import { call, createActiveUser, drainMail, emailsTo, linkIn, uniqueEmail, waitForEmail } from '@app/testing';
import { screenshot, signInWithForm, stack, storeSession } from './support';

/** The account journeys (sign-up, activation, sign-in, recovery, Meus Dados, deletion) in Chromium, against a whole stack with MailDev. */

const signIn = signInWithForm;

const header = (page: Page) => page.locator('header');

/**
 * What the browser records as failed from now until `stop`: its console errors (Chromium logs every 4xx/5xx
 * resource as one) and every answer of 400 or more, with its method and path.
 */
function recordFailures(page: Page) {
  const consoleErrors: string[] = [];
  const failedResponses: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  };
  const onResponse = (response: Response) => {
    if (response.status() >= 400)
      failedResponses.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
  };
  page.on('console', onConsole);
  page.on('response', onResponse);
  return {
    stop() {
      page.off('console', onConsole);
      page.off('response', onResponse);
      return { consoleErrors, failedResponses };
    },
  };
}
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test('sign up, open the activation email, activate and land on the exercises signed in', async ({ page }) => {
  const email = uniqueEmail('e2e-cadastro');
  const name = 'Fernanda Oliveira';
  await page.goto('/cadastro');
  await expect(page.getByRole('button', { name: 'Entrar com Google (desenvolvimento)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entre aqui' })).toHaveAttribute('href', '/login');
  await screenshot(page, 'accounts-signup');

  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Nome completo é obrigatório', { exact: true })).toBeVisible();
  await expect(page.getByText('Email é obrigatório', { exact: true })).toBeVisible();
  await expect(page.getByText('Senha é obrigatória', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirmação de senha é obrigatória', { exact: true })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Fer');
  await page.getByLabel('Email').fill('fernanda@');
  await page.getByLabel('Senha', { exact: true }).fill('123');
  await page.getByLabel('Confirmação de senha').fill('321');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Nome deve ter pelo menos 6 caracteres', { exact: true })).toBeVisible();
  await expect(page.getByText('Email inválido', { exact: true })).toBeVisible();
  await expect(page.getByText('Senha deve ter pelo menos 6 caracteres', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-signup-errors');

  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await page.getByLabel('Confirmação de senha').fill('senha-forte-2');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('As senhas não coincidem', { exact: true })).toBeVisible();
  await page.getByLabel('Confirmação de senha').fill('senha-forte-1');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(
    page.getByText(
      `Um email com um link de confirmação foi enviado para ${email}. Por favor, verifique sua caixa de entrada e clique no link para ativar sua conta.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('verifique também a pasta de spam')).toBeVisible();
  await screenshot(page, 'accounts-signup-success');

  // Signing in before activating says the account is not active yet.
  await signIn(page, email, 'senha-forte-1');
  await expect(
    page.getByText('Sua conta ainda não foi ativada. Verifique seu email e clique no link de ativação.', {
      exact: true,
    }),
  ).toBeVisible();

  const mail = await waitForEmail(stack().mailApiUrl, email, (m) => m.html.includes('/ativar/'));
  const link = linkIn(mail, '/ativar/');
  await page.goto(pathOf(link));
  await expect(page.getByText('Processando seu código de ativação...', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-activation-pending');
  await expect(page.getByText('Conta ativada com sucesso!', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Você será redirecionado para a página de exercícios em breve.', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'accounts-activation-success');
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(header(page)).toContainText(`Olá, ${name}`);
  await screenshot(page, 'accounts-activated-exercises');

  // The link works once only.
  await page.goto(pathOf(link));
  await expect(
    page.getByText('Este link de ativação é inválido, expirou ou já foi usado.', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'accounts-activation-error');
});

test('the sign-up form sent twice at once (Enter and a click) creates one account and sends one email, whose link activates', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-duplo');
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill('Renata Duarte');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await page.getByLabel('Confirmação de senha').fill('senha-forte-1');
  // The form sent, and sent again while the first is on its way (Enter, then a click before the page turned the
  // button off): both reach the server. The first answer is held until the second is asked, so that the page cannot
  // have moved on (a busy machine used to answer the first before the test sent the second); the page drops the first
  // answer when a new submission replaces it.
  const form = (await page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Cadastrar' }) })
    .elementHandle())!;
  const signUps: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('/api/createUser') && signUps.push(r.method())));
  let secondAsked = () => {};
  const second = new Promise<void>((resolve) => (secondAsked = resolve));
  let asked = 0;
  await page.route('**/api/createUser', async (route) => {
    asked += 1;
    const mine = asked;
    const response = await route.fetch();
    if (mine === 1) await second;
    else secondAsked();
    await route.fulfill({ response }).catch(() => undefined);
  });
  const first = page.waitForRequest((r) => r.url().endsWith('/api/createUser'));
  await form.evaluate((el: HTMLFormElement) => el.requestSubmit());
  await first;
  await form.evaluate((el: HTMLFormElement) => el.requestSubmit());
  await expect(
    page.getByText(`Um email com um link de confirmação foi enviado para ${email}.`, { exact: false }),
  ).toBeVisible();
  await expect.poll(() => signUps).toEqual(['POST', 'POST']);

  // Every mail job queued so far is sent: a second email would be in the inbox by now.
  await drainMail(stack());
  const mails = await emailsTo(stack().mailApiUrl, email);
  expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Ative sua conta')]);
  await page.goto(pathOf(linkIn(mails[0]!, '/ativar/')));
  await expect(page.getByText('Conta ativada com sucesso!', { exact: true })).toBeVisible();
});

test('forgot password: countdown, email, new password, success page, sign in with it', async ({ page }) => {
  const user = await createActiveUser(stack(), { fullname: 'Roberto Almeida' });
  // The page's clock is the test's: the countdown moves only when the test moves it (a busy machine once showed 7 s
  // left by the time the page was read).
  await page.clock.install();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/esqueci-minha-senha$/);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Email é obrigatório', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.clock.pauseAt(Date.now() + 2_000);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByText('Um email foi enviado com o código de recuperação.', { exact: true }),
  ).toBeVisible();
  const wait = page.getByRole('button', { name: /Aguarde \(\d+s\) para enviar novamente/ });
  await expect(wait).toBeDisabled();
  await expect(wait).toHaveText('Aguarde (10s) para enviar novamente');
  await screenshot(page, 'accounts-forgot-password-sent');
  await page.clock.runFor(1_000);
  await expect(wait).toHaveText('Aguarde (9s) para enviar novamente');
  await page.clock.runFor(9_000);
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await page.clock.resume();

  const mail = await waitForEmail(stack().mailApiUrl, user.email, (m) =>
    m.html.includes('/criar-nova-senha/'),
  );
  await page.goto(pathOf(linkIn(mail, '/criar-nova-senha/')));
  await expect(page.getByRole('heading', { name: 'Criar Nova Senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Criar nova senha' }).click();
  await expect(page.getByText('A senha deve ter no mínimo 6 caracteres', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirmação de senha é obrigatória', { exact: true })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-recuperada-1');
  await page.getByLabel('Confirmação de senha').fill('senha-recuperada-2');
  await page.getByRole('button', { name: 'Criar nova senha' }).click();
  await expect(page.getByText('As senhas não coincidem', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-new-password-errors');
  await page.getByLabel('Confirmação de senha').fill('senha-recuperada-1');
  await page.getByRole('button', { name: 'Criar nova senha' }).click();

  await expect(page).toHaveURL(/\/criar-nova-senha-sucesso$/);
  await expect(page.getByRole('heading', { name: 'Criar Nova Senha' })).toBeVisible();
  await expect(page.getByText('Sua senha foi alterada com sucesso.', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-new-password-success');
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, user.email, user.password);
  await expect(page.getByText('Email ou senha inválidos.', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-login-failed');
  await signIn(page, user.email, 'senha-recuperada-1');
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(header(page)).toContainText('Olá, Roberto Almeida');
});

test('a used or unknown recovery link shows the invalid-link screen', async ({ page }) => {
  await page.goto('/criar-nova-senha/link-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Link de recuperação inválido' })).toBeVisible();
  await expect(page.getByText('O link de recuperação é inválido ou expirou', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Por favor, solicite um novo link de recuperação de senha.', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'accounts-recovery-link-invalid');
  await page.getByRole('link', { name: 'Solicitar novo link' }).click();
  await expect(page).toHaveURL(/\/esqueci-minha-senha$/);
});

test('Google development sign-in asks an email and a name, then lands on the exercises', async ({ page }) => {
  const email = uniqueEmail('e2e-google');
  await page.goto('/login');
  await screenshot(page, 'accounts-login');
  // Redirect mode, as with the real Google: the stand-in's page plays Google's, in the same tab.
  await page.getByRole('button', { name: 'Entrar com Google (desenvolvimento)' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nome').fill('Lucas Google');
  await screenshot(page, 'accounts-google-dev-signin');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(header(page)).toContainText('Olá, Lucas Google');
  await screenshot(page, 'accounts-google-signed-in');
});

test('edit the name on Meus Dados and see it in the header', async ({ page }) => {
  const user = await createActiveUser(stack(), { fullname: 'Patrícia Gomes' });
  // A member's sign-in asks nothing the server refuses: it lands by the role the login answered, not by asking
  // validateTokenAdmin (which answers a member 403, a console error in Chromium). Nothing failed once the builder
  // shows the member's name and balance.
  const signingIn = recordFailures(page);
  const adminChecks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/validateTokenAdmin')) adminChecks.push(request.url());
  });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(header(page)).toContainText('Olá, Patrícia Gomes');
  await expect(page.locator('.side-menu [data-balance]').first()).toHaveText('R$ 0,00');
  expect(signingIn.stop()).toEqual({ consoleErrors: [], failedResponses: [] });
  expect(adminChecks).toEqual([]);

  await page.goto('/meus-dados');
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Nome completo')).toHaveValue('Patrícia Gomes');
  await screenshot(page, 'accounts-my-data');
  await page.getByLabel('Nome completo').fill('Pa');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Nome deve ter pelo menos 3 caracteres', { exact: true })).toBeVisible();
  await page.getByLabel('Nome completo').fill('');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Nome é obrigatório', { exact: true })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Patrícia Gomes Ferreira');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Dados atualizados com sucesso!', { exact: true })).toBeVisible();
  await expect(header(page)).toContainText('Olá, Patrícia Gomes Ferreira');
  await screenshot(page, 'accounts-my-data-updated');
});

// Apart from the name's edit above: each journey within the test timeout on a busy machine (together they once ran
// past it, at a load average of 17).
test('change the password from Meus Dados, stay signed in, sign out; only the new password signs in', async ({
  page,
}) => {
  const user = await createActiveUser(stack(), { fullname: 'Patrícia Gomes Ferreira' });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await page.goto('/meus-dados');
  await expect(page.getByLabel('Nome completo')).toHaveValue('Patrícia Gomes Ferreira');

  await page.getByRole('link', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/alterar-senha$/);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha atual é obrigatória', { exact: true })).toBeVisible();
  await expect(page.getByText('Nova senha é obrigatória', { exact: true })).toBeVisible();
  await page.getByLabel('Senha atual').fill('nao-e-essa');
  await page.getByLabel('Nova senha', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(
    page.getByText('A nova senha deve ter pelo menos 6 caracteres', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-trocada-1');
  await page.getByLabel('Confirmação da nova senha').fill('senha-trocada-1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha atual está incorreta.', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-change-password-error');
  await page.getByLabel('Senha atual').fill(user.password);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-trocada-1');
  await page.getByLabel('Confirmação da nova senha').fill('senha-trocada-1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!', { exact: true })).toBeVisible();
  await screenshot(page, 'accounts-change-password-success');

  // The browser that changed it stays signed in (it stored the fresh session).
  await page.goto('/meus-dados');
  await expect(page).toHaveURL(/\/meus-dados$/);
  await expect(page.getByLabel('Nome completo')).toHaveValue('Patrícia Gomes Ferreira');

  const signedOut = (await page.evaluate(() => localStorage.getItem('token')))!;
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Sair ended the session on the server too: the token no longer works anywhere.
  expect((await call(stack().gatewayUrl, getUser, { token: signedOut })).status).toBe(401);

  await signIn(page, user.email, user.password);
  await expect(page.getByText('Email ou senha inválidos.', { exact: true })).toBeVisible();
  await signIn(page, user.email, 'senha-trocada-1');
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
});

test('an expired or exp-less stored token leads to /logout and then /login', async ({ page }) => {
  const user = await createActiveUser(stack(), { fullname: 'Sessão Vencida' });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const [h, , s] = user.token.split('.');
  const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString());
  const expired = `${h}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })}.${s}`;
  const { exp: _exp, ...withoutExp } = claims;
  const noExp = `${h}.${b64(withoutExp)}.${s}`;
  for (const token of [expired, noExp]) {
    await storeSession(page, { ...user, token });
    await page.goto('/exercicios-aritmetica');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('fullname'))).toBeNull();
  }
});

test('links cut short: /ativar without a code says so; /criar-nova-senha without a token signs out', async ({
  page,
}) => {
  await page.goto('/ativar');
  await expect(
    page.getByText('Código de ativação não fornecido. Verifique o link enviado por e-mail.', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'accounts-activation-no-code');

  const user = await createActiveUser(stack());
  await storeSession(page, user);
  await page.goto('/criar-nova-senha');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the login, signup and recovery pages forget a stored session', async ({ page }) => {
  const user = await createActiveUser(stack(), { fullname: 'Sessão Esquecida' });
  for (const path of ['/login', '/cadastro', '/esqueci-minha-senha', '/criar-nova-senha-sucesso']) {
    await storeSession(page, user);
    await page.goto('/');
    await expect(header(page)).toContainText('Olá, Sessão Esquecida');
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // The screen's loader runs once its lazy chunk is in (after the document's load event): it clears the storage,
    // then tells the header. Wait for the header, then read the storage.
    await expect(header(page).getByRole('link', { name: 'Entrar' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('fullname'))).toBeNull();
  }
});

test('Sair in one tab signs the other tabs out at once, without a click there', async ({ page, context }) => {
  const user = await createActiveUser(stack(), { fullname: 'Duas Abas Silva' });
  await storeSession(page, user);
  await page.goto('/meus-dados');
  await expect(page.getByLabel('Nome completo')).toHaveValue('Duas Abas Silva');
  const other = await context.newPage();
  await other.goto('/exercicios-aritmetica');
  await expect(header(other)).toContainText('Olá, Duas Abas Silva');

  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The other tab follows by itself: the login page, and the header of a visitor.
  await expect(other).toHaveURL(/\/login(\?|$)/);
  await expect(header(other).getByRole('link', { name: 'Entrar' })).toBeVisible();
  await other.close();
});
