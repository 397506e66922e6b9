// How a table fits the text width: the type size (smaller for wide tables), natural column
// widths when everything fits on one line, else wrapping columns that are never narrower than
// their longest unbreakable word, and which columns go together when even the smallest size is
// too wide (the caller splits the table into those groups, the first column repeated).
// Widths are estimated from character counts in ems of the document's type size.

/** A character's advance, in ems, on the wide side of average (capitals and digits are wider). */
const CHAR_EM = 0.55;
/** Header cells are bold. */
const BOLD = 1.1;
/** Space between columns: 2 × \tabcolsep (4pt), in points. */
const PAD_PT = 8;
const BASE_PT = 11;
/** Runs at least this long are given break points (breaks.ts): their unbreakable pieces are short. */
const LONG_RUN = 22;
const PIECE = 12;

export const SIZES = [
  { command: '', pt: 11 },
  { command: '\\small', pt: 10 },
  { command: '\\footnotesize', pt: 9 },
  { command: '\\scriptsize', pt: 8 },
] as const;

export interface ColumnText {
  /** Characters of the longest unbreakable piece in the column. */
  word: number;
  /** Characters of the longest cell. */
  line: number;
}

/** The longest piece of a cell TeX cannot break, in characters. */
function longestWord(text: string): number {
  let longest = 0;
  let run = 0;
  for (const ch of text) {
    if (ch === ' ' || ch === '\n' || ch === '\t') run = 0;
    else longest = Math.max(longest, ++run);
  }
  return longest >= LONG_RUN ? PIECE : longest;
}

/** What each column holds, from the cells' plain text (header cells count as bold). */
export function measureColumns(header: string[] | null, rows: string[][], n: number): ColumnText[] {
  const cols: ColumnText[] = Array.from({ length: n }, () => ({ word: 1, line: 1 }));
  const add = (cells: string[], factor: number) =>
    cells.forEach((text, c) => {
      const col = cols[c];
      if (!col) return;
      col.word = Math.max(col.word, longestWord(text) * factor);
      col.line = Math.max(col.line, [...text].length * factor);
    });
  if (header) add(header, BOLD);
  for (const r of rows) add(r, 1);
  return cols;
}

/** The text width in ems of the base size: the page's measure, less list and quote indents. */
export function measureEm(where: { beamer?: boolean; twoColumn?: boolean; inList?: number; inQuote?: boolean }): number {
  const full = where.beamer ? 35 : where.twoColumn ? 19 : 40;
  return full - 2.5 * (where.inList ?? 0) - (where.inQuote ? 2.5 : 0);
}

/** Ems (of the base size) a column needs at type size `pt`, padding included. */
function need(chars: number, pt: number): number {
  return (chars * CHAR_EM * pt) / BASE_PT + PAD_PT / BASE_PT;
}

function fits(cols: ColumnText[], pt: number, measure: number): boolean {
  return cols.reduce((sum, c) => sum + need(c.word, pt), 0) <= measure;
}

export interface TableLayout {
  /** The size command ('' for the text size). */
  size: string;
  /** Column widths as fractions of \linewidth, or null for natural widths. */
  widths: number[] | null;
}

/**
 * The layout at the first size (from `startSize`, an index into SIZES) at which every column's
 * longest word fits; null when none does (the table must be split).
 */
export function layoutTable(cols: ColumnText[], measure: number, startSize: number): TableLayout | null {
  const size = SIZES.slice(startSize).find((s) => fits(cols, s.pt, measure));
  if (!size) return null;
  const natural = cols.map((c) => need(c.line, size.pt));
  if (natural.reduce((a, b) => a + b, 0) <= measure) return { size: size.command, widths: null };
  // Wrapping columns: each gets its longest word, and the rest of the measure is shared in
  // proportion to how much more than that its longest cell needs.
  const pad = PAD_PT / BASE_PT;
  const min = cols.map((c) => need(c.word, size.pt) - pad);
  const extra = natural.map((w, i) => Math.max(0, w - pad - (min[i] ?? 0)));
  const spare = measure - cols.length * pad - min.reduce((a, b) => a + b, 0);
  const extraSum = extra.reduce((a, b) => a + b, 0) || 1;
  return { size: size.command, widths: min.map((m, i) => (m + (spare * (extra[i] ?? 0)) / extraSum) / measure) };
}

/**
 * Column groups that each fit at the smallest size but one, every group after the first
 * starting with column 0 again (it names the rows).
 */
export function columnGroups(cols: ColumnText[], measure: number): number[][] {
  const pt = SIZES[SIZES.length - 2]?.pt ?? 9;
  const first = cols[0] ? need(cols[0].word, pt) : 0;
  const groups: number[][] = [];
  let group: number[] = [0];
  let used = first;
  for (let c = 1; c < cols.length; c++) {
    const w = need(cols[c]?.word ?? 1, pt);
    if (group.length > 1 && used + w > measure) {
      groups.push(group);
      group = [0];
      used = first;
    }
    group.push(c);
    used += w;
  }
  groups.push(group);
  return groups;
}

/** The smallest size, columns in proportion to their longest words: for what cannot be split. */
export function squeezeTable(cols: ColumnText[], measure: number): TableLayout {
  const size = SIZES[SIZES.length - 1] ?? SIZES[0];
  const room = Math.max(0, measure - (cols.length * PAD_PT) / BASE_PT) / measure;
  const total = cols.reduce((sum, c) => sum + c.word, 0) || 1;
  return { size: size.command, widths: cols.map((c) => (room * c.word) / total) };
}
