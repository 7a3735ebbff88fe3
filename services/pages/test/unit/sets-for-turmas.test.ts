import { describe, expect, it } from 'vitest';
import { Jobs, Msg, renderFiles } from '@app/contracts';
import { defaultPageRequest } from '@app/testing';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { forgetNamedFiles } from '../../src/domain/forget-named-files.js';
import { memoryDeps } from '../fakes/memory-deps.js';

// A class set for a turma: version N is for child N (by id: the worker asks classroom for the name as it draws).

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-0000000000${String(i + 10)}`);
const turmaId = '11111111-1111-4111-8111-111111111111';
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as { statusCode: number; message: string },
  );

describe('class sets for a turma', () => {
  it("gives version N child N's id, in every render job of the set, and records the turma", async () => {
    const w = memoryDeps();
    w.turmas.set(turmaId, { userId: 'ana', studentIds: ids(3) });
    const { code, codes } = await makePageSet(w.deps, 'ana', { ...defaultPageRequest, versions: 3, turmaId });
    const set = (await w.store.pages.findSet(code))!;
    expect(set.turmaId).toBe(turmaId);
    expect(set.pages.map((p) => p.studentId)).toEqual(ids(3));
    // The first version's preview is drawn for child 1.
    expect(w.published(Jobs.renderPreview).map((j) => j.payload)).toEqual([
      expect.objectContaining({ code: codes[0], version: { n: 1, of: 3 }, student: { id: ids(3)[0] } }),
    ]);
    expect(await w.store.pages.setsWithNames({ turmaId })).toEqual([set]);
    expect(await w.store.pages.setsWithNames({ userId: 'ana' })).toEqual([set]);
    expect(await w.store.pages.setsWithNames({ userId: 'bia' })).toEqual([]);
  });

  it('refuses another member’s turma, one of fewer than 2 children and a count that changed, recording nothing', async () => {
    const w = memoryDeps();
    w.turmas.set(turmaId, { userId: 'ana', studentIds: ids(3) });
    const small = '22222222-2222-4222-8222-222222222222';
    w.turmas.set(small, { userId: 'ana', studentIds: ids(1) });
    const cases: Array<[string, string, number, number, string]> = [
      ['another member', 'bia', 3, 404, Msg.turmaNotFound],
      ['one child', 'ana', 2, 400, Msg.turmaTooSmallForSet],
      ['a changed count', 'ana', 4, 409, Msg.turmaChangedForSet(3)],
    ];
    for (const [what, userId, versions, status, message] of cases) {
      const id = what === 'one child' ? small : turmaId;
      const err = await failure(
        makePageSet(w.deps, userId, { ...defaultPageRequest, versions, turmaId: id }),
      );
      expect([what, err?.statusCode, err?.message]).toEqual([what, status, message]);
    }
    expect(w.published(Jobs.renderPreview)).toEqual([]);
  });

  it("deletes every printed file of a turma's sets when the turma or the account goes, and nothing else", async () => {
    const w = memoryDeps();
    w.turmas.set(turmaId, { userId: 'ana', studentIds: ids(2) });
    const named = await makePageSet(w.deps, 'ana', { ...defaultPageRequest, versions: 2, turmaId });
    const plain = await makePageSet(w.deps, 'ana', { ...defaultPageRequest, versions: 2 });
    for (const code of [named.code, ...named.codes, plain.code, ...plain.codes]) {
      w.storeFile(renderFiles(code).pdf);
      w.storeFile(renderFiles(code).png);
    }
    expect(await forgetNamedFiles(w.deps, { turmaId })).toBe(1);
    for (const code of [named.code, ...named.codes]) expect(w.files.has(renderFiles(code).pdf)).toBe(false);
    for (const code of named.codes) expect(w.files.has(renderFiles(code).png)).toBe(false);
    for (const code of [plain.code, ...plain.codes]) expect(w.files.has(renderFiles(code).pdf)).toBe(true);
    // By the account: the same sets, nothing left to delete the second time.
    expect(await forgetNamedFiles(w.deps, { userId: 'ana' })).toBe(1);
    expect(w.files.has(renderFiles(plain.codes[0]!).pdf)).toBe(true);
  });
});
