import { expect, test } from '@playwright/test';
import { getMyPages, saveTurma, type CorrectionSheet, type Turma } from '@app/contracts';
import { answerWith, diagnoseSheet, scoreOf, type Switches } from '@app/diagnosis';
import { call, createActiveUser, readPdf, topUp } from '@app/testing';
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
import { DESKTOP, screenshot, stack, storeSession } from './support';

/**
 * "Corrigir e reforçar" for a whole class, as the acceptance asks: a teacher's turma of 30 gets a named class
 * set (4 subtractions com reserva and 4 divisions with a resto per sheet, R$ 15,00), and she types what each of the
 * 30 children wrote into the grid with the keyboard alone. The class is simulated: 10 children subtract the smaller
 * digit from the larger, 8 borrow and do not take 1 from the next column, one of those leaves a conta blank, one
 * child slips once, the rest get everything right. She sees each child's score and mistake, the report's chart of
 * mistakes with who shows each, prints it, and buys the reforço set, whose version for each child with a mistake
 * mostly holds contas on which that mistake changes the answer.
 */

const FIRST = ['Ana', 'Bruno', 'Carla', 'Davi', 'Elisa', 'Fábio', 'Gabi', 'Heitor', 'Íris', 'João'];
const CHILDREN = Array.from({ length: 30 }, (_, i) => `${FIRST[i % 10]} ${'STU'[Math.floor(i / 10)]}.`);
const MISTAKE_OF = (i: number): { switches: Switches; id: string; name: string } | null =>
  i < 10
    ? {
        switches: { sub: { menorDoMaior: true } },
        id: 'sub.menorDoMaior',
        name: 'Subtrai o menor do maior em cada coluna',
      }
    : i < 18
      ? {
          switches: { sub: { emprestaNaoDesconta: true } },
          id: 'sub.emprestaNaoDesconta',
          name: 'Empresta e não desconta',
        }
      : null;

/** The simulated class's answers, child by child (see above). */
function classAnswers(sheets: readonly CorrectionSheet[]): Written[][] {
  return sheets.map((sheet, i) =>
    sheet.problems.map((p, j): Written => {
      if (i === 12 && j === sheet.problems.length - 1) return 'blank';
      const w = written(p, MISTAKE_OF(i)?.switches);
      if (i !== 29 || j !== 0) return w;
      // One digit off: an "erro de cálculo".
      return { ...w, result: w.result! % 10 === 9 ? w.result! - 1 : w.result! + 1 };
    }),
  );
}

test('a turma of 30: a named set typed into the grid, each child’s score and mistake, the report printed, the reforço bought', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Trinta' });
  // Two top-ups of R$ 20,00 (the most one may be): the set and its reforço cost R$ 15,00 each.
  await topUp(stack(), member.token, 20);
  await topUp(stack(), member.token, 20);
  const turma = await call<Turma>(stack().gatewayUrl, saveTurma, {
    token: member.token,
    body: { name: '3º ano B', students: CHILDREN.map((name) => ({ name })) },
  });
  expect(turma.status).toBe(200);
  const correction = await boughtSet(member, turma.body.payload!.id, 30);
  const { sheets } = correction;
  expect(sheets.map((s) => s.student)).toEqual(CHILDREN);
  const answers = classAnswers(sheets);
  const diagnoses = sheets.map((s, i) => diagnoseSheet(s.problems, answers[i]!.map(typedOf)));
  // Each simulated mistake is found in its child, and no other.
  expect(diagnoses.map((d) => d.mistakes.map((m) => m.mistake.id))).toEqual(
    CHILDREN.map((_, i) => (MISTAKE_OF(i) ? [MISTAKE_OF(i)!.id] : [])),
  );

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/corrigir/${correction.code}`);
  await expect(page.getByText('0 de 30 folhas corrigidas.')).toBeVisible();
  await answerInput(page, `${CHILDREN[0]}, conta 1`).focus();
  for (const [i, sheet] of sheets.entries()) await typeSheet(page, sheet, answers[i]!);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Todas as respostas salvas.');
  expect((await correctionOf(member, correction.code)).cells).toHaveLength(30 * 8);

  // Each child's score and mistake in the grid.
  const scores = sheets.map((s, i) => scoreOf(s.problems, answers[i]!.map(typedOf)));
  const mean = meanRight(scores.map((s) => s.right));
  await expect(page.getByText(`30 de 30 folhas corrigidas, média de ${mean} acertos em 8.`)).toBeVisible();
  for (const [i, sheet] of sheets.entries()) {
    const row = gridRow(page, `${sheet.student} · Versão ${sheet.n}`);
    await expect(row.locator('.correction-grid__score')).toHaveText(`${scores[i]!.right} de 8`);
    const mistake = MISTAKE_OF(i);
    if (mistake) await expect(row.locator('.correction-grid__diagnosis')).toHaveText(mistake.name);
  }
  await screenshot(page, 'class-of-30-grid');

  // The report: the chart of mistakes, with who shows each.
  await page.getByRole('link', { name: 'Ver relatório para imprimir' }).click();
  await expect(page.getByText('Folhas corrigidas: 30 de 30')).toBeVisible();
  const byMistake = page.getByRole('region', { name: 'Por erro' });
  const smaller = byMistake
    .getByRole('listitem')
    .filter({ hasText: 'Subtrai o menor do maior em cada coluna' });
  await expect(smaller).toContainText(`10 de 30 alunos: ${CHILDREN.slice(0, 9).join(', ')} e ${CHILDREN[9]}`);
  const borrows = byMistake.getByRole('listitem').filter({ hasText: 'Empresta e não desconta' });
  await expect(borrows).toContainText('8 de 30 alunos:');
  await expect(byMistake.getByRole('listitem').filter({ hasText: 'Erro de cálculo' })).toContainText(
    `1 de 30 alunos: ${CHILDREN[29]}`,
  );
  await expect(page.getByRole('article', { name: `${CHILDREN[0]} · Versão 1`, exact: true })).toContainText(
    `Em 4 de 4 subtrações com reserva, ${CHILDREN[0]} subtraiu o menor do maior`,
  );
  await screenshot(page, 'class-of-30-report');

  // Printed for the coordinator: the report alone, the chart's lines in it.
  await page.emulateMedia({ media: 'print' });
  const printed = (await readPdf(await page.pdf({ preferCSSPageSize: true }))).pages;
  const text = printed.map((p) => p.text).join('\n');
  expect(text).toContain('Relatório da turma');
  expect(text).toContain('Empresta e não desconta');
  expect(text).not.toContain('Imprimir relatório');
  await page.emulateMedia({ media: 'screen' });

  // The reforço, in one click, bought as any set: 30 versions, R$ 15,00.
  const reforco = page.getByRole('region', { name: 'Reforço' });
  await expect(reforco).toContainText(
    '18 alunos praticam os seus erros sistemáticos; 12 alunos seguem um passo adiante.',
  );
  await reforco.getByRole('button', { name: 'Gerar folhas de reforço' }).click();
  await expect(reforco.getByRole('status')).toHaveText(
    'Reforço gerado: 30 versões, uma para cada aluno. Total: R$ 15,00 por 30 versões.',
  );
  const download = page.waitForEvent('download');
  await reforco.getByRole('button', { name: 'Comprar 30 versões por R$ 15,00' }).click();
  await expect(reforco.getByRole('status')).toContainText(
    'Compra realizada! O download do PDF com as 30 versões foi iniciado.',
    { timeout: 240_000 },
  );
  await download;

  // Each child's version practises that child's mistake: most of its contas are ones the mistake changes.
  const mine = await call<Array<{ set?: { code: string } }>>(stack().gatewayUrl, getMyPages, {
    token: member.token,
  });
  const reforcoCode = mine.body.payload!.map((p) => p.set?.code).find((c) => c && c !== correction.code)!;
  const made = await correctionOf(member, reforcoCode);
  expect(made.sheets.map((s) => s.student)).toEqual(CHILDREN);
  for (const [i, sheet] of made.sheets.entries()) {
    const mistake = MISTAKE_OF(i);
    if (!mistake) continue;
    const shows = sheet.problems.filter(
      (p) => answerWith(p, mistake.switches).result !== answerWith(p).result,
    ).length;
    expect(shows / sheet.problems.length, `${sheet.student}`).toBeGreaterThanOrEqual(0.6);
  }
});
