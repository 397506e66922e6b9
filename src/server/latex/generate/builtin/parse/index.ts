// Reading a note: line endings and control characters normalized, front matter and snippet
// tags taken out, the body read by the reader of its format (readers.ts), and the outline
// settled (outline.ts). The result is one document tree whatever the format.
import { dropChatWrapper } from './chat-paste.js';
import { slideHeadings } from './slide-headings.js';
import { titleFromInput } from '../../../../../shared/title.js';
import { dropDefinitionLines } from '../math/definitions.js';
import type { BibEntry, Block, NoteMeta } from '../tree.js';
import { resolveCitations } from './citations/index.js';
import { looksTabSeparated } from './csv/detect.js';
import { extractFrontMatter } from './front-matter/index.js';
import { closeDepthGaps, normalizeDepths, splitTitle, takeByline } from './outline.js';
import { commandCells } from './command-cells.js';
import { ordinalOpenings } from './ordinal-openings.js';
import { captionTables } from './table-captions.js';
import { countGenerator } from '../counters.js';
import type { NoteReader } from './reader.js';
import { pickReader } from './readers.js';
import { escapeStrayTags, extractTags } from './snippet-tags.js';
import { tagBlocks } from './tag-blocks.js';
import { takeTypedContents } from './typed-contents.js';
import { takeRemarks } from './remarks.js';

export interface Note {
  /** The whole note, normalized (language and script detection look at it). */
  source: string;
  meta: NoteMeta;
  title: string;
  /** The note names itself (see splitTitle): otherwise `title` is its first words, for the history only. */
  titled: boolean;
  /** Blocks without the title heading. */
  body: Block[];
  /** All blocks, title heading included. */
  all: Block[];
  /** The front matter's abstract, read like the note. */
  abstract: Block[];
  /** The works the note cites, for the References section the writer adds (empty: none, or the note's own list holds them). */
  bibliography: BibEntry[];
  /** The writer's reminders to themselves ("[check this figure]"), as typed: comments in the LaTeX, on no page. */
  remarks: string[];
}

/** Control characters and line endings that would confuse every later step. */
function normalizeInput(content: string): string {
  const text = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- stray control characters are not text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
  // Tab-separated data keeps its tabs: they are its separators (csv/). Elsewhere a tab that
  // indents a line is four spaces; a tab inside a line separates cells pasted from a spreadsheet
  // (the notes layer reads them as a table).
  return looksTabSeparated(text) ? text : text.replace(/^\t+/gm, (tabs) => '    '.repeat(tabs.length));
}

/** Snippet tags nested deeper than this (a <SECTION> in a <SECTION> …) stay as text. */
const MAX_TAG_DEPTH = 8;

/** Blocks of a note body (or a tag's content) with its snippet tags expanded. */
function readBody(src: string, reader: NoteReader, depth = 0, foundMeta?: (meta: Partial<NoteMeta>) => void, titled = false, hints: ReadHints = {}): Block[] {
  const { text, tags } = depth < MAX_TAG_DEPTH ? extractTags(src) : { text: escapeStrayTags(src), tags: [] };
  const parseBody = (inner: string): Block[] => readBody(inner, reader, depth + 1);
  return reader.blocks(text, {
    expandPlaceholder: (i) => {
      const tag = tags[i];
      return tag ? tagBlocks(tag, reader, parseBody) : [];
    },
    foundMeta,
    top: depth === 0,
    titled,
    letter: hints.letter === true,
    slides: hints.slides === true,
  });
}

/** Fills the fields front matter left empty with what the note's format stated. */
function fillMeta(meta: NoteMeta, found: Partial<NoteMeta>): void {
  for (const [key, value] of Object.entries(found) as Array<[keyof NoteMeta, NoteMeta[keyof NoteMeta]]>) {
    if (key === 'extra') meta.extra.push(...(found.extra ?? []));
    else if (meta[key] === undefined && value !== undefined) Object.assign(meta, { [key]: value });
  }
}

/** Title, author and date given outside the note (the editor's settings): they win over the note's. */
export type MetaOverrides = Partial<Pick<NoteMeta, 'title' | 'author' | 'date'>>;

/** What the person asked for that changes how the note is read. */
export interface ReadHints {
  /** A letter: plain lines are never its title or headings (readers that know letters honour it). */
  letter?: boolean;
  /** Slides: the lines of a paragraph are the lines of the slide, whatever the reader's line ends mean. */
  slides?: boolean;
  /**
   * A document for other readers (all types but basic): the writer's bracketed reminders to
   * themselves leave its pages (remarks.ts). In basic notes (a plan, a checklist, minutes) they are
   * the content and stay.
   */
  remarks?: boolean;
}

// Past these a note is not prose with markup but a wall of it (the longest real notes have a
// few thousand lines and markup characters): its paragraphs are read as text, which keeps the
// work small whatever the note holds.
const MAX_LINES = 25_000;
const MAX_MARKUP = 50_000;
const MARKUP = new Uint8Array(128);
for (const ch of '\\`$*_[]<>#~{}!^=') MARKUP[ch.charCodeAt(0)] = 1;

function isWallOfMarkup(src: string): boolean {
  // A shorter note cannot pass either limit.
  if (src.length <= MAX_LINES) return false;
  let lines = 0;
  let markup = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 10) lines++;
    else if (c < 128 && MARKUP[c] === 1) markup++;
  }
  return lines > MAX_LINES || markup > MAX_MARKUP;
}

/** Paragraphs (text between blank lines) as text, markup and all. */
function textParagraphs(src: string): Block[] {
  countGenerator('notesReadAsText');
  return src
    .split(/\n[ \t]*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => ({ kind: 'paragraph', inlines: [{ kind: 'text', value: p }] }));
}

export function readNote(content: string, overrides: MetaOverrides = {}, hints: ReadHints = {}): Note {
  const source = normalizeInput(content);
  // The note's macro definitions take effect (write/ collects them from `source`): lines holding
  // only definitions are neither text nor the title.
  // Reminders to the writer ("[check this figure]") leave a document for others: comments in its LaTeX.
  const defined = dropDefinitionLines(source);
  const { text: shown, remarks } = hints.remarks === true ? takeRemarks(defined) : { text: defined, remarks: [] };
  const { meta, body: bodySource } = extractFrontMatter(shown);
  for (const key of ['title', 'author', 'date'] as const) {
    const value = overrides[key]?.trim();
    if (value) meta[key] = value;
  }
  // The editor's author replaces the note's whole list of authors.
  if (meta.author && overrides.author?.trim()) meta.authors = [meta.author];
  const reader = pickReader(bodySource);
  const wall = isWallOfMarkup(bodySource);
  const all = wall ? textParagraphs(bodySource) : slideHeadings(dropChatWrapper(readBody(bodySource, reader, 0, (found) => fillMeta(meta, found), meta.title !== undefined, hints)), hints.slides === true);
  normalizeDepths(all);
  captionTables(all);
  commandCells(all);
  ordinalOpenings(all);
  const abstract = meta.abstract ? reader.blocks(meta.abstract, { expandPlaceholder: () => [] }) : [];
  // Before the title is split off: a label on the title heading goes, and the body shares the nodes.
  const bibliography = resolveCitations([abstract, all], shown, meta);
  // The note's headings at the levels it gave them (basic keeps them so): splitting the title off
  // lifts the body's headings, which share these nodes.
  const asTyped = all.map((b) => (b.kind === 'heading' ? { ...b } : b));
  // A title guessed from the text comes from the body: front matter's settings are no title.
  // A wall's paragraphs are its markup as text: its first line is no title to print (the history
  // still names it from its first heading or words).
  const { title: rawTitle, body, own } = wall ? { title: meta.title ?? titleFromInput(bodySource), body: all, own: meta.title !== undefined } : splitTitle(all, meta, bodySource, hints.letter === true);
  // A letter's lines under its first are addresses, never a byline (its writer reads them).
  if (own && hints.letter !== true) {
    // (What the byline took is gone from the note as typed too: a basic document prints that.)
    const before = [...body];
    takeByline(body, meta);
    for (const gone of before.filter((b) => !body.includes(b))) {
      const at = all.indexOf(gone);
      if (at >= 0) {
        all.splice(at, 1);
        asTyped.splice(at, 1);
      }
    }
  }
  // (Slides make no contents of their own: a typed contents slide stays.)
  if (hints.slides !== true) takeTypedContents(body, meta);
  closeDepthGaps(body);
  const title = rawTitle.trim();
  return { source, meta, title: title || 'Untitled Document', titled: own && title !== '', body, all: asTyped, abstract, bibliography, remarks };
}
