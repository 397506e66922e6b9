// Paragraphs, block quotes and thematic breaks.
import type { BlockHandler } from './context.js';

export const paragraph: BlockHandler<'paragraph'> = (block, ctx, render) => render.inlines(block.inlines, ctx).trim();

export const quote: BlockHandler<'quote'> = (block, ctx, render) => {
  const inner = render.blocks(block.blocks, { ...ctx, inQuote: true }).trim();
  return inner === '' ? '' : `\\begin{quote}\n${inner}\n\\end{quote}`;
};

export const rule: BlockHandler<'rule'> = (_block, ctx) => (ctx.inFootnote ? '' : '\\lgrule');
