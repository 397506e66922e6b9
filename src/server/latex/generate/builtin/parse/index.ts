// Reading a note: line endings and control characters normalized, front matter and snippet
// tags taken out, the body read by the reader of its format (readers.ts), and the outline
// settled (outline.ts). The result is one document tree whatever the format.
import type { Block, NoteMeta } from '../tree.js';
import { extractFrontMatter } from './front-matter.js';
import { normalizeDepths, splitTitle } from './outline.js';
import type { NoteReader } from './reader.js';
import { pickReader } from './readers.js';
import { extractTags } from './snippet-tags.js';
import { tagBlocks } from './tag-blocks.js';

export interface Note {
  /** The whole note, normalized (language and script detection look at it). */
  source: string;
  meta: NoteMeta;
  title: string;
  /** Blocks without the title heading. */
  body: Block[];
  /** All blocks, title heading included. */
  all: Block[];
}

/** Control characters and line endings that would confuse every later step. */
function normalizeInput(content: string): string {
  return content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    // eslint-disable-next-line no-control-regex -- stray control characters are not text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
}

/** Blocks of a note body (or a tag's content) with its snippet tags expanded. */
function readBody(src: string, reader: NoteReader, foundMeta?: (meta: Partial<NoteMeta>) => void): Block[] {
  const { text, tags } = extractTags(src);
  const parseBody = (inner: string): Block[] => readBody(inner, reader);
  return reader.blocks(text, {
    expandPlaceholder: (i) => {
      const tag = tags[i];
      return tag ? tagBlocks(tag, reader, parseBody) : [];
    },
    foundMeta,
  });
}

/** Fills the fields front matter left empty with what the note's format stated. */
function fillMeta(meta: NoteMeta, found: Partial<NoteMeta>): void {
  for (const [key, value] of Object.entries(found) as Array<[keyof NoteMeta, NoteMeta[keyof NoteMeta]]>) {
    if (key === 'extra') meta.extra.push(...(found.extra ?? []));
    else if (meta[key] === undefined && value !== undefined) Object.assign(meta, { [key]: value });
  }
}

export function readNote(content: string): Note {
  const source = normalizeInput(content);
  const { meta, body: bodySource } = extractFrontMatter(source);
  const reader = pickReader(bodySource);
  const all = readBody(bodySource, reader, (found) => fillMeta(meta, found));
  normalizeDepths(all);
  const { title: rawTitle, body } = splitTitle(all, meta, source);
  return { source, meta, title: rawTitle.trim() || 'Untitled Document', body, all };
}
