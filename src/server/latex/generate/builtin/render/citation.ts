// Citations, cross-references and the bibliography. A citation is its numbers in brackets,
// each linked to its entry ("[1]", "[1, p. 33]", "[2, 3]"; "Doe [1]" in running text when the
// front matter names the authors); the numbers were given by parse/citations/, so the document
// needs no BibTeX and no extra pass. A cross-reference is "Figure~\ref{fig:x}" where the document
// numbers that kind of block, else the word and the block's title.
import type { CrossRefKind } from '../tree.js';
import { escapeText } from '../text/escape.js';
import { referenceWords } from '../text/reference-words.js';
import { breakableText } from './breaks.js';
import type { BlockHandler, InlineHandler, RenderContext } from './context.js';

/** Whether the document type numbers (and so can \ref) blocks of this kind. */
export function numbersKind(kind: CrossRefKind, ctx: RenderContext): boolean {
  // Equations are numbered in every class; beamer's captions and the letter class have no
  // numbers for figures and tables; only articles, reports and books number their sections.
  if (kind === 'eq') return true;
  if (ctx.beamer || ctx.type === 'letter') return false;
  return kind !== 'sec' || ctx.type !== 'basic';
}

/** `\label{…}` for a block, when its kind is numbered here (labels are sanitized by parse/citations/). */
export function labelFor(label: string | undefined, kind: CrossRefKind, ctx: RenderContext): string {
  return label && numbersKind(kind, ctx) ? `\\label{${label}}` : '';
}

/** The hyperref target of bibliography entry `n`. */
const target = (n: number): string => `lgcite${n}`;

export const cite: InlineHandler<'cite'> = (node, ctx) => {
  if (node.items.some((it) => it.number === undefined)) return breakableText(node.source, ctx.program);
  const esc = (s: string): string => escapeText(s, ctx.program);
  // Links are left out of arguments that become PDF bookmarks or move (headings, captions, cells).
  const link = !ctx.restricted;
  const withNotes = node.items.some((it, k) => it.locator || (k > 0 && it.prefix));
  const parts = node.items.map((it, k) => {
    const n = String(it.number);
    const prefix = it.prefix ? `${esc(it.prefix)} ` : '';
    return `${k === 0 ? '' : prefix}${link ? `\\hyperlink{${target(it.number as number)}}{${n}}` : n}${it.locator ? `, ${esc(it.locator)}` : ''}`;
  });
  const first = node.items[0];
  const lead = first?.prefix ? `${esc(first.prefix)} ` : '';
  const authors = node.textual && first?.authors ? `${esc(first.authors)}~` : '';
  // Braced brackets: never read as an optional argument (after \\ or \item).
  return `${lead}${authors}{[}${parts.join(withNotes ? '; ' : ', ')}{]}`;
};

export const ref: InlineHandler<'ref'> = (node, ctx) => {
  const words = referenceWords(ctx.language);
  if (!numbersKind(node.target, ctx)) {
    // Not numbered here: the kind's word and the block's title ("Section ``Methods''").
    const word = node.target === 'fig' ? '\\figurename' : node.target === 'tbl' ? '\\tablename' : escapeText(words.section, ctx.program);
    return node.title ? `${word}~\`\`${breakableText(node.title, ctx.program)}''` : `${word}{}`;
  }
  const label = node.label;
  switch (node.target) {
    case 'fig':
      return `\\figurename~\\ref{${label}}`;
    case 'tbl':
      return `\\tablename~\\ref{${label}}`;
    case 'sec':
      return `${escapeText(words.section, ctx.program)}~\\ref{${label}}`;
    case 'eq':
      return `${escapeText(words.equation, ctx.program)}~(\\ref{${label}})`;
  }
};

export const bibliography: BlockHandler<'bibliography'> = (node, ctx, render) => {
  if (node.entries.length === 0) return '';
  const anchors = !ctx.restricted && !ctx.inFootnote;
  const items = node.entries.map((e) => {
    const body = render.inlines(e.inlines, ctx).trim();
    // \lbrack and \rbrack: no bracket character may stand in \item's optional argument.
    const mark = `\\lbrack${e.number}\\rbrack`;
    return `\\item[${anchors ? `\\hypertarget{${target(e.number)}}{${mark}}` : mark}] ${body === '' ? '\\mbox{}' : body}`;
  });
  // Beamer has no enumitem; elsewhere the labels get room for three digits.
  const open = ctx.beamer ? '\\begin{itemize}' : '\\begin{itemize}[labelwidth=2.2em,leftmargin=2.8em,labelsep=0.6em]';
  return `${open}\n${items.join('\n')}\n\\end{itemize}`;
};
