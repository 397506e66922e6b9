// The editor's snippet tags (<MATHEQ>, <TABLE>, <FIGURE>, <SECTION>, <LIST>, <SLIDE>).
// Well-formed tags are cut out of the note and replaced by placeholder lines, so that the
// markdown parser never sees them (it would take <TABLE> for an HTML block); the placeholders
// are swapped for the tag's blocks afterwards. Unclosed or stray tags stay as literal text.
// Linear in the note: open and close tags are paired in one pass, code ranges are walked with a
// cursor, and no pattern rescans a run of white space.
import { codeRanges, mapOutsideCode, type Range } from './code-ranges.js';

export const TAG_NAMES = ['MATHEQ', 'TABLE', 'FIGURE', 'SECTION', 'LIST', 'SLIDE'] as const;
export type TagName = (typeof TAG_NAMES)[number];

export type SnippetTag =
  | { tag: 'MATHEQ'; body: string }
  | { tag: 'TABLE'; headers: string[]; rows: string[][] }
  | { tag: 'FIGURE'; description: string; caption: string; image?: string }
  | { tag: 'SECTION'; title: string; content: string }
  | { tag: 'LIST'; items: string[] }
  | { tag: 'SLIDE'; title: string; content: string };

export interface TagExtraction {
  text: string;
  tags: SnippetTag[];
}

export const PLACEHOLDER = /LGTAG(\d+)QX/g;
export function placeholder(index: number): string {
  return `LGTAG${index}QX`;
}

const OPEN = /<(MATHEQ|TABLE|FIGURE|SECTION|LIST|SLIDE)>/g;
const ANY = /<(\/?)(MATHEQ|TABLE|FIGURE|SECTION|LIST|SLIDE)>/g;

/** A membership test for sorted ranges, for positions asked in increasing order. */
function cursorIn(ranges: Range[]): (pos: number) => boolean {
  let k = 0;
  return (pos) => {
    while (k < ranges.length && (ranges[k] as Range)[1] <= pos) k++;
    const r = ranges[k];
    return r !== undefined && pos >= r[0] && pos < r[1];
  };
}

/** Leading line feeds and trailing white space removed (what /^\n+|\s+$/g removes, without its rescans). */
function trimBody(s: string): string {
  let start = 0;
  while (s[start] === '\n') start++;
  return s.slice(start).trimEnd();
}

/** Key: value fields (title:, content:, description:, caption:); a value runs to the next key. */
export function parseFields(body: string, keys: readonly string[]): Record<string, string> & { rest: string } {
  const out: Record<string, string> = {};
  let current: string | null = null;
  const rest: string[] = [];
  const keyRe = new RegExp(`^\\s*(${keys.join('|')})\\s*:\\s?(.*)$`, 'i');
  for (const line of body.split('\n')) {
    const m = keyRe.exec(line);
    if (m) {
      current = (m[1] ?? '').toLowerCase();
      out[current] = out[current] === undefined ? (m[2] ?? '') : `${out[current]}\n${m[2] ?? ''}`;
    } else if (current) {
      out[current] = `${out[current]}\n${line}`;
    } else {
      rest.push(line);
    }
  }
  for (const k of Object.keys(out)) out[k] = trimBody(out[k] ?? '');
  return Object.assign(out, { rest: rest.join('\n').trim() });
}

function splitCells(line: string): string[] {
  const sep = line.includes('|') && !line.includes(',') ? '|' : line.includes(',') ? ',' : line.includes('|') ? '|' : '\t';
  let cells = line.split(sep).map((c) => c.trim());
  if (sep === '|') {
    if (cells[0] === '') cells = cells.slice(1);
    if (cells[cells.length - 1] === '') cells = cells.slice(0, -1);
  }
  return cells;
}

/** Interprets a tag body; null when it is malformed (then the tag stays as text). */
export function interpretTag(tag: TagName, body: string): SnippetTag | null {
  const trimmed = trimBody(body);
  switch (tag) {
    case 'MATHEQ':
      return trimmed.trim() === '' ? null : { tag, body: trimmed };
    case 'TABLE': {
      let headers: string[] = [];
      const rows: string[][] = [];
      // Rows typed as they are ("week | kWh"), not as row: lines: the first of them is the header
      // (as in a table typed outside a tag), unless a headers: line names it.
      let bare = 0;
      for (const raw of trimmed.split('\n')) {
        const line = raw.trim();
        if (line === '') continue;
        const h = /^headers?\s*:\s*(.*)$/i.exec(line);
        const r = /^row\s*(?:\d+\s*)?:\s*(.*)$/i.exec(line);
        if (h) headers = splitCells(h[1] ?? '');
        else if (r) rows.push(splitCells(r[1] ?? ''));
        else if (/^\|?\s*:?-{2,}/.test(line)) continue;
        else {
          if (rows.length === 0) bare++;
          rows.push(splitCells(line));
        }
      }
      if (headers.length === 0 && rows.length === 0) return null;
      if (headers.length === 0 && bare > 0 && rows.length >= 2) headers = rows.shift() ?? [];
      return { tag, headers, rows };
    }
    case 'FIGURE': {
      const f = parseFields(trimmed, ['image', 'description', 'caption']);
      const description = f['description'] ?? f.rest;
      const caption = f['caption'] ?? '';
      const image = f['image']?.trim();
      if (description === '' && caption === '' && !image) return null;
      return {
        tag,
        description: f['description'] !== undefined && f.rest ? `${description}\n${f.rest}` : description,
        caption,
        ...(image ? { image } : {}),
      };
    }
    case 'SECTION':
    case 'SLIDE': {
      const f = parseFields(trimmed, ['title', 'content']);
      // "<SLIDE>\nO problema\n- o terreno …": with no fields, a short first line over more lines names it.
      const [head = '', ...more] = f.rest.split('\n');
      if (f['title'] === undefined && f['content'] === undefined && more.some((l) => l.trim() !== '') && head.trim().length <= 80 && !/[.:;,]$/.test(head.trim()) && !/^\s*(?:[-*•+>|#$\\]|\d+[.)]\s)/.test(head)) {
        return { tag, title: head.trim(), content: more.join('\n').trim() };
      }
      const title = f['title'] ?? '';
      const content = [f['content'] ?? '', f['content'] === undefined ? f.rest : f.rest].filter((x) => x !== '').join('\n\n');
      if (title === '' && content === '') return null;
      return { tag, title, content };
    }
    case 'LIST': {
      const items = trimmed
        .split(/;|\n/)
        .map((s) => s.trim().replace(/^(?:[-*•–]|\d+[.)])\s+/, ''))
        .filter((s) => s !== '');
      return items.length === 0 ? null : { tag, items };
    }
  }
}

/** The matching close tag of every open tag outside code (the same tag may nest inside). */
function pairTags(src: string, code: Range[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const stacks = new Map<string, number[]>();
  const inCode = cursorIn(code);
  for (const m of src.matchAll(ANY)) {
    if (inCode(m.index)) continue;
    const name = m[2] as string;
    let stack = stacks.get(name);
    if (!stack) stacks.set(name, (stack = []));
    if (m[1] !== '/') stack.push(m.index);
    else {
      const open = stack.pop();
      if (open !== undefined) pairs.set(open, m.index);
    }
  }
  return pairs;
}

/**
 * Replaces well-formed snippet tags by placeholders. Unmatched tag markers are entity-escaped
 * so that the markdown parser shows them as the literal text the user typed.
 */
export function extractTags(src: string): TagExtraction {
  const tags: SnippetTag[] = [];
  const code = codeRanges(src);
  const inCode = cursorIn(code);
  const pairs = pairTags(src, code);
  let out = '';
  let pos = 0;
  // The previous open tag looked at: an open tag after it on the same line has text before it
  // (the first line feed after it is cached, so a long line is not scanned once per tag).
  let prev = -1;
  let prevLineEnd = -1;
  const open = new RegExp(OPEN.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = open.exec(src))) {
    if (m.index < pos || inCode(m.index)) continue;
    const at = m.index;
    const sameLine = prev >= 0 && at < prevLineEnd;
    if (!sameLine) {
      prev = at;
      const nl = src.indexOf('\n', at);
      prevLineEnd = nl < 0 ? src.length : nl;
    }
    const name = m[1] as TagName;
    const bodyStart = at + m[0].length;
    const closeAt = pairs.get(at) ?? -1;
    if (closeAt < 0) continue;
    const tag = interpretTag(name, src.slice(bodyStart, closeAt));
    if (!tag) continue;
    // Keep the indentation (and quote markers) of the line so a tag inside a list item or a
    // block quote stays there.
    const before = sameLine ? '<' : src.slice(src.lastIndexOf('\n', at - 1) + 1, at);
    const indent = /^[\s>]*$/.test(before) ? before : '';
    out += src.slice(pos, m.index);
    out += `${indent === before ? '' : '\n\n'}${placeholder(tags.length)}\n\n`;
    if (indent !== '') out += indent.replace(/[^\s>]/g, ' ');
    tags.push(tag);
    pos = closeAt + `</${name}>`.length;
    open.lastIndex = pos;
  }
  out += src.slice(pos);
  return { text: escapeStrayTags(out), tags };
}

/** Tag markers as literal text (entity-escaped), outside code. */
export function escapeStrayTags(src: string): string {
  return mapOutsideCode(src, (chunk) => chunk.replace(/<(\/?)(MATHEQ|TABLE|FIGURE|SECTION|LIST|SLIDE)>/g, '&lt;$1$2&gt;'));
}
