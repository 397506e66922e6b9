// Auto-compile (docs/product.md, Editor): with the switch on, the LaTeX is compiled a moment after
// typing stops, as Overleaf's does. Off by default, as in Overleaf (its switch is kept per project,
// default false): every compile counts against the person's per-minute compile limit. Never two
// compiles at once (it waits for the one running, and compile() itself refuses a second); when the
// server refuses (429 or 503) it holds back for the Retry-After it was given; after any other failure
// it waits for the next edit instead of trying the same text again. The switch is kept on this device.
import { useEffect, useRef, useState } from 'react';
import type { CompileOutcome } from './editor-actions';
import { useEditorState } from './editor-store';
import { createReducerStore, useStoreState } from './reducer-store';
import { readLocal, writeLocal } from './storage';

/** Quiet time after the last keystroke before compiling. */
export const AUTO_COMPILE_DELAY_MS = 1500;
const KEY = 'latexgen.autoCompile';

export const autoCompileSwitch = createReducerStore<boolean, boolean>(
  (_, on) => on,
  () => readLocal(KEY) === 'true',
);
autoCompileSwitch.subscribe(() => writeLocal(KEY, String(autoCompileSwitch.getState())));

export const useAutoCompileSwitch = (): boolean => useStoreState(autoCompileSwitch);

export function useAutoCompile(compile: () => Promise<CompileOutcome>, signedIn: boolean): void {
  const on = useAutoCompileSwitch();
  const { latexContent, compiledLatex, isCompiling } = useEditorState();
  const holdUntil = useRef(0);
  /** LaTeX whose compile failed without a result: not tried again until it changes. */
  const failedOn = useRef<string | null>(null);
  const [wake, setWake] = useState(0);

  useEffect(() => {
    if (!on || !signedIn || isCompiling) return;
    if (!latexContent.trim() || latexContent === compiledLatex || latexContent === failedOn.current) return;
    const wait = Math.max(AUTO_COMPILE_DELAY_MS, holdUntil.current - Date.now());
    const timer = setTimeout(() => {
      const latex = latexContent;
      void compile().then((outcome) => {
        if (outcome.retryAfterSeconds) {
          holdUntil.current = Date.now() + outcome.retryAfterSeconds * 1000;
          setWake((n) => n + 1);
        } else if (outcome.failed) {
          failedOn.current = latex;
        }
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [on, signedIn, isCompiling, latexContent, compiledLatex, compile, wake]);
}
