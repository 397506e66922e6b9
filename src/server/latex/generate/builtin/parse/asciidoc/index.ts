// The AsciiDoc reader: the header and attribute entries taken first (preprocess.ts: title,
// authors, revision date into metadata; `{name}` references replaced; conditionals decided;
// comments left out), then the blocks read (blocks.ts).
import type { Block, Inline } from '../../tree.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { AsciidocBlocks } from './blocks.js';
import { looksLikeAsciidoc } from './detect.js';
import { parseAsciidocInline } from './inline.js';
import { preprocess } from './preprocess.js';

export function parseAsciidoc(src: string, ctx: ReaderContext): Block[] {
  const { lines, meta, attributes } = preprocess(src);
  if (meta.title || meta.author || meta.date || meta.subtitle || meta.extra.length) ctx.foundMeta?.(meta);
  const stemLatex = /^(?:latexmath|tex|latex)$/i.test(attributes.get('stem')?.trim() ?? '');
  return new AsciidocBlocks(ctx, attributes.get('source-language') ?? '', stemLatex).blocks(lines, 0);
}

export function parseAsciidocInlines(src: string): Inline[] {
  return parseAsciidocInline(src);
}

export const asciidocReader: NoteReader = {
  name: 'asciidoc',
  detect: looksLikeAsciidoc,
  blocks: parseAsciidoc,
  inlines: parseAsciidocInlines,
};
