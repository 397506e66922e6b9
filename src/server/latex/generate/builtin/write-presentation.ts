// Presentation (beamer): <SLIDE> tags and headings become frames. Content is measured roughly
// in lines and split across frames so that nothing runs off a slide; allowframebreaks is only
// the safety net behind that estimate.
import type { Block, Inline } from './blocks.js';
import { inlineText } from './blocks.js';
import { escapeText } from './escape.js';
import type { RenderContext } from './render.js';
import { renderBlocks, renderInlines } from './render.js';
import type { WriterInput } from './writers.js';
import { titleBlock } from './writers.js';

const FRAME_CAPACITY = 11;
const CHARS_PER_LINE = 78;

function textLines(chars: number, perLine = CHARS_PER_LINE): number {
  return Math.max(1, Math.ceil(chars / perLine));
}

/** Rough height of a block in text lines of a 16:9 frame at 11pt. */
function estimate(block: Block): number {
  switch (block.kind) {
    case 'paragraph':
      return textLines(inlineText(block.inlines).length) + 0.4;
    case 'heading':
      return 1.5;
    case 'list':
      return block.items.reduce((sum, item) => sum + Math.max(1, item.blocks.reduce((s, b) => s + estimate(b), 0)) * 0.95, 0.3);
    case 'quote':
      return block.blocks.reduce((s, b) => s + estimate(b), 1);
    case 'code':
      return block.text.split('\n').reduce((s, l) => s + textLines(l.length, 85) * 0.85, 1);
    case 'math':
      return 2 + (block.tex.match(/\\\\/g) ?? []).length;
    case 'table':
      return (block.rows.length + 2) * 0.9;
    case 'figure':
      return 6;
    case 'slide':
      return block.blocks.reduce((s, b) => s + estimate(b), 1.5);
    case 'rule':
      return 0.5;
  }
}

/** Breaks a block that alone exceeds a frame into smaller blocks. */
function splitOversized(block: Block): Block[] {
  if (estimate(block) <= FRAME_CAPACITY) return [block];
  switch (block.kind) {
    case 'list': {
      const out: Block[] = [];
      let chunk: typeof block.items = [];
      let height = 0;
      let start = block.start;
      for (const item of block.items) {
        const h = Math.max(1, item.blocks.reduce((s, b) => s + estimate(b), 0));
        if (chunk.length && height + h > FRAME_CAPACITY - 1) {
          out.push({ ...block, items: chunk, start });
          start += chunk.length;
          chunk = [];
          height = 0;
        }
        chunk.push(item);
        height += h;
      }
      if (chunk.length) out.push({ ...block, items: chunk, start });
      return out;
    }
    case 'paragraph': {
      // Split at sentence ends inside text nodes.
      const pieces: Inline[][] = [[]];
      let chars = 0;
      for (const node of block.inlines) {
        if (node.kind === 'text') {
          const sentences = node.value.split(/(?<=[.!?。])\s+/);
          sentences.forEach((s, i) => {
            if (chars > CHARS_PER_LINE * (FRAME_CAPACITY - 2)) {
              pieces.push([]);
              chars = 0;
            }
            pieces[pieces.length - 1]?.push({ kind: 'text', value: i < sentences.length - 1 ? `${s} ` : s });
            chars += s.length;
          });
        } else {
          pieces[pieces.length - 1]?.push(node);
          chars += inlineText([node]).length;
        }
      }
      return pieces.filter((p) => p.length).map((inlines) => ({ kind: 'paragraph', inlines }));
    }
    case 'code': {
      const lines = block.text.split('\n');
      const out: Block[] = [];
      for (let i = 0; i < lines.length; i += FRAME_CAPACITY + 2) out.push({ ...block, text: lines.slice(i, i + FRAME_CAPACITY + 2).join('\n') });
      return out;
    }
    case 'table': {
      const out: Block[] = [];
      for (let i = 0; i < block.rows.length; i += 8) out.push({ ...block, rows: block.rows.slice(i, i + 8) });
      return out.length ? out : [block];
    }
    case 'quote':
      return block.blocks.flatMap(splitOversized).map((b) => ({ kind: 'quote', blocks: [b] }) as Block);
    default:
      return [block];
  }
}

function paginate(blocks: Block[]): Block[][] {
  const frames: Block[][] = [];
  let current: Block[] = [];
  let height = 0;
  for (const block of blocks.flatMap(splitOversized)) {
    const h = estimate(block);
    if (current.length && height + h > FRAME_CAPACITY) {
      frames.push(current);
      current = [];
      height = 0;
    }
    current.push(block);
    height += h;
  }
  if (current.length) frames.push(current);
  return frames;
}

interface Group {
  title: Inline[];
  depth: number;
  blocks: Block[];
}

function hasCode(blocks: Block[]): boolean {
  return blocks.some((b) =>
    b.kind === 'code' ||
    (b.kind === 'list' && b.items.some((i) => hasCode(i.blocks))) ||
    (b.kind === 'quote' && hasCode(b.blocks)) ||
    (b.kind === 'slide' && hasCode(b.blocks)),
  );
}

export function writePresentation(input: WriterInput): string {
  const ctx: RenderContext = { ...input.ctx, beamer: true, heading: (_d, latex) => `\\lgheading{${latex}}` };
  // Frame boundaries: slides and the two top heading levels.
  const groups: Group[] = [];
  let current: Group = { title: [], depth: 0, blocks: [] };
  for (const block of input.body) {
    if (block.kind === 'slide') {
      groups.push(current);
      groups.push({ title: block.title, depth: 1, blocks: block.blocks });
      current = { title: [], depth: 0, blocks: [] };
    } else if (block.kind === 'rule') {
      // Slide decks (reveal.js, Marp) separate slides with --- or <section>.
      groups.push(current);
      current = { title: [], depth: 0, blocks: [] };
    } else if (block.kind === 'heading' && block.depth <= 2) {
      groups.push(current);
      current = { title: block.inlines, depth: block.depth, blocks: [] };
    } else {
      current.blocks.push(block);
    }
  }
  groups.push(current);

  const out: string[] = [titleBlock(input), '\\begin{frame}\n\\titlepage\n\\end{frame}'];
  const extras = input.meta.extra.map((e) => `\\textbf{${escapeText(e.key, ctx.engine)}:} ${escapeText(e.value, ctx.engine)}`);
  if (extras.length) out.push(`\\begin{frame}[allowframebreaks]{}\\relax\n${extras.join('\\par\n')}\n\\end{frame}`);
  const restricted = { ...ctx, restricted: true };
  groups.forEach((group, gi) => {
    const title = renderInlines(group.title, restricted);
    if (group.blocks.length === 0) {
      if (title.trim() === '') return;
      const next = groups[gi + 1];
      // A top-level heading directly followed by another heading opens a new part of the talk.
      if (group.depth === 1 && next && next.depth >= 1) {
        out.push(`\\section{${title}}\n\\begin{frame}\n\\centering\\Large\\textbf{${title}}\n\\end{frame}`);
      } else {
        out.push(`\\begin{frame}{${title}}\n\\end{frame}`);
      }
      return;
    }
    const pages = paginate(group.blocks);
    pages.forEach((page, pi) => {
      const opts = hasCode(page) ? '[fragile,allowframebreaks]' : '[allowframebreaks]';
      // The title is always given as the frame's argument (possibly empty): otherwise content
      // starting with a brace would be taken for the title.
      const frameTitle = title.trim() === '' ? '' : `${title}${pi > 0 ? ' (cont.)' : ''}`;
      // \relax: a brace at the start of the content would be read as a subtitle.
      out.push(`\\begin{frame}${opts}{${frameTitle}}\\relax\n${renderBlocks(page, ctx)}\n\\end{frame}`);
    });
  });
  return out.join('\n\n');
}
