// HTML tables → the tree's table: rows from <thead>, <tbody>, <tfoot> or the table itself,
// <th>/<td> cells (a cell spanning columns gives its text once, then empty cells), the header
// the first row when it is all <th> or in <thead>; a <caption> goes before the table.
import type { Block, Inline } from '../../tree.js';
import { attr, type HtmlElement, type HtmlNode } from './dom.js';

const MAX_SPAN = 50;

function rowsOf(el: HtmlElement, out: Array<{ row: HtmlElement; head: boolean }>, head: boolean): void {
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'tr') out.push({ row: c, head });
    else if (c.name === 'thead' || c.name === 'tbody' || c.name === 'tfoot') rowsOf(c, out, c.name === 'thead');
  }
}

export function htmlTable(el: HtmlElement, inlines: (nodes: HtmlNode[]) => Inline[], blocks: (nodes: HtmlNode[]) => Block[]): Block[] {
  const found: Array<{ row: HtmlElement; head: boolean }> = [];
  rowsOf(el, found, false);
  const caption = el.children.find((c): c is HtmlElement => c.kind === 'element' && c.name === 'caption');
  const before = caption ? blocks(caption.children) : [];
  const rows: Array<{ cells: Inline[][]; head: boolean }> = [];
  for (const { row, head } of found) {
    const cells: Inline[][] = [];
    let allTh = true;
    for (const c of row.children) {
      if (c.kind !== 'element' || (c.name !== 'td' && c.name !== 'th')) continue;
      if (c.name === 'td') allTh = false;
      cells.push(inlines(c.children));
      const span = Math.min(MAX_SPAN, Number(attr(c.attrs, 'colspan') ?? '1') || 1);
      for (let k = 1; k < span; k++) cells.push([]);
    }
    if (cells.length) rows.push({ cells, head: head || allTh });
  }
  if (!rows.length) return [...before, ...blocks(el.children.filter((c) => c !== caption))];
  let width = 0;
  for (const r of rows) width = Math.max(width, r.cells.length);
  for (const r of rows) while (r.cells.length < width) r.cells.push([]);
  const first = rows[0];
  const hasHeader = first !== undefined && first.head && rows.length > 1;
  return [
    ...before,
    {
      kind: 'table',
      header: hasHeader ? first.cells : [],
      rows: (hasHeader ? rows.slice(1) : rows).map((r) => r.cells),
      align: Array.from({ length: width }, () => null),
    },
  ];
}
