// Tables: booktabs rules, natural column widths for narrow tables and wrapping proportional
// columns for wide ones; longtable (breaks across pages) wherever LaTeX allows it, else
// tabular. With splitTables (and always in slides) wide or long tables are cut into pieces.
import type { Align, Block, Inline } from '../tree.js';
import { inlineText } from '../tree.js';
import type { BlockHandler, Render, RenderContext } from './context.js';

type Table = Extract<Block, { kind: 'table' }>;

function columnSpec(widths: number[], align: Align[], totalWidth: string): string {
  const total = widths.reduce((a, b) => a + b, 0);
  const n = widths.length;
  // Narrow tables keep natural column widths; wide ones wrap text in proportional columns.
  if (total <= 70 && widths.every((w) => w <= 30)) {
    return widths.map((_w, i) => (align[i] === 'right' ? 'r' : align[i] === 'center' ? 'c' : 'l')).join('');
  }
  const capped = widths.map((w) => Math.min(Math.max(w, 4), 40));
  const sum = capped.reduce((a, b) => a + b, 0);
  return capped
    .map((w, i) => {
      const share = ((w / sum) * (0.98 - 0.04 * n)).toFixed(3);
      const a = align[i] === 'right' ? '\\raggedleft' : align[i] === 'center' ? '\\centering' : '\\raggedright';
      return `>{${a}\\arraybackslash}p{${share}${totalWidth}}`;
    })
    .join('');
}

/** The number of columns: the longest row (a loop: spreading many rows into Math.max overflows the stack). */
function columnCount(block: Table): number {
  let n = block.header.length;
  for (const r of block.rows) n = Math.max(n, r.length);
  return n;
}

/** Splits a table into pieces that fit: column groups (first column repeated) and row chunks. */
function splitTable(block: Table, maxCols: number, maxRows: number): Table[] {
  const n = columnCount(block);
  const groups: number[][] = [];
  if (n <= maxCols) groups.push([...Array(n).keys()]);
  else {
    for (let c = 1; c < n; c += maxCols - 1) groups.push([0, ...[...Array(Math.min(maxCols - 1, n - c)).keys()].map((k) => k + c)]);
  }
  const pieces: Table[] = [];
  for (const cols of groups) {
    for (let r = 0; r < Math.max(block.rows.length, 1); r += maxRows) {
      pieces.push({
        kind: 'table',
        header: block.header.length ? cols.map((c) => block.header[c] ?? []) : [],
        rows: block.rows.slice(r, r + maxRows).map((row) => cols.map((c) => row[c] ?? [])),
        align: cols.map((c) => block.align[c] ?? null),
      });
    }
  }
  return pieces;
}

function renderOneTable(block: Table, ctx: RenderContext, render: Render): string {
  const n = Math.max(columnCount(block), 1);
  const cellCtx: RenderContext = { ...ctx, restricted: true };
  const pad = (row: Inline[][]): Inline[][] => [...row, ...Array<Inline[]>(Math.max(0, n - row.length)).fill([])];
  const header = block.header.length ? pad(block.header) : null;
  const rows = block.rows.map(pad);
  const widths = [...Array(n).keys()].map((c) => {
    let w = 1;
    for (const r of header ? [header, ...rows] : rows) w = Math.max(w, inlineText(r[c] ?? []).length);
    return w;
  });
  const spec = columnSpec(widths, block.align, '\\linewidth');
  const line = (cells: Inline[][], bold: boolean): string =>
    cells.map((c) => (bold ? `\\textbf{${render.inlines(c, cellCtx)}}` : render.inlines(c, cellCtx))).join(' & ') + ' \\\\';
  const headLines = header ? `\\toprule\n${line(header, true)}\n\\midrule` : '\\toprule';
  const body = rows.map((r) => line(r, false)).join('\n');
  const small = n > 4 || ctx.beamer ? '\\small' : '';
  // longtable breaks across pages but cannot sit inside lists, quotes, footnotes or frames.
  if (ctx.beamer || ctx.twoColumn || ctx.inList || ctx.inQuote || ctx.inFootnote || ctx.type === 'letter') {
    return `{${small}\\setlength{\\tabcolsep}{4pt}\\noindent\\begin{tabular}{${spec}}\n${headLines}\n${body}\n\\bottomrule\n\\end{tabular}\\par}`;
  }
  return `{${small}\\setlength{\\tabcolsep}{4pt}\n\\begin{longtable}{${spec}}\n${headLines}\n\\endhead\n${body}\n\\bottomrule\n\\end{longtable}\n}`;
}

export const table: BlockHandler<'table'> = (block, ctx, render) => {
  if (ctx.splitTables || ctx.beamer) {
    const pieces = splitTable(block, ctx.beamer ? 5 : 6, ctx.beamer ? 8 : 30);
    if (pieces.length > 1) return pieces.map((p) => renderOneTable(p, ctx, render)).join('\n\n');
  }
  return renderOneTable(block, ctx, render);
};
