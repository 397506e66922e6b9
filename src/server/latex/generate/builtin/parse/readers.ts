// Which reader reads a note: the first in this list whose detector says yes; plain text (the
// last) takes everything. A new note format is one reader and one line here, before the
// formats it could be mistaken for.
import { markdownReader } from './markdown/index.js';
import { orgReader } from './org/index.js';
import { plainTextReader } from './plain/index.js';
import { rstReader } from './rst/index.js';
import { asciidocReader } from './asciidoc/index.js';
import { delimitedReader } from './csv/index.js';
import { htmlReader } from './html/index.js';
import { mediawikiReader } from './mediawiki/index.js';
import { typstReader } from './typst/index.js';
import { latexReader } from './latex/index.js';
import type { NoteReader } from './reader.js';

export const READERS: readonly NoteReader[] = [
  // HTML first: only a note that is mostly tags (or a whole document) is HTML; its text lines
  // could otherwise pass for any format.
  htmlReader,
  // Org before Markdown: its detector needs org's own signals, which Markdown notes lack.
  orgReader,
  // MediaWiki before AsciiDoc, which also writes `== x ==` headings and `[[id]]`: wikitext
  // needs its headings or tables with its own inline markup ('''bold''', [[a|b]], <ref>, {{…}}).
  mediawikiReader,
  // AsciiDoc before reStructuredText: its attribute entries (`:stem: latexmath`) read as rST
  // field lists and its `++++` delimiters as title underlines, while rST writes none of
  // AsciiDoc's `==` titles, `ifdef::`/`toc::[]` lines or `[latexmath]` block attributes.
  asciidocReader,
  // reStructuredText before Markdown: its detector needs rST's own signals (directives, roles,
  // overlines), which Markdown notes lack; setext-style underlines alone never decide.
  rstReader,
  // Typst: `=` titles, `#set`/`#show` lines.
  typstReader,
  // LaTeX (a pasted document, or fragments with sectioning, lists, \textbf …): its detector
  // needs several text-mode commands and few Markdown signals; math alone never decides.
  latexReader,
  // Delimited data: only a note of records and nothing else (a Markdown list or table is not).
  delimitedReader,
  markdownReader,
  plainTextReader,
];

export function pickReader(source: string): NoteReader {
  return READERS.find((r) => r.detect(source)) ?? plainTextReader;
}
