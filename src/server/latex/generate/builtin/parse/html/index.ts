// The HTML reader: a saved web page or an HTML export (Evernote, OneNote, Apple Notes, Google
// Docs) read as a browser would show it — dom.ts builds the element tree, blocks.ts and
// inline.ts map it onto the document tree; <title> names the document when no <h1> does.
import type { Block, Inline } from '../../tree.js';
import { titleFromBlocks } from '../common/title.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { HtmlBlocks } from './blocks.js';
import { looksLikeHtml } from './detect.js';
import { parseHtml } from './dom.js';

export function parseHtmlNote(src: string, ctx: ReaderContext): Block[] {
  const reader = new HtmlBlocks(ctx);
  const blocks = reader.blocks(parseHtml(src).children);
  const title = reader.title && !reader.hasH1 ? reader.title : titleFromBlocks(blocks);
  if (title) ctx.foundMeta?.({ title });
  return blocks;
}

export function parseHtmlInlines(src: string): Inline[] {
  return new HtmlBlocks({ expandPlaceholder: () => [] }).inlines(parseHtml(src).children);
}

export const htmlReader: NoteReader = {
  name: 'html',
  detect: looksLikeHtml,
  blocks: parseHtmlNote,
  inlines: parseHtmlInlines,
};
