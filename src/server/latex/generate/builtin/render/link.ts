// Links: the label links to the address; in print the address also goes into a footnote.
import { inlineText } from '../tree.js';
import { escapeUrl } from '../text/escape.js';
import { breakableUrl } from './breaks.js';
import type { InlineHandler } from './context.js';

export const link: InlineHandler<'link'> = (node, ctx, render) => {
  const label = inlineText(node.children);
  const shown = label === node.url || label === '' ? breakableUrl(node.url, ctx.program) : render.inlines(node.children, ctx);
  const target = escapeUrl(node.url);
  if (target === '' || ctx.restricted) return shown;
  // An address shown as itself ("chloe@example.org" for mailto:chloe@example.org) needs no footnote.
  const itself = label === node.url.replace(/^(?:mailto|tel):/i, '');
  if (shown === breakableUrl(node.url, ctx.program) || itself || ctx.inFootnote || !/^[a-z]+:/i.test(node.url)) return `\\href{${target}}{${shown}}`;
  // Printed documents lose link targets: the address goes into a footnote.
  return `\\href{${target}}{${shown}}\\footnote{\\href{${target}}{${breakableUrl(node.url, ctx.program)}}}`;
};
