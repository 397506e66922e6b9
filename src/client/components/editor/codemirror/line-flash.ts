// Marks the line a jump landed on (an error's "Go to line N", a double-click in the PDF) so the eye
// finds it: a background that fades out, cleared by the next jump or edit of that line.
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';

const flash = StateEffect.define<number | null>();

const flashedLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let next = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(flash)) next = e.value === null ? Decoration.none : Decoration.set([Decoration.line({ class: 'cm-flash-line' }).range(e.value)]);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The effect that marks the line starting at `lineStart` (null clears the mark). */
export const flashLine = (lineStart: number | null) => flash.of(lineStart);

export function lineFlash(): Extension {
  return [
    flashedLine,
    EditorView.baseTheme({
      '.cm-flash-line': { animation: 'cm-line-flash 2.4s ease-out forwards' },
      '@keyframes cm-line-flash': { from: { backgroundColor: '#fde68a' }, to: { backgroundColor: '#fef3c780' } },
    }),
  ];
}
