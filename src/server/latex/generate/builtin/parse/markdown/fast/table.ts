// GFM pipe tables in the fast path: the delimiter row's alignments and each row's cells,
// exactly as many as the delimiter row has (anything else is declined).
import type { Table, TableCell, TableRow } from 'mdast';
import { codes } from 'micromark-util-symbol';
import { DECLINE, type Segment } from './decline.js';
import { parseInline } from './inline.js';
import { leadingSpaces, trimEndSpaces, type Line } from './lines.js';

export type AlignType = Table['align'] extends Array<infer A> | null | undefined ? A : never;

export const DELIMITER_ROW_RE = /^ *[|:-][ |:-]*$/;
const DELIMITER_CELL_RE = /^(:?)-+(:?)$/;

/** Cells of a row without its outer pipes, each with its index in `row`. */
function splitCells(row: string): Array<{ text: string; at: number }> {
  let start = 0;
  let end = row.length;
  if (row.charCodeAt(0) === codes.verticalBar) start = 1;
  if (end > start && row.charCodeAt(end - 1) === codes.verticalBar) end--;
  if (end <= start) throw DECLINE;
  const cells: Array<{ text: string; at: number }> = [];
  let at = start;
  for (;;) {
    const bar = row.indexOf('|', at);
    if (bar < 0 || bar >= end) {
      cells.push({ text: row.slice(at, end), at });
      return cells;
    }
    cells.push({ text: row.slice(at, bar), at });
    at = bar + 1;
  }
}

/** The alignments of a delimiter row (already known to match DELIMITER_ROW_RE). */
export function delimiterRow(rest: string): AlignType[] {
  return splitCells(trimEndSpaces(rest.trimStart())).map(({ text }) => {
    const m = DELIMITER_CELL_RE.exec(text.trim());
    if (!m) throw DECLINE;
    return m[1] && m[2] ? 'center' : m[1] ? 'left' : m[2] ? 'right' : null;
  });
}

/** A table row starting at `p`, with exactly `cols` cells. */
export function tableRow(line: Line, p: number, cols: number): TableRow {
  const raw = line.text.slice(p);
  if (raw.includes('\\|')) throw DECLINE;
  const cells = splitCells(trimEndSpaces(raw));
  if (cells.length !== cols) throw DECLINE;
  return {
    type: 'tableRow',
    children: cells.map(({ text, at }): TableCell => {
      const lead = leadingSpaces(text, 0);
      const content = trimEndSpaces(text.slice(lead));
      const segments: Segment[] = [{ at: 0, offset: line.start + p + at + lead, line: line.no, lineStart: line.start }];
      return { type: 'tableCell', children: content === '' ? [] : parseInline(content, segments) };
    }),
  };
}
