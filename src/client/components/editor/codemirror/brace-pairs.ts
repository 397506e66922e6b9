// Brace pairing that never changes what a person types. Typing `{` also inserts its `}` (not after
// a backslash, not in a comment, not before a word), and that `}` is remembered; typing `}` where a
// remembered one waits — right at the cursor, or after the blank lines Enter opened between the
// pair — steps over it instead of adding another. Backspace in an empty pair removes both. So any
// balanced text typed key by key ends up exactly as typed (indentation aside), which the library's
// pairing plus its `\begin` auto-close did not: `\begin{itemize}` became `\end{itemize}}`.
import { EditorSelection, MapMode, Prec, StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

const remember = StateEffect.define<number>();
const forget = StateEffect.define<number>();

/** Positions of the `}` characters this extension inserted and the person has not typed over. */
const pendingClosers = StateField.define<readonly number[]>({
  create: () => [],
  update(value, tr) {
    let next: number[] = [];
    for (const pos of value) {
      const mapped = tr.changes.mapPos(pos, 1, MapMode.TrackDel);
      if (mapped !== null) next.push(mapped);
    }
    for (const e of tr.effects) {
      if (e.is(remember)) next.push(e.value);
      else if (e.is(forget)) next = next.filter((p) => p !== e.value);
    }
    // Keep only positions that still hold a `}` (an edit may have replaced it).
    return next.filter((p) => tr.newDoc.sliceString(p, p + 1) === '}').sort((a, b) => a - b);
  },
});

const WORD = /[\p{L}\p{N}_]/u;
const MAX_GAP = 400;

function escaped(state: EditorState, pos: number): boolean {
  let n = 0;
  const lineStart = state.doc.lineAt(pos).from;
  while (pos - n > lineStart && state.doc.sliceString(pos - n - 1, pos - n) === '\\') n++;
  return n % 2 === 1;
}

/** A `%` earlier on the line that is not `\%` starts a comment. */
function inComment(state: EditorState, pos: number): boolean {
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  for (let i = before.indexOf('%'); i >= 0; i = before.indexOf('%', i + 1)) {
    if (!escaped(state, line.from + i)) return true;
  }
  return false;
}

/** The remembered `}` the cursor may step over: at the cursor, or after whitespace only. */
function closerAhead(state: EditorState, pos: number): number | null {
  const pending = state.field(pendingClosers);
  const end = Math.min(state.doc.length, pos + MAX_GAP);
  const ahead = state.doc.sliceString(pos, end);
  let i = 0;
  while (i < ahead.length && (ahead[i] === ' ' || ahead[i] === '\t' || ahead[i] === '\n')) i++;
  if (ahead[i] !== '}') return null;
  return pending.includes(pos + i) ? pos + i : null;
}

function handleInput(view: EditorView, from: number, to: number, text: string): boolean {
  const { state } = view;
  if (state.readOnly || state.selection.ranges.length > 1) return false;
  if (text === '{') {
    if (escaped(state, from) || inComment(state, from)) return false;
    if (from !== to) {
      // Typing `{` over a selection wraps it.
      view.dispatch({
        changes: [
          { from, insert: '{' },
          { from: to, insert: '}' },
        ],
        selection: EditorSelection.range(from + 1, to + 1),
        userEvent: 'input.type',
      });
      return true;
    }
    const next = state.doc.sliceString(from, from + 1);
    if (next && WORD.test(next)) return false;
    view.dispatch({
      changes: { from, insert: '{}' },
      selection: EditorSelection.cursor(from + 1),
      effects: remember.of(from + 1),
      userEvent: 'input.type',
      scrollIntoView: true,
    });
    return true;
  }
  if (text === '}' && from === to) {
    const closer = closerAhead(state, from);
    if (closer === null) return false;
    // The gap was opened by Enter between the pair; the typed `}` closes right here.
    view.dispatch({
      changes: { from, to: closer + 1, insert: '}' },
      selection: EditorSelection.cursor(from + 1),
      effects: forget.of(closer),
      userEvent: 'input.type',
      scrollIntoView: true,
    });
    return true;
  }
  return false;
}

function deleteEmptyPair(view: EditorView): boolean {
  const { state } = view;
  const range = state.selection.main;
  if (state.selection.ranges.length > 1 || !range.empty) return false;
  const pos = range.head;
  if (state.doc.sliceString(pos - 1, pos + 1) !== '{}' || !state.field(pendingClosers).includes(pos)) return false;
  view.dispatch({ changes: { from: pos - 1, to: pos + 1 }, selection: EditorSelection.cursor(pos - 1), userEvent: 'delete.backward' });
  return true;
}

/** Remembers a `}` inserted by other means (a completion) so typing `}` steps over it too. */
export const rememberCloser = (pos: number) => remember.of(pos);

export function bracePairs(): Extension {
  return [pendingClosers, EditorView.inputHandler.of(handleInput), Prec.high(keymap.of([{ key: 'Backspace', run: deleteEmptyPair }]))];
}
