// The org-mode reader: footnote definitions gathered first, then the blocks (blocks.ts), and
// for outline-style pages (Logseq's org pages, where the text lives in the headlines) the
// headlines below the top level become nested list items instead of ever-deeper sections.
import type { Block, Inline, ListItem } from '../../tree.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { OrgBlocks, headlineTitle, type OrgFootnotes } from './blocks.js';
import { looksLikeOrg } from './detect.js';
import { parseOrgInline } from './inline.js';

const FOOTNOTE_DEF = /^\[fn:([\w-]+)\][ \t]*(.*)$/;

/** Takes `[fn:label] text` definitions out of the lines (each runs to the next definition, headline or two blank lines). */
function extractFootnotes(lines: string[]): { rest: string[]; defs: Map<string, string> } {
  const rest: string[] = [];
  const defs = new Map<string, string>();
  let current: string[] | null = null;
  let label = '';
  let blanks = 0;
  const close = (): void => {
    if (current && !defs.has(label)) defs.set(label, current.join('\n').trim());
    current = null;
  };
  for (const line of lines) {
    const m = line.startsWith('[fn:') ? FOOTNOTE_DEF.exec(line) : null;
    if (m) {
      close();
      label = m[1] ?? '';
      current = [m[2] ?? ''];
      blanks = 0;
      continue;
    }
    if (current) {
      if (line.trim() === '') blanks++;
      else blanks = 0;
      if (blanks >= 2 || /^\*+ /.test(line)) close();
      else {
        current.push(line);
        continue;
      }
    }
    rest.push(line);
  }
  close();
  return { rest, defs };
}

interface Headline {
  level: number;
  bodyless: boolean;
}

/** Outline-style: most headlines carry no text of their own below them. */
function isOutline(lines: string[]): boolean {
  const heads: Headline[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\*+) /.exec(lines[i] ?? '');
    if (!m) continue;
    let j = i + 1;
    // Property drawers and their lines do not count as text.
    while (j < lines.length && (lines[j]?.trim() === '' || /^[ \t]*:[\w-]+:/.test(lines[j] ?? ''))) j++;
    heads.push({ level: m[1]?.length ?? 1, bodyless: j >= lines.length || /^\*+ /.test(lines[j] ?? '') });
  }
  const bodyless = heads.filter((h) => h.bodyless).length;
  return heads.length >= 4 && bodyless >= heads.length * 0.75;
}

/** Headings below the top level, and the blocks under them, as nested list items. */
function headingsToItems(blocks: Block[]): Block[] {
  let top = Infinity;
  for (const b of blocks) if (b.kind === 'heading') top = Math.min(top, b.depth);
  const out: Block[] = [];
  // stack[k] is the list at nesting k + 1 below the top heading level.
  const stack: Array<Extract<Block, { kind: 'list' }>> = [];
  let openItem: ListItem | null = null;
  for (const b of blocks) {
    if (b.kind === 'heading' && b.depth === top) {
      stack.length = 0;
      openItem = null;
      out.push(b);
      continue;
    }
    if (b.kind === 'heading') {
      const level = Math.min(b.depth - top, stack.length + 1);
      stack.length = Math.min(stack.length, level);
      let list = stack[level - 1];
      if (!list) {
        list = { kind: 'list', ordered: false, start: 1, items: [] };
        const parent = stack[level - 2];
        const parentItem = parent?.items[parent.items.length - 1];
        if (parentItem) parentItem.blocks.push(list);
        else out.push(list);
        stack[level - 1] = list;
      }
      openItem = { checked: null, blocks: [{ kind: 'paragraph', inlines: b.inlines }] };
      list.items.push(openItem);
      continue;
    }
    if (openItem) openItem.blocks.push(b);
    else out.push(b);
  }
  return out;
}

export function parseOrg(src: string, ctx: ReaderContext): Block[] {
  const { rest, defs } = extractFootnotes(src.split('\n'));
  const footnotes: OrgFootnotes = { defs, used: new Set() };
  const reader = new OrgBlocks(ctx, footnotes);
  let blocks = reader.blocks(rest, 0, true);
  reader.statedMeta();
  if (isOutline(rest)) blocks = headingsToItems(blocks);
  // Footnote text nobody referenced is still the note's text: it goes at the end.
  for (const [label, text] of defs) {
    if (!footnotes.used.has(label) && text !== '') blocks.push({ kind: 'paragraph', inlines: reader.inline(text) });
  }
  return blocks;
}

export function parseOrgInlines(src: string): Inline[] {
  return parseOrgInline(src, { footnote: () => null, footnoteText: () => [] });
}

export const orgReader: NoteReader = {
  name: 'org',
  detect: looksLikeOrg,
  blocks: parseOrg,
  inlines: parseOrgInlines,
};

export { headlineTitle };
