// The plain-text reader: notes without markdown, their structure guessed from the lines
// themselves. Title lines, headings (ALL-CAPS lines, 1./1.1 numbering, short unpunctuated lines
// before a paragraph), bullets (• – - * o ·), numbered steps, and outline indentation become lists.
import type { Block, Inline, ListItem } from '../../tree.js';
import type { NoteReader } from '../reader.js';
import { BARE_MATH_ENVIRONMENTS } from '../markdown/pre-pass.js';
import { parsePlainInline } from './inline.js';

interface Line {
  indent: number;
  text: string;
  bullet: 'bullet' | 'number' | null;
  number: number;
}

const BULLET = /^([•◦▪▸►‣·\-*–—o])[ \t]+(?=\S)/u;
const NUMBERED = /^(?:(\d{1,3})[.)]|step[ \t]+(\d{1,3})[:.)]?|\((\d{1,3})\))[ \t]+(?=\S)/i;
const PLACEHOLDER_LINE = /^LGTAG(\d+)QX$/;
const MATH_ENV = new RegExp(`^\\\\begin\\{((?:${BARE_MATH_ENVIRONMENTS})\\*?)\\}`);

function parseLine(raw: string): Line {
  const expanded = raw.replace(/\t/g, '    ');
  const indent = expanded.length - expanded.trimStart().length;
  let text = expanded.trim();
  const b = BULLET.exec(text);
  // "o" is a bullet only when it stands alone before a word (outline notes), not "o'clock".
  if (b && !(b[1] === 'o' && !/^o[ \t]+\p{L}/u.test(text))) {
    text = text.slice(b[0].length);
    return { indent, text, bullet: 'bullet', number: 0 };
  }
  const n = NUMBERED.exec(text);
  if (n) {
    return { indent, text: text.slice(n[0].length), bullet: 'number', number: Number(n[1] ?? n[2] ?? n[3] ?? 1) };
  }
  return { indent, text, bullet: null, number: 0 };
}

const FINAL_PUNCT = /[.,;:!?。，；：！？]$/;

function isAllCaps(text: string): boolean {
  if (text.length > 80) return false;
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length >= 3 && !/\p{Ll}/u.test(text) && /\p{Lu}/u.test(text) && !text.endsWith('.');
}

function isNumberedHeading(text: string): number {
  const m = /^(\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+(\p{Lu}.*)$/u.exec(text);
  if (!m || text.length > 80 || FINAL_PUNCT.test(text)) return 0;
  return (m[1] ?? '').split('.').length;
}

function isShortHeading(text: string): boolean {
  if (text.length > 60) return false;
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= 9 && !FINAL_PUNCT.test(text) && /^[\p{Lu}\p{N}\p{Lo}]/u.test(text) && !/^https?:/.test(text);
}

export type PlainInlineParser = (text: string) => Inline[];

/** Outline levels deeper than this continue at this depth (LaTeX itself stops at nine). */
const MAX_LIST_DEPTH = 16;

interface Entry {
  level: number;
  ordered: boolean;
  start: number;
  text: string;
}

function buildList(entries: Entry[], parse: PlainInlineParser): Block[] {
  // Indentation levels → nesting depth (deeper than MAX_LIST_DEPTH stays at that depth).
  const levels = [...new Set(entries.map((e) => e.level))].sort((a, b) => a - b);
  const depths = new Map(levels.map((level, i) => [level, Math.min(i, MAX_LIST_DEPTH)]));
  const depthOf = (level: number): number => depths.get(level) ?? 0;
  const root: Block[] = [];
  type Frame = { depth: number; list: Extract<Block, { kind: 'list' }>; container: Block[] };
  const stack: Frame[] = [];
  for (const e of entries) {
    const depth = depthOf(e.level);
    while (stack.length && (stack[stack.length - 1]?.depth ?? 0) > depth) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.depth === depth && top.list.ordered !== e.ordered) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top || top.depth < depth) {
      const list: Extract<Block, { kind: 'list' }> = { kind: 'list', ordered: e.ordered, start: e.start, items: [] };
      const parentItem = top?.list.items[top.list.items.length - 1];
      const container = parentItem ? parentItem.blocks : root;
      container.push(list);
      top = { depth, list, container };
      stack.push(top);
    }
    const item: ListItem = { checked: null, blocks: [{ kind: 'paragraph', inlines: parse(e.text) }] };
    top.list.items.push(item);
  }
  return root;
}

function paragraphInlines(lines: string[], parse: PlainInlineParser): Inline[] {
  const out: Inline[] = [];
  lines.forEach((line, i) => {
    out.push(...parse(line));
    if (i < lines.length - 1) {
      // Short lines are meant as lines (addresses, facts); long ones are wrapped prose.
      out.push(line.length < 50 ? { kind: 'break' } : { kind: 'text', value: '\n' });
    }
  });
  return out;
}

/** Converts a plain note into blocks. Placeholder lines are expanded by `expand`. */
export function parsePlainText(src: string, parse: PlainInlineParser, expand: (index: number) => Block[]): Block[] {
  const chunks: string[][] = [];
  let current: string[] = [];
  for (const raw of src.split('\n')) {
    if (PLACEHOLDER_LINE.test(raw.trim())) {
      // A snippet tag is a block of its own even without blank lines around it.
      if (current.length) chunks.push(current);
      chunks.push([raw.trim()]);
      current = [];
    } else if (raw.trim() === '') {
      if (current.length) chunks.push(current);
      current = [];
    } else current.push(raw);
  }
  if (current.length) chunks.push(current);

  const blocks: Block[] = [];
  const pendingShort: Array<Extract<Block, { kind: 'heading' }>> = [];
  let hasTopHeadings = false;

  chunks.forEach((chunk, ci) => {
    const lines = chunk.map(parseLine);
    const first = lines[0];
    if (!first) return;
    let startIdx = 0;
    const ph = PLACEHOLDER_LINE.exec(first.text);
    if (ph && lines.length === 1) {
      blocks.push(...expand(Number(ph[1])));
      return;
    }
    // A LaTeX display environment on lines of its own (\begin{align} … \end{align}) is math.
    const env = MATH_ENV.exec(chunk[0]?.trim() ?? '');
    if (env && (chunk[chunk.length - 1]?.trim() ?? '').endsWith(`\\end{${env[1]}}`)) {
      blocks.push({ kind: 'math', tex: chunk.join('\n').trim() });
      return;
    }
    // `# Heading` and `*** Heading` lines in otherwise plain notes.
    const marked = /^(#{1,6}|\*{3}|={3})[ \t]+(\S.*)$/.exec(chunk[0]?.trim() ?? '');
    if (marked && lines[0]?.indent === 0) {
      const depth = marked[1]?.startsWith('#') ? (marked[1]?.length ?? 1) : 2;
      blocks.push({ kind: 'heading', depth, inlines: parse((marked[2] ?? '').replace(/[ \t]#+$/, '')) });
      if (depth === 1) hasTopHeadings = true;
      startIdx = 1;
    } else if (first.bullet === null || (first.bullet === 'number' && isNumberedHeading(chunk[0]?.trim() ?? '') > 0)) {
      const whole = chunk[0]?.trim() ?? '';
      const nextChunk = chunks[ci + 1];
      const followed = lines.length > 1 || (nextChunk !== undefined && nextChunk.length > 0);
      const numbered = isNumberedHeading(whole);
      const singleNext = lines.length === 1 && nextChunk?.length === 1 && isShortHeading(nextChunk[0]?.trim() ?? '') && !/^\s/.test(nextChunk[0] ?? '');
      if (isAllCaps(whole) && followed) {
        blocks.push({ kind: 'heading', depth: 1, inlines: parse(whole) });
        hasTopHeadings = true;
        startIdx = 1;
      } else if (numbered > 0 && followed && !(lines[1]?.bullet === 'number')) {
        blocks.push({ kind: 'heading', depth: numbered, inlines: parse(whole) });
        if (numbered === 1) hasTopHeadings = true;
        startIdx = 1;
      } else if (first.bullet === null && isShortHeading(whole) && followed && !singleNext && (lines.length === 1 || (lines[1]?.indent ?? 0) > first.indent || lines[1]?.bullet !== null)) {
        const h: Extract<Block, { kind: 'heading' }> = { kind: 'heading', depth: 2, inlines: parse(whole) };
        pendingShort.push(h);
        blocks.push(h);
        startIdx = 1;
      }
    }
    const rest = lines.slice(startIdx);
    if (rest.length === 0) return;
    // Group the remaining lines into paragraphs and lists.
    // A loop, not Math.min(...): a chunk may have more lines than a call takes arguments.
    let baseIndent = Infinity;
    for (const l of rest) baseIndent = Math.min(baseIndent, l.indent);
    let para: string[] = [];
    let entries: Entry[] = [];
    const flushPara = (): void => {
      if (para.length) blocks.push({ kind: 'paragraph', inlines: paragraphInlines(para, parse) });
      para = [];
    };
    const flushList = (): void => {
      if (entries.length) blocks.push(...buildList(entries, parse));
      entries = [];
    };
    let lastWasItem = false;
    let lastItemIndent = 0;
    rest.forEach((line) => {
      if (line.bullet !== null) {
        flushPara();
        entries.push({ level: line.indent, ordered: line.bullet === 'number', start: line.number || 1, text: line.text });
        lastWasItem = true;
        lastItemIndent = line.indent;
        return;
      }
      if (lastWasItem && line.indent > lastItemIndent) {
        // Wrapped continuation of the previous item.
        const last = entries[entries.length - 1];
        if (last) last.text += ` ${line.text}`;
        return;
      }
      if (line.indent > baseIndent && (para.length > 0 || entries.length > 0)) {
        // Outline notes: indented lines under a lead-in line are its points.
        const lead = para.pop();
        flushPara();
        if (lead !== undefined) {
          flushList();
          blocks.push({ kind: 'paragraph', inlines: parse(lead) });
        }
        entries.push({ level: line.indent, ordered: false, start: 1, text: line.text });
        lastWasItem = false;
        return;
      }
      if (entries.length && line.indent > baseIndent) {
        entries.push({ level: line.indent, ordered: false, start: 1, text: line.text });
        return;
      }
      flushList();
      lastWasItem = false;
      para.push(line.text);
    });
    flushPara();
    flushList();
  });
  if (!hasTopHeadings) for (const h of pendingShort) h.depth = 1;
  return blocks;
}

export const plainTextReader: NoteReader = {
  name: 'plain',
  // The last reader: it takes every note the others decline.
  detect: () => true,
  blocks: (source, ctx) => parsePlainText(source, parsePlainInline, ctx.expandPlaceholder),
  inlines: parsePlainInline,
};
