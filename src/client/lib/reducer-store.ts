// The one shape of local UI state kept outside React (so it survives moving between routes): a
// pure reducer, a dispatch, and subscribers. Server state lives in TanStack Query instead.
import { useSyncExternalStore } from 'react';

export interface ReducerStore<S, A> {
  getState(): S;
  dispatch(action: A): void;
  subscribe(listener: () => void): () => void;
}

export function createReducerStore<S, A>(reducer: (state: S, action: A) => S, initial: () => S): ReducerStore<S, A> {
  let state: S | undefined;
  const listeners = new Set<() => void>();
  const getState = (): S => (state ??= initial());
  return {
    getState,
    dispatch(action) {
      const prev = getState();
      const next = reducer(prev, action);
      if (next === prev) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStoreState<S, A>(store: ReducerStore<S, A>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
