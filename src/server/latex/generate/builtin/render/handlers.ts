// One handler per node kind of the document tree (tree.ts), in two maps, as in
// mdast-util-to-markdown's handle/index.js: adding a node kind means adding a handler here.
import { admonition, definitions } from './admonition.js';
import { bibliography, cite, ref } from './citation.js';
import { codeBlock } from './code.js';
import type { BlockHandlers, InlineHandlers } from './context.js';
import { figure } from './figure.js';
import { paragraph, quote, rule } from './flow.js';
import { footnote } from './footnote.js';
import { heading, slide } from './heading.js';
import { link } from './link.js';
import { list } from './list.js';
import { mathBlock } from './math.js';
import { speakerNotes } from './speaker-notes.js';
import { code, emph, image, lineBreak, lineFill, math, strike, strong } from './phrasing.js';
import { table } from './table.js';
import { text } from './text.js';

export const blockHandlers: BlockHandlers = {
  heading,
  paragraph,
  list,
  quote,
  code: codeBlock,
  math: mathBlock,
  table,
  figure,
  slide,
  rule,
  admonition,
  definitions,
  speakerNotes,
  bibliography,
};

export const inlineHandlers: InlineHandlers = {
  text,
  emph,
  strong,
  strike,
  code,
  math,
  link,
  image,
  break: lineBreak,
  fill: lineFill,
  footnote,
  cite,
  ref,
};
