// Slide pagination: content is measured roughly in lines of a 16:9 frame and split across
// frames so that nothing runs off a slide; a block too tall for one frame is cut first.
import type { Block, Inline } from '../tree.js';
import { inlineText } from '../tree.js';
import { codeLineCount, SLIDE_CODE_LINES, SLIDE_CODE_MAX_LINES } from '../render/code.js';

/** Text lines a 16:9 frame holds at 11pt (a rough measure, with allowframebreaks behind it). */
export const FRAME_CAPACITY = 11;
const CHARS_PER_LINE = 78;

function textLines(chars: number, perLine = CHARS_PER_LINE): number {
  return Math.max(1, Math.ceil(chars / perLine));
}

/** Rough height of a block in text lines of a 16:9 frame at 11pt. */
export function estimate(block: Block): number {
  switch (block.kind) {
    case 'paragraph':
      return textLines(inlineText(block.inlines).length) + 0.4;
    case 'heading':
      return 1.5;
    case 'list':
      return block.items.reduce((sum, item) => sum + Math.max(1, item.blocks.reduce((s, b) => s + estimate(b), 0)) * 0.95, 0.3);
    case 'quote':
      return block.blocks.reduce((s, b) => s + estimate(b), 1);
    case 'code': {
      // (Code a slide holds set smaller, render/code.ts, takes the whole slide.)
      const lines = codeLineCount(block.text);
      if (lines > SLIDE_CODE_LINES && lines <= SLIDE_CODE_MAX_LINES) return FRAME_CAPACITY;
      return block.text.split('\n').reduce((s, l) => s + textLines(l.length, 85) * 0.85, 1);
    }
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
    case 'admonition':
      return block.blocks.reduce((s, b) => s + estimate(b), 1.5);
    case 'definitions':
      return block.items.reduce((sum, item) => sum + Math.max(1, item.blocks.reduce((s, b) => s + estimate(b), 0)), 0.3);
    case 'speakerNotes':
      // Beamer keeps notes off the slide.
      return 0;
    case 'bibliography':
      return block.entries.reduce((sum, e) => sum + textLines(inlineText(e.inlines).length, 70), 0.3);
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
      if (codeLineCount(block.text) <= SLIDE_CODE_MAX_LINES) return [block];
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
    case 'bibliography': {
      const out: Block[] = [];
      for (let i = 0; i < block.entries.length; i += 6) out.push({ kind: 'bibliography', entries: block.entries.slice(i, i + 6) });
      return out;
    }
    default:
      return [block];
  }
}

export function paginate(blocks: Block[]): Block[][] {
  const frames: Block[][] = [];
  let current: Block[] = [];
  let height = 0;
  for (const block of blocks.flatMap(splitOversized)) {
    const h = estimate(block);
    // (What takes no room, such as speaker notes, stays with the frame before it.)
    if (current.length && h > 0 && height + h > FRAME_CAPACITY) {
      // A heading at the foot of a frame goes with what it heads.
      const last = current[current.length - 1];
      const carried = last?.kind === 'heading' && current.length > 1 ? [current.pop() as Block] : [];
      frames.push(current);
      current = carried;
      height = carried.reduce((sum, b) => sum + estimate(b), 0);
    }
    current.push(block);
    height += h;
  }
  if (current.length) frames.push(current);
  return frames;
}
