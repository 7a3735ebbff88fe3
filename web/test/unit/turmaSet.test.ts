import { describe, expect, it } from 'vitest';
import { Msg, type Turma } from '@app/contracts';
import { keptOf, restoredFrom } from '../../src/routes/member/builder/persist';
import {
  builderReducer,
  initialBuilderState,
  type BuilderAction,
  type BuilderState,
} from '../../src/routes/member/builder/state';
import {
  choiceOf,
  NO_TURMA,
  sameChoice,
  showsTurmaChoice,
  studentsText,
  turmaChanged,
  turmaChoiceView,
  turmaLockNote,
  turmaNow,
  turmaOptions,
  turmaSetSummary,
  type ChosenTurma,
} from '../../src/routes/member/builder/turmaSet';
import { builderView } from '../../src/routes/member/builder/view';
import { setTotalText } from '../../src/routes/member/classSet';

const ID_B = '5b0c7f6e-8a43-4c7e-9a51-0d1e2f3a4b5c';
const ID_C = '6c1d8a7f-9b54-4d8f-8b62-1e2f3a4b5c6d';
const ID_SOLO = '7d2e9b8a-ac65-4e9a-9c73-2f3a4b5c6d7e';

const turma = (id: string, name: string, count: number): Turma => ({
  id,
  name,
  students: Array.from({ length: count }, (_, i) => ({
    id: `${id.slice(0, 8)}-${i}`,
    name: `Aluno ${i + 1}`,
  })),
  createdAt: '2026-11-30T12:00:00.000Z',
  updatedAt: '2026-11-30T12:00:00.000Z',
});
const TURMAS = [turma(ID_B, '3º ano B', 30), turma(ID_SOLO, 'Reforço', 1), turma(ID_C, '4º ano C', 2)];
const B: ChosenTurma = { id: ID_B, name: '3º ano B', students: 30 };

const run = (actions: BuilderAction[], from: BuilderState = initialBuilderState) =>
  actions.reduce(builderReducer, from);

describe('"Para a turma": the options of the select', () => {
  it('offers none first, then each turma by name with its number of children', () => {
    expect(turmaOptions(TURMAS, null)).toEqual([
      { value: NO_TURMA, label: 'Nenhuma (versões sem nome)', disabled: false },
      { value: ID_B, label: '3º ano B (30 alunos)', disabled: false },
      { value: ID_SOLO, label: 'Reforço (precisa de 2 alunos)', disabled: true },
      { value: ID_C, label: '4º ano C (2 alunos)', disabled: false },
    ]);
  });

  it('says one child in the singular', () => {
    expect(studentsText(1)).toBe('1 aluno');
    expect(studentsText(2)).toBe('2 alunos');
  });

  it('offers only none when there are no turmas to show (not read, or could not be read)', () => {
    expect(turmaOptions([], null)).toEqual([
      { value: NO_TURMA, label: 'Nenhuma (versões sem nome)', disabled: false },
    ]);
  });

  it('keeps showing a chosen turma that the list does not hold, so the select says what is chosen', () => {
    expect(turmaOptions([], B).map((o) => o.label)).toEqual([
      'Nenhuma (versões sem nome)',
      '3º ano B (30 alunos)',
    ]);
    expect(turmaOptions(TURMAS, B).filter((o) => o.value === ID_B)).toHaveLength(1);
  });

  it('shows the select while the turmas are read (busy), the link to make one when there is none', () => {
    expect(turmaChoiceView({ state: 'loading' }, null)).toMatchObject({ kind: 'select', busy: true });
    expect(turmaChoiceView({ state: 'failed' }, null)).toEqual({
      kind: 'select',
      busy: false,
      options: [{ value: NO_TURMA, label: 'Nenhuma (versões sem nome)', disabled: false }],
    });
    expect(turmaChoiceView({ state: 'ready', turmas: [] }, null)).toEqual({ kind: 'noTurmas' });
    expect(turmaChoiceView({ state: 'ready', turmas: TURMAS }, null)).toMatchObject({
      kind: 'select',
      busy: false,
    });
  });
});

describe('"Para a turma": choosing', () => {
  it('chooses a turma by its option, none by "Nenhuma", and never one too small or unknown', () => {
    expect(choiceOf(ID_B, TURMAS)).toEqual(B);
    expect(choiceOf(ID_C, TURMAS)).toEqual({ id: ID_C, name: '4º ano C', students: 2 });
    expect(choiceOf(NO_TURMA, TURMAS)).toBeNull();
    expect(choiceOf(ID_SOLO, TURMAS)).toBeNull();
    expect(choiceOf('8e3fac9b-bd76-4fab-8d84-3a4b5c6d7e8f', TURMAS)).toBeNull();
  });

  it('follows the list read again: a new number of children or name, none once deleted or too small', () => {
    expect(turmaNow(B, TURMAS)).toEqual(B);
    expect(turmaNow(B, [turma(ID_B, '3º ano B', 31)])).toEqual({ ...B, students: 31 });
    expect(turmaNow(B, [turma(ID_B, '3º B', 30)])).toEqual({ ...B, name: '3º B' });
    expect(turmaNow(B, [turma(ID_C, '4º ano C', 2)])).toBeNull();
    expect(turmaNow(B, [turma(ID_B, '3º ano B', 1)])).toBeNull();
  });

  it('tells two choices apart by what they send and say', () => {
    expect(sameChoice(B, { ...B })).toBe(true);
    expect(sameChoice(null, null)).toBe(true);
    expect(sameChoice(B, null)).toBe(false);
    expect(sameChoice(B, { ...B, students: 4 })).toBe(false);
    expect(sameChoice(B, { ...B, name: 'B' })).toBe(false);
  });
});

describe('"Para a turma": the versions and their lock', () => {
  it('is offered in the class-set mode, and always while a turma is chosen', () => {
    expect(showsTurmaChoice(1, null)).toBe(false);
    expect(showsTurmaChoice(2, null)).toBe(true);
    expect(showsTurmaChoice(30, null)).toBe(true);
    // A number being typed ('' or 0 on the way to 30) keeps it shown.
    expect(showsTurmaChoice(null, null)).toBe(true);
    expect(showsTurmaChoice(1, B)).toBe(true);
    expect(builderView(run([{ type: 'versions', text: '1' }]), 10).setMode).toBe(false);
    expect(builderView(run([{ type: 'versions', text: '5' }]), 10).setMode).toBe(true);
  });

  it('a turma chosen makes its number of children the versions, and typing does not change them', () => {
    const chosen = run([
      { type: 'versions', text: '5' },
      { type: 'turma', turma: B },
      { type: 'versions', text: '12' },
    ]);
    expect(chosen.versionsText).toBe('30');
    expect(chosen.turma).toEqual(B);
    const view = builderView(chosen, 20);
    expect(view.versions).toBe(30);
    expect(view.canGenerate).toBe(true);
    // The price line stays right: 30 versions for R$ 15,00.
    expect(setTotalText(view.versions!)).toBe('Total: R$ 15,00 por 30 versões');
  });

  it('"Nenhuma" keeps the number, free to change again', () => {
    const none = run([
      { type: 'versions', text: '5' },
      { type: 'turma', turma: B },
      { type: 'turma', turma: null },
    ]);
    expect(none).toMatchObject({ turma: null, versionsText: '30' });
    expect(run([{ type: 'versions', text: '8' }], none).versionsText).toBe('8');
  });

  it('follows the turma read again: its new number of children', () => {
    const chosen = run([{ type: 'turma', turma: B }]);
    expect(run([{ type: 'turma', turma: { ...B, students: 4 } }], chosen).versionsText).toBe('4');
  });

  it('"Gerar outra igual" of a bought set makes versions without names', () => {
    const handed = run([
      { type: 'turma', turma: B },
      { type: 'handedOver', options: initialBuilderState.options, draft: null, versionsText: '12' },
    ]);
    expect(handed).toMatchObject({ turma: null, versionsText: '12' });
  });
});

describe('"Para a turma": what the screen says', () => {
  it('explains the lock beside the versions', () => {
    expect(turmaLockNote('3º ano B')).toBe('Uma folha com o nome de cada aluno da turma 3º ano B.');
    expect(turmaLockNote('Turma da tarde')).toBe('Uma folha com o nome de cada aluno da Turma da tarde.');
    expect(turmaLockNote('Turmalina')).toBe('Uma folha com o nome de cada aluno da turma Turmalina.');
  });

  it('says for whom a generated set is', () => {
    expect(turmaSetSummary(30, '3º ano B')).toBe('30 versões, uma para cada aluno de 3º ano B');
  });

  it('reads the turma again on the refusals of a changed turma only', () => {
    expect(turmaChanged(409, Msg.turmaChangedForSet(4))).toBe(true);
    expect(turmaChanged(404, Msg.turmaNotFound)).toBe(true);
    expect(turmaChanged(400, Msg.turmaTooSmallForSet)).toBe(true);
    expect(turmaChanged(400, Msg.setVersionsRange)).toBe(false);
    expect(turmaChanged(429, 'Muitas páginas')).toBe(false);
  });
});

describe('"Para a turma" across a reload of the tab', () => {
  it('keeps the turma chosen (id, name and number of children) and the set made for it', () => {
    const generated = run([
      { type: 'turma', turma: B },
      { type: 'generating' },
      {
        type: 'generated',
        code: 'first001',
        generatedSet: { code: 'set00001', versions: 30, turmaName: '3º ano B' },
      },
    ]);
    const kept = keptOf(generated, 'ana@example.com')!;
    expect(JSON.stringify(kept)).not.toContain('Aluno');
    const restored = restoredFrom(JSON.parse(JSON.stringify(kept)) as typeof kept);
    expect(restored).toMatchObject({
      turma: B,
      versionsText: '30',
      generatedSet: { code: 'set00001', versions: 30, turmaName: '3º ano B' },
    });
  });

  it('restores none from what was kept before sets for a turma', () => {
    const kept = keptOf(run([{ type: 'versions', text: '7' }]), 'ana@example.com')!;
    const { turma: _dropped, ...older } = kept;
    expect(restoredFrom(older)).toMatchObject({ turma: null, versionsText: '7' });
  });
});
