import { createContext } from 'react-router';
import { globalReducer, type GlobalAction, type GlobalState } from './globalState';

/**
 * Holds the global state outside React so that route loaders, actions and middleware (which run outside the
 * component tree, e.g. /logout) can dispatch too. Components read it through GlobalStateProvider.
 */
export interface GlobalStore {
  getState(): GlobalState;
  dispatch(action: GlobalAction): void;
  subscribe(listener: () => void): () => void;
}

export function createGlobalStore(initial: GlobalState): GlobalStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = globalReducer(state, action);
      if (next === state) return;
      state = next;
      listeners.forEach((notify) => notify());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store as seen by loaders, actions and middleware: `context.get(globalStoreContext)`. */
export const globalStoreContext = createContext<GlobalStore>();
