import { describe, expect, it } from 'vitest';
import { Events, Msg, TURMAS_MAX, type SaveTurmaBody } from '@app/contracts';
import {
  deleteTurma,
  exportUserData,
  forgetTurmas,
  listTurmas,
  saveTurma,
  sheetNames,
  turmaRoster,
} from '../../src/domain/turmas.js';
import { memoryClassroomStore } from '../fakes/memory-store.js';
import type { ClassroomDeps } from '../../src/domain/deps.js';
import { recordingBus } from '@app/testing';

/** The store in memory, and a bus that records what is published (pages is not asked here). */
function deps() {
  const recorder = recordingBus();
  const bus = {
    publishEvent: recorder.publishEvent,
    request: () => Promise.reject(new Error('no request expected')),
  } as unknown as ClassroomDeps['bus'];
  return { store: memoryClassroomStore(), bus, published: recorder.publish };
}
const named = (name: string, students: string[]): SaveTurmaBody => ({
  name,
  students: students.map((n) => ({ name: n })),
});
/** The error a route answers with: its status and pt-BR message (kit `AppError`). */
const refusal = (statusCode: number, message: string) =>
  expect.objectContaining({ statusCode, message }) as unknown;

describe('turmas use cases', () => {
  it('lists a member’s turmas as a pt-BR reader sorts them, children in the turma’s order', async () => {
    const d = deps();
    await saveTurma(d, 'ana', named('10º ano', ['Zé', 'Ana']));
    await saveTurma(d, 'ana', named('2º ano', ['Bia']));
    await saveTurma(d, 'ana', named('Álgebra', ['Caio']));
    await saveTurma(d, 'bia', named('1º ano', ['Davi']));
    const listed = await listTurmas(d, 'ana');
    expect(listed.map((t) => t.name)).toEqual(['2º ano', '10º ano', 'Álgebra']);
    expect(listed[1]!.students.map((s) => s.name)).toEqual(['Zé', 'Ana']);
    expect(listed[0]).toEqual({
      id: expect.any(String),
      name: '2º ano',
      students: [{ id: expect.any(String), name: 'Bia' }],
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it('answers each refusal with its status and pt-BR message', async () => {
    const d = deps();
    const first = await saveTurma(d, 'ana', named('3º B', ['Ana']));
    await expect(saveTurma(d, 'ana', named('3º b', ['Bia']))).rejects.toEqual(
      refusal(409, Msg.turmaNameTaken),
    );
    await expect(saveTurma(d, 'bia', { ...named('3º B', ['Bia']), id: first.id })).rejects.toEqual(
      refusal(404, Msg.turmaNotFound),
    );
    for (let i = 1; i < TURMAS_MAX; i++) await saveTurma(d, 'ana', named(`Turma ${i}`, ['Ana']));
    await expect(saveTurma(d, 'ana', named('Mais uma', ['Ana']))).rejects.toEqual(
      refusal(409, Msg.turmasFull),
    );
    await expect(deleteTurma(d, 'bia', first.id)).rejects.toEqual(refusal(404, Msg.turmaNotFound));
    await deleteTurma(d, 'ana', first.id);
    await expect(deleteTurma(d, 'ana', first.id)).rejects.toEqual(refusal(404, Msg.turmaNotFound));
  });

  it('exports the member’s turmas by name with their children’s names, and forgets them with the account', async () => {
    const d = deps();
    await saveTurma(d, 'ana', named('5º ano', ['Ana S.', 'Bruno L.']));
    await saveTurma(d, 'ana', named('4º ano', ['Caio M.']));
    await saveTurma(d, 'bia', named('Outra', ['Davi']));
    expect(await exportUserData(d, 'ana')).toEqual({
      turmas: [
        { name: '4º ano', createdAt: expect.any(String), students: ['Caio M.'] },
        { name: '5º ano', createdAt: expect.any(String), students: ['Ana S.', 'Bruno L.'] },
      ],
      corrections: [],
    });
    expect(await forgetTurmas(d, 'ana')).toBe(2);
    expect(await exportUserData(d, 'ana')).toEqual({ turmas: [], corrections: [] });
    expect((await listTurmas(d, 'bia')).map((t) => t.name)).toEqual(['Outra']);
  });

  it("answers a turma's children by id in order to its owner only, and a child's names for the sheet", async () => {
    const d = deps();
    const t = await saveTurma(d, 'ana', named('3º ano B', ['Ana S.', 'Bruno L.']));
    expect(await turmaRoster(d, 'ana', t.id)).toEqual({ studentIds: t.students.map((s) => s.id) });
    expect(await turmaRoster(d, 'bia', t.id)).toBeNull();
    expect(await sheetNames(d, t.students[1]!.id)).toEqual({ student: 'Bruno L.', turma: '3º ano B' });
    await deleteTurma(d, 'ana', t.id);
    expect(await sheetNames(d, t.students[1]!.id)).toBeNull();
  });

  it('announces a deleted turma by ids only, before deleting it; another member’s is refused unannounced', async () => {
    const d = deps();
    const t = await saveTurma(d, 'ana', named('3º ano B', ['Ana S.', 'Bruno L.']));
    await expect(deleteTurma(d, 'bia', t.id)).rejects.toEqual(refusal(404, Msg.turmaNotFound));
    expect(d.published).not.toHaveBeenCalled();
    await deleteTurma(d, 'ana', t.id);
    expect(d.published).toHaveBeenCalledTimes(1);
    const [def, payload, opts] = d.published.mock.calls[0]! as [
      { subject: string },
      Record<string, unknown>,
      object,
    ];
    expect(def.subject).toBe(Events.turmaDeleted.subject);
    expect(payload).toEqual({
      eventId: expect.any(String),
      at: expect.any(String),
      turmaId: t.id,
      userId: 'ana',
    });
    expect(opts).toEqual({ msgID: `${Events.turmaDeleted.subject}:${t.id}` });
    expect(JSON.stringify(payload)).not.toContain('Ana');
  });
});
