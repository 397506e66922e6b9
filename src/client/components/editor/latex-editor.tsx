// The editable LaTeX view: CodeMirror 6 with LaTeX highlighting. Loaded lazily with the editor
// page's code tab. The parent can jump to a line through the handle.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { EditorView, basicSetup } from 'codemirror';
import { EditorSelection, EditorState } from '@codemirror/state';
import { latex } from 'codemirror-lang-latex';

export interface LatexEditorHandle {
  goToLine: (line: number) => void;
  focus: () => void;
}

export interface LatexEditorProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#ffffff' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#475569', borderRight: '1px solid #e2e8f0' },
  '.cm-activeLineGutter': { backgroundColor: '#e0e7ff', color: '#1e1b4b' },
  '.cm-activeLine': { backgroundColor: '#eef2ff80' },
  '&.cm-focused': { outline: '2px solid #4f46e5', outlineOffset: '-2px' },
});

const LatexEditor = forwardRef<LatexEditorHandle, LatexEditorProps>(function LatexEditor({ value, onChange, label = 'LaTeX code' }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          latex({ enableLinting: false, enableTooltips: false, autoCloseTags: true }),
          EditorView.lineWrapping,
          theme,
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The document is synchronised below; the view is created once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Outside changes (a new generation, opening a document) replace the text.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const currentText = v.state.doc.toString();
    if (currentText !== value) {
      v.dispatch({ changes: { from: 0, to: currentText.length, insert: value } });
    }
  }, [value]);

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const v = view.current;
      if (!v) return;
      const n = Math.max(1, Math.min(line, v.state.doc.lines));
      const target = v.state.doc.line(n);
      v.dispatch({
        selection: EditorSelection.single(target.from, target.to),
        effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
      });
      v.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="latex-editor" />;
});

export default LatexEditor;
