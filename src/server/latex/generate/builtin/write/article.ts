// Article: title block, abstract, sections by heading depth.
import { renderBlocks } from '../render/index.js';
import { abstractBlock, hasTitleBlock, sectioning, titleBlock, wantsContents, type Writer } from './skeleton.js';

export const writeArticle: Writer = (input) => {
  const ctx = { ...input.ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph'], { blocks: input.body, contents: wantsContents(input) }) };
  // \twocolumn before \maketitle: the title then spans both columns (nothing is on the page yet).
  // A note that names nothing and gives no author or date opens with its text.
  const titled = hasTitleBlock(input);
  const title = [...(input.settings.columns === 2 ? ['\\twocolumn'] : []), ...(titled ? ['\\maketitle'] : []), ...(wantsContents(input) ? ['\\tableofcontents'] : [])];
  return [titled ? titleBlock(input) : '', ...title, abstractBlock(input), renderBlocks(input.body, ctx), renderBlocks(input.references, ctx)].filter(Boolean).join('\n\n');
};
