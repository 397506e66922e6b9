// Tables people paste without Markdown: rows of tab-separated cells (spreadsheets, Google Docs,
// Word), rows of cells between pipes without the |---| line, CSV lines, and columns aligned with
// two or more spaces. A table needs two rows or more with the same number of cells.
import type { Block, Inline } from '../../tree.js';
import type { NoteLine } from './lines.js';

interface Cell {
  from: number;
  to: number;
}

type Splitter = (text: string) => Cell[] | null;

function cellsAt(text: string, bounds: number[]): Cell[] {
  const cells: Cell[] = [];
  let from = 0;
  for (const b of [...bounds, text.length]) {
    cells.push(trimmed(text, { from, to: Math.min(b, text.length) }));
    from = b + 1;
  }
  return cells;
}

const byTabs: Splitter = (text) => {
  if (!text.includes('\t')) return null;
  const bounds: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] === '\t') bounds.push(i);
  return cellsAt(text, bounds);
};

/** Tabs typed to line columns up ("Flour<TAB><TAB><TAB>125 g" above "Baking powder<TAB><TAB>1 tsp"): a run of them is one border. */
const byTabRuns: Splitter = (text) => {
  if (!text.includes('\t')) return null;
  const bounds: number[] = [];
  for (const m of text.matchAll(/[ \t]*\t[ \t]*/g)) if ((m.index ?? 0) > 0) bounds.push(m.index ?? 0);
  return bounds.length ? cellsAt(text, bounds) : null;
};

/**
 * Columns typed with runs of spaces that do not line up in characters (CJK text is twice as wide
 * on screen; a long first cell pushes its row on): each run of two spaces or more is one border.
 */
const bySpaceRuns: Splitter = (text) => {
  const bounds: number[] = [];
  const t = text.trimEnd();
  for (const m of t.matchAll(/ {2,}/g)) if ((m.index ?? 0) > 0) bounds.push(m.index ?? 0);
  return bounds.length ? cellsAt(t, bounds) : null;
};

/**
 * Dot leaders between a label and its value ("pousada 8 noites .......... R$ 3.840,00", "Large text
 * .. 3:1", "Total…………12 €"): each run of leaders is one border, with text on both sides.
 */
const byLeaders: Splitter = (text) => {
  // (A row is short: the bound keeps the scan of a long line of dots small.)
  if (text.length > 300 || !/\.\.|…|··/u.test(text)) return null;
  const bounds: Array<[number, number]> = [];
  for (const m of text.matchAll(/(?<=\S) +\.{2,} +(?=\S)|(?<=\S) *(?:\.{4,}|…{2,}|·{3,}|(?:\. ){3,}\.?) *(?=\S)/gu)) bounds.push([m.index, m.index + m[0].length]);
  if (bounds.length === 0) return null;
  const cells: Cell[] = [];
  let from = 0;
  for (const [a, z] of bounds) {
    cells.push({ from, to: a });
    from = z;
  }
  cells.push({ from, to: text.trimEnd().length });
  if (cells.some((c) => c.to <= c.from)) return null;
  return cells.map((c) => trimmed(text, c));
};

function trimmed(text: string, c: Cell): Cell {
  let a = c.from;
  let z = c.to;
  while (a < z && /\s/.test(text[a] as string)) a++;
  while (z > a && /\s/.test(text[z - 1] as string)) z--;
  return { from: a, to: z };
}

/** `a | b | c` or `| a | b |`: pipes with space around them (|x| is an absolute value). */
const byPipes: Splitter = (text) => {
  if (!text.includes('|')) return null;
  const bounds: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '|') continue;
    const before = i === 0 || /\s/.test(text[i - 1] as string);
    const after = i === text.length - 1 || /\s/.test(text[i + 1] as string);
    if (!before || !after) return null;
    bounds.push(i);
  }
  let cells = cellsAt(text, bounds);
  if (text.trimStart().startsWith('|')) cells = cells.slice(1);
  if (text.trimEnd().endsWith('|')) cells = cells.slice(0, -1);
  return cells.length >= 2 ? cells : null;
};

/** CSV: commas with no space after them (prose puts one); quoted fields are left to the CSV reader. */
const byCommas: Splitter = (text) => {
  if (!text.includes(',') || text.includes('"') || /,[ \t]/.test(text)) return null;
  // Every comma inside a figure ("कुल लागत ₹ 8,40,000", "Revenue 1,250,000"): digit groups, no cells.
  if (/\p{L}/u.test(text) && (text.match(/,/g)?.length ?? 0) === (text.match(/(?<=\d),\d{2,3}(?!\d)/g)?.length ?? 0)) return null;
  const bounds: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] === ',') bounds.push(i);
  return cellsAt(text, bounds);
};

export interface FoundTable {
  block: Extract<Block, { kind: 'table' }>;
  /** Lines used from the start. */
  rows: number;
}

/**
 * Whether the first row names the columns: not when it holds a figure in a column of figures
 * ("Flour<TAB>125 g" above "Salt<TAB>0.75 tsp": an ingredient list is data from its first row).
 */
function headerRow(lines: NoteLine[], cells: Cell[][]): boolean {
  const text = (k: number, j: number): string => {
    const c = cells[k]?.[j];
    return c ? (lines[k] as NoteLine).text.slice(c.from, c.to) : '';
  };
  // A figure: a cell that opens with a number ("125 g", "$4.50"); a year names a column ("2024").
  const figure = (t: string): boolean => /^[-+~≈$€£¥]?\d/u.test(t);
  const first = cells[0] ?? [];
  // A name with a figure over bare figures names its column ("1차년도" over "42,000", "Q1" over "120").
  const names = (j: number): boolean => /\p{L}/u.test(text(0, j)) && cells.slice(1).every((_, k) => !/\p{L}/u.test(text(k + 1, j)));
  // Names are short: a sentence in the first row is data ("R1  Resources: only one admin … Mitigation: …").
  const words = (t: string): number => t.split(/\s+/).length;
  if (first.some((_, j) => words(text(0, j)) > 6 || (words(text(0, j)) >= 3 && /[.!?。]$/u.test(text(0, j))))) return false;
  // A column of one shape with a figure, its first cell too ("R1" over "R2", "I1"; "09:00" over "10:30"): data from the first row.
  const shape = (t: string): string => t.replace(/\p{Lu}/gu, 'A').replace(/\p{Ll}/gu, 'a').replace(/\d+/g, '0');
  // (Or with words and figures all down it: "Fri 16 May" over "Sat 17".)
  const digits = (j: number): boolean => cells.every((_, k) => /\d/.test(text(k, j))) && !names(j);
  if (first.some((_, j) => /\d/.test(text(0, j)) && (digits(j) || cells.slice(1).every((_, k) => shape(text(k + 1, j)) === shape(text(0, j)))))) return false;
  return !first.some((_, j) => figure(text(0, j)) && !/^(?:19|20)\d\d$/.test(text(0, j)) && !names(j) && cells.slice(1).every((_, k) => figure(text(k + 1, j))));
}

function build(lines: NoteLine[], cells: Cell[][], marked = false, named = true): FoundTable {
  let width = 0;
  for (const r of cells) width = Math.max(width, r.length);
  const inl = (line: NoteLine, c: Cell | undefined): Inline[] => (c ? line.inlines(c.from, c.to) : []);
  const rows = cells.map((r, k) => Array.from({ length: width }, (_, j) => inl(lines[k] as NoteLine, r[j])));
  if (!named || (!marked && !headerRow(lines, cells))) return { block: { kind: 'table', header: [], rows, align: [] }, rows: cells.length };
  const [header = [], ...body] = rows;
  return { block: { kind: 'table', header, rows: body, align: [] }, rows: cells.length };
}

/**
 * A column of sentences (a verse's text after its reference, "3John 1:1<TAB>Ὁ πρεσβύτερος …"): the
 * lines are text with a label, not rows of data.
 */
function proseColumn(lines: NoteLine[], cells: Cell[][]): boolean {
  const width = cells[0]?.length ?? 0;
  for (let j = 0; j < width; j++) {
    let total = 0;
    let sentences = 0;
    cells.forEach((r, k) => {
      const c = r[j];
      const text = c ? (lines[k] as NoteLine).text.slice(c.from, c.to) : '';
      total += text.length;
      if (text.length > 40 && /[.,;·!?]$/.test(text)) sentences++;
    });
    if (total / cells.length > 50 && sentences * 2 > cells.length) return true;
  }
  return false;
}

/** Cells most of them empty: an ASCII drawing's pipes ("|   |   -> Reduce"), not rows of data. */
function mostlyEmpty(cells: Cell[][]): boolean {
  let empty = 0;
  let all = 0;
  for (const r of cells) for (const c of r) {
    all++;
    if (c.to <= c.from) empty++;
  }
  return empty * 2 > all;
}

/** Rows from `lines[0]` on that one splitter cuts into the same number of cells (at least two rows). */
function run(all: NoteLine[], split: Splitter, minRows: number, minCells: number): FoundTable | null {
  const first = split(all[0]?.text ?? '');
  if (!first || first.length < minCells) return null;
  // A Markdown delimiter row under the header (|---|---|, in a text Markdown left as a paragraph) marks the header; it is no row.
  const delimited = split === byPipes && DELIMITER_ROW.test(all[1]?.text ?? '');
  const lines = delimited ? [all[0] as NoteLine, ...all.slice(2)] : all;
  const cells: Cell[][] = [first];
  for (let k = 1; k < lines.length; k++) {
    const text = (lines[k] as NoteLine).text;
    // ("caixa d'água + irrigação  R$ 4.800" among leader rows: two spaces where the dots did not fit.)
    let c = split === byLeaders ? (split(text) ?? bySpaceRuns(text)) : split(text);
    // "다과 | 60,000원 |" under "항목 | 예상 금액 | 비고": its last cell left empty, the pipe before it typed.
    if (c && split === byPipes && c.length === first.length - 1 && /\|\s*$/.test(text) && !/^\s*\|/.test(text)) c = [...c, { from: text.length, to: text.length }];
    // "TOTAL<TAB><TAB>2435" under "item<TAB><TAB>est.<TAB>notes": tabs typed to line up, its last cells left empty.
    if (c && split === byTabRuns && c.length >= 2 && c.length < first.length) c = [...c, ...Array.from({ length: first.length - c.length }, () => ({ from: text.length, to: text.length }))];
    if (!c || c.length !== first.length) break;
    cells.push(c);
  }
  if (cells.length < minRows || proseColumn(lines, cells) || mostlyEmpty(cells) || remarkColumn(lines, cells)) return null;
  // (Leaders join a label to its value on every row: no row names the columns, the values line up on the right.)
  if (split === byLeaders) return { block: { ...build(lines.slice(0, cells.length), cells, false, false).block, align: cells[0]?.map((_, j) => (j === 0 ? 'left' : 'right')) ?? [] }, rows: cells.length };
  const found = build(lines.slice(0, cells.length), cells, delimited);
  return delimited ? { ...found, rows: found.rows + 1 } : found;
}

/** "CaCO3 -> CaO + CO2   (needs heat)": lines whose last part, apart, is a remark in brackets, each of them; no table. */
function remarkColumn(lines: NoteLine[], cells: Cell[][]): boolean {
  return cells.length > 0 && cells.every((row, k) => {
    const last = row[row.length - 1];
    const text = last ? (lines[k] as NoteLine).text.slice(last.from, last.to).trim() : '';
    return /^\(.*\)$/u.test(text);
  });
}

const DELIMITER_ROW = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$/;

/** Runs of two blank columns or more inside every row (between `maxStart` and `minLen`). */
function gapsOf(blank: boolean[], maxStart: number, minLen: number): number[] {
  const out: number[] = [];
  for (let p = maxStart; p < minLen; ) {
    if (!blank[p]) {
      p++;
      continue;
    }
    let q = p;
    while (q < minLen && blank[q]) q++;
    if (q - p >= 2 && q < minLen) out.push(p);
    p = q;
  }
  return out;
}

/** Whether `t` ends before the table's last column and has a gap of two spaces at each of the columns it reaches. */
function shortRow(t: string, gaps: number[]): boolean {
  const end = t.trimEnd().length;
  const reached = gaps.filter((p) => p < end);
  if (reached.length === 0 || reached.length === gaps.length) return false;
  const next = gaps[reached.length] as number;
  return end <= next && reached.every((p) => t[p] === ' ' && t[p + 1] === ' ');
}

/**
 * Columns aligned with spaces: gaps of two spaces or more at the same place in every row, text
 * on both sides. At least three rows (a header and two) and two columns; the table ends at the
 * first row that would lose a column. Linear in the rows: the common gaps narrow row by row.
 */
function aligned(lines: NoteLine[]): FoundTable | null {
  let blank: boolean[] = [];
  let minLen = Infinity;
  let maxStart = 0;
  let gaps: number[] = [];
  const rows: NoteLine[] = [];
  // Lines indented to the last column under a row ("Sat 17      Edinburgh" / "            - old town walk"): more of that row's last cell.
  const more = new Map<NoteLine, NoteLine[]>();
  let lastColumn = Infinity;
  let used = 0;
  for (const l of lines) {
    const t = l.text;
    const under = rows[rows.length - 1];
    if (under && l.indent > 0 && Math.abs(l.indent - lastColumn) <= 2 && !/\S {2,}\S/.test(t)) {
      const held = more.get(under);
      if (held) held.push(l);
      else more.set(under, [l]);
      used++;
      continue;
    }
    if (!/\S {2,}\S/.test(t) || t.length > 200) break;
    const b = rows.length === 0 ? Array.from(t, (c) => c === ' ') : blank.map((x, p) => x && (p >= t.length || t[p] === ' '));
    const ml = Math.min(minLen, t.length);
    const ms = Math.max(maxStart, t.length - t.trimStart().length);
    const g = gapsOf(b, ms, ml);
    if (g.length === 0 || (rows.length > 1 && g.length < gaps.length)) {
      // A last row shorter than the others, its cells under the first columns ("合计        5,730",
      // "TOTAL      $4,180"): the table's, its last cells left empty.
      if (rows.length >= 2 && shortRow(t, gaps)) {
        rows.push(l);
        used++;
      }
      break;
    }
    blank = b;
    minLen = ml;
    maxStart = ms;
    gaps = g;
    rows.push(l);
    used++;
    lastColumn = l.indent + (cellsAt(t, g).pop()?.from ?? Infinity);
  }
  if (rows.length < 3) return null;
  const found = build(rows, rows.map((l) => cellsAt(l.text, gaps)));
  const table = found.block;
  (table.header.length ? [table.header, ...table.rows] : table.rows).forEach((cells, k) => {
    const extra = more.get(rows[k] as NoteLine) ?? [];
    // (A point's dash is the typist's: the cell's lines are the points.)
    for (const l of extra) cells[cells.length - 1]?.push({ kind: 'break' }, ...l.inlines(/^[-*•]\s+/.exec(l.text)?.[0].length ?? 0));
  });
  return { block: table, rows: used };
}

/** A cell's words, anything else in it a word of its own (" x "). */
const cellText = (cell: Inline[]): string => cell.map((n) => (n.kind === 'text' ? n.value : ' x ')).join('').trim();

/** Whether a third of a table's cells or more are sentences (several words and a stop). */
function sentenceCells(table: Extract<Block, { kind: 'table' }>): boolean {
  const cells = [table.header, ...table.rows].flat().map(cellText);
  return cells.filter((c) => /[.!?。！？]$/u.test(c) && c.split(/\s+/).length >= 3).length * 3 >= cells.length;
}

/**
 * Labels and their values lined up at a colon ("Nama              : Rizky Pratama", "Name:     Jo"):
 * a form's fields, each line a label and its value as the person reads it, not a table's rows.
 */
function fieldLines(found: FoundTable): boolean {
  const { header, rows } = found.block;
  const all = header.length ? [header, ...rows] : rows;
  return all.every((r) => r.length === 2) && (all.every((r) => cellText(r[1] ?? []).startsWith(':')) || all.every((r) => /\p{L}[.)]?\s?:$/u.test(cellText(r[0] ?? []))));
}

/** The table that starts at lines[0], if the lines there are rows of one. */
export function tableAt(lines: NoteLine[]): FoundTable | null {
  const found = anyTableAt(lines);
  return found && fieldLines(found) ? null : found;
}

function anyTableAt(lines: NoteLine[]): FoundTable | null {
  // Tabs as typed, unless runs of them as one border read more rows (tabs typed to line columns up on screen).
  const [tabs, tabRuns] = [run(lines, byTabs, 2, 2), run(lines, byTabRuns, 2, 2)];
  const found = (tabRuns && (!tabs || tabRuns.rows > tabs.rows) ? tabRuns : tabs) ?? run(lines, byPipes, 2, 2) ?? run(lines, byLeaders, 2, 2) ?? run(lines, byCommas, 3, 3);
  if (found) return found;
  // Aligned columns, unless the runs of spaces find more rows or more columns in the same rows.
  // (Two rows of four columns or more are a table too: "angle    5 deg    10 deg    20 deg" / "T (s)    1.793    1.794 …".)
  const [columns, spacedRun] = [aligned(lines), run(lines, bySpaceRuns, 3, 2) ?? run(lines, bySpaceRuns, 2, 4)];
  // (Sentences typed with two spaces after their stops are text: "It rained.  We stayed in.")
  const spaced = spacedRun && !sentenceCells(spacedRun.block) ? spacedRun : null;
  const width = (t: FoundTable | null) => (t ? Math.max(t.block.header.length, t.block.rows[0]?.length ?? 0) : 0);
  return spaced && (!columns || spaced.rows > columns.rows || (spaced.rows === columns.rows && width(spaced) > width(columns))) ? spaced : columns;
}

/** Whether the line could open a table (a cheap test before tableAt). */
export function mayBeRow(text: string): boolean {
  return text.includes('\t') || text.includes('|') || text.includes(',') || /\S {2,}\S|\.\.|…|··/u.test(text);
}

/**
 * Tables one after another with the same columns, the later without a header of its own (an
 * itinerary's weeks with a blank line between them): one table, as the reader sees it.
 */
export function joinTables(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const last = out[out.length - 1];
    const width = (t: Extract<Block, { kind: 'table' }>): number => Math.max(t.header.length, t.rows[0]?.length ?? 0);
    if (b.kind === 'table' && last?.kind === 'table' && b.header.length === 0 && !b.caption && !last.caption && !b.spans && !last.spans && width(b) === width(last)) {
      out[out.length - 1] = { ...last, rows: [...last.rows, ...b.rows] };
    } else out.push(b);
  }
  return out;
}
