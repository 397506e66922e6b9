// Toast queue (docs/product.md, Timings and display): at most one toast visible, shown for 5000 ms by default; a
// dismissed toast stays in the list (closed) for 1,000,000 ms before it is removed.
import { createReducerStore, useStoreState } from './reducer-store';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
  actions?: ToastAction[];
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastChange =
  | { type: 'add'; toast: ToastItem }
  | { type: 'close'; ids: readonly string[] }
  | { type: 'remove'; id: string }
  | { type: 'reset' };

/** The queue's changes: newest first, at most TOAST_LIMIT kept; closing keeps a toast until removed. */
export function toastReducer(toasts: ToastItem[], a: ToastChange): ToastItem[] {
  switch (a.type) {
    case 'add':
      return [a.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'close':
      return toasts.map((t) => (a.ids.includes(t.id) ? { ...t, open: false } : t));
    case 'remove':
      return toasts.filter((t) => t.id !== a.id);
    case 'reset':
      return [];
  }
}

const store = createReducerStore<ToastItem[], ToastChange>(toastReducer, () => []);
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      store.dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  store.dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: string): void {
  const ids = id ? [id] : store.getState().map((t) => t.id);
  ids.forEach(scheduleRemoval);
  store.dispatch({ type: 'close', ids });
}

/** Test helper: forget every toast and timer. */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  store.dispatch({ type: 'reset' });
}

export function useToasts(): ToastItem[] {
  return useStoreState(store);
}
