// Article: title block, sections by heading depth.
import { renderBlocks } from '../render/index.js';
import { extrasBlock, sectioning, titleBlock, type Writer } from './skeleton.js';

export const writeArticle: Writer = (input) => {
  const ctx = { ...input.ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph']) };
  return [titleBlock(input), '\\maketitle', extrasBlock(input), renderBlocks(input.body, ctx)].filter(Boolean).join('\n\n');
};
