import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createPageSet, getTurmas, Msg, saveTurma, type Turma } from '@app/contracts';
import {
  buyPage,
  buySetAndWait,
  call,
  createActiveUser,
  defaultPageRequest,
  generatePageCode,
  loginWith,
  topUp,
  type TestSession,
} from '@app/testing';
import { stack } from './support';

/**
 * Every screen of the product, for the specs that walk all of them (layout.spec.ts: nothing scrolls sideways;
 * a11y.spec.ts: no serious axe violation). Another screen (a new route) is one more entry here.
 */

/** Who looks at a screen: the signed-in member, the signed-in admin, or no one signed in. */
export type Viewer = 'member' | 'admin' | 'visitor';

export interface Screen {
  /** Short and unique: names the test and the screenshot. */
  name: string;
  /** A path, or one built from the cast (a bought page's code). */
  path: string | ((cast: Cast) => string);
  viewer: Viewer;
  /** Waits until the screen shows what it is about (and, for some, drives it to the state the name says). */
  ready: (page: Page) => Promise<void>;
}

/** 80 characters, accents included: the longest name the layout must hold without scrolling sideways. */
export const LONG_NAME = 'Maria Aparecida dos Santos Oliveira de Albuquerque Cavalcanti Figueiredo Mendonça';

/** Ready once what `find` locates is visible. */
const shows =
  (find: (page: Page) => Locator, timeout?: number) =>
  async (page: Page): Promise<void> => {
    await expect(find(page)).toBeVisible({ timeout });
  };

const heading = (name: string | RegExp) => shows((page) => page.getByRole('heading', { level: 1, name }));

async function generated(page: Page) {
  await heading('Exercícios de Aritmética')(page);
  await page.getByRole('button', { name: 'Gerar página' }).click();
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
}

/** 'Quantas versões?' set to `versions` in the builder (the total line shows when more than one). */
async function withVersions(page: Page, versions: number) {
  await heading('Exercícios de Aritmética')(page);
  await page.getByRole('spinbutton', { name: 'Quantas versões?' }).fill(String(versions));
  await expect(page.getByText(/^Total: R\$ [\d,]+ por \d+ versões$/)).toBeVisible();
}

/** 40 characters each, the most a turma's or a child's name may have. */
const LONG_TURMA = 'Turma da tarde do 3º ano B, sala Violeta';
const LONG_STUDENT = 'Maria Aparecida dos Santos Oliveira Lima';

/** Minhas turmas with a turma of long names: made through 'Nova turma' unless the member has it already. */
async function withLongTurma(page: Page) {
  await expect(page.getByRole('button', { name: 'Nova turma' })).toBeVisible();
  if ((await page.getByRole('button', { name: `Editar a turma ${LONG_TURMA}` }).count()) > 0) return;
  await page.getByRole('button', { name: 'Nova turma' }).click();
  await page.getByLabel('Nome da turma').fill(LONG_TURMA);
  await page.getByLabel('Nomes dos alunos (um por linha)').fill(`${LONG_STUDENT}\nAna S.\nBruno M.`);
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Turma salva.' })).toBeVisible();
}

/**
 * The builder's class set for the turma of long names ("Para a turma" chosen, the versions locked at its 3 children):
 * the turma made through the API unless the member has it already (from 'minhas-turmas-editar').
 */
async function setForLongTurma(page: Page) {
  await heading('Exercícios de Aritmética')(page);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const turmas = await call<Turma[]>(stack().gatewayUrl, getTurmas, { token });
  if (!turmas.body.payload?.some((turma) => turma.name === LONG_TURMA)) {
    const students = [LONG_STUDENT, 'Ana S.', 'Bruno M.'].map((name) => ({ name }));
    await call(stack().gatewayUrl, saveTurma, { token, body: { name: LONG_TURMA, students } });
  }
  await withVersions(page, 2);
  await page
    .getByRole('combobox', { name: 'Para a turma' })
    .selectOption({ label: `${LONG_TURMA} (3 alunos)` });
  // The name says "Turma" itself: '… de cada aluno da Turma da tarde …'.
  await expect(page.getByText(`Uma folha com o nome de cada aluno da ${LONG_TURMA}.`)).toBeVisible();
}

/** A class set of `versions` generated in the builder: version 1's preview and how many follow. */
async function setGenerated(page: Page, versions: number) {
  await withVersions(page, versions);
  await page.getByRole('button', { name: `Gerar ${versions} versões` }).click();
  await expect(page.getByRole('img', { name: `Pré-visualização da versão 1 de ${versions}` })).toBeVisible({
    timeout: 30_000,
  });
}

export const screens: readonly Screen[] = [
  { name: 'home', path: '/', viewer: 'member', ready: heading('Educação para o Futuro') },
  { name: 'home-visitor', path: '/', viewer: 'visitor', ready: heading('Educação para o Futuro') },
  { name: 'login', path: '/login', viewer: 'visitor', ready: heading('Entrar') },
  { name: 'cadastro', path: '/cadastro', viewer: 'visitor', ready: heading('Cadastro') },
  {
    name: 'esqueci-minha-senha',
    path: '/esqueci-minha-senha',
    viewer: 'visitor',
    ready: shows((page) => page.getByLabel('Email')),
  },
  {
    name: 'criar-nova-senha-invalida',
    path: '/criar-nova-senha/x',
    viewer: 'visitor',
    ready: shows((page) => page.getByText('Link de recuperação inválido')),
  },
  {
    name: 'criar-nova-senha-sucesso',
    path: '/criar-nova-senha-sucesso',
    viewer: 'visitor',
    ready: shows((page) => page.getByText('Sua senha foi alterada com sucesso.')),
  },
  {
    name: 'ativar-invalido',
    path: '/ativar/x',
    viewer: 'visitor',
    ready: shows((page) => page.getByRole('alert'), 20_000),
  },
  // A used or unknown emailed sign-in link, and a Google return this tab did not start.
  {
    name: 'entrar-invalido',
    path: '/entrar/x',
    viewer: 'visitor',
    ready: shows((page) => page.getByRole('alert')),
  },
  {
    name: 'login-google-recusado',
    path: '/login/google#code=x',
    viewer: 'member',
    ready: shows((page) => page.getByRole('alert')),
  },
  {
    name: 'gabarito',
    path: (cast) => `/gabarito/${cast.boughtCode}`,
    viewer: 'member',
    ready: shows((page) => page.locator('.answers li').first()),
  },
  {
    // A visitor (a student's phone) gets the message to sign in with the buyer's account.
    name: 'gabarito-visitante',
    path: (cast) => `/gabarito/${cast.boughtCode}`,
    viewer: 'visitor',
    ready: shows((page) => page.getByRole('link', { name: Msg.answersSignIn })),
  },
  { name: 'nao-encontrada', path: '/nao-existe', viewer: 'member', ready: heading('Página não encontrada') },
  { name: 'privacidade', path: '/privacidade', viewer: 'member', ready: heading('Política de Privacidade') },
  { name: 'termos', path: '/termos', viewer: 'visitor', ready: heading('Termos de Uso') },
  { name: 'suporte', path: '/suporte', viewer: 'member', ready: heading('Suporte') },
  {
    name: 'exercicios',
    path: '/exercicios-aritmetica',
    viewer: 'member',
    ready: heading('Exercícios de Aritmética'),
  },
  { name: 'exercicios-gerada', path: '/exercicios-aritmetica', viewer: 'member', ready: generated },
  {
    // The builder with its "Personalizar" panel open.
    name: 'exercicios-personalizar',
    path: '/exercicios-aritmetica',
    viewer: 'member',
    ready: async (page) => {
      await heading('Exercícios de Aritmética')(page);
      await page.getByRole('button', { name: 'Personalizar' }).click();
      await expect(page.getByText('Esta página terá:')).toBeVisible();
    },
  },
  {
    // The builder asked for 30 versions (the total), then a generated set of 3.
    name: 'exercicios-versoes',
    path: '/exercicios-aritmetica',
    viewer: 'member',
    ready: (page) => withVersions(page, 30),
  },
  {
    // A set for a turma whose name is as long as a name may be: chosen, the versions locked.
    name: 'exercicios-conjunto-turma',
    path: '/exercicios-aritmetica',
    viewer: 'member',
    ready: setForLongTurma,
  },
  {
    name: 'exercicios-conjunto-gerado',
    path: '/exercicios-aritmetica',
    viewer: 'member',
    ready: (page) => setGenerated(page, 3),
  },
  {
    // A set being bought, its progress bar shown: the purchase is answered 202 (started) here, never let through,
    // so nothing is charged, while the bar polls the real progress.
    name: 'exercicios-conjunto-comprando',
    path: '/exercicios-aritmetica',
    viewer: 'member',
    ready: async (page) => {
      await setGenerated(page, 3);
      await page.route('**/api/buySet', (route) =>
        route.fulfill({
          status: 202,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'SUCCESS',
            message: Msg.setRendering,
            payload: { balance: null, pending: true },
          }),
        }),
      );
      await page.getByRole('button', { name: 'Comprar 3 versões por R$ 1,50' }).click();
      await expect(page.getByRole('progressbar', { name: 'Progresso do conjunto' })).toBeVisible();
    },
  },
  {
    name: 'minhas-compras',
    path: '/minhas-compras',
    viewer: 'member',
    // A page and a class set (one card with its count).
    ready: async (page) => {
      await expect(page.locator('.purchase')).toHaveCount(2);
      await expect(page.locator('.purchase__count')).toHaveText('2 versões');
    },
  },
  {
    // Correção rápida of the class set bought (2 versions): the grid, its first answer typed and marked.
    name: 'correcao-rapida',
    path: (cast) => `/corrigir/${cast.boughtSetCode}`,
    viewer: 'member',
    ready: async (page) => {
      const first = page.getByRole('textbox', { name: 'Versão 1, conta 1', exact: true });
      await first.fill('7');
      await expect(page.getByRole('cell').filter({ has: first })).toContainText(/certo|errado/);
    },
  },
  {
    // Its "Relatório da turma", printable (after 'correcao-rapida', with that answer in).
    name: 'relatorio-da-turma',
    path: (cast) => `/relatorio/${cast.boughtSetCode}`,
    viewer: 'member',
    ready: shows((page) => page.getByRole('heading', { level: 2, name: 'Por aluno' })),
  },
  {
    // Editing a turma whose name and first child's name are as long as a name may be (40 characters).
    name: 'minhas-turmas-editar',
    path: '/turmas',
    viewer: 'member',
    ready: async (page) => {
      await withLongTurma(page);
      await page.getByRole('button', { name: `Editar a turma ${LONG_TURMA}` }).click();
      await expect(page.getByRole('textbox', { name: 'Nome do aluno 3' })).toHaveValue('Bruno M.');
    },
  },
  {
    name: 'minhas-turmas',
    path: '/turmas',
    viewer: 'member',
    ready: shows((page) => page.getByRole('button', { name: 'Nova turma' })),
  },
  {
    name: 'extrato',
    path: '/extrato',
    viewer: 'member',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Extrato' })).toBeVisible();
      await expect(page.getByText('Recarga via Mercado Pago').first()).toBeVisible();
    },
  },
  { name: 'meus-dados', path: '/meus-dados', viewer: 'member', ready: heading('Meus Dados') },
  { name: 'alterar-senha', path: '/alterar-senha', viewer: 'member', ready: heading('Alterar Senha') },
  {
    name: 'adicionar-saldo-1',
    path: '/adicionar-saldo',
    viewer: 'member',
    ready: shows((page) => page.getByRole('button', { name: 'Avançar' })),
  },
  {
    name: 'adicionar-saldo-2',
    path: '/adicionar-saldo',
    viewer: 'member',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Avançar' }).click();
      await expect(page.getByRole('link', { name: 'Pagar com Mercado Pago' })).toBeVisible();
    },
  },
  {
    name: 'admin-estatisticas',
    path: '/admin/estatisticas',
    viewer: 'admin',
    ready: heading('Estatísticas'),
  },
  {
    name: 'admin-usuarios',
    path: '/admin/usuarios',
    viewer: 'admin',
    ready: shows((page) => page.getByRole('cell', { name: LONG_NAME }).first()),
  },
  { name: 'admin-emails', path: '/admin/emails', viewer: 'admin', ready: heading('Emails') },
  {
    name: 'admin-alterar-senha',
    path: '/admin/changePassword',
    viewer: 'admin',
    ready: heading('Alterar Senha'),
  },
  {
    name: 'admin-logs',
    path: '/admin/logs',
    viewer: 'admin',
    ready: shows((page) => page.getByRole('region', { name: 'Tabela de atividades' })),
  },
];

/** The people the walk needs: a member with an 80-character name, balance and a purchase; the admin. */
export interface Cast {
  member: TestSession;
  adminToken: string;
  /** The page the member bought (Minhas Compras, its gabarito online). */
  boughtCode: string;
  /** The class set of 2 versions the member bought (one more card in Minhas Compras). */
  boughtSetCode: string;
}

export const pathOf = (screen: Screen, cast: Cast) =>
  typeof screen.path === 'string' ? screen.path : screen.path(cast);

/**
 * Creates the cast once per spec file: the member (80-character name) tops up, buys a page and a class set of 2
 * versions (so Minhas Compras has both cards), and two more users with 80-character names appear in the admin's user table.
 */
export async function createCast(): Promise<Cast> {
  const member = await createActiveUser(stack(), { fullname: LONG_NAME });
  await topUp(stack(), member.token, 10);
  const code = await generatePageCode(stack(), member.token);
  const bought = await buyPage(stack(), member.token, code);
  if (bought.status !== 200) throw new Error(`buy failed (${bought.status})`);
  const boughtSetCode = await buyClassSet(member.token, 2);
  for (let i = 0; i < 2; i++) await createActiveUser(stack(), { fullname: LONG_NAME });
  const adminToken = await loginWith(stack(), stack().adminEmail, stack().adminPassword);
  return { member, adminToken, boughtCode: code, boughtSetCode };
}

/** Generates a class set of `versions` and buys it (following its progress until bought): answers its code. */
async function buyClassSet(token: string, versions: number): Promise<string> {
  const gw = stack().gatewayUrl;
  const created = await call<{ code: string; codes: string[] }>(gw, createPageSet, {
    body: { ...defaultPageRequest, versions },
    token,
  });
  if (created.status !== 200 || !created.body.payload) throw new Error(`pageSet failed (${created.status})`);
  const code = created.body.payload.code;
  const { answer } = await buySetAndWait(stack(), token, code);
  if (answer.status !== 200 && answer.status !== 202)
    throw new Error(`buySet failed (${answer.status}): ${answer.body.message}`);
  return code;
}

/**
 * A browser context for one viewer: the session is written into localStorage before every page loads (the pages
 * that forget a session, like /login, still forget it then, as they should).
 */
export async function contextFor(browser: Browser, cast: Cast, viewer: Viewer): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (viewer === 'visitor') return context;
  const session =
    viewer === 'member'
      ? { token: cast.member.token, email: cast.member.email, fullname: LONG_NAME }
      : { token: cast.adminToken, email: stack().adminEmail, fullname: LONG_NAME };
  await context.addInitScript((s) => {
    try {
      localStorage.setItem('token', s.token);
      localStorage.setItem('email', s.email);
      localStorage.setItem('fullname', s.fullname);
    } catch {
      // A frame without storage (about:blank) has no session to hold.
    }
  }, session);
  return context;
}

/**
 * For a spec that walks the screens: the cast, made once before its tests, and a browser context per viewer, closed
 * after them. Call at the top of the spec file.
 */
export function castWithViewers() {
  let cast: Cast | undefined;
  const contexts = new Map<Viewer, BrowserContext>();
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    cast = await createCast();
    for (const viewer of ['member', 'admin', 'visitor'] as const)
      contexts.set(viewer, await contextFor(browser, cast, viewer));
  });
  test.afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });
  return {
    cast: (): Cast => cast!,
    context: (viewer: Viewer): BrowserContext => contexts.get(viewer)!,
  };
}
