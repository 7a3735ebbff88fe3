import { expect, test, type Page } from '@playwright/test';
import { createUser, login, Msg } from '@app/contracts';
import { balanceOf, call, createActiveUser, linkIn, uniqueEmail, waitForEmail } from '@app/testing';
import { maskedLike, screenshot, signInWithForm, stack, storeSession } from './support';

/**
 * A link never takes a session. An activation link someone else sent signs nothing in without the account's
 * password, and even then replaces the member's session only if they say so ('Você está conectado como …',
 * naming both accounts); an owner whose account is under a password-guessing attack gets in through the link emailed
 * to them, straight from the browser that asked for it.
 */

async function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** An account signed up (not active) by the attacker: its activation code, from the email. */
async function attackerActivationCode() {
  const email = uniqueEmail('atacante');
  const password = 'senha-do-atacante';
  const res = await call(stack().gatewayUrl, createUser, {
    body: { fullname: 'Átila Atacante', email, password, passwordConfirmation: password },
  });
  expect(res.body.status).toBe('SUCCESS');
  const mail = await waitForEmail(stack().mailApiUrl, email, (m) => m.html.includes('/ativar/'));
  return { email, password, path: new URL(linkIn(mail, '/ativar/')).pathname };
}

test("attack: a signed-in member opens an attacker's /ativar/<code> link; it names the account, asks its password, and the member keeps the session and a top-up credits them", async ({
  page,
}) => {
  const member = await createActiveUser(stack(), { fullname: 'Márcia Membro' });
  await storeSession(page, member);
  const attacker = await attackerActivationCode();

  await page.goto(attacker.path);
  // This browser did not sign up for that account, so nothing is activated or signed in without its password.
  await expect(page.getByText(Msg.activationConfirmPassword(maskedLike(attacker.email)))).toBeVisible();
  await screenshot(page, 'activation-asks-before-switching');
  expect(await storedToken(page)).toBe(member.token);
  await page.goto('/exercicios-aritmetica');
  await expect(page.locator('header')).toContainText('Olá, Márcia Membro');
  expect(await storedToken(page)).toBe(member.token);

  await page.goto('/adicionar-saldo');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('link', { name: 'Pagar com Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 10,00');
  expect(await balanceOf(stack(), member.token)).toBe(10);
  // The attacker's account was never activated by the member's visit.
  const theirs = await call(stack().gatewayUrl, login, {
    body: { email: attacker.email, password: attacker.password },
  });
  expect(theirs.status).toBe(403);
});

test('an activation link with another session present switches accounts only when the user chooses it', async ({
  page,
}) => {
  const member = await createActiveUser(stack(), { fullname: 'Márcia Membro' });
  await storeSession(page, member);
  // The user's own second account, signed up elsewhere: its password confirms the link here.
  const other = await attackerActivationCode();
  await page.goto(other.path);
  await page.getByLabel('Senha', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: Msg.activationConfirmButton }).click();
  await expect(page.getByText(Msg.activationSuccess, { exact: true })).toBeVisible();
  await expect(page.getByText(Msg.linkAccount(other.email), { exact: true })).toBeVisible();
  const question = page.getByRole('region', { name: Msg.sessionSwitchTitle });
  await expect(question).toContainText(Msg.sessionSwitchCurrent('Márcia Membro', member.email));
  await expect(question).toContainText(Msg.sessionSwitchNext(other.email));
  expect(await storedToken(page)).toBe(member.token);
  await page.getByRole('button', { name: Msg.sessionSwitchContinue(other.email) }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(page.locator('header')).toContainText('Olá, Átila Atacante');
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(other.email);
});

test('an owner locked out by 50 failures from 10 other addresses signs in through the link emailed to them', async ({
  page,
}) => {
  const owner = await createActiveUser(stack(), { fullname: 'Olga Dona' });
  const ceiling = Number(stack().env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL ?? 50);
  for (let i = 0; i < ceiling; i++) {
    const res = await call(stack().gatewayUrl, login, {
      body: { email: owner.email, password: `chute-${i}` },
      headers: { 'x-forwarded-for': `198.18.9.${Math.floor(i / 5) + 1}` },
    });
    expect(res.status).toBe(401);
  }

  await signInWithForm(page, owner.email, owner.password);
  await expect(page.getByRole('status').filter({ hasText: Msg.signInLinkSent })).toBeVisible();
  await screenshot(page, 'login-link-sent');
  expect(await storedToken(page)).toBeNull();

  const mail = await waitForEmail(stack().mailApiUrl, owner.email, (m) =>
    m.subject.startsWith('Link para entrar na sua conta'),
  );
  const link = new URL(linkIn(mail, '/entrar/')).pathname;
  await page.goto(link);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(page.locator('header')).toContainText('Olá, Olga Dona');

  // Once only.
  await page.goto('/logout');
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(Msg.signInLinkInvalid);
  await screenshot(page, 'sign-in-link-used');
  // A link cut short says so.
  await page.goto('/entrar');
  await expect(page.getByRole('alert')).toHaveText(Msg.signInLinkMissing);
});
