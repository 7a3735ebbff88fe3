import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Msg, saveTurma, type SaveTurmaBody, type Turma } from '@app/contracts';
import { fromRoot } from '@app/stack';
import { call, createActiveUser, readPdf, topUp, type TestSession } from '@app/testing';
import { atPhoneAndDesktop, DESKTOP, stack, storeSession } from './support';

/**
 * A class set for a turma, as a teacher makes it: her turma of 3 children, the builder in the set mode, "Para a
 * turma" chosen (the versions become 3 and are locked, a turma of 1 child cannot be chosen), the set generated,
 * bought and downloaded, each child's name on the "Nome:" line of its version's sheet, in the turma's order. A turma
 * given a fourth child after the builder read it: generating says so (409) and the next try makes 4 versions. With no
 * turma, a link to make one. The builder with the turma chosen and the set generated are screenshotted at 390 and
 * 1366 px.
 */

const CHILDREN = ['Ana S.', 'Bruno T.', 'Carla U.'];

const downloads = fromRoot('test-results', 'downloads');
mkdirSync(downloads, { recursive: true });

const versionsInput = (page: Page) => page.getByRole('spinbutton', { name: 'Quantas versões?' });
const turmaSelect = (page: Page) => page.getByRole('combobox', { name: 'Para a turma' });

/** Saves a turma through the API, as "Minhas turmas" does (with `id`, replaces its name and children). */
async function savedTurma(member: TestSession, body: SaveTurmaBody) {
  const answer = await call<Turma>(stack().gatewayUrl, saveTurma, { token: member.token, body });
  expect(answer.status).toBe(200);
  return answer.body.payload!;
}

/** The member in the builder, asking for a set (2 versions): "Para a turma" appears with her turmas. */
async function builderInSetMode(page: Page, member: TestSession) {
  await storeSession(page, member);
  await page.goto('/exercicios-aritmetica');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercícios de Aritmética' })).toBeVisible();
  // A single page offers no turma.
  await expect(versionsInput(page)).toHaveValue('1');
  await expect(page.getByText('Para a turma')).toHaveCount(0);
  await versionsInput(page).fill('2');
}

test("a set for a turma of 3: versions locked at 3, bought, each child's name on its version's sheet", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await createActiveUser(stack(), { fullname: 'Helena Professora' });
  await topUp(stack(), member.token, 5);
  const turma = await savedTurma(member, { name: '3º ano B', students: CHILDREN.map((name) => ({ name })) });
  await savedTurma(member, { name: 'Reforço', students: [{ name: 'Davi V.' }] });
  await page.setViewportSize(DESKTOP);
  await builderInSetMode(page, member);

  // Her turmas by name with their children; one of 1 child cannot be chosen.
  const select = turmaSelect(page);
  await expect(select).toHaveValue('');
  await expect(select.locator('option')).toHaveText([
    'Nenhuma (versões sem nome)',
    '3º ano B (3 alunos)',
    'Reforço (precisa de 2 alunos)',
  ]);
  await expect(select.locator('option', { hasText: 'Reforço' })).toBeDisabled();
  await expect(select.locator('option', { hasText: '3º ano B' })).toBeEnabled();

  // Choosing the turma: 3 versions, locked, and why; the total is right.
  await select.selectOption({ label: '3º ano B (3 alunos)' });
  await expect(versionsInput(page)).toHaveValue('3');
  await expect(versionsInput(page)).toBeDisabled();
  await expect(page.getByText('Uma folha com o nome de cada aluno da turma 3º ano B.')).toBeVisible();
  await expect(page.getByText('Total: R$ 1,50 por 3 versões')).toBeVisible();
  await atPhoneAndDesktop(page, 'turma-set-builder');

  // 'Nenhuma' frees the number again (kept at 3); the turma again locks it.
  await select.selectOption({ label: 'Nenhuma (versões sem nome)' });
  await expect(versionsInput(page)).toBeEnabled();
  await expect(versionsInput(page)).toHaveValue('3');
  await select.selectOption({ label: '3º ano B (3 alunos)' });
  await expect(versionsInput(page)).toBeDisabled();

  // 'Gerar 3 versões' sends the turma.
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pageSet') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar 3 versões' }).click(),
  ]);
  expect(created.status()).toBe(200);
  expect(created.request().postDataJSON()).toMatchObject({ versions: 3, turmaId: turma.id });
  const { payload } = (await created.json()) as { payload: { code: string; codes: string[] } };
  await expect(page.getByRole('img', { name: 'Pré-visualização da versão 1 de 3' })).toBeVisible({
    timeout: 30_000,
  });
  const forTurma = page.getByText('3 versões, uma para cada aluno de 3º ano B', { exact: true });
  await expect(forTurma).toBeVisible();
  await atPhoneAndDesktop(page, 'turma-set-generated');

  // A reload of the tab finds the set and the turma as they were.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Pré-visualização da versão 1 de 3' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(forTurma).toBeVisible();
  await expect(turmaSelect(page)).toHaveValue(turma.id);
  await expect(versionsInput(page)).toHaveValue('3');

  // Bought as any set, and downloaded.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Comprar 3 versões por R$ 1,50' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^matemática-\d{2}-\d{2}-\d{4}-3-versões\.pdf$/);
  const file = path.join(downloads, 'turma-set-3.pdf');
  await download.saveAs(file);
  await expect(page.getByRole('status').filter({ hasText: 'Compra realizada!' })).toContainText('3 versões');
  await expect(page.locator('.side-menu .balance__value')).toHaveText('R$ 3,50');

  // Version N is child N's: its name on the "Nome:" line, the turma's on "Turma:", no other child's name.
  const { pages } = await readPdf(readFileSync(file));
  expect(pages.length).toBeGreaterThanOrEqual(6);
  CHILDREN.forEach((name, i) => {
    const sheet = pages[i]!.text;
    expect(sheet, `sheet ${i + 1}`).toContain(`Versão ${i + 1} de 3`);
    expect(sheet, `sheet ${i + 1}`).toContain(payload.codes[i]);
    const nameLine = sheet.split('\n').find((line) => line.includes('Nome:'));
    expect(nameLine, `sheet ${i + 1}`).toMatch(new RegExp(`Nome:\\s*${name.replace('.', '\\.')}`));
    const turmaLine = sheet.split('\n').find((line) => line.includes('Turma:'));
    expect(turmaLine, `sheet ${i + 1}`).toMatch(/Turma:\s*3º ano B/);
    for (const other of CHILDREN.filter((n) => n !== name))
      expect(sheet, `sheet ${i + 1}`).not.toContain(other);
  });
});

test('a turma given a fourth child after the builder read it: generating says so, and the next try makes 4', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await createActiveUser(stack(), { fullname: 'Helena Professora' });
  const turma = await savedTurma(member, { name: '3º ano B', students: CHILDREN.map((name) => ({ name })) });
  await page.setViewportSize(DESKTOP);
  await builderInSetMode(page, member);
  await turmaSelect(page).selectOption({ label: '3º ano B (3 alunos)' });
  await expect(versionsInput(page)).toHaveValue('3');

  // Meanwhile, in "Minhas turmas" (another tab), a fourth child.
  await savedTurma(member, {
    id: turma.id,
    name: turma.name,
    students: [...turma.students, { name: 'Davi V.' }],
  });

  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pageSet') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar 3 versões' }).click(),
  ]);
  expect(refused.status()).toBe(409);
  await expect(page.getByRole('alert').filter({ hasText: Msg.turmaChangedForSet(4) })).toBeVisible();
  // The turmas read again: the count is right for the next try, the message still said.
  await expect(turmaSelect(page).locator('option', { hasText: '3º ano B' })).toHaveText(
    '3º ano B (4 alunos)',
  );
  await expect(versionsInput(page)).toHaveValue('4');
  await expect(versionsInput(page)).toBeDisabled();
  await expect(page.getByText('Total: R$ 2,00 por 4 versões')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: Msg.turmaChangedForSet(4) })).toBeVisible();

  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pageSet') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar 4 versões' }).click(),
  ]);
  expect(created.status()).toBe(200);
  expect(created.request().postDataJSON()).toMatchObject({ versions: 4, turmaId: turma.id });
  await expect(page.getByText('4 versões, uma para cada aluno de 3º ano B', { exact: true })).toBeVisible();
  await expect(page.getByText(Msg.turmaChangedForSet(4))).toHaveCount(0);
});

test('with no turma, the set mode offers a link to make one', async ({ page }) => {
  const member = await createActiveUser(stack());
  await builderInSetMode(page, member);
  const link = page.getByRole('link', { name: 'Cadastrar uma turma' });
  await expect(link).toBeVisible();
  await expect(turmaSelect(page)).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(/\/turmas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeVisible();
});
