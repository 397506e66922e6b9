// The note's outline after reading: heading depths made relative (the shallowest is 1, tag
// sections take the note's top depth) and the title taken from a leading heading.
import { titleFromInput } from '../../../../../shared/title.js';
import type { Block, Inline, NoteMeta } from '../tree.js';
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

/** Deepest heading depth that LaTeX numbers (section, subsection, subsubsection; a report's chapter to subsection). */
const NUMBERED_DEPTH = 3;

/**
 * A numbered heading never skips a level: `### Intro` before the first `##` printed as 0.1, a
 * subsubsection right under a section as 1.0.1. Such a heading moves up to one level below the
 * heading before it; deeper, unnumbered headings (run-in paragraphs) keep their depth.
 */
export function closeDepthGaps(blocks: Block[]): void {
  let previous = 0;
  walkHeadings(blocks, (h) => {
    if (h.depth > previous + 1 && h.depth <= NUMBERED_DEPTH && !h.unnumbered) h.depth = previous + 1;
    previous = h.depth;
  });
}

const TRAILING = new Set([...' .:;,!?*_#']);

/** Text compared as a title: spaces collapsed, trailing punctuation dropped (a loop: linear). */
function normalized(s: string): string {
  const t = s.replace(/\s+/g, ' ');
  let end = t.length;
  while (end > 0 && TRAILING.has(t[end - 1] as string)) end--;
  return t.slice(0, end).trim().toLowerCase();
}

/** The inlines after their first line (null when that line is not plain leading text). */
function afterFirstLine(inlines: Inline[]): Inline[] | null {
  for (let i = 0; i < inlines.length; i++) {
    const node = inlines[i] as Inline;
    if (node.kind === 'break') return inlines.slice(i + 1);
    if (node.kind !== 'text') return null;
    const nl = node.value.indexOf('\n');
    if (nl >= 0) return [{ kind: 'text', value: node.value.slice(nl + 1) }, ...inlines.slice(i + 1)];
  }
  return [];
}

/** The body without a first heading or first line that only repeats the title. */
function withoutRepeatedTitle(blocks: Block[], title: string): Block[] {
  const first = blocks[0];
  const t = normalized(title);
  if (!first || t === '') return blocks;
  if (first.kind === 'heading' && !first.fromTag && normalized(inlineText(first.inlines)) === t) {
    const body = blocks.slice(1);
    if (!body.some((b) => b.kind === 'heading' && b.depth <= first.depth)) normalizeDepths(body);
    return body;
  }
  if (first.kind === 'paragraph' && normalized(inlineText(first.inlines).split('\n')[0] ?? '') === t) {
    const rest = afterFirstLine(first.inlines);
    if (rest === null) return blocks;
    const meaningful = rest.some((n) => n.kind !== 'break' && !(n.kind === 'text' && n.value.trim() === ''));
    return meaningful ? [{ ...first, inlines: rest }, ...blocks.slice(1)] : blocks.slice(1);
  }
  return blocks;
}

/** The note's title, and the body without a leading title heading (or a line repeating a title the note states). */
export function splitTitle(blocks: Block[], meta: NoteMeta, content: string): { title: string; body: Block[] } {
  if (meta.title) return { title: meta.title, body: withoutRepeatedTitle(blocks, meta.title) };
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
  if (meta.subject) return { title: meta.subject, body: withoutRepeatedTitle(blocks, meta.subject) };
  // A title made from the note's first words leaves them in the body: they are its text.
  return { title: titleFromInput(content), body: blocks };
}
