// Headings and slide titles: what they become is the writer's choice (ctx.heading); inside
// lists, quotes and footnotes they are bold lines.
import { inlineText } from '../tree.js';
import type { Inline } from '../tree.js';
import { labelFor } from './citation.js';
import type { BlockHandler, Render, RenderContext } from './context.js';

/** The writer's heading for these inlines (restricted rendering: a heading is an argument). */
function head(depth: number, inlines: Inline[], ctx: RenderContext, render: Render, unnumbered = false, ordinal?: number): string {
  const restricted = { ...ctx, restricted: true };
  const latex = render.inlines(inlines, restricted);
  if (latex.trim() === '') return '';
  if (ctx.inList || ctx.inQuote || ctx.inFootnote) return `\\textbf{${latex}}\\par`;
  return ctx.heading({ depth, latex, plain: inlineText(inlines), inlines, render: (part) => render.inlines(part, restricted), program: ctx.program, ...(unnumbered ? { unnumbered } : {}), ...(ordinal !== undefined ? { ordinal } : {}) });
}

/** The classes with parts above their chapters or sections. */
const PART_TYPES = new Set(['article', 'report', 'book']);

export const heading: BlockHandler<'heading'> = (block, ctx, render) => {
  const inPart = block.part && PART_TYPES.has(ctx.type) && !ctx.inList && !ctx.inQuote && !ctx.inFootnote;
  if (inPart) return `\\part{${render.inlines(block.inlines, { ...ctx, restricted: true })}}${labelFor(block.label, 'sec', ctx)}`;
  const latex = head(block.depth, block.inlines, ctx, render, block.unnumbered, block.ordinal);
  // Bold lines in lists, quotes and footnotes have no number to refer to.
  const inside = ctx.inList || ctx.inQuote || ctx.inFootnote;
  return latex && !inside ? `${latex}${labelFor(block.label, 'sec', ctx)}` : latex;
};

/** A <SLIDE> outside a presentation: a top-level heading and its content. */
export const slide: BlockHandler<'slide'> = (block, ctx, render) => {
  return [head(1, block.title, ctx, render), render.blocks(block.blocks, ctx)].filter((x) => x !== '').join('\n\n');
};
