import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  getMyPages,
  saveAnswers,
  saveTurma,
  type CorrectionSheet,
  type TypedCell,
  type Turma,
} from '@app/contracts';
import { answerWith, describeFound, diagnoseSheet, scoreOf, type TypedAnswer } from '@app/diagnosis';
import { formatDate } from '@app/contracts/format';
import { fromRoot } from '@app/stack';
import { call, createActiveUser, readPdf, topUp, type TestSession } from '@app/testing';
import {
  boughtSet,
  CHILDREN,
  correctionOf,
  meanRight,
  SUBTRACTS_SMALLER,
  written,
} from './correction-support';
import {
  atPhoneAndDesktop,
  DESKTOP,
  PHONE,
  screenshot,
  stack,
  storeSession,
  takesScreenshots,
} from './support';

/**
 * "Relatório da turma", as a teacher hands it to the coordinator: her turma of 3 children got a class set (4
 * subtractions com reserva, 4 divisions with a resto each), and their answers are saved (through the API, as the
 * grid saves them). Ana and Bruno subtract the smaller digit from the larger (Bruno leaves the last conta blank),
 * Carla slips once. From Correção rápida, 'Ver relatório para imprimir' opens the report: the sheets corrected and
 * the class's average, 'Por erro' with the mistake shown by 2 children and who, 'Por aluno' with each child's score
 * and the mistake in the teacher's sentence. Printed (print media), the site's frame and the buttons are gone, and
 * the PDF holds the report alone. Screenshotted at 390 and 1366 px and as printed.
 */

/** Each child's answers, problem by problem (see above). */
function answersOf(sheets: readonly CorrectionSheet[]): TypedAnswer[][] {
  const [ana, bruno, carla] = sheets;
  const last = bruno!.problems.length - 1;
  return [
    ana!.problems.map((p) => written(p, SUBTRACTS_SMALLER)),
    bruno!.problems.map((p, i) =>
      i === last ? { result: null, remainder: null, blank: true } : written(p, SUBTRACTS_SMALLER),
    ),
    carla!.problems.map((p, i) => {
      const right = written(p);
      // One digit off: an "erro de cálculo".
      return i > 0
        ? right
        : { ...right, result: right.result! % 10 === 9 ? right.result! - 1 : right.result! + 1 };
    }),
  ];
}

/** Saves every child's answers as the grid does (POST /api/saveAnswers with the member's token). */
async function saveAll(
  member: TestSession,
  code: string,
  sheets: readonly CorrectionSheet[],
  answers: TypedAnswer[][],
) {
  const cells: TypedCell[] = sheets.flatMap((sheet, row) =>
    answers[row]!.map((a, problem) => ({ version: sheet.n, problem, ...a, at: Date.now() })),
  );
  const saved = await call<{ saved: number }>(stack().gatewayUrl, saveAnswers, {
    body: { code, cells },
    token: member.token,
  });
  expect(saved.status, saved.body.message).toBe(200);
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const childBlock = (page: Page, label: string) => page.getByRole('article', { name: label, exact: true });

test('the report of a turma: the mistake two children share, each child’s score and sentence, printable', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Relata' });
  await topUp(stack(), member.token, 10);
  const turma = await call<Turma>(stack().gatewayUrl, saveTurma, {
    token: member.token,
    body: { name: '3º ano B', students: CHILDREN.map((name) => ({ name })) },
  });
  expect(turma.status).toBe(200);
  const correction = await boughtSet(member, turma.body.payload!.id);
  const { sheets } = correction;
  expect(sheets.map((s) => s.student)).toEqual(CHILDREN);
  const answers = answersOf(sheets);
  await saveAll(member, correction.code, sheets, answers);
  const diagnoses = sheets.map((s, row) => diagnoseSheet(s.problems, answers[row]!));
  expect(diagnoses.map((d) => d.mistakes.map((m) => m.mistake.id))).toEqual([
    ['sub.menorDoMaior'],
    ['sub.menorDoMaior'],
    [],
  ]);

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/corrigir/${correction.code}`);
  await page.getByRole('link', { name: 'Ver relatório para imprimir' }).click();
  await expect(page).toHaveURL(new RegExp(`/relatorio/${correction.code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório da turma' })).toBeVisible();
  await expect(page.getByText(correction.title, { exact: true })).toBeVisible();
  await expect(page.getByText('Folhas corrigidas: 3 de 3')).toBeVisible();
  // The turma's first corrected sheet: its progress has one column, and no mistake over time yet.
  const progress = section(page, 'Progresso no período');
  await expect(progress.getByRole('columnheader')).toHaveCount(3);
  await expect(progress).toContainText(
    'Com uma só folha corrigida no período, os erros são os de "Por aluno"; a evolução aparece a partir da segunda.',
  );
  const scores = sheets.map((s, row) => scoreOf(s.problems, answers[row]!));
  await expect(page.getByText(`Média da turma: ${meanRight(scores.map((s) => s.right))} de 8`)).toBeVisible();

  // Por erro: the mistake two children show, and who; Carla's slip on a line of its own.
  const byMistake = section(page, 'Por erro');
  const smaller = byMistake
    .getByRole('listitem')
    .filter({ hasText: 'Subtrai o menor do maior em cada coluna' });
  await expect(smaller).toContainText('2 de 3 alunos: Ana S. e Bruno T.');
  await expect(byMistake.getByRole('listitem').filter({ hasText: 'Erro de cálculo' })).toContainText(
    '1 de 3 alunos: Carla U.',
  );
  await expect(byMistake.getByRole('listitem')).toHaveCount(2);

  // Por habilidade da BNCC: each code the sheets print. The divisions: Ana and Carla all right, Bruno left one blank.
  const bySkill = section(page, 'Por habilidade da BNCC');
  expect(sheets[0]!.bncc!.length).toBeGreaterThan(0);
  await expect(bySkill.getByRole('listitem')).toHaveCount(sheets[0]!.bncc!.length);
  const divisions = bySkill.getByRole('listitem').filter({ hasText: /· divisão$|· divisão / });
  await expect(divisions).toContainText('2 de 3 alunos acertaram 80 % ou mais');
  await expect(divisions).toContainText('Abaixo de 80 %: Bruno T.');

  // Por aluno: each child's score and what the diagnosis says of the child, by name.
  const byChild = section(page, 'Por aluno');
  for (const [row, sheet] of sheets.entries()) {
    const block = byChild.getByRole('article', { name: `${sheet.student} · Versão ${sheet.n}`, exact: true });
    const score = scores[row]!;
    await expect(block).toContainText(`Acertos: ${score.right} de 8${score.blank ? ' · 1 em branco' : ''}`);
  }
  await expect(childBlock(page, 'Ana S. · Versão 1')).toContainText(
    describeFound(diagnoses[0]!.mistakes[0]!, 'Ana S.'),
  );
  await expect(childBlock(page, 'Bruno T. · Versão 2')).toContainText(
    describeFound(diagnoses[1]!.mistakes[0]!, 'Bruno T.'),
  );
  await expect(childBlock(page, 'Carla U. · Versão 3')).toContainText('Nenhum erro sistemático.');
  await expect(childBlock(page, 'Carla U. · Versão 3')).toContainText('Erro de cálculo:');

  await atPhoneAndDesktop(page, 'correction-report');

  // 'Imprimir relatório' opens the browser's print dialog.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Imprimir relatório' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  // Printed: no header, menu, footer nor buttons; the report stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Minha Área' })).toBeHidden();
  await expect(page.locator('.side-menu')).toBeHidden();
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir relatório' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Voltar à correção' })).toBeHidden();
  await expect(smaller).toBeVisible();
  await screenshot(page, 'correction-report-print');
  const pdf = await page.pdf({ preferCSSPageSize: true });
  if (takesScreenshots()) writeFileSync(fromRoot('test-results', 'screens', 'correction-report.pdf'), pdf);
  const printed = (await readPdf(pdf)).pages;
  expect(printed[0]!.width).toBeCloseTo(595, 0);
  const text = printed.map((p) => p.text).join('\n');
  expect(text).toContain('Relatório da turma');
  expect(text).toContain('Ana S. e Bruno T.');
  for (const frame of ['Imprimir relatório', 'Minha Área', 'Sair', 'Todos os direitos reservados'])
    expect(text).not.toContain(frame);
  await page.emulateMedia({ media: 'screen' });

  // Back to the grid.
  await page.getByRole('link', { name: 'Voltar à correção' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Correção rápida' })).toBeVisible();

  // A code that is not a bought one of hers says so.
  await page.goto('/relatorio/NAOEXISTE');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Só dá para corrigir uma folha ou um conjunto que você comprou. Confira o código.',
  );
});

test('Reforço: one click makes a set for the same children, each practising the child’s mistake; bought as any set', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Reforça' });
  await topUp(stack(), member.token, 10);
  const turma = await call<Turma>(stack().gatewayUrl, saveTurma, {
    token: member.token,
    body: { name: '3º ano C', students: CHILDREN.map((name) => ({ name })) },
  });
  expect(turma.status).toBe(200);
  const corrected = await boughtSet(member, turma.body.payload!.id);
  // Ana and Bruno subtract the smaller digit from the larger; Carla's one slip is no systematic mistake.
  await saveAll(member, corrected.code, corrected.sheets, answersOf(corrected.sheets));

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/relatorio/${corrected.code}`);
  const reforco = section(page, 'Reforço');
  await expect(reforco).toContainText(
    '2 alunos praticam os seus erros sistemáticos; 1 aluno segue um passo adiante.',
  );
  await reforco.getByRole('button', { name: 'Gerar folhas de reforço' }).click();
  await expect(reforco.getByRole('status')).toHaveText(
    'Reforço gerado: 3 versões, uma para cada aluno. Total: R$ 1,50 por 3 versões.',
  );
  await screenshot(page, 'correction-reforco-made');
  // The set prints before it is debited: on a busy machine that takes longer than an expectation's 15 s.
  await Promise.all([
    page.waitForEvent('download', { timeout: 180_000 }),
    reforco.getByRole('button', { name: 'Comprar 3 versões por R$ 1,50' }).click(),
  ]);
  await expect(reforco.getByRole('status')).toContainText(
    'Compra realizada! O download do PDF com as 3 versões foi iniciado.',
  );
  await expect(reforco.getByRole('link', { name: 'Abrir Minhas Compras' })).toBeVisible();

  // The new set, bought: the same children in the same order, Ana's and Bruno's sheets mostly subtractions on which
  // their mistake changes the result, Carla's the same options a step further (a digit more).
  const mine = await call<Array<{ set?: { code: string } }>>(stack().gatewayUrl, getMyPages, {
    token: member.token,
  });
  const reforcoCode = mine.body.payload!.map((p) => p.set?.code).find((c) => c && c !== corrected.code)!;
  const made = await correctionOf(member, reforcoCode);
  expect(made.sheets.map((s) => s.student)).toEqual(CHILDREN);
  for (const sheet of made.sheets.slice(0, 2)) {
    const showing = sheet.problems.filter(
      (p) => answerWith(p, SUBTRACTS_SMALLER).result !== answerWith(p).result,
    ).length;
    expect(showing / sheet.problems.length).toBeGreaterThanOrEqual(0.6);
  }
  const carla = made.sheets[2]!.problems.filter((p) => p.op === 'sub');
  expect(carla.every((p) => p.a >= 100)).toBe(true);

  // The reforço corrected: Ana now subtracts right, Bruno still subtracts the smaller digit from the larger. The
  // report's "Progresso no período" puts both sheets of the turma side by side, and follows each child's mistake.
  const [anaSheet, brunoSheet, carlaSheet] = made.sheets;
  await saveAll(member, reforcoCode, made.sheets, [
    anaSheet!.problems.map((p) => written(p)),
    brunoSheet!.problems.map((p) => written(p, SUBTRACTS_SMALLER)),
    carlaSheet!.problems.map((p) => written(p)),
  ]);
  await page.goto(`/relatorio/${reforcoCode}`);
  const progress = section(page, 'Progresso no período');
  await expect(progress.getByLabel('Período')).toHaveValue('3m');
  const today = formatDate(new Date()).slice(0, 5);
  const table = progress.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Criança', today, today, 'Evolução']);
  const ana = anaSheet!.problems.length;
  await expect(table.getByRole('row', { name: /Ana S\./ })).toContainText(`${ana}/${ana}`);
  await expect(table.getByRole('row', { name: /Ana S\./ })).toContainText('para 100%');
  const trends = progress.getByRole('listitem');
  await expect(trends.filter({ hasText: /^Ana S\./ })).toContainText(
    `Subtrai o menor do maior em cada coluna: apareceu em ${today}; não apareceu em ${today}. Superado.`,
  );
  await expect(trends.filter({ hasText: /^Bruno T\./ })).toContainText(
    `Subtrai o menor do maior em cada coluna: apareceu em ${today} e ${today}.`,
  );
  await expect(trends.filter({ hasText: /^Carla U\./ })).toHaveCount(0);
  await atPhoneAndDesktop(page, 'correction-progress');
  // No serious or critical axe violation in the section (its table scrolls on a phone: focusable, named).
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page })
      .include('.report-progress')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  }
  // 'Todas as folhas' holds both as well.
  await progress.getByLabel('Período').selectOption('tudo');
  await expect(progress.getByText('Todas as folhas da turma')).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveCount(4);
});
