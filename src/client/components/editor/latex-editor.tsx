// The editable LaTeX view: CodeMirror 6 set up for LaTeX (see codemirror/setup.ts). Loaded lazily
// with the editor page's code tab. The parent jumps to a line (errors, SyncTeX) and asks where the
// cursor is (Show in PDF) through the handle.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { EditorSelection, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { flashLine } from './codemirror/line-flash';
import { latexEditorExtensions } from './codemirror/setup';

export interface LatexEditorHandle {
  /** Selects line `line` (1-based), scrolls it into the middle, marks it and focuses the editor. */
  goToLine: (line: number) => void;
  /** The 1-based line of the cursor. */
  cursorLine: () => number;
  focus: () => void;
}

export interface LatexEditorProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
}

/**
 * Puts text that came from outside the editor into it as a new document: a fresh state, so the
 * undo history starts there. Returns whether anything changed (the editor's own edits come back
 * equal and are left alone).
 */
export function loadOutsideText(v: EditorView, text: string, extensions: Extension): boolean {
  if (v.state.doc.toString() === text) return false;
  v.setState(EditorState.create({ doc: text, extensions }));
  return true;
}

const LatexEditor = forwardRef<LatexEditorHandle, LatexEditorProps>(function LatexEditor({ value, onChange, label = 'LaTeX code' }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const extensions = useRef<Extension | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    extensions.current = latexEditorExtensions({ label, onChange: (text) => onChangeRef.current(text) });
    const v = new EditorView({ parent: host.current, state: EditorState.create({ doc: value, extensions: extensions.current }) });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The document is synchronised below; the view is created once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Outside changes (a restored draft, a new generation, opening a document or a version) load a
  // new text with a fresh undo history: loading is not an edit, so undo never goes past it
  // (docs/product.md, Editor).
  useEffect(() => {
    const v = view.current;
    if (v && extensions.current) loadOutsideText(v, value, extensions.current);
  }, [value]);

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const v = view.current;
      if (!v) return;
      const n = Math.max(1, Math.min(line, v.state.doc.lines));
      const target = v.state.doc.line(n);
      v.dispatch({ selection: EditorSelection.single(target.from, target.to), effects: [flashLine(target.from)] });
      // Centred in the editor's own scroller, the page left where it is: a scrollIntoView effect
      // scrolls every scrolling ancestor, the window too, which moved the panes on every double-click.
      const block = v.lineBlockAt(target.from);
      v.scrollDOM.scrollTop = Math.max(0, block.top - (v.scrollDOM.clientHeight - block.height) / 2);
      // (On a narrow screen the code may be below the fold: then it is brought in, as little as needed.)
      const box = v.dom.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight) v.dom.scrollIntoView({ block: 'nearest' });
      v.focus();
    },
    cursorLine() {
      const v = view.current;
      return v ? v.state.doc.lineAt(v.state.selection.main.head).number : 1;
    },
    focus() {
      view.current?.focus();
    },
  }));

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="latex-editor" />;
});

export default LatexEditor;
