// The LaTeX editor's extensions: basicSetup's pieces minus its bracket closing and completion
// (replaced by brace pairing that keeps typed text intact and LaTeX-aware completion), LaTeX
// highlighting and folding from codemirror-lang-latex without its `\begin` auto-close, and the
// line mark for jumps.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { latex } from 'codemirror-lang-latex';
import { bracePairs } from './brace-pairs';
import { latexAutocompletion } from './latex-completion';
import { lineFlash } from './line-flash';

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#ffffff' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#475569', borderRight: '1px solid #e2e8f0' },
  '.cm-activeLineGutter': { backgroundColor: '#e0e7ff', color: '#1e1b4b' },
  '.cm-activeLine': { backgroundColor: '#eef2ff80' },
  '&.cm-focused': { outline: '2px solid #4f46e5', outlineOffset: '-2px' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: '#4338ca', color: '#ffffff' },
});

export interface LatexSetupOptions {
  label: string;
  onChange: (text: string) => void;
}

export function latexEditorExtensions({ label, onChange }: LatexSetupOptions): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    // The default style draws invalid text (after \end{document}) in #f00, 4.0:1 on white: darker here.
    syntaxHighlighting(HighlightStyle.define([{ tag: tags.invalid, color: '#b91c1c' }])),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap]),
    latex({ autoCloseTags: false, autoCloseBrackets: false, enableAutocomplete: false, enableLinting: false, enableTooltips: false }),
    bracePairs(),
    latexAutocompletion(),
    lineFlash(),
    EditorView.lineWrapping,
    theme,
    // An explicit tabindex: axe counts a contenteditable without one as not focusable, and then
    // reports the scrolling code area as a region the keyboard cannot reach.
    EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
  ];
}
