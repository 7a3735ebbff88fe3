import { expect, test } from '@playwright/test';
import { getClientConfig } from '@app/contracts';
import { createActiveUser } from '@app/testing';
import { screenshot, stack, storeSession } from './support';

/** The privacy policy, the terms and the support page, linked from the footer and the sign-up form. */

test('the footer links the legal and support pages and shows the configured support email, no made-up WhatsApp', async ({
  page,
}) => {
  const config = (await (await fetch(`${stack().gatewayUrl}${getClientConfig.path}`)).json()) as {
    company: { name: string; supportEmail: string; supportWhatsapp: string | null };
  };
  // The e2e stack runs with the gateway's defaults: a support email, no WhatsApp number.
  expect(config.company.supportEmail).toBe('contato@exerciciosdematematica.com.br');
  expect(config.company.supportWhatsapp).toBeNull();

  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: config.company.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${config.company.supportEmail}`,
  );
  await expect(footer.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expect(footer.locator('a[href*="wa.me"]')).toHaveCount(0);

  for (const [name, path, heading] of [
    ['Política de Privacidade', '/privacidade', 'Política de Privacidade'],
    ['Termos de Uso', '/termos', 'Termos de Uso'],
    ['Suporte', '/suporte', 'Suporte'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Exercícios de Matemática`);
  }
});

test('the privacy policy covers the LGPD points, with the controller and contact from the configuration', async ({
  page,
}) => {
  await page.goto('/privacidade');
  const main = page.locator('main');
  for (const text of [
    'O controlador dos seus dados pessoais é Exercícios de Matemática',
    'contato@exerciciosdematematica.com.br',
    'hash',
    'Mercado Pago',
    'Google',
    'Registros de acesso: 6 meses',
    'Cópias de segurança do banco de dados: até 30 dias',
    'art. 7º, V',
    'localStorage',
    'Os seus direitos (art. 18 da LGPD)',
    'Meus Dados',
    'ANPD',
    // Minhas Turmas: the children's names a teacher types.
    'Nomes dos alunos em Minhas Turmas (art. 14 da LGPD)',
    'Sugerimos usar o primeiro nome e a inicial do sobrenome',
    'Nunca aparecem nos registros do sistema',
  ])
    await expect(main, text).toContainText(text);
  await expect(main.getByText(/^Última atualização: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await screenshot(page, 'legal-privacy');

  await page.goto('/termos');
  for (const text of ['R$ 0,50', 'R$ 5,00', 'R$ 20,00', 'art. 49', 'Lei aplicável e foro', 'Brasil'])
    await expect(page.locator('main'), text).toContainText(text);
  // Personalizar and the class sets: what a member chooses, and how a set of versions is charged.
  await expect(page.locator('main p', { hasText: 'Em Personalizar' })).toHaveText(
    'Em Personalizar, em vez de seguir um dos três níveis, você escolhe como a folha é montada: as tabuadas, ' +
      'as contas com ou sem reserva, o formato, a quantidade de contas e a letra grande, entre outras opções. ' +
      'Uma folha personalizada custa o mesmo que as demais.',
  );
  await expect(page.locator('main li', { hasText: 'Quantas versões?' })).toHaveText(
    'Em “Quantas versões?” você escolhe de 1 a 40 versões da mesma folha: uma folha diferente para cada aluno, ' +
      'com problemas diferentes. Cada versão custa R$ 0,50 (30 versões: R$ 15,00), e o conjunto é uma só ' +
      'compra, baixada em um único PDF. O seu saldo precisa cobrir o valor total, que fica reservado ao comprar ' +
      'e é debitado de uma só vez, em uma única linha do Extrato, quando o arquivo fica pronto. Se o conjunto ' +
      'não puder ser gerado, a reserva é liberada e nada é cobrado.',
  );
  await expect(page.locator('main')).toContainText('Última atualização: 29/11/2026');
  await screenshot(page, 'legal-terms');
});

test('reading the legal pages keeps the session; the sign-up form links them', async ({ page }) => {
  const user = await createActiveUser(stack());
  await storeSession(page, user);
  await page.goto('/termos');
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Minha Área' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(user.token);

  await page.goto('/suporte');
  await expect(page.locator('main')).toContainText('Email: contato@exerciciosdematematica.com.br');
  await screenshot(page, 'legal-support');

  await page.goto('/cadastro');
  const agreement = page.getByText('Ao criar sua conta, você concorda com');
  await expect(agreement).toHaveText(
    'Ao criar sua conta, você concorda com os Termos de Uso e a Política de Privacidade.',
  );
  await expect(agreement.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
  await expect(agreement.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
    'href',
    '/privacidade',
  );
});
