// Basic: no title page and no sections; every line of the note, headings as bold lines.
import { renderBlocks } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import { boldHeading, extrasBlock, type Writer } from './skeleton.js';

export const writeBasic: Writer = (input) => {
  const ctx = { ...input.ctx, heading: boldHeading };
  const title = input.meta.title ? `\\lgheading{${escapeText(input.meta.title, ctx.program)}}` : '';
  return [title, extrasBlock(input), renderBlocks(input.all, ctx)].filter(Boolean).join('\n\n');
};
