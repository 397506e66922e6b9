// A paper's byline typed with affiliation marks: "Aisha Rahman (1), Daniel Cho (1), Marisol Vega (2)"
// over "(1) School of Sustainable Engineering, Arizona State University" and "(2) …" (or ¹ ², [1],
// ^1, a figure glued to the name). The names are the authors, the marked lines their affiliations:
// the title page's, never a heading over a numbered list.
import type { NoteMeta } from '../../tree.js';
import { isPersonName } from './people.js';
import { readTitleBlock } from './title-block.js';

/** One mark: (1), (1,2), [1], ¹², ^1, ^{1,2}, a figure glued to the name, and a corresponding author's *. */
const MARK = String.raw`(?:\(\d{1,2}(?:,\s?\d{1,2}){0,3}\)|\[\d{1,2}(?:,\s?\d{1,2}){0,3}\]|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,3}(?:,[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,3}){0,3}|\^\{?\d{1,2}(?:,\d{1,2}){0,3}\}?|\d{1,2}(?:,\d{1,2}){0,3})`;
/** A name and its marks, as one author of the byline. */
const MARKED_NAME = new RegExp(String.raw`^([^,;&()[\]\d¹²³⁴⁵⁶⁷⁸⁹⁰^*]{3,60}?)\s?(${MARK})(\s?\*)?$`, 'u');
/** An affiliation's line: its mark, then where. */
const MARKED_LINE = new RegExp(String.raw`^(${MARK}|\*)\.?\s+(\S.{2,200})$`, 'u');

/** The figures a mark names: "(1,2)" → 1, 2; "²" → 2. */
function figures(mark: string): string[] {
  const plain = mark.replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰]/gu, (c) => String('⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c)));
  return plain.match(/\d{1,2}/g) ?? [];
}

export interface AffiliatedAuthors {
  /** The names with their marks, as typed ("Aisha Rahman (1)"). */
  authors: string[];
  /** The marked lines, as typed ("(1) School of …"). */
  affiliations: string[];
  /** Lines read (the byline and its affiliations). */
  used: number;
}

/** The byline and its affiliations at the start of `lines`, or null when the first line names no marked authors. */
export function affiliatedAuthors(lines: readonly string[]): AffiliatedAuthors | null {
  const byline = (lines[0] ?? '').trim();
  if (byline.length > 300) return null;
  const parts = byline.split(/\s*(?:,(?![\d\s]*\d\)|[\d\s]*\d\])|;|\s&\s|\sand\s)\s*/u).filter(Boolean);
  if (parts.length === 0 || parts.length > 12) return null;
  const authors: string[] = [];
  const marks = new Set<string>();
  for (const part of parts) {
    const m = MARKED_NAME.exec(part);
    if (!m || !isPersonName(m[1] ?? '')) return null;
    for (const f of figures(m[2] ?? '')) marks.add(f);
    authors.push(part);
  }
  let used = 1;
  const affiliations: string[] = [];
  for (; used < lines.length && used <= 12; used++) {
    const line = (lines[used] ?? '').trim();
    const m = MARKED_LINE.exec(line);
    if (!m) break;
    // (Each line's mark is one the byline gave, or the corresponding author's *.)
    if (m[1] !== '*' && !figures(m[1] ?? '').every((f) => marks.has(f))) break;
    affiliations.push(line);
  }
  return affiliations.length > 0 ? { authors, affiliations, used } : null;
}

export interface AffiliatedBlock {
  meta: Pick<NoteMeta, 'author' | 'authors' | 'date' | 'subtitle'> & { extra: NoteMeta['extra'] };
  /** The affiliations, the first of meta.extra: they stand above the date, under the authors. */
  affiliations: number;
  /** Lines taken: the byline, its affiliations, and the title block's lines under them when all of them are (a corresponding author, a date). */
  used: number;
}

/** The title page's lines a byline with affiliation marks opens, or null. */
export function affiliatedBlock(lines: readonly string[]): AffiliatedBlock | null {
  const found = affiliatedAuthors(lines);
  if (!found) return null;
  const meta: AffiliatedBlock['meta'] = { author: found.authors[0], authors: found.authors, extra: found.affiliations.map((value) => ({ key: '', value })) };
  const rest = lines.slice(found.used);
  const block = rest.length ? readTitleBlock(['', ...rest], 0, '-') : null;
  const affiliations = found.affiliations.length;
  if (!block || block.used !== rest.length + 1 || block.meta.author !== undefined) return { meta, used: found.used, affiliations };
  if (block.meta.date !== undefined) meta.date = block.meta.date;
  if (block.meta.subtitle !== undefined) meta.subtitle = block.meta.subtitle;
  meta.extra.push(...block.meta.extra);
  return { meta, used: lines.length, affiliations };
}
