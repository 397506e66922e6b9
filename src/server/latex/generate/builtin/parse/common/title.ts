// A title for a note whose source lines are markup (HTML, wikitext): the fallback that reads
// the note's first line (shared/title.ts) would print the markup itself, so the readers name
// the document from their blocks instead.
import { inlineText, type Block, type Inline } from '../../tree.js';

/** Whether the first block is a heading the outline step takes as the title (outline.ts splitTitle). */
function leadsWithTitleHeading(blocks: Block[]): boolean {
  const first = blocks[0];
  if (first?.kind !== 'heading') return false;
  return first.depth === 1 || blocks.filter((b) => b.kind === 'heading' && b.depth <= first.depth).length === 1;
}

function firstText(blocks: Block[]): Inline[] {
  for (const b of blocks) {
    if (b.kind === 'heading' || b.kind === 'paragraph') return b.inlines;
    if (b.kind === 'list' || b.kind === 'quote') {
      const inner = firstText(b.kind === 'list' ? (b.items[0]?.blocks ?? []) : b.blocks);
      if (inner.length) return inner;
    }
  }
  return [];
}

/**
 * The title the note's blocks give when no heading does: a bold phrase opening the first
 * paragraph (how Wikipedia names an article's subject). Null when the first heading will be the
 * title, or the note names nothing (its first words then name it in the history only).
 */
export function titleFromBlocks(blocks: Block[]): string | null {
  if (leadsWithTitleHeading(blocks)) return null;
  const inlines = firstText(blocks);
  const lead = inlines[0];
  if (lead?.kind === 'strong') {
    const t = inlineText(lead.children).replace(/\s+/g, ' ').trim();
    if (t) return t;
  }
  return null;
}

/** The text the note's blocks open with (for a title made of its first words). */
export function openingText(blocks: Block[]): string {
  return inlineText(firstText(blocks)).trim();
}
