import { expect, test, type Locator, type Page } from '@playwright/test';
import { getMyPages, pageAnswers } from '@app/contracts';
import {
  buyPage,
  call,
  createActiveUser,
  generatePageCode,
  tabuadaDo7Request,
  topUp,
  wordProblemsRequest,
  type PageRequest,
} from '@app/testing';
import { generateAndBuy } from './builder-support';
import { screenshot, stack, storeSession } from './support';

/**
 * "Personalizar": a teacher who tries it as a new user would makes four typical sheets through the
 * builder's panel and gets exactly them (the answers of the bought page say so); an impossible combination is said
 * beside its control; a configuration is saved and started from; "Gerar outra igual" gives a new page of the same
 * options. The panel is screenshotted open at 360 and 1366 px. Then the meanings of situações-problema, the
 * tabuada em ordem, and the online gabarito of situações-problema (their answer sentences with the unit); the panel
 * with the new controls is screenshotted at 390 and 1366 px.
 */

interface Conta {
  op: 'add' | 'sub' | 'mult' | 'div';
  a: number;
  b: number;
  result: number;
  remainder: number;
}
interface Answer extends Conta {
  word?: { statement: string; question: string; answerSentence: string; steps?: Conta[] };
}

/** The meanings a + − page of situações-problema starts with: every one of theirs but duas etapas. */
const ADD_SUB_MEANINGS: NonNullable<PageRequest['custom']>['meanings'] = [
  'juntar-acrescentar',
  'separar-retirar',
  'comparar',
  'quantos-a-menos',
  'completar',
  'inicio-desconhecido',
];

const panel = (page: Page) => page.locator('.personalize');
const group = (page: Page, name: string) => panel(page).getByRole('group', { name, exact: true });

/**
 * The builder from its defaults. A tab keeps the builder across visits and reloads (teacher-view.spec.ts): what an
 * earlier step of a test left there is forgotten first.
 */
async function openBuilder(page: Page) {
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.removeItem('builder'));
  await page.goto('/exercicios-aritmetica');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercícios de Aritmética' })).toBeVisible();
}

/** Checks exactly these operations among the builder's four. */
async function chooseOperations(page: Page, labels: string[]) {
  for (const label of ['Adição', 'Subtração', 'Multiplicação', 'Divisão']) {
    const box = page.getByRole('checkbox', { name: label, exact: true });
    if (labels.includes(label)) await box.check();
    else await box.uncheck();
  }
}

async function openPanel(page: Page) {
  const toggle = page.getByRole('button', { name: 'Personalizar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page).getByText('Esta página terá:')).toBeVisible();
}

/** Sets a chip group (tabuadas, divisors) to exactly these numbers. */
async function chooseNumbers(page: Page, groupName: string, prefix: string, all: number[], wanted: number[]) {
  const chips = group(page, groupName);
  for (const n of all) {
    const box = chips.getByRole('checkbox', { name: `${prefix} ${n}`, exact: true });
    if (wanted.includes(n)) await box.check();
    else await box.uncheck();
  }
}

/**
 * Generates (the preview appears), checks the body sent, buys (the PDF downloads) and answers the page's code and
 * its problems as the buyer reads them (GET /api/answers).
 */
const generateBuyAndRead = (page: Page, token: string, expectedBody: Partial<PageRequest>, shot: string) =>
  generateAndBuy<Answer>(page, token, shot, expectedBody);

const digitsOf = (n: number) => String(n).split('').map(Number).reverse();

test('a teacher makes four typical sheets through Personalizar and gets exactly them', async ({ page }) => {
  test.setTimeout(360_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await storeSession(page, user);

  await test.step('tabuada do 7, 30 fatos em linha, letra grande', async () => {
    await openBuilder(page);
    await chooseOperations(page, ['Multiplicação']);
    await openPanel(page);
    await chooseNumbers(page, 'Tabuadas', 'Tabuada do', [2, 3, 4, 5, 6, 7, 8, 9, 10], [7]);
    await group(page, 'Número multiplicado').getByRole('radio', { name: 'Fatos (2 a 10)' }).check();
    await group(page, 'Formato').getByRole('radio', { name: 'Fatos em linha' }).check();
    await panel(page).getByRole('checkbox', { name: 'Letra grande' }).check();
    await group(page, 'Quantas contas').getByRole('radio', { name: '30 contas' }).check();
    await expect(page.getByTestId('sheet-sentence')).toHaveText(
      '30 fatos de multiplicação em linha, tabuada do 7, letra grande',
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'personalize-panel-1366');
    const { problems } = await generateBuyAndRead(
      page,
      user.token,
      tabuadaDo7Request,
      'personalize-tabuada-7',
    );
    expect(problems).toHaveLength(30);
    for (const p of problems) {
      expect(p.op).toBe('mult');
      expect(p.a === 7 || p.b === 7, JSON.stringify(p)).toBe(true);
      expect(Math.max(p.a, p.b)).toBeLessThanOrEqual(10);
      expect(Math.min(p.a, p.b)).toBeGreaterThanOrEqual(2);
      expect(p.result).toBe(p.a * p.b);
    }
  });

  await test.step('subtração de 3 algarismos sem reserva', async () => {
    await openBuilder(page);
    await chooseOperations(page, ['Subtração']);
    await openPanel(page);
    const sub = panel(page).getByRole('group', { name: 'Subtração' });
    await sub.getByLabel('Tamanho dos números').selectOption({ label: 'Escolher os algarismos' });
    await sub.getByLabel('Número de cima').selectOption({ label: '3 algarismos' });
    await sub.getByLabel('Número de baixo').selectOption({ label: '3 algarismos' });
    await sub.getByRole('radio', { name: 'Sem reserva' }).check();
    await expect(page.getByTestId('sheet-sentence')).toHaveText(
      '20 subtrações de 3 algarismos sem reserva, armadas',
    );
    const { problems } = await generateBuyAndRead(
      page,
      user.token,
      {
        add: false,
        sub: true,
        mult: false,
        div: false,
        answers: true,
        level: 1,
        custom: {
          v: 1,
          sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'sem' },
          format: 'armada',
          count: 20,
          size: 'normal',
        },
      },
      'personalize-subtracao-sem-reserva',
    );
    expect(problems).toHaveLength(20);
    for (const p of problems) {
      expect(p.op).toBe('sub');
      for (const n of [p.a, p.b]) expect(String(n), JSON.stringify(p)).toHaveLength(3);
      // Sem reserva: no column borrows.
      const top = digitsOf(p.a);
      digitsOf(p.b).forEach((digit, column) =>
        expect(top[column]!, JSON.stringify(p)).toBeGreaterThanOrEqual(digit),
      );
      expect(p.result).toBe(p.a - p.b);
    }
  });

  await test.step('divisão exata por 2 a 5, armada', async () => {
    await openBuilder(page);
    await chooseOperations(page, ['Divisão']);
    await openPanel(page);
    await chooseNumbers(page, 'Dividir por', 'Divisor', [2, 3, 4, 5, 6, 7, 8, 9], [2, 3, 4, 5]);
    await group(page, 'Resto').getByRole('radio', { name: 'Só exatas' }).check();
    await group(page, 'Formato').getByRole('radio', { name: 'Conta armada' }).check();
    await expect(page.getByTestId('sheet-sentence')).toHaveText(
      '12 divisões exatas de 3 algarismos por 2 a 5, armadas',
    );
    const { problems } = await generateBuyAndRead(
      page,
      user.token,
      {
        add: false,
        sub: false,
        mult: false,
        div: true,
        answers: true,
        level: 1,
        custom: {
          v: 1,
          div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 3, remainders: 'exata' },
          format: 'armada',
          count: 12,
          size: 'normal',
        },
      },
      'personalize-divisao-exata',
    );
    expect(problems).toHaveLength(12);
    for (const p of problems) {
      expect(p.op).toBe('div');
      expect([2, 3, 4, 5]).toContain(p.b);
      expect(p.remainder, JSON.stringify(p)).toBe(0);
      expect(String(p.a)).toHaveLength(3);
      expect(p.result * p.b).toBe(p.a);
    }
  });

  await test.step('___ + 6 = 9, até 20', async () => {
    await openBuilder(page);
    await chooseOperations(page, ['Adição']);
    await page.getByRole('radio', { name: /Fácil/ }).check();
    await openPanel(page);
    const add = panel(page).getByRole('group', { name: 'Adição' });
    await add.getByLabel('Tamanho dos números').selectOption({ label: 'Até 20' });
    await group(page, 'Formato').getByRole('radio', { name: 'Número que falta' }).check();
    await expect(page.getByTestId('sheet-sentence')).toHaveText(
      '20 adições até 20 sem reserva com número que falta',
    );
    const { problems } = await generateBuyAndRead(
      page,
      user.token,
      {
        add: true,
        sub: false,
        mult: false,
        div: false,
        answers: true,
        level: 0,
        custom: {
          v: 1,
          add: { numbers: { kind: 'max', max: 20 }, regrouping: 'sem' },
          format: 'lacuna',
          count: 20,
          size: 'normal',
        },
      },
      'personalize-numero-que-falta',
    );
    expect(problems).toHaveLength(20);
    for (const p of problems) {
      expect(p.op).toBe('add');
      expect(p.result).toBe(p.a + p.b);
      expect(p.result, JSON.stringify(p)).toBeLessThanOrEqual(20);
      expect((p.a % 10) + (p.b % 10), JSON.stringify(p)).toBeLessThan(10);
    }
  });

  // Closed again, the builder is a preset page's: its body has no custom options.
  await openBuilder(page);
  await expect(page.getByRole('button', { name: 'Personalizar' })).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page)).toHaveCount(0);
});

/** No control of the panel and its saved sheets is smaller than a finger; nothing scrolls sideways. */
async function expectPhoneFriendly(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const small = await page
    .locator(
      '.personalize .option, .personalize select, .personalize input[type="text"], .saved-sheets button, .saved-sheets input, .personalize-toggle button',
    )
    .evaluateAll((elements) =>
      elements
        .map((el) => ({ el: el.outerHTML.slice(0, 80), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
        .map(({ el, box }) => `${Math.round(box.width)}×${Math.round(box.height)} ${el}`),
    );
  expect(small).toEqual([]);
}

test('a teacher makes situações-problema of + and − sem reserva through Personalizar', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await storeSession(page, user);
  await openBuilder(page);
  await chooseOperations(page, ['Adição', 'Subtração']);
  await page.getByRole('radio', { name: /Fácil/ }).check();
  await openPanel(page);
  await group(page, 'Formato')
    .getByRole('radio', { name: /Situações-problema/ })
    .check();
  await group(page, 'Quantos problemas').getByRole('radio', { name: '6 problemas' }).check();
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '6 situações-problema: adições até 100 sem reserva e subtrações até 100 sem reserva',
  );
  // What she sees checked is what prints: the meanings are sent even as they open (the default).
  const { problems } = await generateBuyAndRead(
    page,
    user.token,
    { ...wordProblemsRequest, custom: { ...wordProblemsRequest.custom!, meanings: ADD_SUB_MEANINGS } },
    'personalize-situacoes-problema',
  );
  // The contas that answer the problems: three of + and three of − (in the order the page shuffled them), within
  // 100, no column carries or borrows.
  expect(problems.filter((p) => p.op === 'add')).toHaveLength(3);
  expect(problems.filter((p) => p.op === 'sub')).toHaveLength(3);
  for (const p of problems) {
    const [a, b] = [digitsOf(p.a), digitsOf(p.b)];
    if (p.op === 'add') {
      expect(p.result, JSON.stringify(p)).toBeLessThanOrEqual(100);
      expect(
        a.every((d, i) => d + (b[i] ?? 0) < 10),
        JSON.stringify(p),
      ).toBe(true);
    } else {
      expect(p.a, JSON.stringify(p)).toBeLessThanOrEqual(100);
      expect(
        a.every((d, i) => d >= (b[i] ?? 0)),
        JSON.stringify(p),
      ).toBe(true);
    }
  }
});

test('an impossible combination is said beside its control, and Gerar página waits for it to be fixed', async ({
  page,
}) => {
  const user = await createActiveUser(stack());
  await storeSession(page, user);
  await page.setViewportSize({ width: 360, height: 800 });
  await openBuilder(page);
  await chooseOperations(page, ['Subtração', 'Multiplicação']);
  await openPanel(page);
  await expectPhoneFriendly(page);
  const generate = page.getByRole('button', { name: 'Gerar página' });
  await expect(generate).toBeEnabled();

  // − com reserva with one digit on top cannot be drawn.
  const sub = panel(page).getByRole('group', { name: 'Subtração' });
  await sub.getByLabel('Tamanho dos números').selectOption({ label: 'Escolher os algarismos' });
  await sub.getByLabel('Número de cima').selectOption({ label: '1 algarismo' });
  await sub.getByLabel('Número de baixo').selectOption({ label: '1 algarismo' });
  await sub.getByRole('radio', { name: 'Com reserva' }).check();
  const regrouping = group(page, 'Reserva (empresta)');
  const message = 'Subtração com reserva precisa de pelo menos 2 algarismos no número de cima.';
  await expect(regrouping.getByText(message)).toBeVisible();
  await expectDescribedBy(regrouping, message);
  await expect(generate).toBeDisabled();

  // No tabuada at all: said beside the tabuadas.
  await chooseNumbers(page, 'Tabuadas', 'Tabuada do', [2, 3, 4, 5, 6, 7, 8, 9, 10], []);
  const tables = group(page, 'Tabuadas');
  await expect(tables.getByText('Escolha pelo menos uma tabuada.')).toBeVisible();
  await expectDescribedBy(tables, 'Escolha pelo menos uma tabuada.');
  await screenshot(page, 'personalize-panel-360-problems');

  // Fixed: the messages go and the page can be generated.
  await sub.getByRole('radio', { name: 'Sem reserva' }).check();
  await tables.getByRole('checkbox', { name: 'Tabuada do 7', exact: true }).check();
  await expect(panel(page).locator('.personalize__error')).toHaveCount(0);
  await expect(generate).toBeEnabled();
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '20 contas: subtrações de 1 algarismo sem reserva e multiplicações de 2 algarismos vezes 7, armadas',
  );
  await screenshot(page, 'personalize-panel-360');
  await expectPhoneFriendly(page);
});

async function expectDescribedBy(control: Locator, message: string) {
  const ids = (await control.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).textContent()));
  expect(texts.join(' ')).toContain(message);
}

test('a configuration is saved under a name, replaced by the same name, started from and deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createActiveUser(stack());
  await storeSession(page, user);
  await openBuilder(page);
  const saved = page.getByRole('region', { name: 'Minhas folhas salvas' });
  await expect(saved.getByText('Você ainda não salvou nenhuma folha.', { exact: false })).toBeVisible();

  await chooseOperations(page, ['Multiplicação']);
  await openPanel(page);
  await chooseNumbers(page, 'Tabuadas', 'Tabuada do', [2, 3, 4, 5, 6, 7, 8, 9, 10], [7]);
  await group(page, 'Número multiplicado').getByRole('radio', { name: 'Fatos (2 a 10)' }).check();
  await group(page, 'Formato').getByRole('radio', { name: 'Fatos em linha' }).check();
  await panel(page).getByLabel('Título da folha (opcional)').fill('Turma do 3º B');
  const name = saved.getByLabel('Nome para salvar estas opções');
  await name.fill('Tabuada do 7');
  await saved.getByRole('button', { name: 'Salvar' }).click();
  await expect(saved.getByRole('status')).toHaveText('Folha “Tabuada do 7” salva.');
  await expect(saved.locator('.saved-sheet')).toHaveCount(1);
  await expect(saved.locator('.saved-sheet')).toContainText('Tabuada do 7');
  await expect(saved.locator('.saved-sheet')).toContainText(
    '20 fatos de multiplicação em linha, tabuada do 7',
  );
  await screenshot(page, 'personalize-saved-sheet');

  // The same name again: the button says it replaces, and it does (still one).
  await panel(page).getByRole('checkbox', { name: 'Letra grande' }).check();
  await name.fill('Tabuada do 7');
  await expect(
    saved.getByText('Já existe uma folha com este nome: salvar substitui as opções dela.'),
  ).toBeVisible();
  // Enter saves (it does not generate a page).
  await name.press('Enter');
  await expect(saved.getByRole('status')).toHaveText('Folha “Tabuada do 7” substituída.');
  await expect(saved.locator('.saved-sheet')).toHaveCount(1);
  await expect(saved.locator('.saved-sheet')).toContainText('letra grande');
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toHaveCount(0);

  // The builder from its defaults again; starting from the saved sheet brings its options back.
  await openBuilder(page);
  await expect(page.getByRole('checkbox', { name: 'Adição', exact: true })).toBeChecked();
  await saved.getByRole('button', { name: 'Usar a folha Tabuada do 7' }).click();
  await expect(page.getByRole('checkbox', { name: 'Multiplicação', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Adição', exact: true })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Personalizar' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '20 fatos de multiplicação em linha, tabuada do 7, letra grande',
  );
  await expect(panel(page).getByLabel('Título da folha (opcional)')).toHaveValue('Turma do 3º B');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/page') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar página' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    add: false,
    sub: false,
    mult: true,
    div: false,
    answers: true,
    level: 1,
    custom: {
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
      format: 'linha',
      count: 20,
      size: 'grande',
      title: 'Turma do 3º B',
    },
  });
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });

  // Deleting asks first, then the list is empty again.
  await saved.getByRole('button', { name: 'Apagar a folha Tabuada do 7' }).click();
  await saved.getByRole('button', { name: 'Confirmar: apagar a folha Tabuada do 7' }).click();
  await expect(saved.getByRole('status')).toHaveText('Folha “Tabuada do 7” apagada.');
  await expect(saved.locator('.saved-sheet')).toHaveCount(0);
  await expect(saved.getByText('Você ainda não salvou nenhuma folha.', { exact: false })).toBeVisible();
});

test('"Gerar outra igual" in Minhas Compras generates a new page with the same options at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  const options: PageRequest = {
    add: false,
    sub: false,
    mult: false,
    div: true,
    answers: true,
    level: 2,
    custom: {
      v: 1,
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 'fatos', remainders: 'exata' },
      format: 'linha',
      count: 20,
      size: 'grande',
    },
  };
  const code = await generatePageCode(stack(), user.token, options);
  expect((await buyPage(stack(), user.token, code)).status).toBe(200);
  await storeSession(page, user);
  await page.goto('/minhas-compras');
  await expect(page.locator('.purchase')).toHaveCount(1);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/page') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /^Gerar outra igual/ }).click(),
  ]);
  await expect(page).toHaveURL(/\/exercicios-aritmetica$/);
  expect(response.request().postDataJSON()).toEqual(options);
  const again = ((await response.json()) as { payload: string }).payload;
  expect(again).not.toBe(code);
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
  // The builder shows the options it was made with: the panel open, its sentence.
  await expect(page.getByRole('checkbox', { name: 'Divisão', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Difícil/ })).toBeChecked();
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '20 divisões exatas por 2 a 5, em linha, letra grande',
  );
  await screenshot(page, 'personalize-generated-again');

  // Once: a reload does not generate again; it keeps the builder (its options, the page generated again). Proved
  // by a marker: the page generated by hand after the reload is the only one asked for since (one made on loading
  // would have been asked for before it), with the same options.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/page') && r.method() === 'POST') asked.push(r.postData() ?? '');
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Personalizar' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '20 divisões exatas por 2 a 5, em linha, letra grande',
  );
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/page') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar página' }).click(),
  ]);
  expect(asked.map((body) => JSON.parse(body) as unknown)).toEqual([options]);

  // Both pages are the buyer's, with the same options.
  expect((await buyPage(stack(), user.token, again)).status).toBe(200);
  const mine = await call<Array<{ code: string; options: PageRequest }>>(stack().gatewayUrl, getMyPages, {
    token: user.token,
  });
  const byCode = new Map(mine.body.payload!.map((p) => [p.code, p.options]));
  expect(byCode.get(code)).toEqual(options);
  expect(byCode.get(again)).toEqual(options);
});

test('a teacher chooses the meanings of situações-problema: only início desconhecido and quantos a menos', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await storeSession(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBuilder(page);
  await chooseOperations(page, ['Adição', 'Subtração']);
  await page.getByRole('radio', { name: /Fácil/ }).check();
  await openPanel(page);
  await group(page, 'Formato')
    .getByRole('radio', { name: /Situações-problema/ })
    .check();

  // The meanings of + and −, each with its example, checked but duas etapas.
  const meanings = group(page, 'Significados');
  const labels = [
    'Juntar e acrescentar',
    'Separar e retirar',
    'Comparar: quantos a mais',
    'Comparar: quantos a menos',
    'Completar: quanto falta',
    'Início desconhecido',
  ];
  await expect(meanings.getByRole('checkbox')).toHaveCount(labels.length + 1);
  for (const label of labels)
    await expect(meanings.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  const twoSteps = meanings.getByRole('checkbox', { name: 'Duas etapas', exact: true });
  await expect(twoSteps).not.toBeChecked();
  await expect(twoSteps).toHaveAccessibleDescription('Tinha 40, ganhou 15 e deu 20; com quantas ficou?');
  for (const label of labels)
    if (label !== 'Início desconhecido' && label !== 'Comparar: quantos a menos')
      await meanings.getByRole('checkbox', { name: label, exact: true }).uncheck();
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '6 situações-problema de quantos a menos e início desconhecido: adições até 100 sem reserva e subtrações até 100 sem reserva',
  );

  // More than a sheet of paper holds: said under the count.
  const counts = group(page, 'Quantos problemas');
  await expect(counts.getByRole('radio')).toHaveCount(7);
  await counts.getByRole('radio', { name: '8 problemas' }).check();
  await expect(counts).toHaveAccessibleDescription('8 problemas: 2 folhas (e o gabarito em 2).');
  await screenshot(page, 'personalize-meanings-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, 'personalize-meanings-1366');
  await counts.getByRole('radio', { name: '6 problemas' }).check();
  await expect(counts).not.toHaveAttribute('aria-describedby');

  // None checked: said beside the group, and the page waits.
  await meanings.getByRole('checkbox', { name: 'Início desconhecido', exact: true }).uncheck();
  await meanings.getByRole('checkbox', { name: 'Comparar: quantos a menos', exact: true }).uncheck();
  await expect(meanings.getByText('Escolha pelo menos um significado.')).toBeVisible();
  await expectDescribedBy(meanings, 'Escolha pelo menos um significado.');
  await expect(page.getByRole('button', { name: 'Gerar página' })).toBeDisabled();
  await meanings.getByRole('checkbox', { name: 'Início desconhecido', exact: true }).check();
  await meanings.getByRole('checkbox', { name: 'Comparar: quantos a menos', exact: true }).check();

  const { problems } = await generateBuyAndRead(
    page,
    user.token,
    {
      ...wordProblemsRequest,
      custom: { ...wordProblemsRequest.custom!, meanings: ['quantos-a-menos', 'inicio-desconhecido'] },
    },
    'personalize-meanings-generated',
  );
  expect(problems).toHaveLength(6);
  for (const p of problems) {
    expect(['add', 'sub']).toContain(p.op);
    expect(p.word, JSON.stringify(p)).toBeDefined();
  }
});

test('the tabuada do 7 em ordem, in a line: 7 × 1 to 7 × 10', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await storeSession(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBuilder(page);
  await chooseOperations(page, ['Multiplicação']);
  await openPanel(page);
  await group(page, 'Número multiplicado')
    .getByRole('radio', { name: 'Tabuada em ordem (× 1 a × 10)' })
    .check();

  // Only the formats of facts, the tabuada do 1 among the tabuadas, and as many as a page holds (4: 40 contas).
  const formats = group(page, 'Formato');
  await expect(formats.getByRole('radio')).toHaveCount(2);
  await expect(formats.getByRole('radio', { name: /Fatos em linha/ })).toBeChecked();
  await chooseNumbers(page, 'Tabuadas', 'Tabuada do', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4]);
  const tables = group(page, 'Tabuadas');
  await expect(tables.getByRole('checkbox', { name: 'Tabuada do 5', exact: true })).toBeDisabled();
  await expect(panel(page).getByText('40 contas: 10 por tabuada, de × 1 a × 10.')).toBeVisible();
  await expect(tables.getByRole('checkbox', { name: 'Dois algarismos (por 10 a 99)' })).toHaveCount(0);
  await screenshot(page, 'personalize-ordem-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, 'personalize-ordem-1366');

  await chooseNumbers(page, 'Tabuadas', 'Tabuada do', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [7]);
  await expect(panel(page).getByText('10 contas: 10 por tabuada, de × 1 a × 10.')).toBeVisible();
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    '10 fatos de multiplicação em linha, tabuada do 7 em ordem',
  );
  const { problems } = await generateBuyAndRead(
    page,
    user.token,
    {
      add: false,
      sub: false,
      mult: true,
      div: false,
      answers: true,
      level: 1,
      custom: {
        v: 1,
        mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'ordem' },
        format: 'linha',
        count: 10,
        size: 'normal',
      },
    },
    'personalize-ordem-generated',
  );
  expect(problems.map(({ op, a, b, result }) => ({ op, a, b, result }))).toEqual(
    Array.from({ length: 10 }, (_, i) => ({ op: 'mult', a: i + 1, b: 7, result: 7 * (i + 1) })),
  );

  // Bought, the panel is hers again. Back to the facts: every format, the tabuada do 1 gone from the chips.
  await group(page, 'Número multiplicado').getByRole('radio', { name: 'Fatos (2 a 10)' }).check();
  await expect(group(page, 'Formato').getByRole('radio')).toHaveCount(5);
  await expect(tables.getByRole('checkbox', { name: 'Tabuada do 1', exact: true })).toHaveCount(0);
});

test('a line format is for facts: a 3-digit setting is said beside its control and at the format', async ({
  page,
}) => {
  const user = await createActiveUser(stack());
  await storeSession(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBuilder(page);
  await chooseOperations(page, ['Adição']);
  await openPanel(page);
  // The Médio preset: 3 algarismos.
  await group(page, 'Formato')
    .getByRole('radio', { name: /Fatos em linha/ })
    .check();
  const message =
    'Em “Fatos em linha” e “Número que falta”, a adição vai até 2 algarismos (ou até 100): são contas de cabeça.';
  await expect(panel(page).locator('[data-control="add.numbers"]').getByText(message)).toBeVisible();
  await expect(
    group(page, 'Formato').getByText(
      '“Fatos em linha” é só de fatos (contas de cabeça): mude os números da Adição, como indicado acima, ou escolha outro formato.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gerar página' })).toBeDisabled();
  await screenshot(page, 'personalize-facts-only-390');
  await panel(page).getByLabel('Tamanho dos números').selectOption({ label: 'Até 100' });
  await expect(panel(page).locator('.personalize__error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gerar página' })).toBeEnabled();
});

test('the online gabarito of situações-problema: each problem, its conta(s) and its answer sentence with the unit', async ({
  page,
}) => {
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  const options: PageRequest = {
    ...wordProblemsRequest,
    custom: {
      ...wordProblemsRequest.custom!,
      count: 8,
      meanings: ['juntar-acrescentar', 'separar-retirar', 'duas-etapas'],
    },
  };
  const code = await generatePageCode(stack(), user.token, options);
  expect((await buyPage(stack(), user.token, code)).status).toBe(200);
  const answers = await call<{ problems: Answer[] }>(stack().gatewayUrl, pageAnswers, {
    query: { code },
    token: user.token,
  });
  const problems = answers.body.payload!.problems;
  expect(problems).toHaveLength(8);

  await storeSession(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/gabarito/${code}`);
  await expect(page.getByRole('heading', { name: 'Gabarito' })).toBeVisible();
  const items = page.locator('.answers__item');
  await expect(items).toHaveCount(8);
  const sign = { add: '+', sub: '\u2212', mult: '×', div: '÷' };
  const nbsp = (text: string) => text.replace(/R\$ /g, 'R$\u00a0');
  for (const [index, problem] of problems.entries()) {
    const word = problem.word!;
    const item = items.nth(index);
    await expect(item).toContainText(nbsp(word.statement));
    await expect(item).toContainText(nbsp(word.question));
    // The answer sentence with its unit: a number followed by what it counts ("53 figurinhas", "R$ 30,00").
    expect(word.answerSentence).toMatch(/R\$ \d|\d \p{L}/u);
    await expect(item.locator('.answers__sentence')).toHaveText(`Resposta: ${nbsp(word.answerSentence)}`);
    // Its conta, or both contas of a problem in two steps, in the order they are done.
    const contas = word.steps ?? [problem];
    await expect(item.locator('.answers__conta')).toHaveText(
      contas.map(
        (c, step) =>
          `${contas.length === 1 ? 'Conta:' : `${step + 1}ª conta:`} ${c.a} ${sign[c.op]} ${c.b} = ${c.result}`,
      ),
    );
  }
  await screenshot(page, 'answers-situacoes-problema-390');
});
