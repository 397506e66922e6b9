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

type Paragraph = Extract<Block, { kind: 'paragraph' }>;

/** A short first line with lines of its own under it ("1. Parking on Elm Road" / "R. Singh reported …"). */
const HEAD_LINE = 50;

/**
 * A numbered list whose items are each a short line with text under it, typed without indenting
 * ("1. Minutes of last meeting" / "approved without changes.", a blank line, "2. …"): Markdown
 * reads the text as the item's own, lazily continued; the person meant numbered parts with their
 * text. Its items go back to the notes layer as the lines they were, which decides what they are.
 */
function headedItems(b: Block): Paragraph[] | null {
  if (b.kind !== 'list' || !b.ordered || b.items.length < 2) return null;
  const paragraphs = b.items.map((item) => (item.blocks.length === 1 && item.blocks[0]?.kind === 'paragraph' && item.checked === null ? item.blocks[0] : null));
  if (paragraphs.some((p) => p === null)) return null;
  let headed = 0;
  for (const p of paragraphs as Paragraph[]) {
    const [head, ...rest] = inlineLines(p.inlines);
    if (!head || head.text.length > HEAD_LINE || /[.!?;,:]$/u.test(head.text)) return null;
    if (rest.some((l) => l.text !== '')) headed++;
  }
  if (headed * 2 < paragraphs.length) return null;
  return (paragraphs as Paragraph[]).map((p, i) => ({ kind: 'paragraph', inlines: [{ kind: 'text', value: `${b.start + i}. ` }, ...p.inlines] }));
}

/**
 * "1. Executive summary" over its text (lazily continued, after a blank line, or a table): numbered
 * parts that Markdown reads as lists. The items' blocks as typed, each part's name with its number,
 * or null. In a list of several items each has something under its name ("1. eggs", "2. milk" is a list).
 */
function numberedPartsOf(b: Block): Block[] | null {
  if (b.kind !== 'list' || !b.ordered) return null;
  const out: Block[] = [];
  for (const [i, item] of b.items.entries()) {
    const p = item.blocks[0]?.kind === 'paragraph' && item.checked === null ? item.blocks[0] : null;
    const lines = p ? inlineLines(p.inlines) : [];
    const text = lines[0]?.text ?? '';
    if (!p || text.length > HEAD_LINE || /[.!?;,:]$/u.test(text)) return null;
    // (The last may be a name alone, what it names following the list: "3. Resultados" over a table.)
    if (b.items.length > 1 && lines.length < 2 && item.blocks.length < 2 && i < b.items.length - 1) return null;
    out.push({ kind: 'paragraph', inlines: [{ kind: 'text', value: `${b.start + i}. ` }, ...p.inlines] }, ...item.blocks.slice(1));
  }
  return out;
}

/** Numbered parts one after another through the note ("1. …", "2. …" further on, numbered on): the lines the person typed. */
function numberedParts(input: Block[]): Block[] {
  const parts = input.map(numberedPartsOf);
  const numbers = input.flatMap((b, k) => (b.kind === 'list' && parts[k] ? b.items.map((_, i) => b.start + i) : []));
  if (numbers.length < 2 || numbers.some((n, k) => k > 0 && n !== (numbers[k - 1] as number) + 1)) return input;
  return input.flatMap((b, k) => parts[k] ?? [b]);
}

/** A reader's blocks with its plain paragraphs read by the notes layer. */
export function readParagraphs(input: Block[], options: LayerOptions): Block[] {
  const blocks = numberedParts(input).flatMap((b) => headedItems(b) ?? [b]);
  if (!blocks.some((b) => b.kind === 'paragraph')) return blocks;
  const segments: Segment[] = blocks.map((b) =>
    b.kind === 'paragraph' && worthReading(b)
      ? {
          kind: 'lines',
          lines: inlineLines(b.inlines).filter((l) => l.text !== '' || l.inlines().length > 0),
          // A hard break ("Sincerely,  " then the name; a CJK line end) is a line the writer meant; so is every line of a slide (as Marp reads them).
          ...(options.slides || b.inlines.some((n) => n.kind === 'break') ? { lineEnds: true } : {}),
        }
      : { kind: 'block', blocks: [b] },
  );
  return readSegments(segments, { ...options, joinSentences: true });
}
