import { expect, test, type Page } from '@playwright/test';
import type { CorrectionSheet } from '@app/contracts';
import { answerWith, describeFound, diagnoseSheet, scoreOf, type Switches } from '@app/diagnosis';
import { createActiveUser, topUp } from '@app/testing';
import {
  answerInput,
  boughtSet,
  correctionOf,
  gridRow,
  meanRight,
  typeSheet,
  typedOf,
  written,
  type Written,
} from './correction-support';
import { screenshot, screenshotView, stack, storeSession } from './support';

/**
 * "Correção rápida", as a teacher uses it: she bought a class set of 3 versions (subtractions com reserva and
 * divisions with a resto), printed it, and types what each of her 3 children wrote, with the keyboard alone (Enter
 * and Tab to the next conta, ↑ ↓ between children, '-' for em branco). Each answer is marked at once, each child
 * gets a score, and the child who subtracts the smaller digit from the larger one is diagnosed with the contas that
 * show it. A reload finds everything; an answer typed while the connection is down is kept, sent once it is back,
 * and is there after a reload. The grid and the diagnosis are screenshotted at 390 and 1366 px.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const SUBTRACTS_SMALLER: Switches = { sub: { menorDoMaior: true } };

/** Child 1 gets everything right; child 2 subtracts the smaller digit from the larger and leaves the last blank; child 3 slips once. */
function childrenOf(sheets: readonly CorrectionSheet[]): Written[][] {
  const [one, two, three] = sheets;
  const last = two!.problems.length - 1;
  return [
    one!.problems.map((p) => written(p)),
    two!.problems.map((p, i) => (i === last ? 'blank' : written(p, SUBTRACTS_SMALLER))),
    three!.problems.map((p, i) => {
      const right = written(p);
      // One digit off: an "erro de cálculo".
      if (i > 0) return right;
      return { ...right, result: right.result! % 10 === 9 ? right.result! - 1 : right.result! + 1 };
    }),
  ];
}

const input = answerInput;
const cellOf = (page: Page, label: string) => page.getByRole('cell').filter({ has: input(page, label) });
const status = (page: Page) => page.getByRole('main').getByRole('status');
const alert = (page: Page) => page.getByRole('main').getByRole('alert');

/** Every cell's mark, every row's score and diagnosis, as @app/diagnosis makes them of what was typed. */
async function expectMarked(page: Page, sheets: readonly CorrectionSheet[], children: readonly Written[][]) {
  for (const [row, sheet] of sheets.entries()) {
    const typed = children[row]!.map(typedOf);
    const score = scoreOf(sheet.problems, typed);
    const tr = gridRow(page, `Versão ${sheet.n} de 3`);
    await expect(tr.locator('.correction-grid__score')).toHaveText(`${score.right} de ${score.total}`);
    for (const [i, t] of typed.entries()) {
      const label = `Versão ${sheet.n}, conta ${i + 1}`;
      await expect(input(page, label)).toHaveValue(t.blank ? '-' : String(t.result));
      const right = !t.blank && answerWith(sheet.problems[i]!).result === t.result;
      await expect(cellOf(page, label)).toContainText(t.blank ? 'em branco' : right ? '✓ certo' : '✗ errado');
    }
  }
}

test('a teacher types 3 children’s answers with the keyboard, sees marks, scores and the diagnosis, and nothing is lost', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Corrige' });
  await topUp(stack(), member.token, 10);
  const correction = await boughtSet(member);
  const { sheets } = correction;
  expect(sheets.map((s) => s.label)).toEqual(['Versão 1 de 3', 'Versão 2 de 3', 'Versão 3 de 3']);
  const children = childrenOf(sheets);

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto('/minhas-compras');
  await page.getByRole('link', { name: /^Corrigir o conjunto / }).click();
  await expect(page).toHaveURL(new RegExp(`/corrigir/${correction.code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Correção rápida' })).toBeVisible();
  await expect(page.getByText('0 de 3 folhas corrigidas.')).toBeVisible();

  // From the first input on, the keyboard alone: Enter at a row's end goes to the next child's first conta.
  await input(page, 'Versão 1, conta 1').focus();
  for (const [row, sheet] of sheets.entries()) await typeSheet(page, sheet, children[row]!);
  await expect(status(page)).toHaveText('Todas as respostas salvas.');
  // ↑ and ↓: the same conta of the child above or below.
  await input(page, 'Versão 3, conta 2').focus();
  await page.keyboard.press('ArrowUp');
  await expect(input(page, 'Versão 2, conta 2')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(input(page, 'Versão 3, conta 2')).toBeFocused();

  await expectMarked(page, sheets, children);
  // Child 2's wrong subtractions are one systematic mistake, named in the row and told with the child's contas.
  const diagnosis = diagnoseSheet(sheets[1]!.problems, children[1]!.map(typedOf));
  expect(diagnosis.mistakes.map((m) => m.mistake.id)).toEqual(['sub.menorDoMaior']);
  await expect(gridRow(page, 'Versão 2 de 3').locator('.correction-grid__diagnosis')).toHaveText(
    'Subtrai o menor do maior em cada coluna',
  );
  const details = page.getByRole('region', { name: 'Diagnóstico das folhas' });
  await expect(details.getByText(describeFound(diagnosis.mistakes[0]!, 'o aluno'))).toBeVisible();
  await expect(gridRow(page, 'Versão 3 de 3').locator('.correction-grid__diagnosis')).toHaveText(
    '1 erro de cálculo',
  );
  await expect(details.getByText(/^Erro de cálculo:/)).toBeVisible();
  const scores = sheets.map((s, row) => scoreOf(s.problems, children[row]!.map(typedOf)).right);
  await expect(
    page.getByText(`3 de 3 folhas corrigidas, média de ${meanRight(scores)} acertos em 8.`),
  ).toBeVisible();

  for (const [name, size] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `correction-grid-${name}`);
    await details.scrollIntoViewIfNeeded();
    await screenshotView(page, `correction-diagnosis-${name}`);
  }

  // A reload: every answer is there, marked as before (from the server: this browser has nothing left to send).
  expect(
    await page.evaluate((code) => localStorage.getItem(`correction:${code}`), correction.code),
  ).toBeNull();
  expect((await correctionOf(member, correction.code)).cells).toHaveLength(24);
  await page.reload();
  await expectMarked(page, sheets, children);

  // The connection drops: the answer typed is kept in the browser and said so, then sent once it is back.
  await page.route('**/api/saveAnswers', (route) => route.abort());
  const fixed = written(sheets[2]!.problems[0]!);
  await input(page, 'Versão 3, conta 1').focus();
  await page.keyboard.type(String(fixed.result));
  await expect(status(page)).toHaveText(
    'Sem conexão: as respostas ficam guardadas neste navegador e serão enviadas assim que possível.',
  );
  await expect(cellOf(page, 'Versão 3, conta 1')).toContainText('✓ certo');
  await page.unroute('**/api/saveAnswers');
  await expect(status(page)).toHaveText('Todas as respostas salvas.');
  const saved = (await correctionOf(member, correction.code)).cells.find(
    (c) => c.version === 3 && c.problem === 0,
  );
  expect(saved?.result).toBe(fixed.result);
  await page.reload();
  await expect(input(page, 'Versão 3, conta 1')).toHaveValue(String(fixed.result));
  await expect(cellOf(page, 'Versão 3, conta 1')).toContainText('✓ certo');
  await expect(gridRow(page, 'Versão 3 de 3').locator('.correction-grid__score')).toHaveText('8 de 8');
});

test('a wrong character is refused beside the cell, and a cell emptied is cleared for good', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Apaga' });
  await topUp(stack(), member.token, 10);
  const correction = await boughtSet(member);
  await storeSession(page, member);
  await page.goto(`/corrigir/${correction.code}`);

  const first = input(page, 'Versão 1, conta 1');
  await first.focus();
  await page.keyboard.type('999,5');
  await expect(alert(page)).toHaveText(
    'Versão 1, conta 1: Digite só números inteiros (para deixar em branco, digite -).',
  );
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(cellOf(page, 'Versão 1, conta 1')).toContainText('inválido');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(alert(page)).toHaveCount(0);
  await expect(cellOf(page, 'Versão 1, conta 1')).toContainText('✗ errado');
  await expect(status(page)).toHaveText('Todas as respostas salvas.');

  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  await expect(first).toHaveValue('');
  await expect(cellOf(page, 'Versão 1, conta 1')).not.toContainText(/certo|errado|branco/);
  await expect(status(page)).toHaveText('Todas as respostas salvas.');
  await page.reload();
  await expect(input(page, 'Versão 1, conta 1')).toHaveValue('');
  const cleared = (await correctionOf(member, correction.code)).cells.find(
    (c) => c.version === 1 && c.problem === 0,
  );
  expect(cleared).toMatchObject({ result: null, remainder: null, blank: false });

  // A code that is not a bought one of hers says so.
  await page.goto('/corrigir/NAOEXISTE');
  await expect(alert(page)).toHaveText(
    'Só dá para corrigir uma folha ou um conjunto que você comprou. Confira o código.',
  );
});
