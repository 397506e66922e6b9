// The contract of a note-format reader: tell whether a note is written in its format, and turn
// it into the document tree (tree.ts). Front matter and snippet tags are taken out before a
// reader sees the note; a tag stands in the text as a placeholder line the reader hands back
// to `expandPlaceholder`.
import type { Block, Inline, NoteMeta } from '../tree.js';

export interface ReaderContext {
  /** The blocks of the snippet tag whose placeholder (LGTAG<n>QX) the reader met. */
  expandPlaceholder: (index: number) => Block[];
  /**
   * Metadata the note's own format states (org `#+TITLE:`, an AsciiDoc header, rST docinfo,
   * Typst `#set document(…)`): it fills what front matter left empty, never overrides it.
   */
  foundMeta?: (meta: Partial<NoteMeta>) => void;
  /** The note's own top level (not a snippet tag's content): its first lines may be its title block. */
  top?: boolean;
  /** The note's title is known already (front matter): its first lines are body. */
  titled?: boolean;
  /** The person asked for a letter: its plain lines are addresses, dates and paragraphs, never a title or headings. */
  letter?: boolean;
  /** The person asked for slides: a paragraph's lines are the slide's lines (see ReadHints.slides). */
  slides?: boolean;
}

export interface NoteReader {
  /** A short name for logs and tests (`markdown`, `plain`, `org`, …). */
  name: string;
  /** Whether the note (front matter removed) is written in this format. */
  detect: (source: string) => boolean;
  /** The note's blocks. */
  blocks: (source: string, ctx: ReaderContext) => Block[];
  /** Inline content of a short piece of the note (a table cell, a title, a list entry). */
  inlines: (source: string) => Inline[];
}
