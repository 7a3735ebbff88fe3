import type { Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { buy, buySet, getSetProgress, Msg, PlatformMessages } from '@app/contracts';
import { askWhileNotReady, isNotReady } from '../../../api/askAgain';
import { ApiError, api } from '../../../api/client';
import { paths } from '../../../paths';
import { useGlobalDispatch } from '../../../session/GlobalStateProvider';
import { globalActions } from '../../../session/globalState';
import { downloadBoughtPage, downloadBoughtSet } from '../boughtPage';
import {
  abortableWait,
  buySetAndFollow,
  readBuySetAnswer,
  setPrintingGuide,
  setPurchaseDone,
} from '../classSet';
import type { BuilderAction, BuilderState, GeneratedSet } from './state';
import { bodyOf } from './view';

/** A set bought: said done, and how its file is printed. */
const setBought = (versions: number, options: Parameters<typeof setPrintingGuide>[1]) =>
  `${setPurchaseDone(versions)} ${setPrintingGuide(versions, options)}`;

/**
 * Buying the generated page, or the whole class set, and downloading it. A page still printing past the server's wait
 * (503 NOT_READY, nothing charged) is asked again, joining the same purchase.
 */
export function useBuy(state: BuilderState, dispatch: Dispatch<BuilderAction>) {
  const navigate = useNavigate();
  const globalDispatch = useGlobalDispatch();
  const { code, generatedSet } = state;

  async function purchasePage(current: string) {
    dispatch({ type: 'buying', setProgress: null });
    try {
      const result = await askWhileNotReady(() => api(buy, { body: { code: current } }), isNotReady);
      if (result.httpStatus === 401) return navigate(paths.logout);
      if (result.status !== 'SUCCESS')
        return dispatch({ type: 'notice', notice: { kind: 'error', text: result.message } });
      // The answer carries the new balance: show it at once (the refresh below confirms it).
      if (result.payload) globalDispatch(globalActions.setBalance(result.payload.balance));
      const failure = await downloadBoughtPage(current);
      dispatch({
        type: 'bought',
        notice: failure ? { kind: 'error', text: failure } : { kind: 'success', text: Msg.purchaseDone },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      dispatch({ type: 'notice', notice: { kind: 'error', text: PlatformMessages.unavailable } });
    } finally {
      dispatch({ type: 'buyingEnded' });
      globalDispatch(globalActions.refreshBalance());
    }
  }

  /**
   * Buys the whole set: one POST, which holds its price and answers at once while the server prints its versions
   * (every pdf-worker takes some), assembles them and charges the one debit; the bar follows its progress until it
   * is bought. Then the balance is read again and the file downloads.
   */
  async function purchaseSet(current: GeneratedSet) {
    // The options the set was generated with (locked since): how its file is printed.
    const sheet = bodyOf(state.options, state.draft);
    dispatch({ type: 'buying', setProgress: { done: 0, total: current.versions, ready: false } });
    try {
      const answer = await buySetAndFollow({
        buy: async () => readBuySetAnswer(await api(buySet, { body: { code: current.code } })),
        progress: async () => {
          const result = await api(getSetProgress, { query: { code: current.code } });
          return result.status === 'SUCCESS' && result.payload ? result.payload : null;
        },
        onProgress: (setProgress) => dispatch({ type: 'setProgress', setProgress }),
        wait: abortableWait,
        now: () => Date.now(),
      });
      if (answer.kind === 'failed') {
        if (answer.httpStatus === 401) return navigate(paths.logout);
        return dispatch({ type: 'notice', notice: { kind: 'error', text: answer.message } });
      }
      // Bought by this answer: its balance at once; charged by the server since: read it again.
      globalDispatch(
        answer.balance !== null ? globalActions.setBalance(answer.balance) : globalActions.refreshBalance(),
      );
      const setProgress = { done: current.versions, total: current.versions, ready: true, bought: true };
      dispatch({ type: 'setProgress', setProgress });
      const failure = await downloadBoughtSet(current.code, current.versions);
      dispatch({
        type: 'bought',
        notice: failure
          ? { kind: 'error', text: failure }
          : { kind: 'success', text: setBought(current.versions, sheet ?? state.options) },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      dispatch({ type: 'notice', notice: { kind: 'error', text: PlatformMessages.unavailable } });
    } finally {
      dispatch({ type: 'buyingEnded' });
      globalDispatch(globalActions.refreshBalance());
    }
  }

  return async function purchase() {
    if (!code) return;
    if (generatedSet) return purchaseSet(generatedSet);
    return purchasePage(code);
  };
}
