import { describe, expect, inject, it } from 'vitest';
import {
  deleteMyAccount,
  deleteSavedSheet,
  exportMyData,
  getSavedSheets,
  Msg,
  SAVED_SHEETS_MAX,
  saveSheet,
  type MyDataExport,
} from '@app/contracts';
import {
  call,
  createActiveUser,
  defaultPageRequest,
  missingNumberRequest,
  payloadOf,
  savedSheetsOf,
  saveSheetAs,
  sql,
  tabuadaDo7Request,
  userIdOf,
  waitUntilConsumed,
} from '@app/testing';

// "Minhas folhas salvas": a member's named builder settings, through the gateway, on the whole stack.

const stack = inject('stack');
const gw = stack.gatewayUrl;

const rowsOf = async (userId: string) =>
  (
    await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM pages.saved_sheets WHERE user_id = $1', [
      userId,
    ])
  )[0]!.n;
const deleteAs = (token: string, id: string) => call(gw, deleteSavedSheet, { body: { id }, token });
const refusal = (status: number, message: string, code: string) => ({
  status,
  body: { status: 'ERROR', message, payload: null, code },
});

describe('saved sheets', () => {
  it('saves, lists by name, replaces by name and deletes a member’s sheets', async () => {
    const user = await createActiveUser(stack);
    const first = await saveSheetAs(stack, user.token, '  Tabuada do 7  ', tabuadaDo7Request);
    expect(first.status).toBe(200);
    expect(first.body.payload).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Tabuada do 7',
      options: tabuadaDo7Request,
      createdAt: expect.any(String),
    });
    await saveSheetAs(stack, user.token, 'Adição até 20', missingNumberRequest);
    await saveSheetAs(stack, user.token, 'Básico', defaultPageRequest);
    expect((await savedSheetsOf(stack, user.token)).map((s) => s.name)).toEqual([
      'Adição até 20',
      'Básico',
      'Tabuada do 7',
    ]);

    // The same name again replaces its options, in place.
    const again = await saveSheetAs(stack, user.token, 'Tabuada do 7', missingNumberRequest);
    expect(again.body.payload).toMatchObject({ id: first.body.payload!.id, options: missingNumberRequest });
    const list = await savedSheetsOf(stack, user.token);
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.name === 'Tabuada do 7')!.options).toEqual(missingNumberRequest);

    const gone = await deleteAs(user.token, first.body.payload!.id);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ status: 'SUCCESS', payload: null });
    expect((await savedSheetsOf(stack, user.token)).map((s) => s.name)).toEqual(['Adição até 20', 'Básico']);
    const twice = await deleteAs(user.token, first.body.payload!.id);
    expect(twice).toMatchObject(refusal(404, Msg.savedSheetNotFound, 'NOT_FOUND'));

    // No session, no sheets.
    expect((await call(gw, getSavedSheets)).status).toBe(401);
    expect((await call(gw, saveSheet, { body: { name: 'x', options: defaultPageRequest } })).status).toBe(
      401,
    );
  });

  it('refuses a bad name or impossible settings with a 400 and a pt-BR message, saving nothing', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const cases: Array<[string, string, object, string]> = [
      ['an empty name', '   ', defaultPageRequest, Msg.savedSheetNameRequired],
      ['a name of two lines', 'Turma A\nTurma B', defaultPageRequest, Msg.savedSheetNameRequired],
      ['a name of 41 characters', 'x'.repeat(41), defaultPageRequest, Msg.savedSheetNameTooLong],
      ['no operation', 'Nada', { ...defaultPageRequest, add: false, sub: false }, Msg.selectOperation],
      [
        'a count the format cannot hold',
        'Demais',
        { ...tabuadaDo7Request, custom: { ...tabuadaDo7Request.custom!, count: 40 } },
        'Neste formato e tamanho, escolha 10, 12, 20 ou 30 contas.',
      ],
      [
        'an unknown key',
        'Estranha',
        { ...tabuadaDo7Request, custom: { ...tabuadaDo7Request.custom!, cor: 'azul' } },
        'Chave inválida: "cor"',
      ],
    ];
    for (const [what, name, options, message] of cases) {
      const res = await call(gw, saveSheet, { body: { name, options }, token: user.token });
      expect([what, res.status, res.body]).toEqual([
        what,
        400,
        { status: 'ERROR', message, payload: null, code: 'VALIDATION' },
      ]);
    }
    expect(await rowsOf(userId)).toBe(0);
    // A name of 40 characters is saved.
    expect((await saveSheetAs(stack, user.token, 'ç'.repeat(40), defaultPageRequest)).status).toBe(200);
    expect((await deleteAs(user.token, 'not-a-uuid')).status).toBe(400);
  });

  it(`keeps at most ${SAVED_SHEETS_MAX} a member, also when saves arrive at once; a saved name is still replaced`, async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    for (let i = 1; i <= SAVED_SHEETS_MAX - 3; i++)
      expect((await saveSheetAs(stack, user.token, `Folha ${i}`, defaultPageRequest)).status).toBe(200);
    // Six new names at once for the last three places: three saved, three refused with 409.
    const racing = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((n) =>
        saveSheetAs(stack, user.token, `Nova ${n}`, defaultPageRequest),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    for (const res of racing.filter((r) => r.status === 409))
      expect(res).toMatchObject(refusal(409, Msg.savedSheetsFull, 'CONFLICT'));
    expect(await rowsOf(userId)).toBe(SAVED_SHEETS_MAX);
    const full = await saveSheetAs(stack, user.token, 'Mais uma', defaultPageRequest);
    expect(full).toMatchObject(refusal(409, Msg.savedSheetsFull, 'CONFLICT'));
    // Replacing one of the fifty is no new sheet.
    expect((await saveSheetAs(stack, user.token, 'Folha 1', tabuadaDo7Request)).status).toBe(200);
    expect(await rowsOf(userId)).toBe(SAVED_SHEETS_MAX);
  });

  it("never shows or deletes another member's sheet: its id answers like an unknown one", async () => {
    const [ana, bia] = await Promise.all([createActiveUser(stack), createActiveUser(stack)]);
    const hers = (await saveSheetAs(stack, bia.token, 'Da Bia', tabuadaDo7Request)).body.payload!;
    expect(await savedSheetsOf(stack, ana.token)).toEqual([]);
    const unknown = await deleteAs(ana.token, '00000000-0000-4000-8000-000000000000');
    const theirs = await deleteAs(ana.token, hers.id);
    for (const res of [unknown, theirs])
      expect(res).toMatchObject(refusal(404, Msg.savedSheetNotFound, 'NOT_FOUND'));
    expect(theirs.body).toEqual(unknown.body);
    // The same name in two accounts is two sheets.
    await saveSheetAs(stack, ana.token, 'Da Bia', defaultPageRequest);
    expect(await savedSheetsOf(stack, bia.token)).toEqual([hers]);
  });

  it("are in the member's data export, and go with the member's account", async () => {
    const [member, other] = await Promise.all([createActiveUser(stack), createActiveUser(stack)]);
    const [memberId, otherId] = await Promise.all([
      userIdOf(stack, member.token),
      userIdOf(stack, other.token),
    ]);
    await saveSheetAs(stack, member.token, 'Tabuada do 7', tabuadaDo7Request);
    await saveSheetAs(stack, member.token, 'Adição até 20', missingNumberRequest);
    await saveSheetAs(stack, other.token, 'Outra', defaultPageRequest);

    const data = await payloadOf<MyDataExport>(gw, exportMyData, member.token);
    expect(data.savedSheets).toEqual([
      { name: 'Adição até 20', createdAt: expect.any(String), settings: missingNumberRequest },
      { name: 'Tabuada do 7', createdAt: expect.any(String), settings: tabuadaDo7Request },
    ]);

    const deleted = await call(gw, deleteMyAccount, {
      body: { password: member.password },
      token: member.token,
    });
    expect(deleted.status).toBe(200);
    // pages has handled every account deletion published so far.
    await waitUntilConsumed(stack, 'EVENTS', 'pages-user-deleted');
    expect(await rowsOf(memberId)).toBe(0);
    expect(await rowsOf(otherId)).toBe(1);
  });
});
