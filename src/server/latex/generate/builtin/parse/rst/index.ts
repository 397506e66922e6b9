// The reStructuredText reader: the document's metadata taken first — a PEP's RFC 822 header
// (PEP:, Title:, Author:, Created: …) and the bibliographic field list after the title
// (:Author:, :Date:, :Version: …) — then targets, substitutions and footnotes gathered, and
// the blocks read (blocks.ts). Footnotes never referenced are kept at the end.
import type { Block, Inline, NoteMeta } from '../../tree.js';
import { inlineText } from '../../tree.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { isBlank } from '../common/lines.js';
import { adornmentChar, looksLikeRst } from './detect.js';
import { RstBlocks } from './blocks.js';
import { parseRstInline } from './inline.js';

const HEADER_FIELD = /^([A-Z][\w-]{0,30}):[ \t]+(\S.*)$/;
const DOCINFO = /^:([A-Za-z][\w -]{0,30}):[ \t]*(.*)$/;

type Found = Partial<NoteMeta> & { extra: NoteMeta['extra'] };

function authorList(value: string): string[] {
  return value
    .split(/\s*(?:;|,(?=\s*[A-Z][^<>]*(?:<|$))|\band\b)\s*/)
    .map((a) => a.replace(/<[^>]*>/g, '').replace(/\([^)]*@[^)]*\)/g, '').trim())
    .filter((a) => a !== '');
}

function place(found: Found, key: string, value: string): void {
  const k = key.toLowerCase();
  if (value === '') return;
  if (k === 'title') found.title ??= value;
  else if (k === 'subtitle') found.subtitle ??= value;
  else if (k === 'author' || k === 'authors') {
    const authors = authorList(value);
    found.authors = [...(found.authors ?? []), ...authors];
    found.author ??= authors[0];
  } else if (k === 'date' || k === 'created') found.date ??= value;
  else if (k === 'abstract') found.abstract ??= value;
  else found.extra.push({ key: key.charAt(0).toUpperCase() + key.slice(1), value });
}

/** A PEP's header at the top: `Key: value` lines, continuation lines indented. Returns the lines it used. */
function pepHeader(lines: string[], found: Found): number {
  if (!/^PEP: /.test(lines[0] ?? '')) return 0;
  let i = 0;
  while (i < lines.length) {
    const m = HEADER_FIELD.exec(lines[i] ?? '');
    if (!m) break;
    let value = m[2] ?? '';
    i++;
    while (i < lines.length && /^[ \t]+\S/.test(lines[i] ?? '')) value += ` ${(lines[i++] ?? '').trim()}`;
    place(found, m[1] ?? '', value.trim());
  }
  return i;
}

/** The field list right after the document title (and subtitle): docinfo. Returns [start, end) lines it used. */
function docinfo(lines: string[], from: number, found: Found): [number, number] {
  let i = from;
  // Past the title (overlined or underlined) and a subtitle.
  let titles = 0;
  while (i < lines.length && titles < 2) {
    while (i < lines.length && isBlank(lines[i])) i++;
    const a = adornmentChar(lines[i] ?? '');
    if (a !== null && adornmentChar(lines[i + 2] ?? '') === a && !isBlank(lines[i + 1])) i += 3;
    else if (a === null && !isBlank(lines[i]) && adornmentChar(lines[i + 1] ?? '') !== null) i += 2;
    else break;
    titles++;
  }
  while (i < lines.length && isBlank(lines[i])) i++;
  const start = i;
  while (i < lines.length) {
    const m = DOCINFO.exec(lines[i] ?? '');
    if (!m) break;
    let value = m[2] ?? '';
    i++;
    while (i < lines.length && /^[ \t]+\S/.test(lines[i] ?? '')) value += ` ${(lines[i++] ?? '').trim()}`;
    const text = inlineText(parseRstInline(value.trim())).trim();
    place(found, m[1] ?? '', text);
  }
  return [start, i];
}

export function parseRst(src: string, ctx: ReaderContext): Block[] {
  let lines = src.split('\n');
  const found: Found = { extra: [] };
  const header = pepHeader(lines, found);
  lines = lines.slice(header);
  const [start, end] = docinfo(lines, 0, found);
  if (end > start) lines = [...lines.slice(0, start), ...lines.slice(end)];
  if (found.title || found.author || found.date || found.extra.length || found.abstract) ctx.foundMeta?.(found);
  const reader = new RstBlocks(ctx);
  reader.collect(lines);
  const blocks = reader.blocks(lines, 0);
  for (const [label, def] of reader.footnotes) {
    if (reader.usedFootnotes.has(label)) continue;
    const inner = reader.blocks(def, 1);
    if (inner.length) {
      const first = inner[0];
      if (first?.kind === 'paragraph') inner[0] = { kind: 'paragraph', inlines: [{ kind: 'text', value: `[${label}] ` }, ...first.inlines] };
      blocks.push(...inner);
    }
  }
  return blocks;
}

export function parseRstInlines(src: string): Inline[] {
  return parseRstInline(src);
}

export const rstReader: NoteReader = {
  name: 'rst',
  detect: looksLikeRst,
  blocks: parseRst,
  inlines: parseRstInlines,
};
