import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createActiveUser, readPdf, topUp } from '@app/testing';
import { boughtSet, written } from './correction-support';
import { pageOfCode, photoOfSheet, readingMapsOf, rowKey, setPdf, type Written } from './photo-support';
import { atPhoneAndDesktop, DESKTOP, seriousViolations, stack, storeSession } from './support';
import { CHROMIUM_ARGS } from './workers';

/**
 * "Corrigir pela foto" with the camera live in the page: the teacher opens it, holds a filled sheet before it and
 * takes the frame; the sheet is read as a photo chosen from the files would be. Chromium's fake camera shows a
 * synthetic photo of the sheet (an MJPEG file of one frame, looped), written before the camera is opened.
 */
const CAMERA_FILE = join(tmpdir(), `aritmetica-camera-${process.env.TEST_PARALLEL_INDEX ?? 0}.mjpeg`);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROME_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

test.afterAll(() => rmSync(CAMERA_FILE, { force: true }));

test('a teacher photographs a filled sheet with the camera in the page: read into the grid', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Camera' });
  await topUp(stack(), member.token, 10);
  const correction = await boughtSet(member, undefined, 2);
  const sheet = correction.sheets[0]!;
  const map = (await readingMapsOf(member, correction.code)).sheets.find((s) => s.n === sheet.n)!.map!;
  const pdf = await setPdf(member, correction.code);
  const first = await pageOfCode(pdf, sheet.code, (await readPdf(pdf)).pages.length);
  // Every conta right, as the written algorithm gives it.
  const rows: Written = new Map();
  sheet.problems.forEach((p, problem) => {
    const answer = written(p);
    rows.set(rowKey(problem, p.op === 'div' ? 'quotient' : 'result'), answer.result!);
    if (answer.remainder !== null && answer.remainder !== undefined)
      rows.set(rowKey(problem, 'resto'), answer.remainder);
  });
  writeFileSync(CAMERA_FILE, await photoOfSheet(pdf, first, map.pages[0]!.boxes, rows, { seed: 90 }));

  await storeSession(page, member);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/corrigir/${correction.code}`);
  const photoSection = page.getByRole('region', { name: 'Corrigir pela foto' });
  await photoSection.getByRole('button', { name: 'Usar a câmera' }).click();
  const camera = photoSection.getByRole('group', { name: 'Câmera' });
  await expect(camera).toContainText(
    'Enquadre a folha inteira, de cima, com os quatro quadrados pretos dos cantos.',
  );
  const shoot = camera.getByRole('button', { name: 'Fotografar esta folha' });
  await expect(shoot).toBeEnabled();
  expect(await seriousViolations(page, '.photo-correction')).toEqual([]);
  await atPhoneAndDesktop(page, 'photo-correction-camera');
  // The frame as the camera takes it (the photo's 12 Mpx, upright), not cropped to a landscape one.
  const frame = await page.evaluate(() => {
    const video = document.querySelector('video')!;
    return { width: video.videoWidth, height: video.videoHeight };
  });
  expect(frame).toEqual({ width: 3024, height: 4032 });
  await shoot.click();
  await expect(camera.getByRole('status')).toHaveText('1 folha fotografada. Vire para a próxima.');
  await expect(photoSection.getByRole('listitem').filter({ hasText: 'Foto 1:' })).toHaveText(
    `Foto 1: folha de ${sheet.label!}: ${sheet.problems.length} respostas lidas.`,
    { timeout: 60_000 },
  );
  const grid = page.getByRole('region', { name: 'Respostas dos alunos' });
  await expect(grid.getByText('lido da foto')).toHaveCount(sheet.problems.length);
  // The camera closes: its stream stops, its panel goes.
  await camera.getByRole('button', { name: 'Fechar a câmera' }).click();
  await expect(camera).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
});

test('a camera refused or missing is said in pt-BR, and the files are still there to choose', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await createActiveUser(stack(), { fullname: 'Professora Sem Camera' });
  await topUp(stack(), member.token, 10);
  const correction = await boughtSet(member, undefined, 2);
  // The browser's answer to the camera, as the test says: refused by the teacher, or no camera at all.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('câmera', localStorage.getItem('camera-error') ?? 'NotAllowedError'));
  });
  await storeSession(page, member);
  await page.goto(`/corrigir/${correction.code}`);
  const photoSection = page.getByRole('region', { name: 'Corrigir pela foto' });
  await photoSection.getByRole('button', { name: 'Usar a câmera' }).click();
  await expect(photoSection.getByRole('alert')).toHaveText(
    'Sem permissão para usar a câmera. Permita a câmera neste site ou use “Fotografar ou escolher arquivos”.',
  );
  await expect(photoSection.getByLabel('Fotografar ou escolher arquivos')).toBeAttached();

  await page.evaluate(() => localStorage.setItem('camera-error', 'NotFoundError'));
  await page.reload();
  await photoSection.getByRole('button', { name: 'Usar a câmera' }).click();
  await expect(photoSection.getByRole('alert')).toHaveText(
    'Não encontramos uma câmera neste aparelho. Use “Fotografar ou escolher arquivos”.',
  );
  await photoSection.getByRole('button', { name: 'Fechar a câmera' }).click();
  await expect(photoSection.getByRole('button', { name: 'Usar a câmera' })).toBeVisible();
});
