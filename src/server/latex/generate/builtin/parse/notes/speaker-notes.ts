// A speaker's notes typed on a slide of a deck ("notes: thank Marco …", "Speaker notes:",
// "Sprechernotiz:", "Notas:", "(notes: …)", "(say: …)", "(säg: …)"): everything from the label to the slide's end is what the speaker says,
// not what the audience reads (beamer's \note).
import type { Block } from '../../tree.js';
import type { NoteLine } from './lines.js';

export const SPEAKER_NOTES = /^\(?(?:(?:speaker|presenter)(?:'s)?\s+notes?|notes?\s+to\s+(?:self|myself)|notes?|notizen|sprechernotiz(?:en)?|redner(?:notiz(?:en)?|hinweis)|notas?(?:\s+(?:do|da|del)\s+(?:apresentador|apresentadora|orador|oradora|ponente))?|notes?\s+(?:de|pour)\s+l[’']orat(?:eur|rice)|remarques|note\s+per\s+il\s+relatore|заметки(?:\s+(?:докладчика|для\s+докладчика|спикера))?|notatki(?:\s+(?:prelegenta|mówcy))?|备注|演讲者备注|讲者备注|講者備註|メモ|発表者メモ|発表メモ|ノート|발표자?\s*(?:노트|메모)|스피커\s*노트|talking\s+points|vortragsnotiz(?:en)?|konuşmacı\s+notu?|notlar|ghi\s+chú(?:\s+(?:cho\s+)?người\s+(?:thuyết\s+trình|nói|trình\s+bày))?|σημειώσεις(?:\s+ομιλητή)?|ملاحظات(?:\s+المتحدث|\s+المقدم)?|(?:वक्ता\s+)?(?:नोट्स|टिप्पणी)|話すこと|言うこと|トーク|台本|讲稿|발표\s*대본|대본|הערות(?:\s+(?:למרצה|לדובר))?|یادداشت(?:\s+سخنران)?|sprekers?notities?|spreeknotities?|catatan(?:\s+(?:pembicara|presenter|penyaji))?|say|säg|sig|sag|sagen|dire|decir|dizer|diga|скажи|powiedz|zeg|söyle|bilang|katakan|ucapkan|말할\s*것|말하기|멘트|říct|řekni|speaker|talare)(?:\s*[:：]|\s+[–—-](?=\s))\s*/iu;

/** The speaker's notes opening at line i, up to a separator line or the block's end, and the line after them; null when line i opens none. */
export function speakerNotesAt(marked: ReadonlyArray<{ line: NoteLine }>, i: number, separator: (j: number) => boolean): { block: Block; next: number } | null {
  const label = SPEAKER_NOTES.exec(marked[i]?.line.text ?? '');
  if (!label) return null;
  let j = i + 1;
  while (j < marked.length && !separator(j)) j++;
  const first = (marked[i]?.line.text ?? '').slice(label[0].length).trim();
  // "(notes: thank everyone for coming)": the brackets were the typist's way to set it apart.
  const said = [label[0].startsWith('(') ? first.replace(/\)$/, '') : first, ...marked.slice(i + 1, j).map((m) => m.line.text)].filter(Boolean);
  return { block: { kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: said.join('\n') }] }] }, next: j };
}

/** A remark typed after a heading, past a wide gap and an arrow ("CLIENT DIGNITY   <- most important slide, slow down here"). */
export const HEADING_REMARK = /(?<!\s)\s{2,}(?:<-+|←|<=+)\s*(?=\S)/u;

/** The remark as the speaker's note on the heading's slide (beside the text elsewhere, marked as a note). */
export function remarkNote(text: string): Block {
  return { kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: text.trim() }] }] };
}
