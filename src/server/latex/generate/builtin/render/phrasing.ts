// The small inline handlers: emphasis, strong, struck-out text, inline code and math, images
// (an attached one, else a named box) and line breaks.
import { ltrCode } from '../text/escape.js';
import { boxIfStruck, withStruck } from '../text/struck.js';
import { attachedImage, inlineGraphics } from './attached-image.js';
import type { InlineHandler } from './context.js';
import { breakableCode, breakableText } from './breaks.js';
import { inlineMath } from './math.js';
import { joinLines } from './whitespace.js';

export const emph: InlineHandler<'emph'> = (node, ctx, render) => `\\emph{${render.inlines(node.children, ctx)}}`;
export const strong: InlineHandler<'strong'> = (node, ctx, render) => `\\textbf{${render.inlines(node.children, ctx)}}`;
/** Struck-out text: each word struck through (text/struck.ts); a formula or code as one struck box. */
export const strike: InlineHandler<'strike'> = (node, ctx, render) => withStruck(true, () => render.inlines(node.children, ctx));
export const math: InlineHandler<'math'> = (node, ctx) => boxIfStruck(() => inlineMath(node.tex, ctx));
export const image: InlineHandler<'image'> = (node, ctx) => {
  // An attached image in running text; in captions, headings and cells its name stands in.
  const file = ctx.restricted ? null : attachedImage(ctx, node.url);
  return file ? inlineGraphics(file) : `\\lgimage{${breakableText(node.alt || 'image', ctx.program)}}`;
};

export const code: InlineHandler<'code'> = (node, ctx) => boxIfStruck(() => ltrCode(() => `\\texttt{${breakableCode(joinLines(node.value), ctx.program)}}`));

// Line breaks only between content: \\ at the start of a paragraph, or twice in a row, is an error.
export const lineBreak: InlineHandler<'break'> = (_node, ctx, _render, prev) => (ctx.restricted || !prev || prev.kind === 'break' ? ' ' : '\\\\\n');

/** Wide space typed inside a line: the rest of the line flush right (a wide space in captions, headings and cells). */
export const lineFill: InlineHandler<'fill'> = (_node, ctx) => (ctx.restricted ? '\\quad{}' : '\\hfill ');
