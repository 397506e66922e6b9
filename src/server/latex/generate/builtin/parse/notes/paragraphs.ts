// The notes layer for readers with their own markup (Markdown): the paragraphs they leave as
// text go through the same decisions as a plain note's blocks (a heading line, checkbox lines,
// a pipe table without its |---| line, lines meant one per line), and what the reader already
// structured stays as it is. Line ends inside a paragraph are spaces to such a reader, so
// sentences typed one per line stay one paragraph.
import { inlineText, type Block } from '../../tree.js';
import { readSegments, type LayerOptions, type Segment } from './index.js';
import { inlineLines } from './lines.js';

/** Whether a paragraph's inlines hold a line end (or it is one short line that may head what follows). */
function worthReading(b: Extract<Block, { kind: 'paragraph' }>): boolean {
  // A line end inside emphasis or a link is the markup's own: such a paragraph stays whole.
  if (b.inlines.some((n) => 'children' in n && inlineText(n.children).includes('\n'))) return false;
  return b.inlines.some((n) => n.kind === 'break' || (n.kind === 'text' && n.value.includes('\n'))) || b.inlines.every((n) => n.kind === 'text');
}

/** A reader's blocks with its plain paragraphs read by the notes layer. */
export function readParagraphs(blocks: Block[], options: LayerOptions): Block[] {
  if (!blocks.some((b) => b.kind === 'paragraph')) return blocks;
  const segments: Segment[] = blocks.map((b) =>
    b.kind === 'paragraph' && worthReading(b)
      ? {
          kind: 'lines',
          lines: inlineLines(b.inlines).filter((l) => l.text !== '' || l.inlines().length > 0),
          // A hard break ("Sincerely,  " then the name; a CJK line end) is a line the writer meant.
          ...(b.inlines.some((n) => n.kind === 'break') ? { lineEnds: true } : {}),
        }
      : { kind: 'block', blocks: [b] },
  );
  return readSegments(segments, { ...options, joinSentences: true });
}
