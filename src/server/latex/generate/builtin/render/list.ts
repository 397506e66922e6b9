// Lists: itemize/enumerate (task items with boxes); deeper than the class allows, the items
// continue as dashed paragraphs.
import { escapeText } from '../text/escape.js';
import type { BlockHandler } from './context.js';

export const list: BlockHandler<'list'> = (block, ctx, render) => {
  const depth = (ctx.inList ?? 0) + 1;
  const maxDepth = ctx.beamer ? 3 : 8;
  const inner = { ...ctx, inList: depth };
  if (block.items.length === 0) return '';
  if (depth > maxDepth) {
    // Too deep for LaTeX's list nesting: continue as dashed paragraphs at the last level.
    return block.items.map((item) => `--- ${render.blocks(item.blocks, { ...ctx, inList: ctx.inList }).trim()}`).join('\\par\n');
  }
  const env = block.ordered ? 'enumerate' : 'itemize';
  // A reference list keeps its [1] labels (beamer's enumerate takes a template, enumitem a label).
  const brackets = block.ordered && block.labels === 'brackets';
  const letters = block.ordered && block.labels === 'letters';
  // "1) резюме;": the number's parenthesis as typed.
  const parens = block.ordered && block.labels === 'parens';
  // "Step 1", "Step 2": the word before each number, as typed.
  const word = block.ordered && block.labels === 'word' && block.word !== undefined ? escapeText(block.word, ctx.program) : undefined;
  let open = `\\begin{${env}}${brackets && ctx.beamer ? '[{[1]}]' : letters && ctx.beamer ? '[a)]' : parens && ctx.beamer ? '[1)]' : word !== undefined && ctx.beamer ? `[${word} 1]` : ''}`;
  const label = brackets ? 'label={[\\arabic*]}' : letters ? 'label=\\alph*)' : parens ? 'label=\\arabic*)' : word !== undefined ? `label=${word}~\\arabic*,leftmargin=*` : undefined;
  const options = [...(label !== undefined && !ctx.beamer ? [label] : []), ...(block.ordered && block.start !== 1 && !ctx.beamer ? [`start=${Math.max(0, block.start)}`] : [])];
  if (options.length) open = `\\begin{${env}}[${options.join(',')}]`;
  if (block.ordered && block.start !== 1 && ctx.beamer) open = `${open}\\setcounter{enum${'i'.repeat(Math.min(depth, 3))}}{${block.start - 1}}`;
  const items = block.items.map((item) => {
    const mark = item.checked === true ? '[\\lgtaskdone]' : item.checked === false ? '[\\lgtaskopen]' : item.label !== undefined ? `[${escapeText(item.label, ctx.program)}]` : '';
    const body = render.blocks(item.blocks, inner).trim();
    return `\\item${mark} ${body === '' ? '\\mbox{}' : body}`;
  });
  return `${open}\n${items.join('\n')}\n\\end{${env}}`;
};
