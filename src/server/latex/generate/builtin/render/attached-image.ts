// Images the document has attached (docs/product.md, Documents API): a figure or Markdown image
// whose file name matches one is placed with \includegraphics, scaled to the line and kept within
// part of the page; without a match the handlers keep their placeholder boxes.
import { findImage } from '../../../../../shared/images.js';
import { inlineText, type Inline } from '../tree.js';
import type { RenderContext } from './context.js';

// A description that is nothing but a file name (`description: chart.png`) names an image too.
const FILE_NAME = /^[^\s/\\]+\.(png|jpe?g|pdf)$/i;

/** The attached image `reference` (or, without one, a description that is a file name) names. */
export function attachedImage(ctx: RenderContext, reference: string | undefined, description?: Inline[]): string | null {
  if (ctx.images.length === 0) return null;
  if (reference) return findImage(ctx.images, reference);
  const text = description ? inlineText(description).trim() : '';
  return FILE_NAME.test(text) ? findImage(ctx.images, text) : null;
}

/**
 * \includegraphics of a stored image (its name is letters, digits, '-' and an extension, so it
 * needs no escaping): as wide as the line, at most `maxHeight` of the text height.
 */
export function includeGraphics(name: string, maxHeight = 0.5): string {
  return `\\includegraphics[width=\\linewidth,height=${maxHeight}\\textheight,keepaspectratio]{${name}}`;
}

/** An image in running text: the height of two lines, so it never breaks the paragraph apart. */
export function inlineGraphics(name: string): string {
  return `\\raisebox{-0.3\\baselineskip}{\\includegraphics[width=\\linewidth,height=2\\baselineskip,keepaspectratio]{${name}}}`;
}
