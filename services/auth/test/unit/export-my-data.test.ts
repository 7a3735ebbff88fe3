import { describe, expect, it, vi } from 'vitest';
import { Rpc, type BillingDataExport, type ClassroomDataExport, type PagesDataExport } from '@app/contracts';
import { composeDataExport } from '../../src/domain/export-my-data.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

const pages: PagesDataExport = {
  purchases: [
    {
      code: 'abc123',
      createdAt: '2025-03-04T12:00:00.000Z',
      boughtAt: '2025-03-04T12:01:00.000Z',
      settings: { add: true, sub: true, mult: false, div: false, answers: true, level: 1 },
    },
  ],
  savedSheets: [
    {
      name: 'Tabuada do 7',
      createdAt: '2025-03-04T12:02:00.000Z',
      settings: {
        add: false,
        sub: false,
        mult: true,
        div: false,
        answers: true,
        level: 1,
        custom: {
          v: 1,
          mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
          format: 'linha',
          count: 30,
          size: 'grande',
        },
      },
    },
  ],
};
const billing: BillingDataExport = {
  statement: [
    {
      id: '1',
      at: '2025-03-04T11:00:00.000Z',
      kind: 'top_up',
      description: 'Recarga via Mercado Pago',
      amountCents: 1000,
      balanceAfterCents: 1000,
    },
  ],
  statementHasOlder: false,
  payments: [
    {
      topUpId: 't1',
      amountCents: 1000,
      status: 'credited',
      paymentStatus: 'approved',
      createdAt: '2025-03-04T10:59:00.000Z',
      creditedAt: '2025-03-04T11:00:00.000Z',
    },
  ],
};

const classroom: ClassroomDataExport = {
  turmas: [{ name: '3º ano B', createdAt: '2025-03-01T12:00:00.000Z', students: ['Ana S.', 'Bruno L.'] }],
  corrections: [
    { code: 'set123', cells: [{ version: 1, problem: 0, result: 35, remainder: null, blank: false }] },
  ],
};

function withServices() {
  const memory = memoryDeps(countingHasher());
  const request = vi.fn(async (def: { subject: string }, payload: { userId: string }) => {
    void payload;
    if (def.subject === Rpc.pagesExportUserData.subject) return pages;
    if (def.subject === Rpc.billingExportUserData.subject) return billing;
    if (def.subject === Rpc.classroomExportUserData.subject) return classroom;
    throw new Error(`unexpected request ${def.subject}`);
  });
  const deps = { ...memory.deps, bus: { ...memory.deps.bus, request } as unknown as typeof memory.deps.bus };
  return { ...memory, deps, request };
}

describe('exportMyData', () => {
  it("composes the account with pages' (purchases, saved sheets), billing's and classroom's (turmas) parts, asked for the caller's id only", async () => {
    const { deps, addUser, request } = withServices();
    const user = await addUser('ana@exemplo.com.br', 'senha-segura-1', {
      createdAt: new Date('2025-01-02T03:04:05Z'),
      updatedAt: new Date('2025-02-03T04:05:06Z'),
    });
    await addUser('outra@exemplo.com.br', 'senha-segura-2');

    const result = await composeDataExport(deps, user.id, new Date('2025-03-05T00:00:00Z'));

    expect(result).toEqual({
      exportedAt: '2025-03-05T00:00:00.000Z',
      account: {
        fullname: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        fromGoogle: false,
        createdAt: '2025-01-02T03:04:05.000Z',
        updatedAt: '2025-02-03T04:05:06.000Z',
      },
      purchases: pages.purchases,
      savedSheets: pages.savedSheets,
      turmas: classroom.turmas,
      corrections: classroom.corrections,
      statement: billing.statement,
      statementHasOlder: false,
      payments: billing.payments,
    });
    expect(request.mock.calls.map(([def, payload]) => [def.subject, payload])).toEqual([
      [Rpc.pagesExportUserData.subject, { userId: user.id }],
      [Rpc.billingExportUserData.subject, { userId: user.id }],
      [Rpc.classroomExportUserData.subject, { userId: user.id }],
    ]);
    // Never the password hash or the Google id.
    expect(JSON.stringify(result)).not.toContain('fake$');
  });

  it('fails when a service does not answer, rather than hand over a partial file', async () => {
    const { deps, addUser, request } = withServices();
    const user = await addUser('ana@exemplo.com.br', 'senha-segura-1');
    request.mockRejectedValueOnce(new Error('pages.v1.exportUserData: timeout'));
    await expect(composeDataExport(deps, user.id)).rejects.toThrow('timeout');
  });
});
