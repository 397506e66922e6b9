// Rendering of the document tree to LaTeX, shared by every document type: each node goes to
// its handler (handlers.ts). The writers decide what headings become (sections, chapters,
// frames, bold lines) through RenderContext.heading.
import { inlineText, type Block, type Inline } from '../tree.js';
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
  const top = !ctx.inList && !ctx.inQuote && !ctx.inFootnote && !ctx.restricted && !ctx.beamer;
  for (const [i, b] of blocks.entries()) {
    let latex = renderBlock(b, ctx);
    if (latex.trim() === '') continue;
    // "The End" closing a story stands apart, centred, not as one more indented line.
    if (top && b.kind === 'paragraph' && i === blocks.length - 1 && isClosingMark(inlineText(b.inlines))) latex = `\\begin{center}\n${latex.replace(/^\\noindent /, '')}\n\\end{center}`;
    // Text right after a display goes on the display's paragraph (no blank line): it is not indented
    // as a new paragraph would be, beside its unindented sibling lines. So does one line after a
    // list ("Need a DBS check for two volunteers." under the points it ends).
    const continues = b.kind === 'paragraph' && (previous?.kind === 'math' || (previous?.kind === 'list' && oneLine(latex)));
    // A line leading into code or a table ("handy one-liner:") stays on its page; lines kept one per
    // line after others (a poem's stanzas, two addresses) are set apart where paragraphs have no space between them.
    const leadsIn = previous?.kind === 'paragraph' && (b.kind === 'code' || b.kind === 'table') && /:\s*$/.test(inlineText(previous.inlines));
    const stanza = top && ctx.type !== 'basic' && ctx.type !== 'letter' && previous?.kind === 'paragraph' && b.kind === 'paragraph' && [previous, b].every((p) => p.inlines.some((n) => n.kind === 'break'));
    const sep = out === '' ? '' : continues ? '\n' : leadsIn ? '\n\n\\nopagebreak\n' : stanza ? '\n\n\\medskip\n' : '\n\n';
    out += sep + latex;
    previous = b;
  }
  return out;
}

/** A paragraph that is one short line of text (no line break, no environment). */
function oneLine(latex: string): boolean {
  return latex.length <= 100 && !latex.includes('\n') && !latex.includes('\\\\');
}

/** Strokes and stars typed around a closing mark ("~ The End ~", "*** FIN ***"). */
const ORNAMENT = /^[\s*~=_\-–—•·.]+|[\s*~=_\-–—•·]+$/gu;
const CLOSING_MARKS = new Set(['the end', 'fin', 'ende', 'fine', 'fim', 'slut', 'einde', 'koniec', 'конец', 'кінець', 'τέλος', '完', '终', '終', '終わり', 'おわり', '끝', 'النهاية', 'סוף']);

export function isClosingMark(text: string): boolean {
  if (text.length > 40) return false;
  const words = text.replace(ORNAMENT, '').replace(/[.!。]$/u, '').trim().toLowerCase();
  return words.length <= 12 && CLOSING_MARKS.has(words);
}
