// What follows a letter's signature: a postscript ("PS: …") after the letter class's \ps, so it
// is set apart below the signature; thematic breaks that only close the letter are dropped.
import type { RenderContext } from '../render/index.js';
import { renderBlocks } from '../render/index.js';
import type { Block } from '../tree.js';
import { inlineText } from '../tree.js';
import { isPostscript } from './letter-phrases.js';

/** The LaTeX for the blocks after the signature (empty when there are none). */
export function postscript(after: Block[], ctx: RenderContext): string[] {
  let end = after.length;
  while (end > 0 && after[end - 1]?.kind === 'rule') end--;
  const blocks = after.slice(0, end);
  if (blocks.length === 0) return [];
  const first = blocks[0] as Block;
  const isPs = first.kind === 'paragraph' && isPostscript(inlineText(first.inlines));
  return [(isPs ? '\\ps\n\n' : '') + renderBlocks(blocks, ctx)];
}
