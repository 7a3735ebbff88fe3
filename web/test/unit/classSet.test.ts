import { describe, expect, it } from 'vitest';
import { ErrorCode, Msg } from '@app/contracts';
import {
  abortableWait,
  boughtSetFileName,
  buySetLabel,
  buySetAndFollow,
  parseVersions,
  readBuySetAnswer,
  setPreviewCaption,
  setPrintingGuide,
  setProgressText,
  setStalledMessage,
  setTotalText,
  versionsCount,
  type BuySetAnswer,
  type SetProgressValue,
} from '../../src/routes/member/classSet';
import { negativeBalanceToBuy } from '../../src/session/balanceTexts';
import { exercisePages } from '@app/generator/options';

describe("the builder's 'Quantas versões?'", () => {
  it('takes a whole number from 1 to 40', () => {
    for (const [typed, versions] of [
      ['1', 1],
      ['2', 2],
      ['30', 30],
      ['40', 40],
      [' 07 ', 7],
    ] as const)
      expect(parseVersions(typed), typed).toBe(versions);
  });

  it('refuses nothing, zero, more than 40, fractions, signs and words', () => {
    for (const typed of ['', ' ', '0', '41', '100', '2.5', '2,5', '-3', '+3', '1e1', 'trinta'])
      expect(parseVersions(typed), typed).toBeNull();
  });

  it('says the total of N × R$ 0,50 in reais as Brazilians write them', () => {
    expect(setTotalText(30)).toBe('Total: R$ 15,00 por 30 versões');
    expect(setTotalText(2)).toBe('Total: R$ 1,00 por 2 versões');
    expect(setTotalText(40)).toBe('Total: R$ 20,00 por 40 versões');
    expect(setTotalText(7)).toBe('Total: R$ 3,50 por 7 versões');
    expect(buySetLabel(30)).toBe('Comprar 30 versões por R$\u00a015,00');
  });

  it('says under the preview of version 1 how many follow', () => {
    expect(setPreviewCaption(30)).toBe('Versão 1 de 30 — as outras 29 têm problemas diferentes');
    expect(setPreviewCaption(2)).toBe('Versão 1 de 2 — a outra tem problemas diferentes');
  });

  it("counts a set's versions on its card", () => {
    expect(versionsCount(30)).toBe('30 versões');
    expect(versionsCount(1)).toBe('1 versão');
  });

  it('names the fallback file after the São Paulo day and the count', () => {
    // 02:30 UTC on 5 March is still 4 March in São Paulo.
    expect(boughtSetFileName(new Date('2025-03-05T02:30:00.000Z'), 30)).toBe(
      'matemática-04-03-2025-30-versões.pdf',
    );
  });

  it('tells a negative balance what a top-up must cover to buy the whole set', () => {
    expect(negativeBalanceToBuy(-1, null, 1500)).toContain('a recarga precisa cobrir R$ 16,00');
    expect(negativeBalanceToBuy(-1, null)).toContain('a recarga precisa cobrir R$ 1,50');
  });
});

describe("the set's progress bar", () => {
  const at = (done: number, ready = false): SetProgressValue => ({ done, total: 30, ready, bought: false });

  it('names the version being printed (done + 1, never past the total), then the assembly', () => {
    expect(setProgressText(at(0))).toBe('Gerando versão 1 de 30');
    expect(setProgressText(at(11))).toBe('Gerando versão 12 de 30');
    expect(setProgressText(at(29))).toBe('Gerando versão 30 de 30');
    expect(setProgressText(at(30))).toBe('Montando o arquivo…');
    expect(setProgressText({ done: 31, total: 30, ready: false })).toBe('Montando o arquivo…');
    expect(setProgressText(at(30, true))).toBe('Arquivo pronto. Iniciando o download…');
  });
});

describe("buySet's answers", () => {
  const envelope = { message: '', payload: null };

  it('200 is bought with its balance, 202 has started; any refusal keeps its pt-BR message', () => {
    expect(
      readBuySetAnswer({ ...envelope, httpStatus: 200, status: 'SUCCESS', payload: { balance: 5 } }),
    ).toEqual({ kind: 'bought', balance: 5 });
    expect(
      readBuySetAnswer({
        ...envelope,
        httpStatus: 202,
        status: 'SUCCESS',
        message: Msg.setRendering,
        payload: { balance: null, pending: true },
      }),
    ).toEqual({ kind: 'started' });
    expect(
      readBuySetAnswer({
        ...envelope,
        httpStatus: 503,
        status: 'ERROR',
        message: Msg.setRendering,
        code: ErrorCode.NOT_READY,
      }),
    ).toEqual({ kind: 'failed', httpStatus: 503, message: Msg.setRendering });
    expect(
      readBuySetAnswer({
        ...envelope,
        httpStatus: 503,
        status: 'ERROR',
        message: 'Serviço indisponível.',
        code: ErrorCode.SERVICE_UNAVAILABLE,
      }),
    ).toEqual({ kind: 'failed', httpStatus: 503, message: 'Serviço indisponível.' });
    expect(
      readBuySetAnswer({
        ...envelope,
        httpStatus: 402,
        status: 'ERROR',
        message: Msg.insufficientBalance,
        code: ErrorCode.INSUFFICIENT_BALANCE,
      }),
    ).toEqual({ kind: 'failed', httpStatus: 402, message: Msg.insufficientBalance });
  });
});

/**
 * A set printing in the fake, once buySet has started it: each poll of the progress prints one more version, then
 * assembles, then the server charges it (bought). A clock that moves only when the loop waits.
 */
function printingSet(
  total: number,
  options: { stuckAt?: number; neverBought?: boolean; buyAnswer?: BuySetAnswer } = {},
) {
  let clock = 0;
  let done = 0;
  let ready = false;
  let bought = false;
  const seen: SetProgressValue[] = [];
  const asked: BuySetAnswer[] = [];
  const fake = {
    seen,
    asked,
    progressCalls: 0,
    loop: {
      buy: async (): Promise<BuySetAnswer> => {
        const answer = options.buyAnswer ?? { kind: 'started' };
        asked.push(answer);
        return answer;
      },
      progress: async (): Promise<SetProgressValue | null> => {
        fake.progressCalls++;
        if (fake.progressCalls === 2) return null; // one poll that could not be read
        if (done < (options.stuckAt ?? total)) done++;
        else if (done === total && !ready) ready = true;
        else if (ready && !options.neverBought) bought = true;
        return { done, total, ready, bought };
      },
      onProgress: (progress: SetProgressValue) => seen.push(progress),
      wait: async (ms: number, signal: AbortSignal) => {
        if (signal.aborted) return;
        clock += ms;
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
      now: () => clock,
      pollMs: 500,
      stallMs: 60_000,
    },
  };
  return fake;
}

/** Lets any polling still scheduled run: the count of polls must not move after the loop's end. */
async function pollsAfter(fake: ReturnType<typeof printingSet>): Promise<number> {
  const calls = fake.progressCalls;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fake.progressCalls - calls;
}

describe('buying a set: one POST, then following it', () => {
  it('posts buySet once, follows the progress version by version to the file and the purchase, then stops', async () => {
    const fake = printingSet(30);
    const answer = await buySetAndFollow(fake.loop);
    // Charged by the server: the screen reads the balance again.
    expect(answer).toEqual({ kind: 'bought', balance: null });
    expect(fake.asked).toEqual([{ kind: 'started' }]);
    // The bar saw every version in order, then the file, then the purchase.
    const dones = fake.seen.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(new Set(dones)).toEqual(new Set(Array.from({ length: 30 }, (_, i) => i + 1)));
    expect(fake.seen.at(-2)).toEqual({ done: 30, total: 30, ready: true, bought: false });
    expect(fake.seen.at(-1)).toEqual({ done: 30, total: 30, ready: true, bought: true });
    expect(fake.seen.filter((p) => p.bought)).toHaveLength(1);
    expect(await pollsAfter(fake)).toBe(0);
  });

  it('bought already (200): its balance at once, nothing followed', async () => {
    const fake = printingSet(30, { buyAnswer: { kind: 'bought', balance: 5 } });
    expect(await buySetAndFollow(fake.loop)).toEqual({ kind: 'bought', balance: 5 });
    expect(fake.asked).toHaveLength(1);
    expect(fake.progressCalls).toBe(0);
  });

  it('stops at a refusal, with its message: nothing asked again, nothing followed', async () => {
    const fake = printingSet(30, {
      buyAnswer: { kind: 'failed', httpStatus: 402, message: Msg.insufficientBalance },
    });
    expect(await buySetAndFollow(fake.loop)).toEqual({
      kind: 'failed',
      httpStatus: 402,
      message: Msg.insufficientBalance,
    });
    expect(fake.asked).toHaveLength(1);
    expect(fake.progressCalls).toBe(0);
  });

  it('gives up, charging nothing, when the printing stops moving for the stall time', async () => {
    const fake = printingSet(30, { stuckAt: 12 });
    expect(await buySetAndFollow(fake.loop)).toEqual({
      kind: 'failed',
      httpStatus: 503,
      message: setStalledMessage,
    });
    expect(fake.asked).toEqual([{ kind: 'started' }]);
    expect(fake.seen.at(-1)).toEqual({ done: 12, total: 30, ready: false, bought: false });
    // Waited the stall time after the last move (12 moves at 500 ms, one unread poll), not much more.
    expect(fake.progressCalls).toBeLessThanOrEqual(13 + 60_000 / 500 + 1);
    expect(await pollsAfter(fake)).toBe(0);
  });

  it('a file made but never charged (its hold gone) ends with the stall message too', async () => {
    const fake = printingSet(3, { neverBought: true });
    expect(await buySetAndFollow(fake.loop)).toEqual({
      kind: 'failed',
      httpStatus: 503,
      message: setStalledMessage,
    });
    expect(fake.seen.at(-1)).toEqual({ done: 3, total: 3, ready: true, bought: false });
  });

  it('throws on what buySet throws (no answer at all), with nothing followed', async () => {
    const fake = printingSet(30);
    const lost = new Error('sem conexão');
    await expect(
      buySetAndFollow({
        ...fake.loop,
        buy: () => Promise.reject(lost),
      }),
    ).rejects.toBe(lost);
    expect(fake.progressCalls).toBe(0);
    expect(await pollsAfter(fake)).toBe(0);
  });
});

describe('abortableWait', () => {
  it('ends at once when aborted', async () => {
    const stop = new AbortController();
    const waiting = abortableWait(60_000, stop.signal);
    stop.abort();
    await expect(waiting).resolves.toBeUndefined();
    await expect(abortableWait(60_000, stop.signal)).resolves.toBeUndefined();
  });

  it('ends after its time', async () => {
    await expect(abortableWait(1, new AbortController().signal)).resolves.toBeUndefined();
  });
});

describe('how a set is printed (the card in Minhas Compras and the purchase notice)', () => {
  it('30 one-page sheets with gabarito: the class prints pages 1 to 30', () => {
    expect(setPrintingGuide(30, { answers: true })).toBe(
      'Imprima para a turma as páginas 1 a 30 (uma folha por aluno). Para você: gabaritos nas páginas 31 a 60 e a tabela de respostas a partir da página 61.',
    );
  });

  it('without gabarito: the table follows the sheets', () => {
    expect(setPrintingGuide(25, { answers: false })).toBe(
      'Imprima para a turma as páginas 1 a 25 (uma folha por aluno). Para você: a tabela de respostas a partir da página 26.',
    );
  });

  it('sheets of many situações-problema take as many pages each as the sheet prints', () => {
    const addSub = { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' } as const;
    const custom = {
      v: 1,
      add: addSub,
      sub: addSub,
      format: 'problemas',
      count: 12,
      size: 'normal',
    } as const;
    const pages = exercisePages(custom);
    expect(pages).toBeGreaterThan(1);
    expect(setPrintingGuide(10, { answers: true, custom })).toBe(
      `Imprima para a turma as páginas 1 a ${10 * pages} (${pages} páginas por aluno, na ordem). Para você: gabaritos nas páginas ${10 * pages + 1} a ${20 * pages} e a tabela de respostas a partir da página ${20 * pages + 1}.`,
    );
  });
});
