// The note's outline after reading: heading depths made relative (the shallowest is 1, tag
// sections take the note's top depth) and the title taken from a leading heading.
import { titleFromInput } from '../../../../../shared/title.js';
import type { Block, NoteMeta } from '../tree.js';
import { inlineText } from '../tree.js';
import { TAG_SECTION_DEPTH } from './tag-blocks.js';

function walkHeadings(blocks: Block[], fn: (h: Extract<Block, { kind: 'heading' }>) => void): void {
  for (const b of blocks) {
    if (b.kind === 'heading') fn(b);
    else if (b.kind === 'slide') walkHeadings(b.blocks, fn);
  }
}

/** Gives tag sections the note's top section depth, then makes the shallowest depth 1. */
export function normalizeDepths(blocks: Block[]): void {
  let min = Infinity;
  walkHeadings(blocks, (h) => {
    if (h.depth !== TAG_SECTION_DEPTH) min = Math.min(min, h.depth);
  });
  if (!Number.isFinite(min)) min = 1;
  walkHeadings(blocks, (h) => {
    if (h.depth === TAG_SECTION_DEPTH) h.depth = min;
  });
  walkHeadings(blocks, (h) => {
    h.depth = h.depth - min + 1;
  });
}

/** The note's title, and the body without a leading title heading. */
export function splitTitle(blocks: Block[], meta: NoteMeta, content: string): { title: string; body: Block[] } {
  if (meta.title) return { title: meta.title, body: blocks };
  const first = blocks[0];
  // The user's own <SECTION> tags stay sections; only a leading markdown heading names the note.
  if (first?.kind === 'heading' && !first.fromTag) {
    const sameDepth = blocks.filter((b) => b.kind === 'heading' && b.depth <= first.depth).length;
    const text = inlineText(first.inlines).replace(/\s+/g, ' ').trim();
    if (text && (sameDepth === 1 || first.depth === 1)) {
      const body = blocks.slice(1);
      if (sameDepth === 1) normalizeDepths(body);
      return { title: text, body };
    }
  }
  return { title: titleFromInput(content), body: blocks };
}
