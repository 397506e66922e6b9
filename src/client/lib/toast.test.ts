// The toast queue's reducer: one visible at a time, newest first, closed toasts kept until removed.
import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer, type ToastItem } from './toast';

const item = (id: string): ToastItem => ({ id, title: id, open: true });

describe('toastReducer', () => {
  it('keeps the newest toast only', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = [item('a'), item('b')].reduce((s, t) => toastReducer(s, { type: 'add', toast: t }), [] as ToastItem[]);
    expect(state.map((t) => t.id)).toEqual(['b']);
  });

  it('closes without removing, then removes', () => {
    const open = toastReducer([], { type: 'add', toast: item('a') });
    const closed = toastReducer(open, { type: 'close', ids: ['a'] });
    expect(closed).toEqual([{ ...item('a'), open: false }]);
    expect(toastReducer(closed, { type: 'remove', id: 'a' })).toEqual([]);
  });
});
