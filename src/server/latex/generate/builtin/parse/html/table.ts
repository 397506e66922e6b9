// HTML tables → the tree's table: rows from <thead>, <tbody>, <tfoot> or the table itself
// (cells written straight inside <thead> are its row), <th>/<td> cells placed on a grid so that
// a cell spanning columns or rows (colspan, rowspan) keeps every other cell in its column: the
// span is recorded and the cells it covers are empty. The header is the first row when it is all
// <th> or in <thead>; a <caption> goes before the table. Lists and paragraphs inside a cell are
// its lines.
import type { Block, CellSpan, Inline } from '../../tree.js';
import { attr, type HtmlElement, type HtmlNode } from './dom.js';

const MAX_SPAN = 50;

function rowsOf(el: HtmlElement, out: Array<{ row: HtmlElement; head: boolean }>, head: boolean): void {
  let loose: HtmlNode[] = [];
  const flushLoose = (): void => {
    if (loose.length) out.push({ row: { ...el, name: 'tr', children: loose }, head });
    loose = [];
  };
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'th' || c.name === 'td') {
      loose.push(c);
      continue;
    }
    flushLoose();
    if (c.name === 'tr') out.push({ row: c, head });
    else if (c.name === 'thead' || c.name === 'tbody' || c.name === 'tfoot') rowsOf(c, out, c.name === 'thead');
  }
  flushLoose();
}

function span(el: HtmlElement, name: string): number {
  return Math.max(1, Math.min(MAX_SPAN, Math.floor(Number(attr(el.attrs, name) ?? '1')) || 1));
}

const LISTS = new Set(['ul', 'ol']);
const LINES = new Set(['p', 'div', 'li', 'ul', 'ol']);

/** A cell's inlines, its lists and paragraphs as lines (`• item`, `1. item`). */
function cellInlines(nodes: HtmlNode[], inlines: (nodes: HtmlNode[]) => Inline[]): Inline[] {
  if (!nodes.some((n) => n.kind === 'element' && LINES.has(n.name))) return inlines(nodes);
  const out: Inline[] = [];
  const line = (content: Inline[]): void => {
    if (content.length === 0) return;
    if (out.length) out.push({ kind: 'break' });
    out.push(...content);
  };
  let run: HtmlNode[] = [];
  const flush = (): void => {
    line(inlines(run));
    run = [];
  };
  for (const n of nodes) {
    if (n.kind !== 'element' || !LINES.has(n.name)) {
      run.push(n);
      continue;
    }
    flush();
    if (LISTS.has(n.name)) {
      let k = 0;
      for (const li of n.children) {
        if (li.kind !== 'element' || li.name !== 'li') continue;
        k++;
        line([{ kind: 'text', value: n.name === 'ol' ? `${k}. ` : '• ' }, ...cellInlines(li.children, inlines)]);
      }
    } else line(cellInlines(n.children, inlines));
  }
  flush();
  return out;
}

export function htmlTable(el: HtmlElement, inlines: (nodes: HtmlNode[]) => Inline[], blocks: (nodes: HtmlNode[]) => Block[]): Block[] {
  const found: Array<{ row: HtmlElement; head: boolean }> = [];
  rowsOf(el, found, false);
  const caption = el.children.find((c): c is HtmlElement => c.kind === 'element' && c.name === 'caption');
  const before = caption ? blocks(caption.children) : [];
  // A table of one cell is a page's layout (a centred box, a frame), not a table: its content stands in its place.
  const cells = found.flatMap(({ row }) => row.children.filter((c): c is HtmlElement => c.kind === 'element' && (c.name === 'td' || c.name === 'th')));
  if (cells.length === 1 && cells[0]) return [...before, ...blocks(cells[0].children)];
  const rows: Array<{ cells: Inline[][]; head: boolean }> = [];
  const spans: CellSpan[] = [];
  // Columns still covered by a rowspan from above: column → rows left.
  const covered = new Map<number, number>();
  for (const { row, head } of found) {
    const cells: Inline[][] = [];
    let allTh = true;
    let any = false;
    const skipCovered = (): void => {
      while ((covered.get(cells.length) ?? 0) > 0) cells.push([]);
    };
    for (const c of row.children) {
      if (c.kind !== 'element' || (c.name !== 'td' && c.name !== 'th')) continue;
      any = true;
      if (c.name === 'td') allTh = false;
      skipCovered();
      const col = cells.length;
      const cols = span(c, 'colspan');
      const rowsDown = span(c, 'rowspan');
      cells.push(cellInlines(c.children, inlines));
      for (let k = 1; k < cols; k++) cells.push([]);
      if (cols > 1 || rowsDown > 1) spans.push({ row: rows.length, col, cols, rows: rowsDown });
      if (rowsDown > 1) for (let k = 0; k < cols; k++) covered.set(col + k, rowsDown);
    }
    if (!any) continue;
    skipCovered();
    // This row used one row of every rowspan over it.
    for (const [col, left] of covered) {
      if (left <= 1) covered.delete(col);
      else covered.set(col, left - 1);
    }
    rows.push({ cells, head: head || allTh });
  }
  if (!rows.length) return [...before, ...blocks(el.children.filter((c) => c !== caption))];
  let width = 0;
  for (const r of rows) width = Math.max(width, r.cells.length);
  for (const r of rows) while (r.cells.length < width) r.cells.push([]);
  const first = rows[0];
  const hasHeader = first !== undefined && first.head && rows.length > 1;
  // A span reaches no further than the table.
  const kept = spans.map((s) => ({ ...s, rows: Math.min(s.rows, rows.length - s.row) })).filter((s) => s.cols > 1 || s.rows > 1);
  return [
    ...before,
    {
      kind: 'table',
      header: hasHeader ? first.cells : [],
      rows: (hasHeader ? rows.slice(1) : rows).map((r) => r.cells),
      align: Array.from({ length: width }, () => null),
      ...(kept.length ? { spans: kept } : {}),
    },
  ];
}
