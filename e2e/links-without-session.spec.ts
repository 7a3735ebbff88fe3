import { expect, test, type Page } from '@playwright/test';
import { createUser, login, Msg } from '@app/contracts';
import { call, createActiveUser, linkIn, uniqueEmail, waitForEmail, type CaughtEmail } from '@app/testing';
import { maskedLike, screenshot, signInWithForm, stack } from './support';

/**
 * Login CSRF, signed out: a browser with no session that opened an attacker's `/ativar/` or
 * `/entrar/` link was signed in to the attacker's account without a word. A link from an email now names the account
 * it is for and signs in only when the browser is the one that asked for it, or when the person types the account's
 * password; the owner's own flows still go straight through.
 */

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

const ATTACKER_PASSWORD = 'senha-do-atacante';

/** An account the attacker signed up from a client of their own: the activation link the attacker sends around. */
async function attackersActivationLink() {
  const email = uniqueEmail('atacante');
  const res = await call(stack().gatewayUrl, createUser, {
    body: {
      fullname: 'Átila Atacante',
      email,
      password: ATTACKER_PASSWORD,
      passwordConfirmation: ATTACKER_PASSWORD,
    },
  });
  expect(res.body.status).toBe('SUCCESS');
  const mail = await waitForEmail(stack().mailApiUrl, email, (m) => m.html.includes('/ativar/'));
  return { email, path: new URL(linkIn(mail, '/ativar/')).pathname };
}

/** Past the per-account ceiling of failed sign-ins (from 10 other addresses), a sign-in from a new one. */
async function pastTheCeiling(email: string, password: string, nonce?: string) {
  const ceiling = Number(stack().env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL ?? 50);
  for (let i = 0; i < ceiling; i++) {
    const res = await call(stack().gatewayUrl, login, {
      body: { email, password: `chute-${i}` },
      headers: { 'x-forwarded-for': `198.18.35.${Math.floor(i / 5) + 1}` },
    });
    expect(res.status).toBe(401);
  }
  const asked = await call(stack().gatewayUrl, login, {
    body: { email, password, ...(nonce ? { nonce } : {}) },
    headers: { 'x-forwarded-for': '192.0.2.35' },
  });
  expect(asked.body).toMatchObject({ status: 'SUCCESS', payload: null });
}

const signInLinkMail = (m: CaughtEmail) => m.subject.startsWith('Link para entrar na sua conta');

test("attack: a browser without a session opens an attacker's /ativar/<code> link: it names the account and signs in to nothing without its password", async ({
  page,
}) => {
  const attacker = await attackersActivationLink();
  await page.goto(attacker.path);
  await expect(page.getByText(Msg.activationConfirmPassword(maskedLike(attacker.email)))).toBeVisible();
  await screenshot(page, 'activation-link-of-another-browser');
  expect(await storedToken(page)).toBeNull();

  // The victim types a password of theirs: refused, still signed out.
  await page.getByLabel('Senha', { exact: true }).fill('senha-da-vitima');
  await page.getByRole('button', { name: Msg.activationConfirmButton }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.activationPasswordWrong);
  expect(await storedToken(page)).toBeNull();
  await page.goto('/exercicios-aritmetica');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('header')).not.toContainText('Átila');
});

test("attack: a browser without a session opens an attacker's /entrar/<code> link: it names the account and signs in to nothing without its password", async ({
  page,
}) => {
  const attacker = await createActiveUser(stack(), { fullname: 'Átila Atacante' });
  await pastTheCeiling(attacker.email, attacker.password);
  const mail = await waitForEmail(stack().mailApiUrl, attacker.email, signInLinkMail);

  await page.goto(new URL(linkIn(mail, '/entrar/')).pathname);
  await expect(page.getByText(Msg.signInLinkConfirmPassword(maskedLike(attacker.email)))).toBeVisible();
  await screenshot(page, 'sign-in-link-of-another-browser');
  expect(await storedToken(page)).toBeNull();
  await page.getByLabel('Senha', { exact: true }).fill('senha-da-vitima');
  await page.getByRole('button', { name: Msg.signInLinkConfirmButton }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.signInLinkPasswordWrong);
  expect(await storedToken(page)).toBeNull();
  await expect(page.locator('header')).not.toContainText('Átila');
});

test('the owner signs up on one device and opens the activation link on another: named, then in with the password', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('dona');
  const password = 'senha-da-dona-1';
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill('Olga Dona da Conta');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmação de senha').fill(password);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText(Msg.signupSuccess(email))).toBeVisible();
  const mail = await waitForEmail(stack().mailApiUrl, email, (m) => m.html.includes('/ativar/'));

  const phone = await browser.newPage();
  await phone.goto(linkIn(mail, '/ativar/'));
  await expect(phone.getByText(Msg.activationConfirmPassword(maskedLike(email)))).toBeVisible();
  await phone.getByLabel('Senha', { exact: true }).fill(password);
  await phone.getByRole('button', { name: Msg.activationConfirmButton }).click();
  await expect(phone.getByText(Msg.activationSuccess, { exact: true })).toBeVisible();
  await expect(phone.getByText(Msg.activationRedirect, { exact: true })).toBeVisible();
  await expect(phone).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(phone.locator('header')).toContainText('Olá, Olga Dona da Conta');
  await phone.close();
});

test('an owner locked out opens the emailed sign-in link on another device: named, then in with the password', async ({
  page,
  browser,
}) => {
  const owner = await createActiveUser(stack(), { fullname: 'Olga Dona' });
  await pastTheCeiling(owner.email, owner.password);
  // From the owner's laptop, the form: the link goes to the inbox, read on the phone.
  await signInWithForm(page, owner.email, owner.password);
  await expect(page.getByRole('status').filter({ hasText: Msg.signInLinkSent })).toBeVisible();
  const mail = await waitForEmail(stack().mailApiUrl, owner.email, signInLinkMail);

  const phone = await browser.newPage();
  await phone.goto(linkIn(mail, '/entrar/'));
  await expect(phone.getByText(Msg.signInLinkConfirmPassword(maskedLike(owner.email)))).toBeVisible();
  await phone.getByLabel('Senha', { exact: true }).fill(owner.password);
  await phone.getByRole('button', { name: Msg.signInLinkConfirmButton }).click();
  await expect(phone).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(phone.locator('header')).toContainText('Olá, Olga Dona');
  await phone.close();
});

test('a recovery link opened without a session names the account it sets a password for', async ({
  page,
}) => {
  const owner = await createActiveUser(stack(), { fullname: 'Olga Dona' });
  await page.goto('/esqueci-minha-senha');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const mail = await waitForEmail(stack().mailApiUrl, owner.email, (m) =>
    m.html.includes('/criar-nova-senha/'),
  );
  await page.goto(new URL(linkIn(mail, '/criar-nova-senha/')).pathname);
  await expect(page.getByText(Msg.linkAccount(maskedLike(owner.email)), { exact: true })).toBeVisible();
  await screenshot(page, 'recovery-names-the-account');
  expect(await storedToken(page)).toBeNull();
});
