// @vitest-environment happy-dom
// Typing never breaks the document: random LaTeX typed key by key into the real editor set-up
// (brace pairing, completion, auto-indent) ends up as typed. Keys go the way a browser sends them:
// keydown through the keymaps, then (if no binding took the key) the input handlers, else the
// character is inserted as typed.
// The same property runs in Chromium (tests/e2e/latex-editing.spec.ts).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { EditorView, runScopeHandlers } from '@codemirror/view';
import { latexEditorExtensions } from './setup';
import { labelsIn, openEnvironments } from './latex-completion';
import { normaliseTyped, typedLatex } from './typed-latex.arbitrary';

const SEED_ENV = process.env['LATEXGEN_PROPERTY_SEED'];
const SEED = SEED_ENV === 'random' ? Date.now() % 2_147_483_647 : Number(SEED_ENV ?? 20_261_121);

let views: EditorView[] = [];
afterEach(() => {
  for (const v of views) v.destroy();
  views = [];
});

function editor(doc = ''): EditorView {
  const parent = document.createElement('div');
  document.body.append(parent);
  const view = new EditorView({ parent, state: EditorState.create({ doc, extensions: latexEditorExtensions({ label: 'LaTeX code', onChange: () => {} }) }) });
  views.push(view);
  return view;
}

function press(view: EditorView, key: string): boolean {
  return runScopeHandlers(view, new KeyboardEvent('keydown', { key }), 'editor');
}

function type(view: EditorView, text: string): void {
  for (const ch of text) {
    // A key first goes to the keymaps (keydown); only if none took it does the browser insert it.
    if (press(view, ch === '\n' ? 'Enter' : ch)) continue;
    if (ch === '\n') throw new Error('Enter was not handled');
    const { from, to } = view.state.selection.main;
    const plain = () => view.state.update({ changes: { from, to, insert: ch }, selection: { anchor: from + ch.length }, userEvent: 'input.type' });
    if (!view.state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, ch, plain))) view.dispatch(plain());
  }
}

describe('typing LaTeX key by key', () => {
  it('\\begin{itemize} leaves no stray brace', () => {
    const view = editor();
    type(view, '\\begin{itemize}\n\\item one\n\\end{itemize}\n');
    expect(normaliseTyped(view.state.doc.toString())).toBe('\\begin{itemize}\n\\item one\n\\end{itemize}\n');
  });

  it('pairs a brace, and typing the closing one steps over it, also after Enter between them', () => {
    const view = editor();
    type(view, '\\textbf{');
    expect(view.state.doc.toString()).toBe('\\textbf{}');
    type(view, 'x}');
    expect(view.state.doc.toString()).toBe('\\textbf{x}');
    type(view, ' \\emph{\ny}');
    expect(normaliseTyped(view.state.doc.toString())).toBe('\\textbf{x} \\emph{\ny}');
  });

  it('does not pair after a backslash, in a comment, or before a word', () => {
    const view = editor('word');
    type(view, '\\{ % {');
    expect(view.state.doc.toString()).toBe('\\{ % {word');
    view.dispatch({ selection: { anchor: view.state.doc.length - 4 } });
    type(view, '\n\\emph{');
    expect(view.state.doc.toString()).toBe('\\{ % {\n\\emph{word');
  });

  it('Backspace in an empty pair removes both braces', () => {
    const view = editor();
    type(view, 'a{');
    expect(press(view, 'Backspace')).toBe(true);
    expect(view.state.doc.toString()).toBe('a');
  });

  it('random LaTeX typed key by key comes out as typed', () => {
    fc.assert(
      fc.property(typedLatex, (text) => {
        const view = editor();
        type(view, text);
        expect(normaliseTyped(view.state.doc.toString())).toBe(normaliseTyped(text));
        view.destroy();
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

describe('completion helpers', () => {
  it('finds the environments still open and the labels', () => {
    expect(openEnvironments('\\begin{document}\\begin{itemize}\\begin{center}\\end{center}')).toEqual(['document', 'itemize']);
    expect(labelsIn('\\label{eq:1} x \\label{sec:a}\\label{eq:1}')).toEqual(['eq:1', 'sec:a']);
  });
});
