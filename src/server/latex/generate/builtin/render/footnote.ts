// Footnotes: a real \footnote where LaTeX allows one, else the text in parentheses.
import type { InlineHandler } from './context.js';
import { joinLines } from './whitespace.js';

export const footnote: InlineHandler<'footnote'> = (node, ctx, render) => {
  const inner = render.blocks(node.blocks, { ...ctx, inFootnote: true, restricted: false });
  if (ctx.restricted || ctx.inFootnote) return ` (${joinLines(inner).replace(/\\par\b/g, ' ')})`;
  // Beamer's footnotes take no paragraph breaks.
  if (ctx.beamer) return `\\footnote{${inner.trim().replace(/\n{2,}/g, ' ').replace(/\\par\b/g, ' ')}}`;
  return `\\footnote{${inner.trim().replace(/\n{2,}/g, '\n\\par\n')}}`;
};
