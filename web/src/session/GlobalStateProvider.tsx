import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { GlobalAction, GlobalState } from './globalState';
import type { GlobalStore } from './store';

const StoreContext = createContext<GlobalStore | null>(null);

export function GlobalStateProvider({ store, children }: { store: GlobalStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for an effect that must read the state as it is when an answer arrives (not as rendered). */
export function useGlobalStore(): GlobalStore {
  return useStore();
}

function useStore(): GlobalStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('GlobalStateProvider is missing above this component');
  return store;
}

export function useGlobalState(): GlobalState {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

export function useGlobalDispatch(): (action: GlobalAction) => void {
  return useStore().dispatch;
}
