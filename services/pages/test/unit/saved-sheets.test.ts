import { describe, expect, it } from 'vitest';
import { ErrorCode, Msg, SAVED_SHEETS_MAX } from '@app/contracts';
import { AppError } from '@app/kit';
import { defaultPageRequest, missingNumberRequest, tabuadaDo7Request } from '@app/testing';
import { exportUserData } from '../../src/domain/export-user-data.js';
import {
  removeSavedSheet,
  forgetSavedSheets,
  listSavedSheets,
  storeSavedSheet,
} from '../../src/domain/saved-sheets.js';
import { memoryDeps } from '../fakes/memory-deps.js';

// "Minhas folhas salvas": a member's named builder settings, each member's own.

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as AppError,
  );

describe('saved sheets', () => {
  it('saves settings under a name and lists them by name, as a pt-BR reader sorts them', async () => {
    const w = memoryDeps({ now: () => new Date('2026-11-27T10:00:00Z') });
    for (const name of ['tabuada 10', 'Ábaco', 'tabuada 2', 'Divisão'])
      await storeSavedSheet(w.deps, 'ana', { name, options: defaultPageRequest });
    const saved = await storeSavedSheet(w.deps, 'ana', { name: 'Tabuada do 7', options: tabuadaDo7Request });
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Tabuada do 7',
      options: tabuadaDo7Request,
      createdAt: '2026-11-27T10:00:00.000Z',
    });
    const list = await listSavedSheets(w.deps, 'ana');
    expect(list.map((s) => s.name)).toEqual(['Ábaco', 'Divisão', 'tabuada 2', 'tabuada 10', 'Tabuada do 7']);
    expect(list.find((s) => s.name === 'Tabuada do 7')).toEqual(saved);
    expect(await listSavedSheets(w.deps, 'bia')).toEqual([]);
  });

  it('replaces the settings of the same name, keeping its id', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const w = memoryDeps({ now: () => now });
    const first = await storeSavedSheet(w.deps, 'ana', { name: 'Minha folha', options: tabuadaDo7Request });
    now = new Date('2026-11-28T10:00:00Z');
    const again = await storeSavedSheet(w.deps, 'ana', {
      name: 'Minha folha',
      options: missingNumberRequest,
    });
    expect(again).toEqual({
      id: first.id,
      name: 'Minha folha',
      options: missingNumberRequest,
      createdAt: '2026-11-28T10:00:00.000Z',
    });
    expect(await listSavedSheets(w.deps, 'ana')).toEqual([again]);
  });

  it(`keeps at most ${SAVED_SHEETS_MAX} a member: a new name past them is 409, a name already saved is still replaced`, async () => {
    const w = memoryDeps();
    for (let i = 1; i <= SAVED_SHEETS_MAX; i++)
      await storeSavedSheet(w.deps, 'ana', { name: `Folha ${i}`, options: defaultPageRequest });
    const err = await failure(
      storeSavedSheet(w.deps, 'ana', { name: 'Mais uma', options: defaultPageRequest }),
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 409, code: ErrorCode.CONFLICT, message: Msg.savedSheetsFull });
    expect(Msg.savedSheetsFull).toBe('Você já tem 50 folhas salvas. Apague uma para salvar outra.');
    await storeSavedSheet(w.deps, 'ana', { name: 'Folha 7', options: tabuadaDo7Request });
    expect(await listSavedSheets(w.deps, 'ana')).toHaveLength(SAVED_SHEETS_MAX);
    // Another member's sheets do not count.
    await storeSavedSheet(w.deps, 'bia', { name: 'Mais uma', options: defaultPageRequest });
  });

  it('refuses impossible custom options as POST /api/page does, saving nothing', async () => {
    const w = memoryDeps();
    const err = await failure(
      storeSavedSheet(w.deps, 'ana', {
        name: 'Impossível',
        options: { ...tabuadaDo7Request, custom: { ...tabuadaDo7Request.custom!, count: 40 } },
      }),
    );
    expect(err).toMatchObject({
      statusCode: 400,
      code: ErrorCode.VALIDATION,
      message: 'Neste formato e tamanho, escolha 10, 12, 20 ou 30 contas.',
    });
    expect(await listSavedSheets(w.deps, 'ana')).toEqual([]);
  });

  it("deletes a member's own sheet; another member's id answers 404 like an unknown one and stays", async () => {
    const w = memoryDeps();
    const mine = await storeSavedSheet(w.deps, 'ana', { name: 'Minha', options: defaultPageRequest });
    const hers = await storeSavedSheet(w.deps, 'bia', { name: 'Dela', options: defaultPageRequest });
    for (const id of [hers.id, '00000000-0000-4000-8000-000000000000']) {
      const err = await failure(removeSavedSheet(w.deps, 'ana', id));
      expect(err).toMatchObject({
        statusCode: 404,
        code: ErrorCode.NOT_FOUND,
        message: Msg.savedSheetNotFound,
      });
    }
    expect(await listSavedSheets(w.deps, 'bia')).toEqual([hers]);
    await removeSavedSheet(w.deps, 'ana', mine.id);
    expect(await listSavedSheets(w.deps, 'ana')).toEqual([]);
    const again = await failure(removeSavedSheet(w.deps, 'ana', mine.id));
    expect(again).toMatchObject({ statusCode: 404, message: Msg.savedSheetNotFound });
  });

  it("forgets a deleted member's sheets only", async () => {
    const w = memoryDeps();
    await storeSavedSheet(w.deps, 'ana', { name: 'Uma', options: defaultPageRequest });
    await storeSavedSheet(w.deps, 'ana', { name: 'Outra', options: tabuadaDo7Request });
    const hers = await storeSavedSheet(w.deps, 'bia', { name: 'Dela', options: defaultPageRequest });
    expect(await forgetSavedSheets(w.deps, 'ana')).toBe(2);
    expect(await listSavedSheets(w.deps, 'ana')).toEqual([]);
    expect(await listSavedSheets(w.deps, 'bia')).toEqual([hers]);
  });

  it("puts the member's saved sheets, by name, in their data export", async () => {
    const w = memoryDeps({ now: () => new Date('2026-11-27T10:00:00Z') });
    await storeSavedSheet(w.deps, 'ana', { name: 'Tabuada do 7', options: tabuadaDo7Request });
    await storeSavedSheet(w.deps, 'ana', { name: 'Adição', options: missingNumberRequest });
    await storeSavedSheet(w.deps, 'bia', { name: 'Dela', options: defaultPageRequest });
    expect(await exportUserData(w.deps, 'ana')).toEqual({
      purchases: [],
      savedSheets: [
        { name: 'Adição', createdAt: '2026-11-27T10:00:00.000Z', settings: missingNumberRequest },
        { name: 'Tabuada do 7', createdAt: '2026-11-27T10:00:00.000Z', settings: tabuadaDo7Request },
      ],
    });
  });
});
