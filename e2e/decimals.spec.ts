import { expect, test, type Page } from '@playwright/test';
import { contaNumberText } from '@app/contracts/decimal';
import { createActiveUser, topUp } from '@app/testing';
import { generateAndBuy, recomputed, type AnsweredConta } from './builder-support';
import { answerInput, correctionOf } from './correction-support';
import { screenshot, stack, storeSession } from './support';

/**
 * "Dinheiro e decimais" through Personalizar, as a teacher of the 4º ano and one of the 5º do it: a money sheet (+ and
 * − em reais até R$ 100) and a sheet of decimals (× with 1 casa, ÷ with 2), each generated, bought and answered
 * online, every answer recomputed here in integers of the conta's last casa, and the gabarito online writing the
 * numbers as the sheet does ("R$ 12,50", "4,25"); then a 3º ano sheet of situações-problema em reais paid "com o menor
 * número de cédulas e moedas", corrected in Correção rápida with how many each child wrote. The panel with "Números"
 * is screenshotted at 390 and 1366 px.
 */

const panel = (page: Page) => page.locator('.personalize');
const group = (page: Page, name: string) => panel(page).getByRole('group', { name, exact: true });
const SIGNS = { add: '+', sub: '\u2212', mult: '×', div: '÷' };

async function openPanelFor(page: Page, operations: string[]) {
  // A tab keeps the builder across visits: what the step before left there is forgotten first.
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.removeItem('builder'));
  await page.goto('/exercicios-aritmetica');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercícios de Aritmética' })).toBeVisible();
  for (const label of ['Adição', 'Subtração', 'Multiplicação', 'Divisão']) {
    const box = page.getByRole('checkbox', { name: label, exact: true });
    if (operations.includes(label)) await box.check();
    else await box.uncheck();
  }
  await page.getByRole('button', { name: 'Personalizar' }).click();
  await expect(panel(page).getByText('Esta página terá:')).toBeVisible();
}

/** The gabarito online shows each conta as the sheet's line writes it. */
async function expectGabarito(page: Page, code: string, problems: AnsweredConta[]) {
  await page.goto(`/gabarito/${code}`);
  await expect(page.getByRole('heading', { name: 'Gabarito' })).toBeVisible();
  const items = page.locator('.answers__item');
  await expect(items).toHaveCount(problems.length);
  for (const [index, p] of problems.entries()) {
    const text = (which: 'a' | 'b' | 'result') => contaNumberText(p, which).replace(/R\$ /g, 'R$\u00a0');
    await expect(items.nth(index)).toContainText(`${text('a')} ${SIGNS[p.op]} ${text('b')}`);
    await expect(items.nth(index)).toContainText(text('result'));
  }
}

test('a 4º ano money sheet and a 5º ano sheet of decimals, made through Personalizar', async ({ page }) => {
  test.setTimeout(240_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await storeSession(page, user);

  await test.step('4º ano: somar e subtrair em reais, até R$ 100', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPanelFor(page, ['Adição', 'Subtração']);
    for (const name of ['Adição', 'Subtração']) {
      const op = panel(page).getByRole('group', { name, exact: true });
      await op.getByLabel('Números', { exact: true }).selectOption({ label: 'Em reais' });
      await op.getByLabel('Tamanho dos números').selectOption({ label: 'Até 100' });
      await op.getByRole('radio', { name: 'Com reserva' }).check();
    }
    await group(page, 'Formato').getByRole('radio', { name: 'Conta armada' }).check();
    await expect(page.getByTestId('sheet-sentence')).toHaveText(
      '20 contas: adições até R$ 100 com reserva e subtrações até R$ 100 com reserva, armadas',
    );
    await screenshot(page, 'decimals-panel-reais-390');
    const { code, sent, problems } = await generateAndBuy(page, user.token, 'decimals-reais-390');
    expect(sent.custom?.add?.casas).toBe('reais');
    expect(sent.custom?.sub?.casas).toBe('reais');
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.decimal, JSON.stringify(p)).toEqual({ casas: 2, a: 2, b: 2, reais: true });
      expect(p.result, JSON.stringify(p)).toBe(recomputed(p));
      // Até R$ 100: every number of the conta in centavos up to 10 000.
      expect(Math.max(p.a, p.b, p.result), JSON.stringify(p)).toBeLessThanOrEqual(10_000);
    }
    await expectGabarito(page, code, problems);
    await screenshot(page, 'decimals-gabarito-reais-390');
  });

  await test.step('3º ano: troco e cédulas e moedas em situações-problema, corrected in Correção rápida', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPanelFor(page, ['Adição', 'Subtração']);
    const meanings = group(page, 'Significados');
    const cedulas = meanings.getByRole('checkbox', { name: /Cédulas e moedas: o menor número/ });
    await group(page, 'Formato')
      .getByRole('radio', { name: /Situações-problema/ })
      .check();
    // Cédulas e moedas tells money only: shown once + or − is em reais.
    await expect(cedulas).toHaveCount(0);
    for (const name of ['Adição', 'Subtração']) {
      const op = panel(page).getByRole('group', { name, exact: true });
      await op.getByLabel('Números', { exact: true }).selectOption({ label: 'Em reais' });
      await op.getByLabel('Tamanho dos números').selectOption({ label: 'Até 100' });
    }
    await cedulas.check();
    // Only cédulas e moedas, so that every problem of the page asks how many (a draw of several meanings may have
    // none of them).
    const boxes = meanings.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i += 1) {
      const box = boxes.nth(i);
      const label = await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
      await box.setChecked(label.includes('Cédulas e moedas'));
    }
    await expect(meanings.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(page.getByTestId('sheet-sentence')).toContainText('cédulas e moedas');
    await screenshot(page, 'decimals-panel-cedulas-390');
    const { code, sent } = await generateAndBuy(page, user.token, 'decimals-cedulas-390');
    expect(sent.custom?.meanings).toEqual(['cedulas-moedas']);

    // Each child's sheet is corrected with how many cédulas and moedas she wrote: a whole number.
    const [sheet] = (await correctionOf(user, code)).sheets;
    const asked = sheet!.problems.flatMap((p, i) => (p.answer === undefined ? [] : [{ p, i }]));
    expect(asked.length).toBe(sheet!.problems.length);
    await page.goto(`/corrigir/${code}`);
    for (const [k, { p, i }] of asked.entries()) {
      const cell = answerInput(page, `Folha, conta ${i + 1}`);
      expect(p.answer!, JSON.stringify(p)).toBeLessThanOrEqual(8);
      // The first one wrong (one piece too many), the others right.
      await cell.fill(String(k === 0 ? p.answer! + 1 : p.answer!));
      await cell.press('Tab');
      await expect(page.getByRole('cell').filter({ has: cell })).toContainText(
        k === 0 ? '✗ errado' : '✓ certo',
      );
    }
    await screenshot(page, 'decimals-correction-cedulas-390');
    // The gabarito online names them.
    await page.goto(`/gabarito/${code}`);
    await expect(page.locator('.answers__item').nth(asked[0]!.i)).toContainText(
      `${asked[0]!.p.answer} cédula`,
    );
  });

  await test.step('5º ano: × com 1 casa decimal, ÷ com 2 casas', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPanelFor(page, ['Multiplicação', 'Divisão']);
    const mult = panel(page).getByRole('group', { name: 'Multiplicação', exact: true });
    await mult.getByLabel('Números', { exact: true }).selectOption({ label: '1 casa decimal' });
    const div = panel(page).getByRole('group', { name: 'Divisão', exact: true });
    await div.getByLabel('Números', { exact: true }).selectOption({ label: '2 casas decimais' });
    await group(page, 'Número dividido').getByRole('radio', { name: '2 algarismos' }).check();
    // A division with decimals goes on to the last casa: only exact ones.
    await expect(group(page, 'Resto').getByRole('radio', { name: 'Só exatas' })).toBeChecked();
    await expect(page.getByTestId('sheet-sentence')).toContainText('casa decimal');
    await screenshot(page, 'decimals-panel-1366');
    const { code, sent, problems } = await generateAndBuy(page, user.token, 'decimals-5-ano-1366');
    expect(sent.custom?.mult?.casas).toBe(1);
    expect(sent.custom?.div).toMatchObject({ casas: 2, remainders: 'exata', dividend: 2 });
    for (const p of problems) {
      expect(p.decimal?.casas, JSON.stringify(p)).toBe(p.op === 'mult' ? 1 : 2);
      expect(p.remainder).toBe(0);
      expect(p.result, JSON.stringify(p)).toBe(recomputed(p));
    }
    await expectGabarito(page, code, problems);
  });
});
