// Footnotes: a real \footnote where LaTeX allows one, else the text in parentheses. Where only
// inline material may stand (a table cell, a heading, a caption, another footnote) the footnote's
// blocks are flattened to inline text first: a list there would end the document's compile.
import { text, type Block, type Inline } from '../tree.js';
import { withStruck } from '../text/struck.js';
import type { InlineHandler } from './context.js';
import { joinLines } from './whitespace.js';

const SEPARATOR = text('; ');

/** Inline material that says what the blocks say, in order (items and paragraphs joined by '; '). */
export function blocksAsInlines(blocks: readonly Block[]): Inline[] {
  const parts: Inline[][] = [];
  for (const block of blocks) {
    const part = blockInlines(block);
    if (part.length > 0) parts.push(part);
  }
  return parts.flatMap((part, i) => (i === 0 ? part : [SEPARATOR, ...part]));
}

function blockInlines(block: Block): Inline[] {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.inlines;
    case 'list':
      return blocksAsInlines(block.items.flatMap((item) => item.blocks));
    case 'quote':
    case 'slide':
    case 'admonition':
    case 'speakerNotes':
      return blocksAsInlines(block.blocks);
    case 'code':
      return block.text.trim() ? [{ kind: 'code', value: block.text.replace(/\s+/g, ' ').trim() }] : [];
    case 'math':
      return [{ kind: 'math', tex: block.tex }];
    case 'table':
      return [block.header, ...block.rows].flatMap((row, i) => (i === 0 ? [] : [SEPARATOR]).concat(row.flatMap((cell, j) => (j === 0 ? cell : [text(', '), ...cell]))));
    case 'figure':
      return [...block.caption, ...(block.caption.length && block.description.length ? [SEPARATOR] : []), ...block.description];
    case 'definitions':
      return blocksAsInlines(block.items.map((item) => ({ kind: 'paragraph', inlines: [...item.term, text(': '), ...blocksAsInlines(item.blocks)] })));
    case 'bibliography':
      return blocksAsInlines(block.entries.map((e) => ({ kind: 'paragraph', inlines: [text(`[${e.number}] `), ...e.inlines] })));
    case 'rule':
      return [];
  }
}

// A footnote in struck-out text is not struck out.
export const footnote: InlineHandler<'footnote'> = (node, ctx, render, prev) => withStruck(false, () => footnoteLatex(node, ctx, render, prev));

const footnoteLatex: InlineHandler<'footnote'> = (node, ctx, render) => {
  if (ctx.restricted || ctx.inFootnote) {
    const inner = render.inlines(blocksAsInlines(node.blocks), { ...ctx, inFootnote: true, restricted: true });
    return ` (${joinLines(inner).replace(/\\par\b/g, ' ').trim()})`;
  }
  const inner = render.blocks(node.blocks, { ...ctx, inFootnote: true, restricted: false });
  // Beamer's footnotes take no paragraph breaks.
  if (ctx.beamer) return `\\footnote{${inner.trim().replace(/\n{2,}/g, ' ').replace(/\\par\b/g, ' ')}}`;
  return `\\footnote{${inner.trim().replace(/\n{2,}/g, '\n\\par\n')}}`;
};
