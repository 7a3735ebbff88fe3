import { expect, test } from '@playwright/test';
import { saveTurma, type CorrectionSheet, type Turma } from '@app/contracts';
import { asksRemainder, describeFound, diagnoseSheet, scoreOf, type TypedAnswer } from '@app/diagnosis';
import { call, createActiveUser, readPdf, topUp } from '@app/testing';
import { boughtSet, CHILDREN, correctionOf, SUBTRACTS_SMALLER, written } from './correction-support';
import {
  pageOfCode,
  photoOfSheet,
  readingMapsOf,
  rowKey,
  scannerPdf,
  setPdf,
  type Written,
} from './photo-support';
import { DESKTOP, atPhoneAndDesktop, seriousViolations, stack, storeSession } from './support';

/**
 * "Corrigir pela foto", as a teacher corrects at night: her turma of 3 got a class set (4 subtractions com reserva,
 * 4 divisions with a resto each), filled in by hand. Ana's sheet is photographed with a phone; Bruno's and Carla's
 * come in one PDF from the school's scanner. Ana subtracts the smaller digit from the larger; Bruno leaves the last
 * conta blank, and his sheet's QR code is smudged; Carla gets all right, with a stray mark beside a digit of her
 * first answer. On Correção rápida the teacher chooses the photo and the PDF: each sheet is found (Bruno's by
 * choosing him), its answers go into the grid marked "lido da foto", the stray mark is asked about with its crop;
 * she answers, confirms the sheets, and the turma's report has the scores and Ana's mistake.
 */

function answersOf(sheets: readonly CorrectionSheet[]): TypedAnswer[][] {
  const [ana, bruno, carla] = sheets;
  const last = bruno!.problems.length - 1;
  return [
    ana!.problems.map((p) => written(p, SUBTRACTS_SMALLER)),
    bruno!.problems.map((p, i) => (i === last ? { result: null, remainder: null, blank: true } : written(p))),
    carla!.problems.map((p) => written(p)),
  ];
}

/** The rows of boxes a child fills in: a result (a chave's quotient) and a division's resto. */
function rowsWritten(answers: readonly TypedAnswer[], division: (problem: number) => boolean): Written {
  const rows: Written = new Map();
  answers.forEach((a, problem) => {
    if (a.blank || a.result === null) return;
    rows.set(rowKey(problem, division(problem) ? 'quotient' : 'result'), a.result);
    if (a.remainder !== null && a.remainder !== undefined) rows.set(rowKey(problem, 'resto'), a.remainder);
  });
  return rows;
}

test('a teacher corrects her turma’s sheets from photos: read, asked, confirmed, in the report', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Fotografa' });
  await topUp(stack(), member.token, 10);
  const turma = await call<Turma>(stack().gatewayUrl, saveTurma, {
    token: member.token,
    body: { name: '4º ano C', students: CHILDREN.map((name) => ({ name })) },
  });
  expect(turma.status).toBe(200);
  const correction = await boughtSet(member, turma.body.payload!.id);
  const { sheets } = correction;
  expect(sheets.map((s) => s.student)).toEqual(CHILDREN);
  const answers = answersOf(sheets);

  // The sheets as printed, filled in and photographed.
  const maps = await readingMapsOf(member, correction.code);
  const pdf = await setPdf(member, correction.code);
  const pages = (await readPdf(pdf)).pages.length;
  const images: Buffer[] = [];
  for (const [row, sheet] of sheets.entries()) {
    const map = maps.sheets.find((s) => s.n === sheet.n)!.map!;
    const division = (problem: number) => sheet.problems[problem]!.op === 'div';
    images.push(
      await photoOfSheet(
        pdf,
        await pageOfCode(pdf, sheet.code, pages),
        map.pages[0]!.boxes,
        rowsWritten(answers[row]!, division),
        {
          seed: 41 + row,
          qrCovered: row === 1,
          strayIn: row === 2 ? rowKey(0, 'result') : undefined,
          scanned: row > 0,
        },
      ),
    );
  }
  const scanned = await scannerPdf(page.context(), images.slice(1));

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/corrigir/${correction.code}`);
  const photoSection = page.getByRole('region', { name: 'Corrigir pela foto' });
  await expect(photoSection).toContainText(
    'As fotos são lidas neste aparelho: não são enviadas nem guardadas.',
  );
  await photoSection.getByLabel('Fotografar ou escolher arquivos').setInputFiles([
    { name: 'ana.jpg', mimeType: 'image/jpeg', buffer: images[0]! },
    { name: 'turma.pdf', mimeType: 'application/pdf', buffer: scanned },
  ]);

  // Ana's sheet is read whole; Bruno's QR code is not read; Carla's has one answer to confirm.
  const photoList = photoSection.getByRole('listitem');
  await expect(photoList.filter({ hasText: 'Foto 1:' })).toHaveText(
    'Foto 1: folha de Ana S. · Versão 1: 8 respostas lidas.',
    { timeout: 60_000 },
  );
  const brunoPage = photoList.filter({ hasText: 'Página 1 de turma.pdf:' });
  await expect(brunoPage).toContainText(
    'não conseguimos ler o código QR desta folha. De quem é esta folha?',
    {
      timeout: 60_000,
    },
  );
  await expect(photoList.filter({ hasText: 'Página 2 de turma.pdf:' })).toHaveText(
    'Página 2 de turma.pdf: folha de Carla U. · Versão 3: 7 respostas lidas, 1 para conferir.',
    { timeout: 60_000 },
  );
  await expect(photoSection.getByRole('status').filter({ hasText: 'Lendo as folhas…' })).toHaveCount(0);
  await brunoPage.getByLabel('Folha da Página 1 de turma.pdf').selectOption({ label: 'Bruno T. · Versão 2' });
  await brunoPage.getByRole('button', { name: 'Ler esta folha' }).click();
  await expect(brunoPage).toHaveText(
    'Página 1 de turma.pdf: folha de Bruno T. · Versão 2: 8 respostas lidas.',
    {
      timeout: 60_000,
    },
  );

  // In the grid, what was read is marked until confirmed: Ana's 8 and Bruno's 8 (his last, em branco), Carla's 7.
  const grid = page.getByRole('region', { name: 'Respostas dos alunos' });
  await expect(grid.getByText('lido da foto')).toHaveCount(23);
  await expect(page.getByRole('textbox', { name: 'Bruno T., conta 8', exact: true })).toHaveValue('-');

  // The stray mark is asked about, with its crop; the teacher answers what Carla meant.
  const question = photoSection.getByRole('listitem', { name: 'Carla U., conta 1' });
  await expect(question).toContainText('Carla U., conta 1: o que está escrito?');
  await expect(question.locator('canvas')).not.toHaveCount(0);
  expect(await seriousViolations(page, '.photo-correction')).toEqual([]);
  await atPhoneAndDesktop(page, 'photo-correction-question');
  await question.getByLabel('Resposta').fill(String(answers[2]![0]!.result));
  await question.getByRole('button', { name: 'Confirmar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Carla U., conta 1', exact: true })).toHaveValue(
    String(answers[2]![0]!.result),
  );

  await atPhoneAndDesktop(page, 'photo-correction-answered');
  for (const child of CHILDREN)
    await photoSection.getByRole('button', { name: new RegExp(`^Confirmar a folha de ${child}`) }).click();
  await expect(grid.getByText('lido da foto')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Todas as respostas salvas.' })).toBeVisible();

  // What the teacher ends with is what the children wrote: saved, scored, and Ana's mistake found.
  const saved = await correctionOf(member, correction.code);
  for (const [row, sheet] of sheets.entries())
    for (const [problem, answer] of answers[row]!.entries()) {
      const cell = saved.cells.find((c) => c.version === sheet.n && c.problem === problem);
      expect(cell, `${sheet.student}, conta ${problem + 1}`).toMatchObject({ ...answer });
      expect(cell!.photo).toBeUndefined();
    }
  const scores = sheets.map((s, row) => scoreOf(s.problems, answers[row]!));
  const anaFound = diagnoseSheet(sheets[0]!.problems, answers[0]!).mistakes[0]!;
  await page.getByRole('link', { name: 'Ver relatório para imprimir' }).click();
  await expect(page.getByText('Folhas corrigidas: 3 de 3')).toBeVisible();
  const byChild = page.getByRole('region', { name: 'Por aluno' });
  for (const [row, sheet] of sheets.entries())
    await expect(
      byChild.getByRole('article', { name: `${sheet.student} · Versão ${sheet.n}`, exact: true }),
    ).toContainText(`Acertos: ${scores[row]!.right} de 8${scores[row]!.blank ? ' · 1 em branco' : ''}`);
  await expect(byChild.getByRole('article', { name: 'Ana S. · Versão 1', exact: true })).toContainText(
    describeFound(anaFound, 'Ana S.'),
  );
});

/**
 * A page of situações-problema on two sheets of paper (rules 7): the number each question asks in boxes under its
 * Resposta ("Só o número:"), its resto beside it where the question asks what is left. The first sheet is found by its
 * QR code; the second has none (its foot says "Página 2 de 2"), so the teacher says whose it is and which page.
 */
test('situações-problema on two sheets of paper: their numbers read from the boxes, the second page chosen', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Problemas' });
  await topUp(stack(), member.token, 10);
  const correction = await boughtSet(member, undefined, 2, {
    add: false,
    sub: false,
    mult: false,
    div: true,
    answers: true,
    level: 1,
    custom: {
      v: 1,
      // Dividends of 3 digits: the chave needs room, 4 problems a sheet of paper.
      div: { divisor: { kind: 'list', divisors: [3, 4, 6, 7] }, dividend: 3, remainders: 'resto' },
      format: 'problemas',
      count: 6,
      size: 'normal',
    },
  });
  const sheet = correction.sheets[0]!;
  const maps = await readingMapsOf(member, correction.code);
  const map = maps.sheets.find((s) => s.n === sheet.n)!.map!;
  expect(map.pages).toHaveLength(2);
  const pdf = await setPdf(member, correction.code);
  const first = await pageOfCode(pdf, sheet.code, (await readPdf(pdf)).pages.length);
  // The child answers every question right: the number it asks, and the resto where there are boxes for it.
  const images: Buffer[] = [];
  for (const [paper, { boxes }] of map.pages.entries()) {
    const rows: Written = new Map();
    for (const box of boxes) {
      const p = sheet.problems[box.problem]!;
      rows.set(rowKey(box.problem, box.part), box.part === 'resto' ? p.remainder : (p.answer ?? p.result));
    }
    images.push(await photoOfSheet(pdf, first + paper, boxes, rows, { seed: 70 + paper }));
  }
  const boxed = new Set(map.pages.flatMap((p) => p.boxes.map((b) => b.problem)));
  expect(boxed.size).toBe(6);

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/corrigir/${correction.code}`);
  const photoSection = page.getByRole('region', { name: 'Corrigir pela foto' });
  await photoSection.getByLabel('Fotografar ou escolher arquivos').setInputFiles([
    { name: 'folha-1.jpg', mimeType: 'image/jpeg', buffer: images[0]! },
    { name: 'folha-2.jpg', mimeType: 'image/jpeg', buffer: images[1]! },
  ]);
  const photoList = photoSection.getByRole('listitem');
  const label = sheet.label!;
  await expect(photoList.filter({ hasText: 'Foto 1:' })).toContainText(`Foto 1: folha de ${label}:`, {
    timeout: 60_000,
  });
  const second = photoList.filter({ hasText: 'Foto 2:' });
  await expect(second).toContainText('não conseguimos ler o código QR desta folha. De quem é esta folha?', {
    timeout: 60_000,
  });
  await second.getByLabel('Folha da Foto 2').selectOption({ label });
  await expect(second.getByLabel('Página da Foto 2')).toHaveValue('1');
  await expect(second.getByLabel('Página da Foto 2').locator('option')).toHaveText([
    'Página 1 de 2',
    'Página 2 de 2',
  ]);
  expect(await seriousViolations(page, '.photo-correction')).toEqual([]);
  await atPhoneAndDesktop(page, 'photo-correction-second-page');
  await second.getByRole('button', { name: 'Ler esta folha' }).click();
  await expect(second).toContainText(`Foto 2: folha de ${label}:`, { timeout: 60_000 });

  // Every question's number read, or asked about and answered as the child wrote it: the six cells right.
  const questions = photoSection.locator('li.photo-question');
  for (let open = await questions.count(); open > 0; open--) {
    const question = questions.first();
    const problem = Number(/conta (\d+)$/.exec((await question.getAttribute('aria-label')) ?? '')![1]) - 1;
    const p = sheet.problems[problem]!;
    if (asksRemainder(p)) {
      await question.getByLabel('Quociente').fill(String(p.result));
      await question.getByLabel('Resto', { exact: true }).fill(String(p.remainder));
    } else await question.getByLabel('Resposta').fill(String(p.answer ?? p.result));
    await question.getByRole('button', { name: 'Confirmar' }).click();
    await expect(questions).toHaveCount(open - 1);
  }
  await photoSection.getByRole('button', { name: new RegExp(`^Confirmar a folha de ${label}`) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Todas as respostas salvas.' })).toBeVisible();
  const saved = await correctionOf(member, correction.code);
  for (const [problem, p] of sheet.problems.entries()) {
    const cell = saved.cells.find((c) => c.version === sheet.n && c.problem === problem);
    expect(cell, `conta ${problem + 1}`).toMatchObject({ result: p.answer ?? p.result, blank: false });
    if (asksRemainder(p)) expect(cell!.remainder ?? 0, `conta ${problem + 1}, resto`).toBe(p.remainder);
  }
});
