import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { googleFormPost, Msg } from '@app/contracts';
import {
  balanceOf,
  createActiveUser,
  googleCredential,
  browserSecret,
  googleUser,
  uniqueEmail,
} from '@app/testing';
import { screenshot, stack, storeSession } from './support';

/**
 * Google Identity Services in redirect mode (/login/google is a form action target): Google posts
 * {credential, g_csrf_token, select_by} to the site with a g_csrf_token cookie; the gateway answers with a 303 to
 * /login/google#code=…, a one-time code the SPA redeems with the secret its tab kept before going to Google (issue
 * 23: a session never travels in a link). The stand-in's sign-in page plays Google's part.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

async function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    email: localStorage.getItem('email'),
    fullname: localStorage.getItem('fullname'),
  }));
}

/** Adds R$ 10 through Adicionar Saldo and the stand-in's checkout, in this tab, as the member would. */
async function topUpInTab(page: Page) {
  await page.goto('/adicionar-saldo');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('link', { name: 'Pagar com Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 10,00');
}

test("a refused Google sign-in comes back to the login page with 'Erro ao autenticar com o Google.'", async ({
  page,
}) => {
  for (const [name, size] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/login?erro=google');
    await expect(page.getByRole('alert')).toHaveText(Msg.googleFailed);
    await expect(page.getByRole('button', { name: 'Entrar com Google (desenvolvimento)' })).toBeVisible();
    await screenshot(page, `google-login-error-${name}`);
  }
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the real form post, started in this tab: Google (stand-in) posts to /login/google, the code is redeemed, the user lands on the exercises', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('e2e-gis');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar com Google (desenvolvimento)' }).click();
  await expect(page).toHaveURL(/\/__dev\/google\/signin\?.*nonce=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nome').fill('Gabriela Redirect');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(new URL('/exercicios-aritmetica', baseURL).href);
  await expect(page.locator('header')).toContainText('Olá, Gabriela Redirect');
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 0,00');
  const session = await storedSession(page);
  expect(session).toMatchObject({ email, fullname: 'Gabriela Redirect' });
  expect(session.token).toBeTruthy();
  // The fragment carrying the code is gone from the address bar and from the history entry.
  expect(page.url()).not.toContain('#');
  await page.goBack();
  expect(page.url()).not.toContain('code=');
});

test("attack: a signed-in member opens an attacker's /login/google#token=… link; the session is kept and a top-up credits the member", async ({
  page,
}) => {
  const member = await createActiveUser(stack(), { fullname: 'Márcia Membro' });
  await storeSession(page, member);
  const attacker = await googleUser(stack(), 'Átila Atacante');
  const fragment = new URLSearchParams({
    token: attacker.token,
    email: attacker.email,
    fullname: 'Márcia Membro',
  });
  await page.goto(`/login/google#${fragment}`);
  await expect(page.getByRole('alert')).toHaveText(Msg.googleNotStartedHere);
  await screenshot(page, 'google-link-attack-refused');
  expect(await storedSession(page)).toEqual({
    token: member.token,
    email: member.email,
    fullname: 'Márcia Membro',
  });
  expect(page.url()).not.toContain('token=');

  await topUpInTab(page);
  await expect(page.locator('header')).toContainText('Olá, Márcia Membro');
  expect(await balanceOf(stack(), member.token)).toBe(10);
  expect(await balanceOf(stack(), attacker.token)).toBe(0);
});

test("attack: the attacker's own one-time code (/login/google#code=…) opened in a member's tab signs nobody in", async ({
  page,
  baseURL,
}) => {
  const member = await createActiveUser(stack(), { fullname: 'Márcia Membro' });
  await storeSession(page, member);
  // The attacker runs the real redirect flow in their own browser and keeps the code instead of redeeming it.
  const theirs = browserSecret();
  const credential = await googleCredential(stack(), {
    email: uniqueEmail('atacante'),
    name: 'Átila Atacante',
    nonce: theirs.nonce,
  });
  const csrf = randomBytes(16).toString('hex');
  const res = await fetch(new URL(googleFormPost.path, baseURL), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${googleFormPost.csrfCookie}=${csrf}`,
    },
    body: new URLSearchParams({ credential, g_csrf_token: csrf }).toString(),
  });
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(/^\/login\/google#code=/);

  await page.goto(location);
  await expect(page.getByRole('alert')).toHaveText(Msg.googleNotStartedHere);
  expect((await storedSession(page)).token).toBe(member.token);
  await page.goto('/exercicios-aritmetica');
  await expect(page.locator('header')).toContainText('Olá, Márcia Membro');
});
