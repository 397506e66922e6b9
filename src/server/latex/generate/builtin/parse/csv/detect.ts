// Whether a note is delimited data, decided cheaply: the first lines must already agree on
// their separator count (a Markdown or prose note differs within a line or two), then the whole
// note is read as records once.
import { readRecords, type Separator } from './records.js';

export interface DelimitedNote {
  title: string | null;
  sep: Separator;
  rows: string[][];
}

const MARKUP_START = /^[ \t]*(?:[-*+>][ \t]|#{1,6}[ \t]|[|=]|\d{1,9}[.)][ \t])/;
const SENTENCE_END = /\p{L}[.!?:]$/u;
/** Longer than this, a field is prose, not data. */
const MAX_FIELD = 200;
/** A column whose fields average this many words is text (numbered verses, a log of sentences). */
const PROSE_WORDS = 8;

function words(s: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const space = s[i] === ' ';
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** Separators on a line outside double quotes. */
function countOutsideQuotes(line: string, sep: string): number {
  let n = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === sep && !quoted) n++;
  }
  return n;
}

/** The first `count` non-blank lines (and where the text after the first one starts). */
function firstLines(src: string, count: number): Array<{ line: string; start: number }> {
  const out: Array<{ line: string; start: number }> = [];
  let from = 0;
  while (out.length < count && from < src.length) {
    let end = src.indexOf('\n', from);
    if (end < 0) end = src.length;
    const line = src.slice(from, end);
    if (line.trim() !== '') out.push({ line, start: from });
    from = end + 1;
  }
  return out;
}

function recordsLookRight(rows: string[][], sep: Separator): boolean {
  const width = rows[0]?.length ?? 0;
  if (rows.length < 2 || width < 2) return false;
  // Two lines of one comma each are too often prose ("Dear Sam, hello").
  if (rows.length < 3 && width < 3) return false;
  let sentences = 0;
  let emptyLast = 0;
  const wordCounts = new Array<number>(width).fill(0);
  for (const row of rows) {
    if (row.length !== width) return false;
    if (MARKUP_START.test(row[0] ?? '')) return false;
    for (let c = 0; c < width; c++) {
      const f = row[c] ?? '';
      if (f.length > MAX_FIELD) return false;
      wordCounts[c] = (wordCounts[c] ?? 0) + words(f);
    }
    const last = (row[width - 1] ?? '').trim();
    if (last === '') emptyLast++;
    if (SENTENCE_END.test(last)) sentences++;
  }
  if (sep === ',' && sentences * 2 >= rows.length) return false;
  // "pousada 8 noites …… R$ 3.840,00": every comma a decimal one, between a figure and its cents.
  if (sep === ',' && width === 2 && rows.every((r) => /\d$/.test(r[0] ?? '') && /^\d{1,3}$/.test(r[1] ?? ''))) return false;
  if (wordCounts.some((w) => w >= PROSE_WORDS * rows.length)) return false;
  return !(width === 2 && emptyLast === rows.length);
}

function tryAs(src: string, sep: Separator): DelimitedNote | null {
  const head = firstLines(src, 4);
  const first = head[0];
  if (!first) return null;
  // A title line: no separator, and the records start on the next line.
  const titled = countOutsideQuotes(first.line, sep) === 0;
  const probe = titled ? head.slice(1) : head;
  const counts = probe.map((h) => countOutsideQuotes(h.line, sep));
  const k = counts[0] ?? 0;
  // Quoted fields may span lines; without quotes the first lines must agree.
  if (k < 1 || (!probe.some((h) => h.line.includes('"')) && counts.some((c) => c !== k))) return null;
  const body = titled ? src.slice(src.indexOf('\n', first.start) + 1) : src;
  const { rows, wellFormed } = readRecords(body, sep);
  if (!wellFormed || !recordsLookRight(rows, sep)) return null;
  return { title: titled ? first.line.trim() : null, sep, rows };
}

/** The note as delimited records (tabs first: a tab never appears in prose), or null. */
export function delimitedNote(src: string): DelimitedNote | null {
  if (src.includes('\t')) {
    const tsv = tryAs(src, '\t');
    if (tsv) return tsv;
  }
  return src.includes(',') ? tryAs(src, ',') : null;
}

/** Whether tabs in a note separate fields (they are kept, not turned into spaces). */
export function looksTabSeparated(src: string): boolean {
  return src.includes('\t') && tryAs(src, '\t') !== null;
}
