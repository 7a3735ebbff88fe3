import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepBuilder, restoreBuilder } from '../../src/routes/member/builder/persist';
import {
  builderReducer,
  initialBuilderState,
  type BuilderState,
} from '../../src/routes/member/builder/state';
import { draftFromPreset } from '../../src/routes/member/personalize/draftFrom';
import { clearSession, saveSession, StorageKey } from '../../src/session/storage';
import { MemoryStorage } from './memoryStorage';

let local: MemoryStorage;
let tab: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  tab = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', tab);
  saveSession({ token: 't', email: 'ana@example.com', fullname: 'Ana Souza' });
  return () => vi.unstubAllGlobals();
});

/** The builder after the member's steps. */
const after = (...actions: Parameters<typeof builderReducer>[1][]): BuilderState =>
  actions.reduce(builderReducer, initialBuilderState);

describe('the builder survives a reload of its tab', () => {
  it('starts from the defaults when the tab kept nothing', () => {
    expect(restoreBuilder()).toEqual(initialBuilderState);
  });

  it('finds the generated page previewed again, locked, with its options', () => {
    const generated = after(
      { type: 'option', options: { mult: true, add: false, level: 2 } },
      { type: 'generating' },
      { type: 'generated', code: 'AbC123xy', generatedSet: null },
    );
    keepBuilder(generated);
    const restored = restoreBuilder();
    expect(restored.options).toEqual(generated.options);
    expect(restored).toMatchObject({
      step: 'generated',
      code: 'AbC123xy',
      editing: false,
      generatedSet: null,
    });
  });

  it('finds a generated set with its versions, and the panel’s options with its title', () => {
    const draft = { ...draftFromPreset(1), title: 'Revisão do 3º B', size: 'grande' as const };
    const generated = after(
      { type: 'draft', draft },
      { type: 'versions', text: '30' },
      { type: 'generating' },
      { type: 'generated', code: 'first001', generatedSet: { code: 'set00001', versions: 30 } },
    );
    keepBuilder(generated);
    const restored = restoreBuilder();
    expect(restored.versionsText).toBe('30');
    expect(restored.generatedSet).toEqual({ code: 'set00001', versions: 30 });
    expect(restored.draft?.title).toBe('Revisão do 3º B');
    expect(restored.draft?.size).toBe('grande');
  });

  it('finds the turma a set is for, and none from what was kept before sets for a turma', () => {
    const turma = { id: '5b0c7f6e-8a43-4c7e-9a51-0d1e2f3a4b5c', name: '3º ano B', students: 30 };
    keepBuilder(after({ type: 'versions', text: '2' }, { type: 'turma', turma }));
    expect(restoreBuilder()).toMatchObject({ turma, versionsText: '30' });
    const { turma: _kept, ...older } = JSON.parse(tab.getItem(StorageKey.builder)!) as Record<
      string,
      unknown
    >;
    tab.setItem(StorageKey.builder, JSON.stringify(older));
    expect(restoreBuilder()).toMatchObject({ turma: null, versionsText: '30' });
  });

  it('keeps a page being edited as being edited', () => {
    keepBuilder(
      after(
        { type: 'generating' },
        { type: 'generated', code: 'c0de0001', generatedSet: null },
        { type: 'edit' },
      ),
    );
    expect(restoreBuilder()).toMatchObject({ step: 'generated', editing: true, code: 'c0de0001' });
  });

  it('keeps the options but not the page once it is bought', () => {
    const bought = after(
      { type: 'option', options: { div: true } },
      { type: 'generating' },
      { type: 'generated', code: 'c0de0002', generatedSet: null },
      { type: 'bought', notice: { kind: 'success', text: 'ok' } },
    );
    keepBuilder(bought);
    const restored = restoreBuilder();
    expect(restored.options.div).toBe(true);
    expect(restored).toMatchObject({ step: 'initial', code: null, editing: true });
  });

  it('starts afresh for another account signed in in the tab, and after signing out', () => {
    keepBuilder(after({ type: 'option', options: { div: true } }));
    saveSession({ token: 't2', email: 'bia@example.com', fullname: 'Bia Lima' });
    expect(restoreBuilder()).toEqual(initialBuilderState);
    clearSession();
    expect(tab.getItem(StorageKey.builder)).toBeNull();
  });

  it('starts afresh from what it cannot read (an older shape, a broken value)', () => {
    tab.setItem(StorageKey.builder, '{"email":"ana@example.com","sheet":{"add":"sim"}}');
    expect(restoreBuilder()).toEqual(initialBuilderState);
    tab.setItem(StorageKey.builder, '{not json');
    expect(restoreBuilder()).toEqual(initialBuilderState);
  });
});
