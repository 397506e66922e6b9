// @vitest-environment happy-dom
// Auto-compile (docs/product.md, Editor): off by default; on, it compiles once a moment after typing
// stops, never while a compile runs, holds back for the server's Retry-After, and does not retry the
// same text after a failure.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompileOutcome } from './editor-actions';
import { dispatchEditor, resetEditor } from './editor-store';
import { AUTO_COMPILE_DELAY_MS, autoCompileSwitch, useAutoCompile } from './use-auto-compile';

const type = (latex: string) => act(() => dispatchEditor({ type: 'latex', latex }));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  resetEditor();
});
afterEach(() => {
  cleanup();
  act(() => autoCompileSwitch.dispatch(false));
  vi.useRealTimers();
});

describe('auto-compile', () => {
  it('is off by default: typing compiles nothing', async () => {
    const compile = vi.fn(async (): Promise<CompileOutcome> => ({}));
    renderHook(() => useAutoCompile(compile, true));
    type('\\documentclass{article}');
    await act(() => vi.advanceTimersByTimeAsync(10 * AUTO_COMPILE_DELAY_MS));
    expect(compile).not.toHaveBeenCalled();
    expect(autoCompileSwitch.getState()).toBe(false);
  });

  it('on: one compile a moment after the last keystroke, none while one runs, and remembered on this device', async () => {
    act(() => autoCompileSwitch.dispatch(true));
    expect(localStorage.getItem('latexgen.autoCompile')).toBe('true');
    let finish: (() => void) | null = null;
    const compile = vi.fn(
      () =>
        new Promise<CompileOutcome>((resolve) => {
          act(() => dispatchEditor({ type: 'compileStarted' }));
          finish = () => {
            act(() => {
              dispatchEditor({ type: 'compiled', result: { success: true, pdf: 'JVBERi0=' }, latex: 'a b c', at: '2026-12-01T00:00:00Z' });
              dispatchEditor({ type: 'compileEnded' });
            });
            resolve({});
          };
        }),
    );
    renderHook(() => useAutoCompile(compile, true));
    for (const text of ['a', 'a b', 'a b c']) {
      type(text);
      await act(() => vi.advanceTimersByTimeAsync(AUTO_COMPILE_DELAY_MS / 3));
    }
    expect(compile).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(AUTO_COMPILE_DELAY_MS));
    expect(compile).toHaveBeenCalledTimes(1);
    // Typing on while it runs starts no second compile.
    type('a b c d');
    await act(() => vi.advanceTimersByTimeAsync(3 * AUTO_COMPILE_DELAY_MS));
    expect(compile).toHaveBeenCalledTimes(1);
    // Once it ends, the newer text is compiled after the quiet time.
    await act(async () => finish!());
    await act(() => vi.advanceTimersByTimeAsync(AUTO_COMPILE_DELAY_MS + 10));
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("holds back for the server's Retry-After, and does not retry the same text after a failure", async () => {
    act(() => autoCompileSwitch.dispatch(true));
    const outcomes: CompileOutcome[] = [{ failed: true, retryAfterSeconds: 20 }, { failed: true }];
    const compile = vi.fn(async () => outcomes.shift() ?? {});
    renderHook(() => useAutoCompile(compile, true));
    type('x');
    await act(() => vi.advanceTimersByTimeAsync(AUTO_COMPILE_DELAY_MS + 10));
    expect(compile).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(compile).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(compile).toHaveBeenCalledTimes(2);
    // That one failed outright: nothing more until the text changes.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(compile).toHaveBeenCalledTimes(2);
    type('xy');
    await act(() => vi.advanceTimersByTimeAsync(AUTO_COMPILE_DELAY_MS + 10));
    expect(compile).toHaveBeenCalledTimes(3);
  });

  it('never for a visitor', async () => {
    act(() => autoCompileSwitch.dispatch(true));
    const compile = vi.fn(async (): Promise<CompileOutcome> => ({}));
    renderHook(() => useAutoCompile(compile, false));
    type('x');
    await act(() => vi.advanceTimersByTimeAsync(10 * AUTO_COMPILE_DELAY_MS));
    expect(compile).not.toHaveBeenCalled();
  });
});
