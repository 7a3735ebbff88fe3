import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buySet, createReforcoSet, getSetProgress, Msg, PlatformMessages } from '@app/contracts';
import { ApiError, api } from '../../../api/client';
import { paths } from '../../../paths';
import { useGlobalDispatch } from '../../../session/GlobalStateProvider';
import { globalActions } from '../../../session/globalState';
import { downloadBoughtSet } from '../boughtPage';
import { abortableWait, buySetAndFollow, readBuySetAnswer, type SetProgressValue } from '../classSet';
import { reforcoBody } from './reforco';
import type { ClassReport } from './report';

export type ReforcoStep =
  | { kind: 'idle' }
  | { kind: 'making' }
  | { kind: 'made'; code: string; versions: number }
  | { kind: 'buying'; code: string; versions: number; progress: SetProgressValue }
  | { kind: 'bought'; versions: number };

/**
 * The reforço of a correction: made (pages' POST /api/reforcoSet, each version practising its child's mistakes),
 * then bought as any set (its price held, printed, charged once) and its file downloaded.
 */
export function useReforco(code: string, report: ClassReport) {
  const navigate = useNavigate();
  const globalDispatch = useGlobalDispatch();
  const [step, setStep] = useState<ReforcoStep>({ kind: 'idle' });
  const [error, setError] = useState<{ text: string; needsBalance: boolean } | null>(null);

  async function make() {
    setError(null);
    setStep({ kind: 'making' });
    try {
      const result = await api(createReforcoSet, { body: reforcoBody(code, report) });
      if (result.httpStatus === 401) return navigate(paths.logout);
      if (result.status !== 'SUCCESS' || !result.payload) {
        setError({ text: result.message, needsBalance: false });
        return setStep({ kind: 'idle' });
      }
      setStep({ kind: 'made', code: result.payload.code, versions: result.payload.codes.length });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError({ text: PlatformMessages.unavailable, needsBalance: false });
      setStep({ kind: 'idle' });
    }
  }

  async function purchase(set: { code: string; versions: number }) {
    setError(null);
    setStep({ kind: 'buying', ...set, progress: { done: 0, total: set.versions, ready: false } });
    try {
      const answer = await buySetAndFollow({
        buy: async () => readBuySetAnswer(await api(buySet, { body: { code: set.code } })),
        progress: async () => {
          const result = await api(getSetProgress, { query: { code: set.code } });
          return result.status === 'SUCCESS' && result.payload ? result.payload : null;
        },
        onProgress: (progress) => setStep({ kind: 'buying', ...set, progress }),
        wait: abortableWait,
        now: () => Date.now(),
      });
      if (answer.kind === 'failed') {
        if (answer.httpStatus === 401) return navigate(paths.logout);
        setError({
          text: answer.message,
          needsBalance: answer.message === Msg.insufficientBalanceForSet(set.versions),
        });
        return setStep({ kind: 'made', ...set });
      }
      globalDispatch(
        answer.balance !== null ? globalActions.setBalance(answer.balance) : globalActions.refreshBalance(),
      );
      const failure = await downloadBoughtSet(set.code, set.versions);
      if (failure) setError({ text: failure, needsBalance: false });
      setStep({ kind: 'bought', versions: set.versions });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError({ text: PlatformMessages.unavailable, needsBalance: false });
      setStep({ kind: 'made', ...set });
    } finally {
      globalDispatch(globalActions.refreshBalance());
    }
  }

  return { step, error, make, purchase };
}
