// Rendering of the document tree to LaTeX, shared by every document type: each node goes to
// its handler (handlers.ts). The writers decide what headings become (sections, chapters,
// frames, bold lines) through RenderContext.heading.
import type { Block, Inline } from '../tree.js';
import type { Render, RenderContext } from './context.js';
import { blockHandlers, inlineHandlers } from './handlers.js';

export type { RenderContext } from './context.js';

// Handed to every handler for nested content (function declarations are hoisted).
const render: Render = { blocks: renderBlocks, inlines: renderInlines };

function trimBreaks(inlines: Inline[]): Inline[] {
  let start = 0;
  let end = inlines.length;
  const blank = (n: Inline | undefined): boolean => !n || n.kind === 'break' || (n.kind === 'text' && n.value.trim() === '');
  while (start < end && blank(inlines[start])) start++;
  while (end > start && blank(inlines[end - 1])) end--;
  return inlines.slice(start, end);
}

export function renderInlines(inlines: Inline[], ctx: RenderContext): string {
  let out = '';
  // Line breaks only between content: \\ at the start or end of a paragraph is an error.
  const items = trimBreaks(inlines);
  for (let i = 0; i < items.length; i++) {
    const node = items[i];
    if (!node) continue;
    const handle = inlineHandlers[node.kind] as (n: Inline, c: RenderContext, r: Render, prev: Inline | undefined) => string;
    out += handle(node, ctx, render, items[i - 1]);
  }
  return out;
}

function renderBlock(block: Block, ctx: RenderContext): string {
  const handle = blockHandlers[block.kind] as (n: Block, c: RenderContext, r: Render) => string;
  return handle(block, ctx, render);
}

export function renderBlocks(blocks: Block[], ctx: RenderContext): string {
  let out = '';
  let previous: Block | undefined;
  for (const b of blocks) {
    const latex = renderBlock(b, ctx);
    if (latex.trim() === '') continue;
    // Text right after a display goes on the display's paragraph (no blank line): it is not indented
    // as a new paragraph would be, beside its unindented sibling lines.
    const sep = out === '' ? '' : previous?.kind === 'math' && b.kind === 'paragraph' ? '\n' : '\n\n';
    out += sep + latex;
    previous = b;
  }
  return out;
}
