import { expect, test, type Page } from '@playwright/test';
import { getTurmas, Msg, PlatformMessages, type Turma } from '@app/contracts';
import { call, createActiveUser, type TestSession } from '@app/testing';
import { screenshot, stack, storeSession } from './support';

/**
 * "Minhas Turmas", as a teacher uses it: she pastes a column of 30 names copied from a spreadsheet (tab-separated
 * rows, a blank line among them) into a new turma, edits it (renames a child, moves one down, removes one, adds one),
 * and after a reload finds the order and names she left, each child keeping its id; a name typed twice and a second
 * turma of the same name are refused in pt-BR with nothing typed lost; the turma is deleted after she confirms. The
 * list, the new turma with its names and the editing are screenshotted at 390 and 1366 px.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const FIRST_NAMES = (
  'Ana Bruno Carla Davi Elisa Felipe Gabriela Heitor Isabela João Kauã Larissa Miguel Natália Otávio Paula ' +
  'Rafael Sofia Tiago Úrsula Valentina Wesley Yasmin Zeca Beatriz Caio Débora Enzo Fernanda Gustavo'
).split(' ');
/** 'Ana S.', 'Bruno T.', …: the first name and an initial, as the screen asks. */
const NAMES = FIRST_NAMES.map((first, i) => `${first} ${'STUVWXYZ'[i % 8]}.`);

/** The rows as a spreadsheet copies them: the number, the name, a grade; a blank row after the 15th. */
const SPREADSHEET = NAMES.map((name, i) => `${i + 1}\t${name}\t${(7 + (i % 3)).toFixed(1).replace('.', ',')}`)
  .flatMap((row, i) => (i === 14 ? [row, ''] : [row]))
  .join('\n');

const PRIVACY_NOTICE =
  'Os nomes dos alunos ficam visíveis só para a sua conta. Não aparecem em registros do sistema, entram no ' +
  'arquivo de “Baixar meus dados” e são apagados quando você apaga a turma ou a sua conta.';

/** The page fits its width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Screenshots what the screen shows now at a phone's and a desktop's width, back at the desktop's after. */
async function shoot(page: Page, name: string) {
  for (const [device, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
    // From the top: the side menu is sticky, and a page scrolled to the focused field would draw it lower down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `turmas-${name}-${device}`);
  }
}

async function turmasOf(member: TestSession): Promise<Turma[]> {
  const answer = await call<Turma[]>(stack().gatewayUrl, getTurmas, { token: member.token });
  expect(answer.status).toBe(200);
  return answer.body.payload!;
}

/** The children's fields in 'Editar', in the order shown. */
const childFields = (page: Page) => page.getByRole('textbox', { name: /^Nome do aluno \d+$/ });
/** What the children's fields hold, in order, asked again until it is `names`. */
const expectChildren = (page: Page, names: readonly string[]) =>
  expect
    .poll(() => childFields(page).evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value)))
    .toEqual(names);
const status = (page: Page) => page.getByRole('main').getByRole('status').filter({ hasText: /\S/ });
/** The names of the turmas listed, in order. */
const listed = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });

test('a teacher pastes 30 names into a turma, edits it, is refused a repeated name and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await createActiveUser(stack(), { fullname: 'Helena Professora' });
  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);

  // The menu leads to it, right after Minhas Compras.
  await page.goto('/minhas-compras');
  const menu = page.getByRole('navigation', { name: 'Minha Área' }).getByRole('link');
  await expect(menu).toHaveText([
    'Exercícios de Aritmética',
    'Minhas Compras',
    'Minhas Turmas',
    'Extrato',
    'Meus Dados',
    'Sair',
  ]);
  await menu.getByText('Minhas Turmas').click();
  await expect(page).toHaveURL(/\/turmas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeVisible();
  await expect(page.getByText(PRIVACY_NOTICE)).toBeVisible();
  await expect(page.getByText('Você ainda não cadastrou nenhuma turma.')).toBeVisible();

  // Nova turma: the cursor in the name. Saving without a name is refused before anything is sent.
  await page.getByRole('button', { name: 'Nova turma' }).click();
  const turmaName = page.getByLabel('Nome da turma');
  await expect(turmaName).toBeFocused();
  await expect(turmaName).toHaveAttribute('placeholder', 'Ex.: 3º ano B');
  const names = page.getByLabel('Nomes dos alunos (um por linha)');
  await names.fill(SPREADSHEET);
  await expect(page.getByText('30 nomes', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Use o primeiro nome e a inicial do sobrenome (Ana S.): basta para reconhecer cada criança',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.turmaNameRequired);
  await expect(turmaName).toBeFocused();
  await expect(names).toHaveValue(SPREADSHEET);
  // Putting the name right takes the refusal away.
  await turmaName.fill('3º ano B');
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(turmaName).not.toHaveAttribute('aria-invalid');
  await shoot(page, 'nova');

  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(status(page)).toHaveText('Turma salva.');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '3º ano B' }) });
  await expect(card).toContainText('30 alunos');
  await expect(page.getByRole('button', { name: 'Editar a turma 3º ano B' })).toBeFocused();
  const [created] = await turmasOf(member);
  expect(created!.students.map((s) => s.name)).toEqual(NAMES);

  // A second turma of one child: '1 aluno', listed by name after the first.
  await page.getByRole('button', { name: 'Nova turma' }).click();
  await turmaName.fill('4º ano A');
  await names.fill('Lia M.');
  await expect(page.getByText('1 nome', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(status(page)).toHaveText('Turma salva.');
  await expect(listed(page)).toHaveText(['3º ano B', '4º ano A']);
  await expect(page.getByRole('listitem').filter({ hasText: '4º ano A' })).toContainText('1 aluno');
  await shoot(page, 'lista');

  await editTheTurma(page, created!);

  // After a reload: the order and the names kept, each child with the id it had.
  await page.reload();
  await page.getByRole('button', { name: 'Editar a turma 3º ano B' }).click();
  await expect(childFields(page)).toHaveCount(30);
  const expected = [NAMES[1]!, 'Ana Souza', ...NAMES.slice(3), 'Zeca P.'];
  await expectChildren(page, expected);
  const [edited] = await turmasOf(member);
  expect(edited!.students.map((s) => s.name)).toEqual(expected);
  const idOf = (turma: Turma, index: number) => turma.students[index]!.id;
  expect([idOf(edited!, 0), idOf(edited!, 1), idOf(edited!, 2)]).toEqual([
    idOf(created!, 1),
    idOf(created!, 0),
    idOf(created!, 3),
  ]);
  expect(edited!.students.map((s) => s.id)).not.toContain(idOf(created!, 2));

  await refusals(page);
  await deleteTheTurma(page, member);
});

/**
 * 'Editar': Ana S. renamed and moved down (the cursor stays on 'Descer', now on her second row), Carla removed (the
 * cursor goes to the next child), Zeca P. added in the textarea; saved.
 */
async function editTheTurma(page: Page, created: Turma) {
  await page.getByRole('button', { name: 'Editar a turma 3º ano B' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Editar a turma 3º ano B' })).toBeVisible();
  await expect(page.getByLabel('Nome da turma')).toBeFocused();
  await expectChildren(
    page,
    created.students.map((s) => s.name),
  );
  const [ana, carla] = [NAMES[0]!, NAMES[2]!];
  // ↑ at the top, ↓ at the bottom cannot move (aria-disabled: they keep their place in the tab order).
  await expect(page.getByRole('button', { name: `Subir ${ana}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Descer ${NAMES[29]}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Descer ${ana}` })).toBeEnabled();
  await page.getByRole('button', { name: `Descer ${ana}` }).press('Enter');
  await expect(childFields(page).nth(1)).toHaveValue(ana);
  await expect(page.getByRole('button', { name: `Descer ${ana}` })).toBeFocused();
  await childFields(page).nth(1).fill('Ana Souza');
  await expect(page.getByRole('button', { name: 'Remover Ana Souza' })).toBeVisible();
  await page.getByRole('button', { name: `Remover ${carla}` }).click();
  await expect(childFields(page)).toHaveCount(29);
  await expect(childFields(page).nth(2)).toBeFocused();
  await expect(childFields(page).nth(2)).toHaveValue(NAMES[3]!);
  await page.getByLabel('Acrescentar alunos (um por linha)').fill('Zeca P.\n');
  await expect(page.getByText('1 nome a acrescentar; a turma fica com 30 alunos.')).toBeVisible();
  await shoot(page, 'editar');
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(status(page)).toHaveText('Turma salva.');
  await expect(page.getByRole('listitem').filter({ hasText: '3º ano B' })).toContainText('30 alunos');
}

/** A name typed twice, then a second turma named like the first: refused in pt-BR, everything typed kept. */
async function refusals(page: Page) {
  const added = page.getByLabel('Acrescentar alunos (um por linha)');
  await added.fill(`Lucas R.\n${NAMES[1]}`);
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.studentNameRepeated(NAMES[1]!));
  await expect(added).toBeFocused();
  await expect(added).toHaveValue(`Lucas R.\n${NAMES[1]}`);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: 'Editar a turma 3º ano B' })).toBeFocused();

  await page.getByRole('button', { name: 'Nova turma' }).click();
  await page.getByLabel('Nome da turma').fill(' 3º  ano B ');
  await page.getByLabel('Nomes dos alunos (um por linha)').fill('Marina C.');
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.turmaNameTaken);
  await expect(page.getByLabel('Nome da turma')).toBeFocused();
  await expect(page.getByLabel('Nome da turma')).toHaveValue(' 3º  ano B ');
  await expect(page.getByLabel('Nomes dos alunos (um por linha)')).toHaveValue('Marina C.');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: 'Nova turma' })).toBeFocused();
}

/** 'Apagar' asks in the page; 'Cancelar' keeps the turma; 'Apagar' again deletes it with its children's names. */
async function deleteTheTurma(page: Page, member: TestSession) {
  const question = page.getByText('Apagar a turma 3º ano B e os nomes dos seus alunos?');
  await page.getByRole('button', { name: 'Apagar a turma 3º ano B' }).click();
  await expect(question).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apagar a turma 3º ano B' })).toBeFocused();

  await page.getByRole('button', { name: 'Apagar a turma 3º ano B' }).click();
  const confirmation = page.getByRole('group', {
    name: 'Apagar a turma 3º ano B e os nomes dos seus alunos?',
  });
  await confirmation.getByRole('button', { name: 'Apagar', exact: true }).click();
  await expect(status(page)).toHaveText('Turma 3º ano B apagada.');
  await expect(page.getByRole('button', { name: 'Nova turma' })).toBeFocused();
  await expect(listed(page)).toHaveText(['4º ano A']);
  expect((await turmasOf(member)).map((t) => t.name)).toEqual(['4º ano A']);
  await page.reload();
  await expect(listed(page)).toHaveText(['4º ano A']);
}

test('a list that could not be loaded says so and is asked again; a session that has ended signs out', async ({
  page,
}) => {
  const member = await createActiveUser(stack());
  await storeSession(page, member);
  // The first answer fails as a busy server's would; the next ones go through.
  await page.route(
    '**/api/getTurmas',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'ERROR', message: PlatformMessages.unavailable, payload: null }),
      }),
    { times: 1 },
  );
  await page.goto('/turmas');
  await expect(page.getByRole('alert')).toHaveText(
    `Não foi possível carregar suas turmas. ${PlatformMessages.unavailable}Tentar de novo`,
  );
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('button', { name: 'Nova turma' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A session refused by the server (401): signed out, as on every member screen.
  await page.route('**/api/saveTurma', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'ERROR', message: PlatformMessages.unauthorized, payload: null }),
    }),
  );
  await page.getByRole('button', { name: 'Nova turma' }).click();
  await page.getByLabel('Nome da turma').fill('5º ano C');
  await page.getByLabel('Nomes dos alunos (um por linha)').fill('Ana S.');
  await page.getByRole('button', { name: 'Salvar turma' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
