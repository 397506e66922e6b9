// Headings that number the deck's slides ("## Slide 2 — Why it matters", "### Folie 3: Kosten"),
// as a chat assistant writes a deck or a person marks one in Markdown: the number is the deck's
// to give, so the heading keeps its title. A first slide that only says it is the title slide
// ("## Slide 1 — Title") over the talk's title and byline names the deck: its first line becomes
// the title heading, the lines under it the byline the outline takes (outline.ts).
import { inlineText, type Block, type Inline } from '../tree.js';
import { dropPrefix } from '../write/numbering.js';
import { markerOf, TITLE_SLIDE } from './notes/markers.js';

type Heading = Extract<Block, { kind: 'heading' }>;

const slideMarker = (h: Heading) => {
  const m = markerOf(inlineText(h.inlines).trim());
  return m?.kind === 'slide' ? m : null;
};

/** The heading's inlines after the first `n` characters of its text ("**Slide 2:** Why" too), or null. */
function afterPrefix(inlines: Inline[], n: number): Inline[] | null {
  const lead = inlines.findIndex((x) => !(x.kind === 'text' && x.value.trim() === ''));
  const kept = inlines.slice(lead);
  const plain = dropPrefix(kept, n);
  if (plain) return trimStart(plain);
  // A marker in bold or italics ("**Slide 2:** Why"): the whole first inline is the marker.
  const first = kept[0];
  if ((first?.kind === 'strong' || first?.kind === 'emph') && inlineText([first]).trim().length <= n) return trimStart(kept.slice(1));
  return null;
}

function trimStart(inlines: Inline[]): Inline[] {
  const [first, ...rest] = inlines;
  if (first?.kind !== 'text') return inlines;
  const value = first.value.replace(/^[\s:.–—-]+/u, '');
  return value ? [{ kind: 'text', value }, ...rest] : rest;
}

/** A line of a paragraph's inlines, split at its breaks. */
function lines(inlines: Inline[]): Inline[][] {
  const out: Inline[][] = [[]];
  for (const x of inlines) {
    if (x.kind === 'break') out.push([]);
    else if (x.kind === 'text' && x.value.includes('\n')) {
      const parts = x.value.split('\n');
      parts.forEach((p, k) => {
        if (k > 0) out.push([]);
        if (p) out[out.length - 1]?.push({ kind: 'text', value: p });
      });
    } else out[out.length - 1]?.push(x);
  }
  return out.filter((l) => inlineText(l).trim() !== '');
}

/** A title typed in bold or italics ("**Recycling at Home**") is the title's words. */
const unwrapped = (line: Inline[]): Inline[] => (line.length === 1 && (line[0]?.kind === 'strong' || line[0]?.kind === 'emph') ? line[0].children : line);

/** The note's blocks with slide numbers off its headings and its title slide as its title. */
export function slideHeadings(blocks: Block[], slides: boolean): Block[] {
  const headings = blocks.filter((b): b is Heading => b.kind === 'heading');
  const marked = headings.filter((h) => slideMarker(h) !== null);
  if (marked.length === 0 || (!slides && marked.length < 2)) return blocks;
  const out = [...blocks];
  const first = out.findIndex((b) => b.kind === 'heading');
  const cover = out[first] as Heading | undefined;
  const coverMarker = cover ? slideMarker(cover) : null;
  const under = out[first + 1];
  // "## Slide 1 — Title" over "**Recycling at Home**" / "by Ana": the talk's title heading over its byline.
  if (cover && coverMarker && (coverMarker.title === '' || TITLE_SLIDE.test(coverMarker.title)) && under?.kind === 'paragraph') {
    const [titleLine, ...rest] = lines(under.inlines);
    if (titleLine && inlineText(titleLine).length <= 120) {
      const depth = Math.min(...headings.map((h) => h.depth));
      out.splice(first, 2, { kind: 'heading', depth: Math.max(1, depth - 1), inlines: unwrapped(titleLine) }, ...(rest.length ? [{ kind: 'paragraph' as const, inlines: rest.flatMap((l, k) => (k === 0 ? l : [{ kind: 'break' as const }, ...l])) }] : []));
    }
  }
  return out.map((b) => {
    if (b.kind !== 'heading') return b;
    const m = slideMarker(b);
    if (!m || m.title === '' || TITLE_SLIDE.test(m.title)) return b;
    const inlines = afterPrefix(b.inlines, m.titleStart);
    // (A slide the note numbered is a slide, never the note's title: fromTag keeps it one, as a <SLIDE> tag's.)
    return inlines && inlines.length ? { ...b, inlines, fromTag: true } : b;
  });
}
