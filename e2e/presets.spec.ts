import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { contaNumberText } from '@app/contracts/decimal';
import { describeSheet, sheetPreset } from '@app/generator/options';
import { createActiveUser, topUp } from '@app/testing';
import { generateAndBuy, recomputed } from './builder-support';
import { DESKTOP, PHONE, screenshot, stack, storeSession } from './support';

/**
 * "Dinheiro e decimais" in the builder: a teacher of the 4º ano picks "As quatro operações em reais" next to the
 * levels, Personalizar opens with its options and its sentence, "Gerar página" sends exactly the preset's options, and
 * the bought page's answers are em reais, each recomputed here in integer centavos. Choosing a level then goes back to
 * the level's preset. The builder with the presets is screenshotted at 390 and 1366 px, and axe finds no serious
 * violation in it at either.
 */

const PRESET = sheetPreset('reais-4-ano');
const presets = (page: Page) => page.getByRole('group', { name: 'Dinheiro e decimais' });
const presetRadio = (page: Page) =>
  presets(page).getByRole('radio', { name: '4º ano As quatro operações em reais', exact: true });

async function openBuilder(page: Page) {
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.removeItem('builder'));
  await page.goto('/exercicios-aritmetica');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercícios de Aritmética' })).toBeVisible();
}

/** The presets' rows are touch targets of 44 px, and nothing scrolls sideways. */
async function expectPhoneFriendly(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const heights = await presets(page)
    .locator('label')
    .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
  expect(heights).toHaveLength(3);
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
}

/** Axe-core's serious and critical violations of the builder as it is, as `rule: targets`. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a teacher picks the 4º ano money preset, generates, buys, and the answers are em reais', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createActiveUser(stack());
  await topUp(stack(), user.token, 5);
  await storeSession(page, user);

  await page.setViewportSize(PHONE);
  await openBuilder(page);
  await expect(presets(page).getByRole('radio')).toHaveCount(3);
  await expectPhoneFriendly(page);
  await screenshot(page, 'presets-builder-390');

  await presetRadio(page).check();
  await expect(presetRadio(page)).toBeChecked();
  // No level is chosen while a preset is; its operations are checked and Personalizar is open with its options.
  for (const level of ['Fácil', 'Médio', 'Difícil'])
    await expect(page.getByRole('radio', { name: new RegExp(level) })).not.toBeChecked();
  for (const label of ['Adição', 'Subtração', 'Multiplicação', 'Divisão'])
    await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Personalizar' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Fechar volta às contas do nível Difícil.')).toBeVisible();
  await expect(page.getByTestId('sheet-sentence')).toHaveText(
    describeSheet(PRESET.operations, PRESET.custom),
  );
  await expectPhoneFriendly(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'presets-chosen-390');

  await page.setViewportSize(DESKTOP);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'presets-chosen-1366');
  const { sent, problems } = await generateAndBuy(page, user.token, 'presets-generated-1366');
  expect(sent).toMatchObject({ add: true, sub: true, mult: true, div: true, level: PRESET.level });
  expect(sent.custom).toEqual(PRESET.custom);

  expect(problems).toHaveLength(PRESET.custom.count);
  expect(new Set(problems.map((p) => p.op))).toEqual(new Set(['add', 'sub', 'mult', 'div']));
  for (const p of problems) {
    const line = JSON.stringify(p);
    expect(p.decimal?.reais, line).toBe(true);
    expect(p.decimal?.casas, line).toBe(2);
    expect(p.remainder, line).toBe(0);
    expect(p.result, line).toBe(recomputed(p));
    // The answer as the gabarito writes it: reais with their centavos.
    expect(contaNumberText(p, 'result'), line).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
  }
  // + and − pass R$ 100 (the 4º ano's, EF04MA25), × and ÷ have a natural multiplier and divisor of 2 to 9.
  expect(problems.filter((p) => p.op === 'add').every((p) => p.result > 10_000)).toBe(true);
  for (const p of problems.filter((q) => q.op === 'mult' || q.op === 'div')) {
    expect(p.b).toBeGreaterThanOrEqual(2);
    expect(p.b).toBeLessThanOrEqual(9);
  }

  // A level chosen again: the panel closes, back to the level's preset.
  await page.getByRole('radio', { name: /Difícil/ }).check();
  await expect(presetRadio(page)).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Personalizar' })).toHaveAttribute('aria-expanded', 'false');
});
