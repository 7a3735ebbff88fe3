import { describe, expect, it } from 'vitest';
import { Msg, TURMA_STUDENTS_MAX, type Turma } from '@app/contracts';
import {
  checkDraft,
  childLabel,
  deleteQuestion,
  draftFrom,
  moveChild,
  namesCount,
  newDraft,
  pastedCountText,
  removeChild,
  renameChild,
  saveInput,
  studentsCount,
  withTurma,
  withoutTurma,
  type TurmaDraft,
} from '../../src/routes/member/turmas/editor';

const ID = {
  turma: '6f1c2a52-8f0e-4c3b-9a51-0d4f6a2b7c10',
  ana: '0b8e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  bruno: '1c9f3a5b-2d4e-4f6a-9b0c-1d2e3f4a5b6c',
  carla: '2da04b6c-3e5f-4a7b-8c1d-2e3f4a5b6c7d',
};

const turma = (over: Partial<Turma> = {}): Turma => ({
  id: ID.turma,
  name: '3º ano B',
  students: [
    { id: ID.ana, name: 'Ana S.' },
    { id: ID.bruno, name: 'Bruno M.' },
    { id: ID.carla, name: 'Carla T.' },
  ],
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  ...over,
});

const names = (draft: TurmaDraft) => draft.children.map((c) => c.name);

describe('moving, renaming and removing a child in Editar', () => {
  const children = draftFrom(turma()).children;

  it('moves a child up or down one place, keeping its id', () => {
    expect(moveChild(children, 2, -1)).toEqual([children[0], children[2], children[1]]);
    expect(moveChild(children, 0, 1).map((c) => c.id)).toEqual([ID.bruno, ID.ana, ID.carla]);
  });

  it('leaves the list as it is at its edges, and never changes the list it was given', () => {
    expect(moveChild(children, 0, -1)).toEqual(children);
    expect(moveChild(children, 2, 1)).toEqual(children);
    const before = [...children];
    moveChild(children, 1, 1);
    expect(children).toEqual(before);
  });

  it('removes only the child at that place, and renames only that one', () => {
    expect(removeChild(children, 1).map((c) => c.name)).toEqual(['Ana S.', 'Carla T.']);
    expect(renameChild(children, 0, 'Ana Souza')).toEqual([
      { id: ID.ana, name: 'Ana Souza' },
      children[1],
      children[2],
    ]);
    expect(children[0]!.name).toBe('Ana S.');
  });
});

describe('the body of POST /api/saveTurma', () => {
  it('sends a new turma without ids: the names of a spreadsheet paste, blank lines and number columns dropped', () => {
    const draft = {
      ...newDraft(),
      name: '  3º ano   B ',
      pasted: '1\tAna S.\t8,5\n\n2\tBruno M.\t7\r\nCarla T.\n',
    };
    expect(saveInput(draft)).toEqual({
      name: '  3º ano   B ',
      students: [{ name: 'Ana S.' }, { name: 'Bruno M.' }, { name: 'Carla T.' }],
    });
    // Checked by the server's schema: the names tidied.
    expect(checkDraft(draft)).toEqual({
      ok: true,
      body: { name: '3º ano B', students: [{ name: 'Ana S.' }, { name: 'Bruno M.' }, { name: 'Carla T.' }] },
    });
  });

  it('sends an edited turma with its id and each child’s id in the order shown, the pasted names after them', () => {
    const start = draftFrom(turma());
    const edited: TurmaDraft = {
      ...start,
      name: '3º ano C',
      children: removeChild(moveChild(renameChild(start.children, 0, 'Ana Souza'), 0, 1), 2),
      pasted: 'Davi R.\nElisa P.',
    };
    expect(names(edited)).toEqual(['Bruno M.', 'Ana Souza']);
    const checked = checkDraft(edited);
    expect(checked).toEqual({
      ok: true,
      body: {
        id: ID.turma,
        name: '3º ano C',
        students: [
          { id: ID.bruno, name: 'Bruno M.' },
          { id: ID.ana, name: 'Ana Souza' },
          { name: 'Davi R.' },
          { name: 'Elisa P.' },
        ],
      },
    });
  });
});

describe('checking the form before sending it', () => {
  it('asks for the turma’s name first, and points at the name field', () => {
    expect(checkDraft({ ...newDraft(), name: '   ', pasted: 'Ana S.' })).toEqual({
      ok: false,
      message: Msg.turmaNameRequired,
      target: { field: 'name' },
    });
    expect(checkDraft({ ...newDraft(), name: 'x'.repeat(41), pasted: 'Ana S.' })).toMatchObject({
      ok: false,
      message: Msg.turmaNameTooLong,
    });
  });

  it('asks for the names when there are none, pointing at the textarea', () => {
    expect(checkDraft({ ...newDraft(), name: '3º ano B', pasted: '\n\n  \n' })).toEqual({
      ok: false,
      message: Msg.turmaStudentsRequired,
      target: { field: 'pasted' },
    });
    // Every child removed in Editar and nothing pasted.
    expect(checkDraft({ ...draftFrom(turma()), children: [] })).toMatchObject({
      ok: false,
      message: Msg.turmaStudentsRequired,
      target: { field: 'pasted' },
    });
  });

  it('refuses more children than a turma holds', () => {
    const pasted = Array.from({ length: TURMA_STUDENTS_MAX + 1 }, (_, i) => `Aluno ${i + 1}`).join('\n');
    expect(checkDraft({ ...newDraft(), name: '3º ano B', pasted })).toMatchObject({
      ok: false,
      message: Msg.turmaStudentsTooMany,
    });
  });

  it('points at the child whose name was emptied', () => {
    const start = draftFrom(turma());
    expect(checkDraft({ ...start, children: renameChild(start.children, 1, '  ') })).toEqual({
      ok: false,
      message: Msg.studentNameRequired,
      target: { field: 'child', index: 1 },
    });
  });

  it('names a repeated name and points at its second appearance: a child of the list, or the textarea', () => {
    const start = draftFrom(turma());
    expect(checkDraft({ ...start, children: renameChild(start.children, 2, 'ana s.') })).toEqual({
      ok: false,
      // The schema names the second appearance, as it was typed.
      message: Msg.studentNameRepeated('ana s.'),
      target: { field: 'child', index: 2 },
    });
    expect(checkDraft({ ...start, pasted: 'Davi R.\nBruno M.' })).toEqual({
      ok: false,
      message: Msg.studentNameRepeated('Bruno M.'),
      target: { field: 'pasted' },
    });
  });
});

describe('the screen’s texts', () => {
  it('counts names and children in the singular and the plural', () => {
    expect([namesCount(0), namesCount(1), namesCount(30)]).toEqual(['0 nomes', '1 nome', '30 nomes']);
    expect([studentsCount(1), studentsCount(2)]).toEqual(['1 aluno', '2 alunos']);
  });

  it('counts the names pasted; in Editar also what the turma will have', () => {
    expect(pastedCountText({ ...newDraft(), pasted: 'Ana S.\n\n1\tBruno M.' })).toBe('2 nomes');
    expect(pastedCountText({ ...draftFrom(turma()), pasted: 'Davi R.' })).toBe(
      '1 nome a acrescentar; a turma fica com 4 alunos.',
    );
  });

  it('asks before deleting, naming the turma; names a child by its place while its field is blank', () => {
    expect(deleteQuestion('3º ano B')).toBe('Apagar a turma 3º ano B e os nomes dos seus alunos?');
    expect(childLabel({ name: ' Ana S. ' }, 0)).toBe('Ana S.');
    expect(childLabel({ name: '  ' }, 4)).toBe('aluno 5');
  });
});

describe('the list after a save or a deletion', () => {
  const second = turma({ id: 'b', name: '2º ano A' });
  const tenth = turma({ id: 'c', name: '10º ano' });

  it('puts a new turma in its place by name, as a pt-BR reader sorts them', () => {
    const list = withTurma([second, tenth], turma({ id: 'd', name: 'ábaco' }));
    expect(list.map((t) => t.name)).toEqual(['2º ano A', '10º ano', 'ábaco']);
  });

  it('replaces a renamed turma instead of adding it again, and drops a deleted one', () => {
    const list = withTurma([second, tenth], { ...second, name: '11º ano' });
    expect(list.map((t) => [t.id, t.name])).toEqual([
      ['c', '10º ano'],
      ['b', '11º ano'],
    ]);
    expect(withoutTurma(list, 'c').map((t) => t.id)).toEqual(['b']);
  });
});
