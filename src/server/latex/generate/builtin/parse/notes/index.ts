// The notes layer: what a person meant by the lines of a block that no markup structures. The
// plain-text reader hands it every block of a note; other readers hand it the paragraphs they
// leave as plain text. It decides per block, from the lines themselves: headings, lists and
// paragraphs (one module per decision, beside this file).
import type { Block, Inline } from '../../tree.js';
import { isAllCaps, isShortHeading, numberedDepth } from './headings.js';
import type { NoteLine } from './lines.js';
import { buildList, type Entry } from './lists.js';
import { markOf, type Marked } from './marks.js';

export type { NoteLine } from './lines.js';

/** A piece of a note: lines to decide, or a block its reader already decided. */
export type Segment = { kind: 'lines'; lines: NoteLine[] } | { kind: 'block'; blocks: Block[] };

function paragraphInlines(lines: NoteLine[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((line, i) => {
    out.push(...line.inlines());
    if (i < lines.length - 1) {
      // Short lines are meant as lines (addresses, facts); long ones are wrapped prose.
      out.push(line.text.length < 50 ? { kind: 'break' } : { kind: 'text', value: '\n' });
    }
  });
  return out;
}

/** `# Heading` and `*** Heading` lines in otherwise plain notes. */
const MARKED_HEADING = /^(#{1,6}|\*{3}|={3})[ \t]+(\S.*)$/;

/** The blocks a note's segments mean. */
export function readSegments(segments: Segment[]): Block[] {
  const blocks: Block[] = [];
  const pendingShort: Array<Extract<Block, { kind: 'heading' }>> = [];
  let hasTopHeadings = false;

  segments.forEach((segment, si) => {
    if (segment.kind === 'block') {
      blocks.push(...segment.blocks);
      return;
    }
    const chunk = segment.lines;
    const lines = chunk.map(markOf);
    const first = lines[0];
    if (!first) return;
    let startIdx = 0;
    const marked = MARKED_HEADING.exec(first.line.text);
    if (marked && first.line.indent === 0) {
      const depth = marked[1]?.startsWith('#') ? (marked[1]?.length ?? 1) : 2;
      const text = first.line.text;
      let end = text.length;
      const closing = /[ \t]#+$/.exec(text);
      if (closing) end = closing.index;
      blocks.push({ kind: 'heading', depth, inlines: first.line.inlines(text.length - (marked[2] ?? '').length, end) });
      if (depth === 1) hasTopHeadings = true;
      startIdx = 1;
    } else if (first.bullet === null || (first.bullet === 'number' && numberedDepth(first.line.text) > 0)) {
      const whole = first.line.text;
      const next = segments[si + 1];
      const nextLines = next?.kind === 'lines' ? next.lines : undefined;
      const followed = lines.length > 1 || (next !== undefined && (next.kind === 'block' || (nextLines?.length ?? 0) > 0));
      const numbered = numberedDepth(whole);
      const singleNext = lines.length === 1 && nextLines?.length === 1 && isShortHeading(nextLines[0]?.text ?? '') && nextLines[0]?.indent === 0;
      const second = lines[1];
      if (isAllCaps(whole) && followed) {
        blocks.push({ kind: 'heading', depth: 1, inlines: first.line.inlines() });
        hasTopHeadings = true;
        startIdx = 1;
      } else if (numbered > 0 && followed && !(second?.bullet === 'number')) {
        blocks.push({ kind: 'heading', depth: numbered, inlines: first.line.inlines() });
        if (numbered === 1) hasTopHeadings = true;
        startIdx = 1;
      } else if (first.bullet === null && isShortHeading(whole) && followed && !singleNext && (lines.length === 1 || (second?.line.indent ?? 0) > first.line.indent || second?.bullet !== null)) {
        const h: Extract<Block, { kind: 'heading' }> = { kind: 'heading', depth: 2, inlines: first.line.inlines() };
        pendingShort.push(h);
        blocks.push(h);
        startIdx = 1;
      }
    }
    blocks.push(...bodyLines(lines.slice(startIdx)));
  });
  if (!hasTopHeadings) for (const h of pendingShort) h.depth = 1;
  return blocks;
}

/** The lines of a block after its heading: paragraphs and lists (outline indentation nests). */
function bodyLines(rest: Marked[]): Block[] {
  const blocks: Block[] = [];
  if (rest.length === 0) return blocks;
  // A loop, not Math.min(...): a chunk may have more lines than a call takes arguments.
  let baseIndent = Infinity;
  for (const l of rest) baseIndent = Math.min(baseIndent, l.line.indent);
  let para: NoteLine[] = [];
  let entries: Entry[] = [];
  const flushPara = (): void => {
    if (para.length) blocks.push({ kind: 'paragraph', inlines: paragraphInlines(para) });
    para = [];
  };
  const flushList = (): void => {
    if (entries.length) blocks.push(...buildList(entries));
    entries = [];
  };
  let lastWasItem = false;
  let lastItemIndent = 0;
  for (const m of rest) {
    const line = m.line;
    if (m.bullet !== null) {
      flushPara();
      entries.push({ level: line.indent, ordered: m.bullet === 'number', start: m.number || 1, parts: [{ line, from: m.start }] });
      lastWasItem = true;
      lastItemIndent = line.indent;
      continue;
    }
    if (lastWasItem && line.indent > lastItemIndent) {
      // Wrapped continuation of the previous item.
      entries[entries.length - 1]?.parts.push({ line, from: 0 });
      continue;
    }
    if (line.indent > baseIndent && (para.length > 0 || entries.length > 0)) {
      // Outline notes: indented lines under a lead-in line are its points.
      const lead = para.pop();
      flushPara();
      if (lead !== undefined) {
        flushList();
        blocks.push({ kind: 'paragraph', inlines: lead.inlines() });
      }
      entries.push({ level: line.indent, ordered: false, start: 1, parts: [{ line, from: 0 }] });
      lastWasItem = false;
      continue;
    }
    if (entries.length && line.indent > baseIndent) {
      entries.push({ level: line.indent, ordered: false, start: 1, parts: [{ line, from: 0 }] });
      continue;
    }
    flushList();
    lastWasItem = false;
    para.push(line);
  }
  flushPara();
  flushList();
  return blocks;
}
