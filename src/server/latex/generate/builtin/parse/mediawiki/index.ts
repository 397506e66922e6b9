// The MediaWiki reader (Wikipedia-style notes): comments, switches and templates taken out
// (preprocess.ts), then the lines read as blocks (blocks.ts) with wikitext inline markup (inline.ts).
import type { Block, Inline } from '../../tree.js';
import { titleFromBlocks } from '../common/title.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { wikiBlocks } from './blocks.js';
import { looksLikeMediawiki } from './detect.js';
import { parseWikiInline } from './inline.js';
import { preprocessWikitext } from './preprocess.js';

export function parseMediawiki(src: string, ctx: ReaderContext): Block[] {
  const blocks = wikiBlocks(preprocessWikitext(src), ctx);
  const title = titleFromBlocks(blocks);
  if (title) ctx.foundMeta?.({ title });
  return blocks;
}

export function parseMediawikiInlines(src: string): Inline[] {
  return parseWikiInline(preprocessWikitext(src));
}

export const mediawikiReader: NoteReader = {
  name: 'mediawiki',
  detect: looksLikeMediawiki,
  blocks: parseMediawiki,
  inlines: parseMediawikiInlines,
};
