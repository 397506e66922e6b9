// Rendering of the document tree to LaTeX, shared by every document type. The writers decide
// what headings become (sections, chapters, frames, bold lines); everything else is here.
import type { DocumentType } from '../../../../shared/document-types.js';
import type { Align, Block, Inline } from './blocks.js';
import { inlineText } from './blocks.js';
import { escapeText, escapeUrl, ltrCode } from './escape.js';
import { MacroRegistry, sanitizeMath, splitAsciiMath } from './math.js';
import type { TexEngine } from './preambles.js';

export interface RenderContext {
  type: DocumentType;
  engine: TexEngine;
  useMath: boolean;
  splitTables: boolean;
  macros: MacroRegistry;
  /** Renders a heading of the given (normalized, 1-based) depth. */
  heading: (depth: number, latex: string, plain: string) => string;
  /** Set while rendering inside an argument or environment that restricts what may appear. */
  inFootnote?: boolean;
  inList?: number;
  inQuote?: boolean;
  /** Headings, captions, table cells: no footnotes, no line breaks. */
  restricted?: boolean;
  /** Text width available for tables, as a fraction of \linewidth. */
  beamer?: boolean;
}

// Inline ---------------------------------------------------------------------------------------

function renderMath(tex: string, ctx: RenderContext): string {
  const s = sanitizeMath(tex, false, ctx.engine, ctx.macros);
  if (s.ok) return `$${s.tex}$`;
  return `\\texttt{${escapeText(`$${tex}$`, ctx.engine)}}`;
}

function renderText(value: string, ctx: RenderContext): string {
  const normalized = value.replace(/[ \t]*\n\s*/g, '\n');
  if (!ctx.useMath) return escapeText(normalized, ctx.engine);
  let out = '';
  for (const seg of splitAsciiMath(normalized)) {
    if (seg.kind === 'text') {
      out += escapeText(seg.value, ctx.engine);
      continue;
    }
    const s = sanitizeMath(seg.tex, false, ctx.engine, ctx.macros);
    out += s.ok ? `$${s.tex}$` : escapeText(seg.tex, ctx.engine);
  }
  return out;
}

/** Breaking points after / . - in long URLs shown as text. */
function breakableUrl(url: string, ctx: RenderContext): string {
  return escapeText(url, ctx.engine).replace(/([/.\-?&=])(?!$)/g, '$1\\allowbreak{}');
}

function renderCodeInline(value: string, ctx: RenderContext): string {
  const escaped = escapeText(value.replace(/\s*\n\s*/g, ' '), ctx.engine).replace(/ /g, '\\ ');
  return ltrCode(`\\texttt{${escaped.replace(/([/.\-_])/g, '$1\\allowbreak{}')}}`);
}

export function renderInlines(inlines: Inline[], ctx: RenderContext): string {
  let out = '';
  // Line breaks only between content: \\ at the start or end of a paragraph is an error.
  const items = trimBreaks(inlines);
  for (let i = 0; i < items.length; i++) {
    const node = items[i];
    if (!node) continue;
    switch (node.kind) {
      case 'text':
        out += renderText(node.value, ctx);
        break;
      case 'emph':
        out += `\\emph{${renderInlines(node.children, ctx)}}`;
        break;
      case 'strong':
        out += `\\textbf{${renderInlines(node.children, ctx)}}`;
        break;
      case 'strike':
        out += `\\lgstrike{${renderInlines(node.children, ctx)}}`;
        break;
      case 'code':
        out += renderCodeInline(node.value, ctx);
        break;
      case 'math':
        out += renderMath(node.tex, ctx);
        break;
      case 'link': {
        const label = inlineText(node.children);
        const shown = label === node.url || label === '' ? breakableUrl(node.url, ctx) : renderInlines(node.children, ctx);
        const target = escapeUrl(node.url);
        if (target === '' || ctx.restricted) out += shown;
        else if (shown === breakableUrl(node.url, ctx) || ctx.inFootnote || !/^[a-z]+:/i.test(node.url)) out += `\\href{${target}}{${shown}}`;
        // Printed documents lose link targets: the address goes into a footnote.
        else out += `\\href{${target}}{${shown}}\\footnote{\\href{${target}}{${breakableUrl(node.url, ctx)}}}`;
        break;
      }
      case 'image':
        out += `\\lgimage{${escapeText(node.alt || 'image', ctx.engine)}}`;
        break;
      case 'break': {
        const prev = items[i - 1];
        if (ctx.restricted || !prev || prev.kind === 'break') out += ' ';
        else out += '\\\\\n';
        break;
      }
      case 'footnote': {
        const inner = renderBlocks(node.blocks, { ...ctx, inFootnote: true, restricted: false });
        if (ctx.restricted || ctx.inFootnote) out += ` (${inner.replace(/\s*\n\s*/g, ' ').replace(/\\par\b/g, ' ')})`;
        // Beamer's footnotes take no paragraph breaks.
        else if (ctx.beamer) out += `\\footnote{${inner.trim().replace(/\n{2,}/g, ' ').replace(/\\par\b/g, ' ')}}`;
        else out += `\\footnote{${inner.trim().replace(/\n{2,}/g, '\n\\par\n')}}`;
        break;
      }
    }
  }
  return out;
}

function trimBreaks(inlines: Inline[]): Inline[] {
  let start = 0;
  let end = inlines.length;
  const blank = (n: Inline | undefined): boolean => !n || n.kind === 'break' || (n.kind === 'text' && n.value.trim() === '');
  while (start < end && blank(inlines[start])) start++;
  while (end > start && blank(inlines[end - 1])) end--;
  return inlines.slice(start, end);
}

// Blocks ---------------------------------------------------------------------------------------

/** Picks a listings escape character that does not occur in the code. */
function escapeCharFor(code: string): string | null {
  for (const c of ['`', '|', '!', '@', '?', '+', '*', '"', ';']) if (!code.includes(c)) return c;
  return null;
}

/** Typewriter lines with every character escaped (no verbatim: safe inside any argument). */
function codeLines(code: string, ctx: RenderContext): string {
  const lines = code.split('\n').map((l) => `\\mbox{}${escapeText(l, ctx.engine).replace(/ /g, '~')}`);
  return `{\\ttfamily\\small\\raggedright ${lines.join('\\\\\n')}\\par}`;
}

function renderCodeBlock(text: string, ctx: RenderContext): string {
  const code = text.replace(/\t/g, '    ').replace(/\s+$/g, '');
  const esc = escapeCharFor(code);
  if (ctx.inFootnote || esc === null || code === '') {
    // No verbatim inside arguments: typewriter lines with every character escaped.
    return codeLines(code, ctx);
  }
  // Non-ASCII text and anything that could end the environment goes through the escape
  // character, so listings never sees a byte it cannot handle.
  const endMarker = `${esc}\\textbackslash{}end\\{lstlisting\\}${esc}`;
  const body = code
    .split('\n')
    .map((line) =>
      line
        .split('\\end{lstlisting}')
        .map((part) => part.replace(/[^\x20-\x7e]+/g, (run) => `${esc}${escapeText(run, ctx.engine)}${esc}`))
        .join(endMarker),
    )
    .join('\n');
  return `\\begin{lstlisting}[escapechar=${esc}]\n${body}\n\\end{lstlisting}`;
}

function renderMathBlock(tex: string, ctx: RenderContext): string {
  const s = sanitizeMath(tex, true, ctx.engine, ctx.macros);
  if (!s.ok) return codeLines(tex.trim(), ctx);
  if (s.env) return s.tex;
  return `\\[\n${s.tex}\n\\]`;
}

function renderList(block: Extract<Block, { kind: 'list' }>, ctx: RenderContext): string {
  const depth = (ctx.inList ?? 0) + 1;
  const maxDepth = ctx.beamer ? 3 : 8;
  const inner: RenderContext = { ...ctx, inList: depth };
  if (block.items.length === 0) return '';
  if (depth > maxDepth) {
    // Too deep for LaTeX's list nesting: continue as dashed paragraphs at the last level.
    return block.items
      .map((item) => `--- ${renderBlocks(item.blocks, { ...ctx, inList: ctx.inList }).trim()}`)
      .join('\\par\n');
  }
  const env = block.ordered ? 'enumerate' : 'itemize';
  let open = `\\begin{${env}}`;
  if (block.ordered && block.start !== 1) {
    open = ctx.beamer ? `${open}\\setcounter{enum${'i'.repeat(Math.min(depth, 3))}}{${block.start - 1}}` : `\\begin{${env}}[start=${Math.max(0, block.start)}]`;
  }
  const items = block.items.map((item) => {
    const mark = item.checked === true ? '[\\lgtaskdone]' : item.checked === false ? '[\\lgtaskopen]' : '';
    const body = renderBlocks(item.blocks, inner).trim();
    return `\\item${mark} ${body === '' ? '\\mbox{}' : body}`;
  });
  return `${open}\n${items.join('\n')}\n\\end{${env}}`;
}

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

/** Splits a table into pieces that fit: column groups (first column repeated) and row chunks. */
function splitTable(block: Extract<Block, { kind: 'table' }>, maxCols: number, maxRows: number): Array<Extract<Block, { kind: 'table' }>> {
  const n = Math.max(block.header.length, ...block.rows.map((r) => r.length));
  const groups: number[][] = [];
  if (n <= maxCols) groups.push([...Array(n).keys()]);
  else {
    for (let c = 1; c < n; c += maxCols - 1) groups.push([0, ...[...Array(Math.min(maxCols - 1, n - c)).keys()].map((k) => k + c)]);
  }
  const pieces: Array<Extract<Block, { kind: 'table' }>> = [];
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

export function renderTable(block: Extract<Block, { kind: 'table' }>, ctx: RenderContext): string {
  if (ctx.splitTables || ctx.beamer) {
    const pieces = splitTable(block, ctx.beamer ? 5 : 6, ctx.beamer ? 8 : 30);
    if (pieces.length > 1) return pieces.map((p) => renderOneTable(p, ctx)).join('\n\n');
  }
  return renderOneTable(block, ctx);
}

function renderOneTable(block: Extract<Block, { kind: 'table' }>, ctx: RenderContext): string {
  const n = Math.max(block.header.length, ...block.rows.map((r) => r.length), 1);
  const cellCtx: RenderContext = { ...ctx, restricted: true };
  const pad = (row: Inline[][]): Inline[][] => [...row, ...Array<Inline[]>(Math.max(0, n - row.length)).fill([])];
  const header = block.header.length ? pad(block.header) : null;
  const rows = block.rows.map(pad);
  const widths = [...Array(n).keys()].map((c) =>
    Math.max(...[header, ...rows].filter((r): r is Inline[][] => r !== null).map((r) => inlineText(r[c] ?? []).length), 1),
  );
  const spec = columnSpec(widths, block.align, '\\linewidth');
  const line = (cells: Inline[][], bold: boolean): string =>
    cells.map((c) => (bold ? `\\textbf{${renderInlines(c, cellCtx)}}` : renderInlines(c, cellCtx))).join(' & ') + ' \\\\';
  const headLines = header ? `\\toprule\n${line(header, true)}\n\\midrule` : '\\toprule';
  const body = rows.map((r) => line(r, false)).join('\n');
  const small = n > 4 || ctx.beamer ? '\\small' : '';
  // longtable breaks across pages but cannot sit inside lists, quotes, footnotes or frames.
  if (ctx.beamer || ctx.inList || ctx.inQuote || ctx.inFootnote || ctx.type === 'letter') {
    return `{${small}\\setlength{\\tabcolsep}{4pt}\\noindent\\begin{tabular}{${spec}}\n${headLines}\n${body}\n\\bottomrule\n\\end{tabular}\\par}`;
  }
  return `{${small}\\setlength{\\tabcolsep}{4pt}\n\\begin{longtable}{${spec}}\n${headLines}\n\\endhead\n${body}\n\\bottomrule\n\\end{longtable}\n}`;
}

function renderFigure(block: Extract<Block, { kind: 'figure' }>, ctx: RenderContext): string {
  const r: RenderContext = { ...ctx, restricted: true };
  const description = renderInlines(block.description, r) || '\\mbox{}';
  const caption = renderInlines(block.caption, r);
  // Not a float: many figures in a row can never overflow LaTeX's float queue, and the box
  // may sit inside a list. The letter class has no figure counter, so no \caption there.
  const cap = caption === '' ? '' : ctx.type === 'letter' || ctx.inFootnote ? `\\par\\smallskip{\\small\\itshape ${caption}}` : `\\lgcaption{${caption}}`;
  return `\\begin{lgfigure}\n\\lgplaceholder{${description}}${cap}\n\\end{lgfigure}`;
}

export function renderBlock(block: Block, ctx: RenderContext): string {
  switch (block.kind) {
    case 'heading': {
      const latex = renderInlines(block.inlines, { ...ctx, restricted: true });
      if (latex.trim() === '') return '';
      if (ctx.inList || ctx.inQuote || ctx.inFootnote) return `\\textbf{${latex}}\\par`;
      return ctx.heading(block.depth, latex, inlineText(block.inlines));
    }
    case 'paragraph': {
      const latex = renderInlines(block.inlines, ctx).trim();
      return latex;
    }
    case 'list':
      return renderList(block, ctx);
    case 'quote': {
      const inner = renderBlocks(block.blocks, { ...ctx, inQuote: true }).trim();
      return inner === '' ? '' : `\\begin{quote}\n${inner}\n\\end{quote}`;
    }
    case 'code':
      return renderCodeBlock(block.text, ctx);
    case 'math':
      return renderMathBlock(block.tex, ctx);
    case 'table':
      return renderTable(block, ctx);
    case 'figure':
      return renderFigure(block, ctx);
    case 'slide': {
      const title = renderInlines(block.title, { ...ctx, restricted: true });
      const head = title.trim() === '' ? '' : ctx.inList || ctx.inQuote || ctx.inFootnote ? `\\textbf{${title}}\\par` : ctx.heading(1, title, inlineText(block.title));
      return [head, renderBlocks(block.blocks, ctx)].filter((x) => x !== '').join('\n\n');
    }
    case 'rule':
      return ctx.inFootnote ? '' : '\\lgrule';
  }
}

export function renderBlocks(blocks: Block[], ctx: RenderContext): string {
  return blocks
    .map((b) => renderBlock(b, ctx))
    .filter((s) => s.trim() !== '')
    .join('\n\n');
}
