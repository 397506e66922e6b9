// Headings and slide titles: what they become is the writer's choice (ctx.heading); inside
// lists, quotes and footnotes they are bold lines.
import { inlineText } from '../tree.js';
import type { BlockHandler } from './context.js';

export const heading: BlockHandler<'heading'> = (block, ctx, render) => {
  const latex = render.inlines(block.inlines, { ...ctx, restricted: true });
  if (latex.trim() === '') return '';
  if (ctx.inList || ctx.inQuote || ctx.inFootnote) return `\\textbf{${latex}}\\par`;
  return ctx.heading(block.depth, latex, inlineText(block.inlines));
};

/** A <SLIDE> outside a presentation: a top-level heading and its content. */
export const slide: BlockHandler<'slide'> = (block, ctx, render) => {
  const title = render.inlines(block.title, { ...ctx, restricted: true });
  const head = title.trim() === '' ? '' : ctx.inList || ctx.inQuote || ctx.inFootnote ? `\\textbf{${title}}\\par` : ctx.heading(1, title, inlineText(block.title));
  return [head, render.blocks(block.blocks, ctx)].filter((x) => x !== '').join('\n\n');
};
