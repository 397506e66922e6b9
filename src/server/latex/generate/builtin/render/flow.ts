// Paragraphs, block quotes and thematic breaks.
import type { Inline } from '../tree.js';
import type { BlockHandler } from './context.js';

export const paragraph: BlockHandler<'paragraph'> = (block, ctx, render) => {
  // A book's prose is indented paragraphs: its sentences typed one per line are paragraphs each.
  if (block.statements && ctx.type === 'book') {
    const parts: Inline[][] = [[]];
    for (const n of block.inlines) {
      if (n.kind === 'break') parts.push([]);
      else parts[parts.length - 1]?.push(n);
    }
    return parts.map((p) => render.inlines(p, ctx).trim()).filter(Boolean).join('\n\n');
  }
  const text = render.inlines(block.inlines, ctx).trim();
  // Lines kept one per line stand flush: an indent would mark only the first of them. So does a
  // line that leads into what follows ("Folgen:" above its list).
  const flush = !ctx.flushParagraphs && ctx.type !== 'basic' && ctx.type !== 'letter' && !ctx.beamer && !ctx.inList && !ctx.inQuote && !ctx.inFootnote && !ctx.restricted;
  const leadIn = !text.includes('\n') && text.length <= 80 && /[:：]$/u.test(text);
  return flush && text !== '' && (leadIn || block.inlines.some((n) => n.kind === 'break')) ? `\\noindent ${text}` : text;
};

export const quote: BlockHandler<'quote'> = (block, ctx, render) => {
  const inner = render.blocks(block.blocks, { ...ctx, inQuote: true }).trim();
  return inner === '' ? '' : `\\begin{quote}\n${inner}\n\\end{quote}`;
};

/** A rule between a book's paragraphs is a scene break ("* * *" typed or a line of dashes): three asterisks, centred, with space around them. */
export const rule: BlockHandler<'rule'> = (_block, ctx) => (ctx.inFootnote ? '' : ctx.type === 'book' ? '\\begin{center}*\\quad*\\quad*\\end{center}' : '\\lgrule');
