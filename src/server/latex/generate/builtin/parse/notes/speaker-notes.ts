// A speaker's notes typed on a slide of a plain deck ("notes: thank Marco …", "Speaker notes:",
// "Notizen:", "Notas:"): everything from the label to the slide's end is what the speaker says,
// not what the audience reads (beamer's \note).
import type { Block } from '../../tree.js';
import type { NoteLine } from './lines.js';

const SPEAKER_NOTES = /^(?:speaker\s+notes?|notes|notizen|notas|remarques|заметки|备注|メモ)\s*[:：]\s*/iu;

/** The speaker's notes opening at line i, up to a separator line or the block's end, and the line after them; null when line i opens none. */
export function speakerNotesAt(lines: readonly NoteLine[], i: number, separator: (j: number) => boolean): { block: Block; next: number } | null {
  const label = SPEAKER_NOTES.exec(lines[i]?.text ?? '');
  if (!label) return null;
  let j = i + 1;
  while (j < lines.length && !separator(j)) j++;
  const said = [(lines[i] as NoteLine).text.slice(label[0].length).trim(), ...lines.slice(i + 1, j).map((l) => l.text)].filter(Boolean);
  return { block: { kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: said.join('\n') }] }] }, next: j };
}
