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
  // A Japanese letter's particulars: 記 centred over them, 以上 closing them at the right.
  const ki = first.kind === 'paragraph' && inlineText(first.inlines).trim() === KI;
  const last = blocks[blocks.length - 1];
  const ijou = ki && last?.kind === 'paragraph' && inlineText(last.inlines).trim() === IJOU;
  if (ki) return [`\\begin{center}\n${KI}\n\\end{center}\n\n${renderBlocks(blocks.slice(1, ijou ? -1 : undefined), ctx)}${ijou ? `\n\n\\begin{flushright}\n${IJOU}\n\\end{flushright}` : ''}`];
  return [(isPs ? '\\ps\n\n' : '') + renderBlocks(blocks, ctx)];
}

/** 記 opens the particulars a Japanese letter lists after its closing; 以上 ends them. */
export const KI = '記';
const IJOU = '以上';
