// The Typst reader: comments taken out (code.ts), then the markup read as blocks (blocks.ts);
// the metadata the note's rules state reaches the document through the reader context.
import type { Block, Inline } from '../../tree.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { TypstBlocks } from './blocks.js';
import { stripComments } from './code.js';
import { looksLikeTypst } from './detect.js';
import { parseTypstInline } from './inline.js';

export function parseTypst(src: string, ctx: ReaderContext): Block[] {
  return new TypstBlocks(ctx).blocks(stripComments(src), 0);
}

export function parseTypstInlines(src: string): Inline[] {
  return parseTypstInline(src);
}

export const typstReader: NoteReader = {
  name: 'typst',
  detect: looksLikeTypst,
  blocks: parseTypst,
  inlines: parseTypstInlines,
};
