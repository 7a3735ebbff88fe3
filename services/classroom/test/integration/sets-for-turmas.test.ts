import { describe, expect, inject, it } from 'vitest';
import {
  createPageSet,
  deleteTurma,
  downloadSet,
  getCorrection,
  getTurmaProgress,
  type Correction,
  Msg,
  renderFiles,
  saveAnswers,
  saveTurma,
  type Turma,
  type TurmaProgress,
} from '@app/contracts';
import {
  balanceOf,
  buySetAndWait,
  call,
  defaultPageRequest,
  download,
  fundedMember,
  connectBus,
  readPdf,
  waitUntilConsumed,
} from '@app/testing';

// A class set for a turma, on the whole stack: version N prints child N's name; the turma's deletion takes the
// printed files that carry the names.

const stack = inject('stack');
const gw = stack.gatewayUrl;

describe('a class set for a turma', () => {
  it("prints each child's name on their version, charges N × R$ 0,50, and its files go with the turma", async () => {
    const member = await fundedMember(stack, 5);
    const children = ['Ana S.', 'Bruno L.', 'Çecília M.'];
    const turma = (
      await call<Turma>(gw, saveTurma, {
        body: { name: '3º ano B', students: children.map((name) => ({ name })) },
        token: member.token,
      })
    ).body.payload!;

    // The builder read 3 children: a count that changed since is refused.
    const changed = await call(gw, createPageSet, {
      body: { ...defaultPageRequest, versions: 4, turmaId: turma.id },
      token: member.token,
    });
    expect(changed).toMatchObject({ status: 409, body: { message: Msg.turmaChangedForSet(3) } });

    const made = await call<{ code: string; codes: string[] }>(gw, createPageSet, {
      body: { ...defaultPageRequest, versions: 3, turmaId: turma.id },
      token: member.token,
    });
    expect(made.status).toBe(200);
    const set = made.body.payload!;
    const { progress } = await buySetAndWait(stack, member.token, set.code);
    expect(progress?.bought).toBe(true);
    expect(await balanceOf(stack, member.token)).toBe(3.5);

    const file = await download(gw, downloadSet, { code: set.code }, member.token);
    expect(file.status).toBe(200);
    const pdf = await readPdf(file.bytes);
    // The student sheets first, in version order: each names its child and the turma.
    const sheets = pdf.pages.slice(0, 3).map((p) => p.text);
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    children.forEach((child, i) => expect(sheets[i]).toMatch(new RegExp(`Nome:\\s*${escaped(child)}`)));
    for (const text of sheets) expect(text).toMatch(/Turma:\s*3º ano B/);

    // Correção rápida names each version's row after its child.
    const correction = await call<Correction>(gw, getCorrection, {
      query: { code: set.code },
      token: member.token,
    });
    expect(correction.body.payload!.sheets.map((s) => [s.label, s.student])).toEqual(
      children.map((child, i) => [`Versão ${i + 1} de 3`, child]),
    );
    expect(JSON.stringify(correction.body.payload)).not.toContain('studentId');
    expect(correction.body.payload!.turmaId).toBe(turma.id);

    // Two children's answers typed: the turma's progress names each child with their score on the set.
    const [first, second] = correction.body.payload!.sheets;
    const cells = [
      ...first!.problems.map((p, problem) => ({ version: 1, problem, result: p.result, at: 1 })),
      { version: 2, problem: 0, result: second!.problems[0]!.result + 1, at: 1 },
    ].map((c) => ({ ...c, remainder: null, blank: false }));
    const saved = await call(gw, saveAnswers, { body: { code: set.code, cells }, token: member.token });
    expect(saved.status).toBe(200);
    const turmaWork = await call<TurmaProgress>(gw, getTurmaProgress, {
      query: { turmaId: turma.id },
      token: member.token,
    });
    expect(turmaWork.status).toBe(200);
    expect(turmaWork.body.payload!.sheets.map((s) => s.code)).toEqual([set.code]);
    const total = first!.problems.length;
    expect(turmaWork.body.payload!.children.map((c) => [c.name, c.scores[0]?.right ?? null])).toEqual([
      ['Ana S.', total],
      ['Bruno L.', 0],
      ['Çecília M.', null],
    ]);

    // The turma deleted: every printed file of its set leaves the bucket.
    const bus = await connectBus(stack, 'sets-for-turmas-test');
    const files = await bus.fileStore('RENDERS');
    try {
      expect(await files.has(renderFiles(set.code).pdf)).toBe(true);
      expect((await call(gw, deleteTurma, { body: { id: turma.id }, token: member.token })).status).toBe(200);
      await waitUntilConsumed(stack, 'EVENTS', 'pages-turma-deleted');
      for (const code of [set.code, ...set.codes]) expect(await files.has(renderFiles(code).pdf)).toBe(false);
      expect(await files.has(renderFiles(set.codes[0]!).png)).toBe(false);
      // The rows are no longer named.
      const after = await call<Correction>(gw, getCorrection, {
        query: { code: set.code },
        token: member.token,
      });
      expect(after.body.payload!.sheets.map((s) => s.student)).toEqual([undefined, undefined, undefined]);
      expect(after.body.payload!.turmaId).toBeUndefined();
      const gone = await call(gw, getTurmaProgress, { query: { turmaId: turma.id }, token: member.token });
      expect(gone).toMatchObject({ status: 404, body: { message: Msg.turmaNotFound } });
    } finally {
      await bus.drain();
    }
  });
});
