// Figures: a framed placeholder with the description (the note has no image file) and a caption.
import type { BlockHandler } from './context.js';

export const figure: BlockHandler<'figure'> = (block, ctx, render) => {
  const r = { ...ctx, restricted: true };
  const description = render.inlines(block.description, r) || '\\mbox{}';
  const caption = render.inlines(block.caption, r);
  // Not a float: many figures in a row can never overflow LaTeX's float queue, and the box
  // may sit inside a list. The letter class has no figure counter, so no \caption there.
  const cap = caption === '' ? '' : ctx.type === 'letter' || ctx.inFootnote ? `\\par\\smallskip{\\small\\itshape ${caption}}` : `\\lgcaption{${caption}}`;
  return `\\begin{lgfigure}\n\\lgplaceholder{${description}}${cap}\n\\end{lgfigure}`;
};
