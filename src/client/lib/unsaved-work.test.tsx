// @vitest-environment happy-dom
// Nothing typed is ever lost (docs/product.md, Editor): random sequences of edits to the notes and
// the LaTeX, CodeMirror undos, "Start over" and page reloads, run against the real LaTeX editor
// (CodeMirror with the app's set-up), the editor's store and its drafts in local storage. After every
// step the last non-empty work is on screen or among the earlier work kept on this device, and
// after a reload undo never goes past the restored text.
import fc from 'fast-check';
import { act, cleanup, render } from '@testing-library/react';
import { undo } from '@codemirror/commands';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import LatexEditor from '../components/editor/latex-editor';
import { keptDrafts } from './drafts';
import { adoptDraftOwner, dispatchEditor, editorStore, flushDraftNow, resetDraftTracking, resetEditor, useEditorState } from './editor-store';

const OWNER = 'user-1';
const SEED_ENV = process.env['LATEXGEN_PROPERTY_SEED'];
const SEED = SEED_ENV === 'random' ? Date.now() % 2_147_483_647 : Number(SEED_ENV ?? 20_261_204);

function Editor() {
  const s = useEditorState();
  return <LatexEditor value={s.latexContent} onChange={(latex) => dispatchEditor({ type: 'latex', latex })} />;
}

function view(): EditorView {
  const el = document.querySelector<HTMLElement>('.cm-editor');
  const v = el ? EditorView.findFromDOM(el) : null;
  if (!v) throw new Error('no editor on the page');
  return v;
}

/** A new page view: the draft written as the page goes, a fresh store, the editor mounted, the draft taken back. */
function reload(): void {
  flushDraftNow();
  cleanup();
  resetDraftTracking();
  resetEditor();
  render(<Editor />);
  act(() => {
    adoptDraftOwner(OWNER);
  });
}

type Step =
  | { kind: 'typeLatex'; at: number; text: string }
  | { kind: 'deleteLatex'; from: number; length: number }
  | { kind: 'selectAllDelete' }
  | { kind: 'typeNotes'; text: string }
  | { kind: 'clearNotes' }
  | { kind: 'undo'; times: number }
  | { kind: 'startOver' }
  | { kind: 'reload' };

const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\\', '{', '}', '\n', 'é'), minLength: 1, maxLength: 12 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('typeLatex' as const), at: fc.nat(), text }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('deleteLatex' as const), from: fc.nat(), length: fc.nat({ max: 30 }) }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'selectAllDelete' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('typeNotes' as const), text }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'clearNotes' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('undo' as const), times: fc.integer({ min: 1, max: 6 }) }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'startOver' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'reload' as const }), weight: 2 },
);

function apply(s: Step): void {
  const v = view();
  const doc = v.state.doc.toString();
  act(() => {
    switch (s.kind) {
      case 'typeLatex': {
        const at = s.at % (doc.length + 1);
        v.dispatch({ changes: { from: at, insert: s.text }, userEvent: 'input.type' });
        break;
      }
      case 'deleteLatex': {
        const from = s.from % (doc.length + 1);
        v.dispatch({ changes: { from, to: Math.min(doc.length, from + s.length) }, userEvent: 'delete' });
        break;
      }
      case 'selectAllDelete':
        v.dispatch({ changes: { from: 0, to: doc.length }, userEvent: 'delete' });
        break;
      case 'typeNotes':
        dispatchEditor({ type: 'input', text: editorStore.getState().inputContent + s.text });
        break;
      case 'clearNotes':
        dispatchEditor({ type: 'input', text: '' });
        break;
      case 'undo':
        for (let i = 0; i < s.times; i++) undo(v);
        break;
      case 'startOver':
        resetEditor();
        break;
      case 'reload':
        break;
    }
  });
  if (s.kind === 'reload') reload();
  flushDraftNow();
}

const work = () => {
  const { inputContent, latexContent } = editorStore.getState();
  return { inputContent, latexContent };
};
const blank = (w: { inputContent: string; latexContent: string }) => !w.inputContent.trim() && !w.latexContent.trim();

beforeEach(() => {
  localStorage.clear();
  resetDraftTracking();
  resetEditor();
});
afterEach(() => cleanup());

describe('unsaved work', () => {
  it('the issue\'s sequence: after a reload one Ctrl+Z leaves the restored LaTeX, and a reload later still has it', () => {
    const latex = '\\documentclass{article}\n\\begin{document}\nRiver notes\n\\end{document}\n';
    render(<Editor />);
    act(() => {
      adoptDraftOwner(OWNER);
      dispatchEditor({ type: 'input', text: '# River notes' });
      dispatchEditor({ type: 'latex', latex });
    });
    reload();
    expect(view().state.doc.toString()).toBe(latex);
    act(() => {
      expect(undo(view())).toBe(false);
    });
    expect(view().state.doc.toString()).toBe(latex);
    reload();
    expect(work()).toEqual({ inputContent: '# River notes', latexContent: latex });
  });

  it('emptying the editor keeps the work it held as earlier work', () => {
    render(<Editor />);
    act(() => {
      adoptDraftOwner(OWNER);
      dispatchEditor({ type: 'input', text: 'notes worth keeping' });
    });
    flushDraftNow();
    act(() => resetEditor());
    flushDraftNow();
    expect(keptDrafts(OWNER).map((k) => k.draft.inputContent)).toEqual(['notes worth keeping']);
  });

  it('random edits, undos, start-overs and reloads: the last non-empty work is always recoverable', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        localStorage.clear();
        cleanup();
        resetDraftTracking();
        resetEditor();
        render(<Editor />);
        act(() => {
          adoptDraftOwner(OWNER);
        });
        let lastNonEmpty: { inputContent: string; latexContent: string } | null = null;
        for (const s of steps) {
          const loaded = s.kind === 'reload';
          apply(s);
          const now = work();
          if (!blank(now)) lastNonEmpty = now;
          if (lastNonEmpty) {
            const onScreen = now.inputContent === lastNonEmpty.inputContent && now.latexContent === lastNonEmpty.latexContent;
            const kept = keptDrafts(OWNER).some((k) => k.draft.inputContent === lastNonEmpty!.inputContent && k.draft.latexContent === lastNonEmpty!.latexContent);
            expect(onScreen || kept, `lost ${JSON.stringify(lastNonEmpty)} after ${JSON.stringify(s)}`).toBe(true);
          }
          if (loaded) {
            // Undo right after a reload changes nothing: loading was not an edit.
            const before = view().state.doc.toString();
            act(() => {
              undo(view());
            });
            expect(view().state.doc.toString()).toBe(before);
          }
          // The editor and the store never disagree.
          expect(view().state.doc.toString()).toBe(editorStore.getState().latexContent);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
