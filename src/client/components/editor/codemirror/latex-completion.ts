// LaTeX autocompletion: commands after `\`, environments after `\begin{` (inserting the matching
// `\end`) and `\end{` (the innermost open one first), and the document's own labels after `\ref{`.
// Tab (or a click) inserts the highlighted suggestion; Enter only does once the person has moved
// into the list with the arrow keys, so pressing Enter at the end of a line is always a new line.
import {
  acceptCompletion,
  autocompletion,
  closeCompletion,
  completionStatus,
  moveCompletionSelection,
  pickedCompletion,
  selectedCompletionIndex,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { EditorSelection, Prec, type EditorState, type Extension, type StateEffect } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { latexCompletions } from 'codemirror-lang-latex';
import { rememberCloser } from './brace-pairs';

/** Commands that take braced arguments, and how many (the rest are inserted bare). */
const ARGUMENTS: Record<string, number> = {
  '\\documentclass': 1, '\\usepackage': 1, '\\title': 1, '\\author': 1, '\\date': 1,
  '\\part': 1, '\\chapter': 1, '\\section': 1, '\\subsection': 1, '\\subsubsection': 1, '\\paragraph': 1, '\\subparagraph': 1,
  '\\label': 1, '\\ref': 1, '\\eqref': 1, '\\pageref': 1, '\\cite': 1, '\\nocite': 1, '\\bibitem': 1,
  '\\bibliography': 1, '\\bibliographystyle': 1, '\\footnote': 1, '\\url': 1, '\\href': 2,
  '\\textbf': 1, '\\textit': 1, '\\texttt': 1, '\\textsf': 1, '\\textrm': 1, '\\textsc': 1, '\\emph': 1, '\\underline': 1,
  '\\textcolor': 2, '\\colorbox': 2, '\\includegraphics': 1, '\\caption': 1, '\\frac': 2, '\\sqrt': 1, '\\text': 1,
  '\\mathbf': 1, '\\mathrm': 1, '\\mathit': 1, '\\mathcal': 1, '\\mathbb': 1, '\\hat': 1, '\\bar': 1, '\\vec': 1,
  '\\tilde': 1, '\\overline': 1, '\\underbrace': 1, '\\overbrace': 1, '\\begin': 1, '\\end': 1,
};

const EXTRA_COMMANDS = ['\\eqref', '\\footnote', '\\url', '\\href', '\\text', '\\mathbf', '\\mathrm', '\\mathbb', '\\mathcal', '\\hline', '\\newline', '\\noindent', '\\centering'];

const COMMANDS: readonly string[] = [...new Set([...latexCompletions.commands, ...latexCompletions.mathCommands, ...EXTRA_COMMANDS])];
const ENVIRONMENTS: readonly string[] = latexCompletions.environments;

/**
 * Inserts text with the cursor at `cursor` (an offset into it) and remembers the `}`s it added.
 * Inside a brace group that the text closes itself (`\begin{ite|}`), the `}` already after the
 * cursor is replaced rather than doubled.
 */
function insertion(text: string, cursor: number, closers: number[], closesGroup = false) {
  return (view: EditorView, completion: Completion, from: number, to: number) => {
    const end = closesGroup && view.state.doc.sliceString(to, to + 1) === '}' ? to + 1 : to;
    const effects: StateEffect<unknown>[] = closers.map((offset) => rememberCloser(from + offset));
    view.dispatch({
      changes: { from, to: end, insert: text },
      selection: EditorSelection.cursor(from + cursor),
      effects,
      annotations: pickedCompletion.of(completion),
      userEvent: 'input.complete',
      scrollIntoView: true,
    });
  };
}

function commandCompletion(name: string): Completion {
  const args = ARGUMENTS[name] ?? 0;
  if (!args) return { label: name, type: 'function' };
  const text = name + '{}'.repeat(args);
  // The cursor goes into the first argument; the first `}` is the one to type over.
  return { label: name, type: 'function', detail: '{…}'.repeat(args), apply: insertion(text, name.length + 1, [name.length + 1]) };
}

const COMMAND_OPTIONS: readonly Completion[] = COMMANDS.map(commandCompletion);

function indentationAt(state: EditorState, pos: number): string {
  const line = state.doc.lineAt(pos);
  return /^[ \t]*/.exec(line.text)?.[0] ?? '';
}

function environmentCompletion(state: EditorState, name: string, from: number): Completion {
  const indent = indentationAt(state, from);
  const body = `\n${indent}  `;
  const text = `${name}}${body}\n${indent}\\end{${name}}`;
  return { label: name, type: 'type', detail: 'environment', apply: insertion(text, name.length + 1 + body.length, [], true) };
}

/** Environments opened before `pos` and not closed yet, innermost last. */
export function openEnvironments(text: string): string[] {
  const open: string[] = [];
  for (let i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 1)) {
    const isBegin = text.startsWith('\\begin{', i);
    if (!isBegin && !text.startsWith('\\end{', i)) continue;
    const start = i + (isBegin ? 7 : 5);
    const close = text.indexOf('}', start);
    if (close < 0 || close - start > 40) continue;
    const name = text.slice(start, close);
    if (isBegin) open.push(name);
    else {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.splice(at, 1);
    }
  }
  return open;
}

/** Every `\label{…}` in the document. */
export function labelsIn(text: string): string[] {
  const labels = new Set<string>();
  for (let i = text.indexOf('\\label{'); i >= 0; i = text.indexOf('\\label{', i + 7)) {
    const close = text.indexOf('}', i + 7);
    if (close > i + 7 && close - i < 207) labels.add(text.slice(i + 7, close));
  }
  return [...labels];
}

export function latexCompletionSource(context: CompletionContext): CompletionResult | null {
  const env = context.matchBefore(/\\(?:begin|end)\{[A-Za-z*]*$/);
  if (env) {
    const from = env.from + env.text.indexOf('{') + 1;
    if (env.text.startsWith('\\begin')) {
      return { from, options: ENVIRONMENTS.map((name) => environmentCompletion(context.state, name, env.from)), validFor: /^[A-Za-z*]*$/ };
    }
    const open = openEnvironments(context.state.doc.sliceString(0, env.from));
    const innermost = open.at(-1);
    const options = [...new Set([...open.reverse(), ...ENVIRONMENTS])].map((name, i) => ({
      label: name,
      type: 'type',
      boost: name === innermost ? 99 : i < open.length ? 50 - i : 0,
      apply: insertion(`${name}}`, name.length + 1, [], true),
    }));
    return { from, options, validFor: /^[A-Za-z*]*$/ };
  }
  const ref = context.matchBefore(/\\(?:ref|eqref|pageref|autoref|cref)\{[^}\s]*$/);
  if (ref) {
    const labels = labelsIn(context.state.doc.toString());
    if (!labels.length) return null;
    return { from: ref.from + ref.text.indexOf('{') + 1, options: labels.map((l) => ({ label: l, type: 'variable', apply: insertion(`${l}}`, l.length + 1, [], true) })), validFor: /^[^}\s]*$/ };
  }
  const command = context.matchBefore(/\\[A-Za-z@]*$/);
  if (!command || (command.text.length < 2 && !context.explicit)) return null;
  return { from: command.from, options: COMMAND_OPTIONS, validFor: /^\\[A-Za-z@]*$/ };
}

/** Tab inserts the highlighted suggestion, or the first one when none is highlighted yet. */
function acceptWithTab(view: EditorView): boolean {
  if (completionStatus(view.state) !== 'active') return false;
  if (selectedCompletionIndex(view.state) === null) moveCompletionSelection(true)(view);
  return acceptCompletion(view);
}

const whenOpen = (command: (view: EditorView) => boolean) => (view: EditorView) => completionStatus(view.state) === 'active' && command(view);

export function latexAutocompletion(): Extension {
  return [
    autocompletion({ override: [latexCompletionSource], selectOnOpen: false, defaultKeymap: false, interactionDelay: 0, icons: false, maxRenderedOptions: 60 }),
    Prec.highest(
      keymap.of([
        { key: 'Tab', run: acceptWithTab },
        { key: 'Enter', run: acceptCompletion },
        { key: 'Escape', run: whenOpen(closeCompletion) },
        { key: 'ArrowDown', run: whenOpen(moveCompletionSelection(true)) },
        { key: 'ArrowUp', run: whenOpen(moveCompletionSelection(false)) },
        { key: 'PageDown', run: whenOpen(moveCompletionSelection(true, 'page')) },
        { key: 'PageUp', run: whenOpen(moveCompletionSelection(false, 'page')) },
      ]),
    ),
  ];
}
