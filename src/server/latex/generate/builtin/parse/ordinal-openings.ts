// "29. haftadaki artışın … bildirildi.": a sentence that opens with an ordinal (Turkish, German,
// Polish and others write "the 29th" as "29.") is a paragraph, not a list of one item numbered 29.
import type { Block, Inline } from '../tree.js';
import { forEachBlockList } from './citations/walk.js';

/** A list of one item, numbered past 1, whose text is a sentence in lower case after its number. */
function ordinalSentence(b: Block): Inline[] | null {
  if (b.kind !== 'list' || !b.ordered || b.labels !== undefined || b.start < 2 || b.items.length !== 1) return null;
  const [only] = b.items[0]?.blocks ?? [];
  if (b.items[0]?.blocks.length !== 1 || only?.kind !== 'paragraph') return null;
  const text = only.inlines.map((n) => (n.kind === 'text' ? n.value : ' ')).join('');
  if (!/^\p{Ll}/u.test(text.trimStart()) || !/[.!?]$/.test(text.trimEnd()) || text.trim().split(/\s+/).length < 6) return null;
  return [{ kind: 'text', value: `${b.start}. ` }, ...only.inlines];
}

/** Turns such lists back into the sentences they were typed as. */
export function ordinalOpenings(blocks: Block[]): void {
  forEachBlockList(blocks, (list) => {
    // (An item that goes on from a list above, "2. …" after "1. …" and a paragraph, is that list's.)
    let next = 0;
    for (let k = 0; k < list.length; k++) {
      const b = list[k] as Block;
      const inlines = b.kind === 'list' && b.start !== next ? ordinalSentence(b) : null;
      if (inlines) list[k] = { kind: 'paragraph', inlines };
      else if (b.kind === 'list' && b.ordered) next = b.start + b.items.length;
    }
  });
}
