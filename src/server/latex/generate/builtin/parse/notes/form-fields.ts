// A title block typed as a school form, the fields first and the title under them: "Name: Jordan
// Reyes" / "Course: HIST 214" / "Date: March 3, 2025", then "Printing, Pamphlets and Protest" (on
// the next line or after a blank line). The fields are the title page's; the line under them is
// the title, never "Name: Jordan Reyes".
import { isDateLine } from './dates.js';
import { authorOf, isPersonName, labelled } from './people.js';
import { isTitleLine, readTitleBlock, type TitleBlock } from './title-block.js';

export interface FieldsFirst {
  block: TitleBlock;
  /** The title was the first line of the next block (the fields' block is all fields). */
  titleFromNext: boolean;
}

/**
 * The title block of `texts` (the note's first block) when its first line names the writer by a
 * label ("Name: …", "Student: …") and a plain line below it, or the next block's one line, is the
 * title; null otherwise.
 */
export function fieldsFirst(texts: readonly string[], next: readonly string[] | undefined): FieldsFirst | null {
  const lead = texts[0] ?? '';
  if (labelled(lead) === null || authorOf(lead, true) === null || texts.length > 10) return null;
  const plain = (t: string): boolean => labelled(t) === null && isTitleLine(t) && !isDateLine(t) && !isPersonName(t);
  const at = texts.findIndex((t, k) => k > 0 && plain(t));
  const own = at > 0 ? (texts[at] as string) : undefined;
  const fromNext = own === undefined && next?.length === 1 && plain(next[0] as string) ? (next[0] as string) : undefined;
  const title = own ?? fromNext;
  if (title === undefined) return null;
  const fields = texts.filter((_, k) => k !== at);
  const block = readTitleBlock(['', ...fields], 0, title);
  return block && block.used === fields.length + 1 && block.meta.author !== undefined ? { block, titleFromNext: fromNext !== undefined } : null;
}
