// Links: the label links to the address; in print the address also goes into a footnote.
import { inlineText } from '../tree.js';
import { escapeText, escapeUrl } from '../text/escape.js';
import type { InlineHandler, RenderContext } from './context.js';

/** Breaking points after / . - ? & = in long URLs shown as text. */
export function breakableUrl(url: string, ctx: RenderContext): string {
  return escapeText(url, ctx.program).replace(/([/.\-?&=])(?!$)/g, '$1\\allowbreak{}');
}

export const link: InlineHandler<'link'> = (node, ctx, render) => {
  const label = inlineText(node.children);
  const shown = label === node.url || label === '' ? breakableUrl(node.url, ctx) : render.inlines(node.children, ctx);
  const target = escapeUrl(node.url);
  if (target === '' || ctx.restricted) return shown;
  if (shown === breakableUrl(node.url, ctx) || ctx.inFootnote || !/^[a-z]+:/i.test(node.url)) return `\\href{${target}}{${shown}}`;
  // Printed documents lose link targets: the address goes into a footnote.
  return `\\href{${target}}{${shown}}\\footnote{\\href{${target}}{${breakableUrl(node.url, ctx)}}}`;
};
