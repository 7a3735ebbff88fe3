import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  deleteMyAccount,
  deleteTurma,
  exportMyData,
  getTurmas,
  Msg,
  saveTurma,
  TURMAS_MAX,
  type MyDataExport,
  type SaveTurmaBody,
  type Turma,
} from '@app/contracts';
import { call, createActiveUser, payloadOf, sql, userIdOf, waitUntilConsumed } from '@app/testing';

// "Minhas turmas": a member's turmas and their children's names, through the gateway, on the whole stack.

const stack = inject('stack');
const gw = stack.gatewayUrl;

const save = (token: string, body: SaveTurmaBody) => call<Turma>(gw, saveTurma, { body, token });
const list = (token: string) => payloadOf<Turma[]>(gw, getTurmas, token);
const remove = (token: string, id: string) => call(gw, deleteTurma, { body: { id }, token });
const refusal = (status: number, message: string, code: string) => ({
  status,
  body: { status: 'ERROR', message, payload: null, code },
});
const named = (name: string, students: string[]): SaveTurmaBody => ({
  name,
  students: students.map((n) => ({ name: n })),
});
const rowsOf = async (userId: string) =>
  (
    await sql<{ turmas: number; students: number }>(
      stack,
      `SELECT count(DISTINCT t.id)::int AS turmas, count(s.id)::int AS students
         FROM classroom.turmas t LEFT JOIN classroom.students s ON s.turma_id = t.id WHERE t.user_id = $1`,
      [userId],
    )
  )[0]!;
const logs = () =>
  readdirSync(stack.logDir)
    .map((f) => readFileSync(path.join(stack.logDir, f), 'utf8'))
    .join('');

describe('turmas', () => {
  it('creates a turma from pasted names, lists by name, edits, reorders and removes children keeping their ids', async () => {
    const user = await createActiveUser(stack);
    const created = await save(user.token, named('  3º ano   B ', ['Ana S.', ' Bruno  L. ', 'Caio M.']));
    expect(created.status).toBe(200);
    const turma = created.body.payload!;
    expect(turma).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: '3º ano B',
      students: [
        { id: expect.any(String), name: 'Ana S.' },
        { id: expect.any(String), name: 'Bruno L.' },
        { id: expect.any(String), name: 'Caio M.' },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await save(user.token, named('10º ano', ['Davi']));
    await save(user.token, named('2º ano A', ['Eva']));
    expect((await list(user.token)).map((t) => t.name)).toEqual(['2º ano A', '3º ano B', '10º ano']);

    const [ana, bruno, caio] = turma.students;
    const edited = await save(user.token, {
      id: turma.id,
      name: '3º ano B (manhã)',
      students: [
        { id: caio!.id, name: 'Caio M.' },
        { id: ana!.id, name: 'Ana Sofia S.' },
        { name: 'Fábio R.' },
      ],
    });
    expect(edited.status).toBe(200);
    const after = (await list(user.token)).find((t) => t.id === turma.id)!;
    expect(after.name).toBe('3º ano B (manhã)');
    expect(after.students.map((s) => s.name)).toEqual(['Caio M.', 'Ana Sofia S.', 'Fábio R.']);
    expect(after.students[0]!.id).toBe(caio!.id);
    expect(after.students[1]!.id).toBe(ana!.id);
    expect(after.students.map((s) => s.id)).not.toContain(bruno!.id);

    const gone = await remove(user.token, turma.id);
    expect(gone).toMatchObject({ status: 200, body: { status: 'SUCCESS', payload: null } });
    expect((await list(user.token)).map((t) => t.name)).toEqual(['2º ano A', '10º ano']);
    expect(await remove(user.token, turma.id)).toMatchObject(refusal(404, Msg.turmaNotFound, 'NOT_FOUND'));

    // No session, no turmas.
    expect((await call(gw, getTurmas)).status).toBe(401);
    expect((await call(gw, saveTurma, { body: named('X', ['Ana']) })).status).toBe(401);
  });

  it('refuses a bad turma with a 400 and its pt-BR message, saving nothing', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const many = Array.from({ length: 41 }, (_, i) => `Aluno ${i + 1}`);
    const cases: Array<[string, unknown, string]> = [
      ['no name', named('   ', ['Ana']), Msg.turmaNameRequired],
      ['a name of 41 characters', named('x'.repeat(41), ['Ana']), Msg.turmaNameTooLong],
      ['a name with a control character', named('3º\u0007B', ['Ana']), Msg.nameInvalidCharacters],
      ['no children', named('3º B', []), Msg.turmaStudentsRequired],
      ['41 children', named('3º B', many), Msg.turmaStudentsTooMany],
      ['a blank child', named('3º B', ['Ana', '  ']), Msg.studentNameRequired],
      ['a child of 41 characters', named('3º B', ['y'.repeat(41)]), Msg.studentNameTooLong],
      [
        'a name twice, case and accents aside',
        named('3º B', ['Ana S.', 'Bia', 'ána s.']),
        Msg.studentNameRepeated('ána s.'),
      ],
      ['children not a list', { name: '3º B', students: 'Ana\nBia' }, Msg.turmaStudentsRequired],
    ];
    for (const [what, body, message] of cases) {
      const res = await call(gw, saveTurma, { body: body as SaveTurmaBody, token: user.token });
      expect([what, res.status, res.body]).toEqual([
        what,
        400,
        { status: 'ERROR', message, payload: null, code: 'VALIDATION' },
      ]);
    }
    expect(await rowsOf(userId)).toEqual({ turmas: 0, students: 0 });
    // 40 characters and 40 children are saved.
    const full = await save(user.token, named('ç'.repeat(40), many.slice(0, 40)));
    expect(full.status).toBe(200);
    expect(await rowsOf(userId)).toEqual({ turmas: 1, students: 40 });
    expect((await remove(user.token, 'not-a-uuid')).status).toBe(400);
  });

  it(`keeps a name once and at most ${TURMAS_MAX} turmas a member, also when saves arrive at once`, async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const first = (await save(user.token, named('3º ano B', ['Ana']))).body.payload!;
    expect(await save(user.token, named('3º ANO b', ['Bia']))).toMatchObject(
      refusal(409, Msg.turmaNameTaken, 'CONFLICT'),
    );
    for (let i = 2; i <= TURMAS_MAX - 3; i++)
      expect((await save(user.token, named(`Turma ${i}`, ['Ana']))).status).toBe(200);
    const racing = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((n) => save(user.token, named(`Nova ${n}`, ['Ana']))),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    for (const res of racing.filter((r) => r.status === 409))
      expect(res).toMatchObject(refusal(409, Msg.turmasFull, 'CONFLICT'));
    expect((await rowsOf(userId)).turmas).toBe(TURMAS_MAX);
    // An existing turma is still edited at the limit.
    expect((await save(user.token, { ...named('3º ano B', ['Ana', 'Bia']), id: first.id })).status).toBe(200);
  });

  it("never shows, changes or deletes another member's turma: its id answers like an unknown one", async () => {
    const [ana, bia] = await Promise.all([createActiveUser(stack), createActiveUser(stack)]);
    const hers = (await save(bia.token, named('Da Bia', ['Zeca']))).body.payload!;
    expect(await list(ana.token)).toEqual([]);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await remove(ana.token, unknownId),
      await remove(ana.token, hers.id),
      await save(ana.token, { ...named('Minha', ['Ana']), id: hers.id }),
    ])
      expect(res).toMatchObject(refusal(404, Msg.turmaNotFound, 'NOT_FOUND'));
    expect(await list(bia.token)).toEqual([hers]);
    // The same name in two accounts is two turmas.
    expect((await save(ana.token, named('Da Bia', ['Ana']))).status).toBe(200);
  });

  it("are in the member's data export, go with the account, and no child's name is ever logged", async () => {
    const [member, other] = await Promise.all([createActiveUser(stack), createActiveUser(stack)]);
    const [memberId, otherId] = await Promise.all([
      userIdOf(stack, member.token),
      userIdOf(stack, other.token),
    ]);
    // Names no other test writes, to look for in every process's log.
    const marker = `Q${Date.now().toString(36)}`;
    const children = [`Ana ${marker}a`, `Bruno ${marker}b`];
    await save(member.token, named('5º ano', children));
    await save(member.token, named('4º ano', [`Caio ${marker}c`]));
    await save(other.token, named('Outra', ['Davi']));
    // A refused save names a child in its answer only.
    expect((await save(member.token, named('6º ano', [`Eva ${marker}e`, `eva ${marker}E`]))).status).toBe(
      400,
    );

    const data = await payloadOf<MyDataExport>(gw, exportMyData, member.token);
    expect(data.turmas).toEqual([
      { name: '4º ano', createdAt: expect.any(String), students: [`Caio ${marker}c`] },
      { name: '5º ano', createdAt: expect.any(String), students: children },
    ]);

    const deleted = await call(gw, deleteMyAccount, {
      body: { password: member.password },
      token: member.token,
    });
    expect(deleted.status).toBe(200);
    // classroom has handled every account deletion published so far.
    await waitUntilConsumed(stack, 'EVENTS', 'classroom-user-deleted');
    expect(await rowsOf(memberId)).toEqual({ turmas: 0, students: 0 });
    expect(await rowsOf(otherId)).toEqual({ turmas: 1, students: 1 });

    // The last request of the flow is in the gateway's log: every line before it is written.
    await call(gw, getTurmas, { token: other.token, query: { marker } });
    await expect.poll(() => logs().includes(marker)).toBe(true);
    const lines = logs()
      .split('\n')
      .filter((l) => l.includes(marker));
    expect(lines.every((l) => l.includes(`/api/getTurmas?marker=${marker}`))).toBe(true);
  });
});
