// tabular (and tabularx, longtable, array …) → a table: the column specification gives the
// alignments, rows end at `\\`, cells at `&` (neither inside braces or nested environments),
// rules (\hline, \toprule, \cline …) are dropped, `\multicolumn{n}` spans n cells (its text in
// the first), and the first row is the header.
import type { Align, Block, Inline } from '../../tree.js';
import { trimmed } from './inline-tools.js';
import { commandAt, pastGroup } from './source.js';
import type { LatexParse } from './types.js';

/** Column alignments of a specification such as `|l|c|p{3cm}|` or `*{3}{c}`. */
function alignments(spec: string): Align[] {
  const out: Align[] = [];
  let i = 0;
  while (i < spec.length && out.length < 64) {
    const c = spec[i];
    if (c === '{') {
      // Arguments of p{…}, @{…}, >{…} are not columns.
      let depth = 1;
      i++;
      while (i < spec.length && depth > 0) {
        if (spec[i] === '{') depth++;
        else if (spec[i] === '}') depth--;
        i++;
      }
      continue;
    }
    if (c === 'l' || c === 'L') out.push('left');
    else if (c === 'c' || c === 'C') out.push('center');
    else if (c === 'r' || c === 'R') out.push('right');
    else if (c === 'p' || c === 'm' || c === 'b' || c === 'X' || c === 'S' || c === 'Q') out.push(null);
    i++;
  }
  return out;
}

interface Cell {
  from: number;
  to: number;
}

/** Rows of cells of the range: `\\` ends a row, `&` a cell; groups and nested environments are passed over. */
function splitRows(p: LatexParse, from: number, to: number): Cell[][] {
  const src = p.src;
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let cellStart = from;
  let i = from;
  while (i < to) {
    const c = src[i];
    const past = pastGroup(p, i, to);
    if (past >= 0) {
      i = past;
      continue;
    }
    if (c === '&') {
      row.push({ from: cellStart, to: i });
      cellStart = ++i;
      continue;
    }
    if (c !== '\\') {
      i++;
      continue;
    }
    const { name, end } = commandAt(src, i);
    if (name === '\\' || name === 'tabularnewline') {
      row.push({ from: cellStart, to: i });
      rows.push(row);
      row = [];
      i = p.optional(end, to)?.end ?? end;
      cellStart = i;
      continue;
    }
    i = Math.max(end, i + 1);
  }
  row.push({ from: cellStart, to });
  rows.push(row);
  return rows;
}

const MULTICOLUMN = /^\s*\\multicolumn\s*\{\s*(\d{1,2})\s*\}/;

export function tableBlock(p: LatexParse, name: string, from: number, close: number, depth: number): Block {
  let start = p.optional(from, close)?.end ?? from;
  // tabular*, tabularx and tabulary take a width before the columns.
  if (name === 'tabular*' || name === 'tabularx' || name === 'tabulary') start = p.group(start, close)?.end ?? start;
  const specGroup = p.group(start, close);
  const spec = specGroup ? p.src.slice(specGroup.from, Math.min(specGroup.to, specGroup.from + 500)) : '';
  if (specGroup) start = specGroup.end;
  const align = alignments(spec);
  const rows: Inline[][][] = [];
  for (const cells of splitRows(p, start, close)) {
    const row: Inline[][] = [];
    for (const cell of cells) {
      row.push(trimmed(p.inlines(cell.from, cell.to, depth + 1)));
      // After the rules that may open the row (`\hline \multicolumn{2}…`).
      const head = p.src.slice(cell.from, Math.min(cell.to, cell.from + 80));
      const at = head.indexOf('\\multicolumn');
      const span = at === -1 ? null : MULTICOLUMN.exec(head.slice(at));
      for (let n = Number(span?.[1] ?? 1); n > 1 && row.length < 64; n--) row.push([]);
    }
    if (row.some((c) => c.length > 0)) rows.push(row);
  }
  const width = Math.max(align.length, ...rows.map((r) => r.length), 1);
  for (const r of rows) while (r.length < width) r.push([]);
  while (align.length < width) align.push(null);
  const [header = [], ...body] = rows;
  return { kind: 'table', header, rows: body, align: align.slice(0, width) };
}
