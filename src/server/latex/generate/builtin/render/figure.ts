// Figures: the attached image the figure names, else a framed placeholder with the description
// (the note has no image file); then the caption.
import { attachedImage, includeGraphics } from './attached-image.js';
import { labelFor } from './citation.js';
import type { BlockHandler } from './context.js';

export const figure: BlockHandler<'figure'> = (block, ctx, render) => {
  const r = { ...ctx, restricted: true };
  const caption = render.inlines(block.caption, r);
  const file = attachedImage(ctx, block.image, block.description);
  const content = file ? includeGraphics(file, ctx.beamer ? 0.6 : 0.5) : `\\lgplaceholder{${render.inlines(block.description, r) || '\\mbox{}'}}`;
  // Not a float: many figures in a row can never overflow LaTeX's float queue, and the box
  // may sit inside a list. The letter class has no figure counter, so no \caption there.
  const plainCaption = ctx.type === 'letter' || ctx.inFootnote;
  const label = plainCaption ? '' : labelFor(block.label, 'fig', ctx);
  // A labelled figure gets its numbered caption even when the note gave no words for it.
  const cap = caption === '' && label === '' ? '' : plainCaption ? `\\par\\smallskip{\\small\\itshape ${caption}}` : `\\lgcaption{${caption}}${label}`;
  return `\\begin{lgfigure}\n${content}${cap}\n\\end{lgfigure}`;
};
