// A speaker's notes typed on a slide of a plain deck ("notes: thank Marco …", "Speaker notes:",
// "Notizen:", "Notas:"): everything from the label to the slide's end is what the speaker says,
// not what the audience reads (beamer's \note).
import type { Block } from '../../tree.js';
import type { NoteLine } from './lines.js';

const SPEAKER_NOTES = /^(?:speaker\s+notes?|notes|notizen|notas|remarques|заметки|备注|メモ)\s*[:：]\s*/iu;

/** The speaker's notes opening at line i, up to a separator line or the block's end, and the line after them; null when line i opens none. */
export function speakerNotesAt(marked: ReadonlyArray<{ line: NoteLine }>, i: number, separator: (j: number) => boolean): { block: Block; next: number } | null {
  const label = SPEAKER_NOTES.exec(marked[i]?.line.text ?? '');
  if (!label) return null;
  let j = i + 1;
  while (j < marked.length && !separator(j)) j++;
  const said = [(marked[i]?.line.text ?? '').slice(label[0].length).trim(), ...marked.slice(i + 1, j).map((m) => m.line.text)].filter(Boolean);
  return { block: { kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: said.join('\n') }] }] }, next: j };
}

/** A remark typed after a heading, past a wide gap and an arrow ("CLIENT DIGNITY   <- most important slide, slow down here"). */
export const HEADING_REMARK = /(?<!\s)\s{2,}(?:<-+|←|<=+)\s*(?=\S)/u;

/** The remark as the speaker's note on the heading's slide (beside the text elsewhere, marked as a note). */
export function remarkNote(text: string): Block {
  return { kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: text.trim() }] }] };
}
