// Which reader reads a note: the first in this list whose detector says yes; plain text (the
// last) takes everything. A new note format is one reader and one line here, before the
// formats it could be mistaken for.
import { markdownReader } from './markdown/index.js';
import { orgReader } from './org/index.js';
import { plainTextReader } from './plain/index.js';
import type { NoteReader } from './reader.js';

export const READERS: readonly NoteReader[] = [
  // Org before Markdown: its detector needs org's own signals, which Markdown notes lack.
  orgReader,
  markdownReader,
  plainTextReader,
];

export function pickReader(source: string): NoteReader {
  return READERS.find((r) => r.detect(source)) ?? plainTextReader;
}
