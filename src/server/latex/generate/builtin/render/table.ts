// Tables: booktabs rules, a size and column widths that fit the measure (table-layout.ts), and
// column groups when no size fits; longtable (breaks across pages) wherever LaTeX allows it, else
// tabular. With splitTables (and always in slides) wide or long tables are cut into pieces.
import type { Align, Block, Inline } from '../tree.js';
import { inlineText } from '../tree.js';
import { labelFor } from './citation.js';
import { BABEL_NAME, RTL_LANGUAGES } from '../text/language.js';
import type { BlockHandler, Render, RenderContext } from './context.js';
import { columnGroups, layoutTable, measureColumns, measureEm, squeezeTable, type TableLayout } from './table-layout.js';

type Table = Extract<Block, { kind: 'table' }>;

/** A column of its natural width: l, c or r; in a right-to-left document its start is on the right. */
function naturalColumn(a: Align | undefined, rtl: boolean): string {
  const letter = a === 'right' ? 'r' : a === 'center' ? 'c' : 'l';
  return rtl && letter !== 'c' ? (letter === 'l' ? 'r' : 'l') : letter;
}

function columnSpec(layout: TableLayout, align: Align[], n: number, rtl: boolean): string {
  const spec: string[] = [];
  for (let i = 0; i < n; i++) {
    const width = layout.widths?.[i];
    if (width === undefined) {
      spec.push(naturalColumn(align[i], rtl));
      continue;
    }
    const a = align[i] === 'right' ? '\\raggedleft' : align[i] === 'center' ? '\\centering' : '\\raggedright';
    // \hspace{0pt}: TeX hyphenates no word that starts a paragraph, and a cell is one.
    spec.push(`>{${a}\\arraybackslash\\hspace{0pt}}p{${width.toFixed(3)}\\linewidth}`);
  }
  return spec.join('');
}

/**
 * A row's cells joined with `&`: a cell spanning columns is one \\multicolumn as wide as them (a
 * rowspan's text stands in its first row, the rows below keep the column's place empty).
 */
function spannedRow(cells: Inline[][], row: number, spans: Map<string, number>, layout: TableLayout, align: Align[], rtl: boolean, cell: (c: Inline[], col: number) => string): string {
  const out: string[] = [];
  for (let k = 0; k < cells.length; k++) {
    const cols = spans.get(`${row},${k}`) ?? 1;
    const wide = cols > 1 && k + cols <= cells.length ? { cols } : null;
    if (!wide) {
      out.push(cell(cells[k] ?? [], k));
      continue;
    }
    out.push(`\\multicolumn{${wide.cols}}{${spanSpec(layout, align, k, wide.cols, rtl)}}{${cell(cells[k] ?? [], k)}}`);
    k += wide.cols - 1;
  }
  return out.join(' & ');
}

/** A cell's inlines cut at its line breaks (empty lines dropped). */
function cellLines(c: Inline[]): Inline[][] {
  if (!c.some((n) => n.kind === 'break')) return [c];
  const lines: Inline[][] = [[]];
  for (const n of c) {
    if (n.kind === 'break') lines.push([]);
    else (lines[lines.length - 1] as Inline[]).push(n);
  }
  return lines.filter((l) => l.some((n) => n.kind !== 'text' || n.value.trim() !== ''));
}

/** The column specification of a cell spanning `cols` columns from `first`: their widths and the space between them. */
function spanSpec(layout: TableLayout, align: Align[], first: number, cols: number, rtl: boolean): string {
  const widths = layout.widths?.slice(first, first + cols);
  const a = align[first];
  if (!widths || widths.length < cols) return naturalColumn(a ?? 'center', rtl);
  const total = widths.reduce((sum, w) => sum + w, 0);
  const side = a === 'right' ? '\\raggedleft' : a === 'left' ? '\\raggedright' : '\\centering';
  return `>{${side}\\arraybackslash\\hspace{0pt}}p{\\dimexpr${total.toFixed(3)}\\linewidth+${2 * (cols - 1)}\\tabcolsep\\relax}`;
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
    const picked = pickColumns(block, cols);
    for (let r = 0; r < Math.max(block.rows.length, 1); r += maxRows) pieces.push({ ...picked, rows: picked.rows.slice(r, r + maxRows) });
  }
  return pieces;
}

/** A piece of a split table: the first keeps the table's caption and label, the others have none. */
function piece(p: Table, k: number, block: Table): Table {
  return k === 0 && block.caption ? { ...p, caption: block.caption, ...(block.label ? { label: block.label } : {}) } : p;
}

/** The table with only the given columns. */
function pickColumns(block: Table, cols: number[]): Table {
  return {
    kind: 'table',
    header: block.header.length ? cols.map((c) => block.header[c] ?? []) : [],
    rows: block.rows.map((row) => cols.map((c) => row[c] ?? [])),
    align: cols.map((c) => block.align[c] ?? null),
  };
}

/**
 * The caption of a labelled table: inside a longtable its first row; before a tabular a numbered
 * caption paragraph (\caption reads the float type from \@captype, as capt-of sets it); where
 * tables are not numbered (slides, letters) an italic line.
 */
function tableCaption(block: Table, ctx: RenderContext, render: Render, longtable: boolean): string {
  if (!block.caption) return '';
  const caption = render.inlines(block.caption, { ...ctx, restricted: true });
  const label = labelFor(block.label, 'tbl', ctx);
  // (In a longtable only rows stand: an unnumbered caption is its \caption*.)
  if (longtable && label === '' && !ctx.inFootnote) return caption === '' ? '' : `\\caption*{${caption}}\\\\\n`;
  if (label === '' || ctx.inFootnote) return caption === '' ? '' : `{\\small\\itshape ${caption}}\\par\\smallskip\n`;
  if (longtable) return `\\caption{${caption}}${label}\\\\\n`;
  return `{\\expandafter\\def\\csname @captype\\endcsname{table}\\caption{${caption}}${label}\\par}\n`;
}

function renderOneTable(block: Table, ctx: RenderContext, render: Render, split = true): string {
  const n = Math.max(columnCount(block), 1);
  const cellCtx: RenderContext = { ...ctx, restricted: true };
  const pad = (row: Inline[][]): Inline[][] => [...row, ...Array<Inline[]>(Math.max(0, n - row.length)).fill([])];
  const header = block.header.length ? pad(block.header) : null;
  const rows = block.rows.map(pad);
  const plain = (row: Inline[][]) => row.map((c) => inlineText(c));
  const cols = measureColumns(header ? plain(header) : null, rows.map(plain), n);
  const measure = measureEm(ctx);
  const layout = layoutTable(cols, measure, n > 4 || ctx.beamer ? 1 : 0);
  if (!layout && split && n > 2) {
    // Too wide at every size: column groups, each with the first column again.
    return columnGroups(cols, measure)
      .map((group, k) => renderOneTable(piece(pickColumns(block, group), k, block), ctx, render, false))
      .join('\n\n');
  }
  const fitted = layout ?? squeezeTable(cols, measure);
  const align = figureColumns(block.align, rows.map(plain), n);
  const rtl = ctx.language !== undefined && RTL_LANGUAGES.has(ctx.language) && ctx.program === 'xelatex';
  const spec = columnSpec(fitted, align, n, rtl);
  const spans = new Map((block.spans ?? []).map((sp) => [`${sp.row},${sp.col}`, sp.cols] as const));
  // (In a right-to-left document a cell of a column of natural width is a box, which keeps its words
  // left to right unless it is in the document's language; a cell of a fixed width is a paragraph.)
  const own = (tex: string, col: number): string =>
    rtl && ctx.language !== undefined && fitted.widths?.[col] === undefined && tex.trim() !== '' ? `\\foreignlanguage{${BABEL_NAME[ctx.language]}}{${tex}}` : tex;
  const one = (c: Inline[], bold: boolean, col: number): string => own(bold ? `\\textbf{${render.inlines(c, cellCtx)}}` : render.inlines(c, cellCtx), col);
  // A line break in a cell (`<br>`, a list in an HTML cell) stays one: \newline in a column of
  // fixed width, else the cell's lines in a tabular of their own (in braces, so the row's & and
  // \\ stay the row's).
  const cell = (c: Inline[], bold: boolean, col: number): string => {
    const lines = cellLines(c);
    if (lines.length < 2) return one(c, bold, col);
    const shown = lines.map((l) => one(l, bold, col));
    return fitted.widths?.[col] !== undefined ? shown.join('\\newline ') : `{\\begin{tabular}[t]{@{}l@{}}${shown.join('\\\\ ')}\\end{tabular}}`;
  };
  const line = (cells: Inline[][], bold: boolean, row: number): string => spannedRow(cells, row, spans, fitted, align, rtl, (c, col) => cell(c, bold, col)) + ' \\\\';
  const headLines = header ? `\\toprule\n${line(header, true, 0)}\n\\midrule` : '\\toprule';
  // A total under the rows is set off by a rule, as in a ledger.
  const total = rows.length >= 3 && TOTAL.test(plain(rows[rows.length - 1] ?? [])[0]?.trim() ?? '') ? rows.length - 1 : -1;
  const body = rows.map((r, k) => `${k === total ? '\\midrule\n' : ''}${line(r, false, k + (header ? 1 : 0))}`).join('\n');
  const small = fitted.size;
  if (!breaksAcrossPages(ctx)) {
    return `${tableCaption(block, ctx, render, false)}{${small}\\setlength{\\tabcolsep}{4pt}\\noindent\\begin{tabular}{${spec}}\n${headLines}\n${body}\n\\bottomrule\n\\end{tabular}\\par}`;
  }
  // A short table is never split across pages: a tabular, centred as a longtable would be.
  if (rows.length <= SHORT_TABLE_ROWS && !block.caption) {
    return `\\begin{center}${small}\\setlength{\\tabcolsep}{4pt}\n\\begin{tabular}{${spec}}\n${headLines}\n${body}\n\\bottomrule\n\\end{tabular}\n\\end{center}`;
  }
  return `{${small}\\setlength{\\tabcolsep}{4pt}\n\\begin{longtable}{${spec}}\n${tableCaption(block, ctx, render, true)}${headLines}\n\\endhead\n${body}\n\\bottomrule\n\\end{longtable}\n}`;
}

/** A figure in a cell: an amount, a count, a share ("120,000", "€74.50", "-3.2%", "1 250"). */
const FIGURE = /^[-+−~≈]?[$€£¥]?\s?\d[\d,.' \u00a0\u202f]*(?:\s?(?:%|[kKmM]|€|\$))?$/u;
const TOTAL = /^(?:totals?|sum|grand total|subtotal|gesamt|summe|insgesamt|total général|total general|totale|итого|всего|合计|總計|合計|المجموع)\b/iu;

/** Columns of figures the note did not align are set flush right, so their digits line up. */
function figureColumns(align: Align[], rows: string[][], n: number): Align[] {
  return Array.from({ length: n }, (_, j) => {
    if (align[j] !== undefined && align[j] !== null) return align[j] ?? null;
    // (A dash or "n/a" holds a figure's place: "Mudas e sementes | — | — | 350,00".)
    const cells = rows.map((r) => (r[j] ?? '').trim()).filter((c) => c !== '' && !/^(?:[-–—?]{1,3}|n\/a|tbd)$/iu.test(c));
    return cells.length >= 2 && cells.every((c) => FIGURE.test(c)) ? 'right' : null;
  });
}

/** longtable breaks across pages but cannot sit inside lists, quotes, footnotes, frames or letters. */
function breaksAcrossPages(ctx: RenderContext): boolean {
  return !(ctx.beamer || ctx.twoColumn || ctx.inList || ctx.inQuote || ctx.inFootnote || ctx.type === 'letter');
}

/** Rows of a table too short to split across pages (a reader sees two rows here, two there). */
const SHORT_TABLE_ROWS = 12;

/** Rows a tabular (which never breaks) may hold and still fit on a page. */
const PAGE_ROWS = 25;

export const table: BlockHandler<'table'> = (block, ctx, render) => {
  if (ctx.splitTables || ctx.beamer) {
    const pieces = splitTable(block, ctx.beamer ? 5 : 6, ctx.beamer ? 8 : 30);
    if (pieces.length > 1) return pieces.map((p, k) => renderOneTable(piece(p, k, block), ctx, render)).join('\n\n');
  }
  if (!breaksAcrossPages(ctx) && block.rows.length > PAGE_ROWS) {
    // A long tabular would run off the page: pieces of a page's rows, each with the header.
    return splitTable(block, Number.MAX_SAFE_INTEGER, PAGE_ROWS)
      .map((p, k) => renderOneTable(piece(p, k, block), ctx, render))
      .join('\n\n');
  }
  return renderOneTable(block, ctx, render);
};
