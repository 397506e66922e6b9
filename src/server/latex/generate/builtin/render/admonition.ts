// Admonitions (a note, tip or warning set apart: Obsidian and GitHub callouts, reStructuredText
// and AsciiDoc admonitions, org special blocks) and definition lists (terms and descriptions).
import { escapeText } from '../text/escape.js';
import type { BlockHandler } from './context.js';

// Beamer's own block colours: warnings in the alert colour, tips and examples in the example colour.
const ALERT = new Set(['warning', 'caution', 'danger', 'error', 'attention', 'important', 'failure', 'fail', 'bug', 'missing']);
const EXAMPLE = new Set(['tip', 'hint', 'example', 'success', 'check', 'done']);

// In slides a beamer block; elsewhere a quote with a bold label line: it needs no package,
// breaks across pages, nests in lists, and may hold code, tables and lists like any quote.
export const admonition: BlockHandler<'admonition'> = (node, ctx, render) => {
  const title = render.inlines(node.title, { ...ctx, restricted: true }).trim();
  const label = escapeText(node.label.trim(), ctx.program);
  const head = label && title ? `${label}: ${title}` : label || title;
  const inner = render.blocks(node.blocks, { ...ctx, inQuote: true }).trim();
  if (head === '' && inner === '') return '';
  if (ctx.beamer) {
    const type = node.label.trim().toLowerCase();
    const env = ALERT.has(type) ? 'alertblock' : EXAMPLE.has(type) ? 'exampleblock' : 'block';
    return `\\begin{${env}}{${head}}\n${inner === '' ? '\\mbox{}' : inner}\n\\end{${env}}`;
  }
  const lines = [head === '' ? '' : `\\noindent\\textbf{${head}}${inner === '' ? '' : '\\par'}`, inner].filter((s) => s !== '');
  return `\\begin{quote}\n${lines.join('\n')}\n\\end{quote}`;
};

// LaTeX allows six nested list environments (beamer fewer); deeper terms continue as paragraphs.
const MAX_DEPTH = 6;
const MAX_DEPTH_BEAMER = 3;

export const definitions: BlockHandler<'definitions'> = (node, ctx, render) => {
  if (node.items.length === 0) return '';
  const depth = (ctx.inList ?? 0) + 1;
  const termCtx = { ...ctx, restricted: true };
  if (depth > (ctx.beamer ? MAX_DEPTH_BEAMER : MAX_DEPTH)) {
    return node.items
      .map((item) => `\\textbf{${render.inlines(item.term, termCtx)}} ${render.blocks(item.blocks, ctx).trim()}`)
      .join('\\par\n');
  }
  const inner = { ...ctx, inList: depth };
  const items = node.items.map((item) => {
    const body = render.blocks(item.blocks, inner).trim();
    // Braced: a ] in the term would end \item's optional argument.
    return `\\item[{${render.inlines(item.term, termCtx)}}] ${body === '' ? '\\mbox{}' : body}`;
  });
  return `\\begin{description}\n${items.join('\n')}\n\\end{description}`;
};
