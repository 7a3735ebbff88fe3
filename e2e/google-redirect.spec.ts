import { expect, test, type Page } from '@playwright/test';
import { encodeSessionFragment, Msg } from '@app/contracts';
import { googleUser, uniqueEmail } from '@app/testing';
import { screenshot, stack } from './support';

/**
 * Google Identity Services in redirect mode (spec §2: /login/google is a form action target): Google posts
 * {credential, g_csrf_token, select_by} to the site with a g_csrf_token cookie; the gateway answers with a 303 to
 * /login/google#<session>, which the SPA stores before going to the exercises (spec §4). The stand-in's sign-in page
 * plays Google's part when given a login_uri.
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

test('the real form post: Google (stand-in) posts to /login/google, the session is stored, the user lands on the exercises', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('e2e-gis');
  const loginUri = new URL('/login/google', baseURL).href;
  await page.goto(`${stack().devProvidersUrl}/__dev/google/signin?login_uri=${encodeURIComponent(loginUri)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nome').fill('Gabriela Redirect');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(new URL('/exercicios-aritmetica', baseURL).href);
  await expect(page.locator('header')).toContainText('Olá, Gabriela Redirect');
  await expect(page.locator('.side-menu')).toContainText('Seu saldo é R$ 0,00');
  const session = await storedSession(page);
  expect(session).toMatchObject({ email, fullname: 'Gabriela Redirect' });
  expect(session.token).toBeTruthy();
  // The fragment carrying the session is gone from the address bar and from the history entry.
  expect(page.url()).not.toContain('#');
  await page.goBack();
  expect(page.url()).not.toContain('token=');
});

test('/login/google#<session> stores the session, drops the fragment and goes to /exercicios-aritmetica', async ({
  page,
  baseURL,
}) => {
  const user = await googleUser(stack(), 'Heitor Fragmento');
  const { token, email, fullname } = user;
  await page.goto(`/login/google#${encodeSessionFragment({ token, email, fullname })}`);
  await expect(page).toHaveURL(new URL('/exercicios-aritmetica', baseURL).href);
  await expect(page.locator('header')).toContainText('Olá, Heitor Fragmento');
  expect(await storedSession(page)).toEqual({
    token: user.token,
    email: user.email,
    fullname: 'Heitor Fragmento',
  });
});

test('/login/google without a session in the fragment shows the login page', async ({ page, baseURL }) => {
  await page.goto('/login/google#token=&email=x');
  await expect(page).toHaveURL(new URL('/login', baseURL).href);
  expect((await storedSession(page)).token).toBeNull();
});
