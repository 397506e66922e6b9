// A title block typed as a school form, the fields first and the title under them: "Name: Jordan
// Reyes" / "Course: HIST 214" / "Date: March 3, 2025", then "Printing, Pamphlets and Protest" (on
// the next line or after a blank line). The fields are the title page's; the line under them is
// the title, never "Name: Jordan Reyes".
import { isDateLine } from './dates.js';
import { authorOf, isPersonName, labelled } from './people.js';
import { isTitleLine, readTitleBlock, type TitleBlock } from './title-block.js';

export interface FieldsFirst {
  block: TitleBlock;
  /** Blocks of the note the title block took (2 when the title was the first line of the next block). */
  segments: number;
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
  return block && block.used === fields.length + 1 && block.meta.author !== undefined ? { block, segments: fromNext !== undefined ? 2 : 1 } : null;
}

// A school's or a lab's header over the title block, as report forms have it: "POLITECHNIKA
// WROCŁAWSKA" / "Wydział Podstawowych Problemów Techniki" / "Laboratorium Fizyki 1", a blank line,
// then "SPRAWOZDANIE Z ĆWICZENIA NR 3" and its topic. The header names where the work was done; the
// title is the next block's, and the header's lines go on the title page with the other facts.
/** Words that name a school, a faculty, a department or a lab. */
const INSTITUTION =
  /(?:^|[\s,(])(?:universit(?:y|ät|at|é|à|ad|ade|eit|as|ată)|uniwersytet|politechnika|politecnico|akademia|academy|hochschule|fachhochschule|école|lycée|collège|instituto|institut[eo]?|institute|faculty|faculté|facultad|faculdade|fakultät|wydział|department|departamento|département|dipartimento|fachbereich|school of|escuela|escola|colegio|gymnasium|liceo|college|laborator(?:y|ium|io|ire|ium)|katedra|zakład|кафедра|факультет|университет|институт|лаборатория|üniversitesi|fakültesi|bölümü)(?=$|[\s,)])|大学|学院|学部|大學|대학교|학과|جامعة|كلية|אוניברסיט/iu;

/** A header line: short, no sentence, no label, no date. */
function headerLine(t: string): boolean {
  return t.length <= 90 && !/[.:;,!?]$/u.test(t) && labelled(t) === null && !isDateLine(t);
}

/**
 * The title block under an institution's header (`texts`, the note's first block; `next` and
 * `after` the blocks under it), its lines first among the title page's facts; null when the first
 * block is no such header.
 */
export function institutionFirst(texts: readonly string[], next: readonly string[] | undefined, after: readonly string[] | undefined): FieldsFirst | null {
  if (texts.length === 0 || texts.length > 5 || !INSTITUTION.test(texts[0] ?? '') || !texts.every(headerLine) || !next || next.length > 12) return null;
  const own = readTitleBlock([...next], 0);
  if (!own || own.used !== next.length) return null;
  // A block of fields under the title ("Imię i nazwisko: …" / "Grupa: …"): the title page's too.
  const fields = after && after.length <= 12 && after.every((t) => labelled(t) !== null) ? readTitleBlock([...next, ...after], 0) : null;
  const taken = fields && fields.used === next.length + (after?.length ?? 0) ? fields : own;
  const block = { ...taken, meta: { ...taken.meta, extra: [...texts.map((value) => ({ key: '', value })), ...taken.meta.extra] } };
  if (block.meta.extraBeforeDate !== undefined) block.meta.extraBeforeDate += texts.length;
  return { block, segments: taken === own ? 2 : 3 };
}
