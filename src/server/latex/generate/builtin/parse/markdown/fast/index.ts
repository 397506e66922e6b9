// Fast path for markdown notes: a small hand-written parser for the common subset of
// CommonMark + GFM + remark-math that builds the mdast tree remark would build for it, and
// declines (returns null) on anything else, so the caller falls back to remark. remark's
// micromark costs ~12 ms on the 2,000-word benchmark note; this takes ~0.4 ms, and it is linear
// in the note on any input.
//
// Supported: paragraphs (with lazy continuation lines in list items), ATX headings, ``` and ~~~
// fences, $$ math blocks, `***`/`___`/`---` rules, bullet and ordered lists (nested, GFM task
// items), GFM pipe tables (block.ts, table.ts), and the inlines of inline.ts. Declined: tabs,
// block quotes, HTML, indented code, setext headings, definitions, footnotes, empty list items,
// and every doubtful variant of the above. Nodes carry the fields the markdown reader reads
// (lists have no `spread`, only inline math has a position); fast-markdown.test.ts compares
// them with remark's. Each answer is counted (counters.ts); an exception is a bug: it is
// reported and counted, and remark parses the note.
import type { Root } from 'mdast';
import { countGenerator, reportFailure } from '../../../counters.js';
import { BlockParser } from './block.js';
import { Decline } from './decline.js';

// Characters the fast path never handles anywhere: tabs, carriage returns, other controls,
// a byte order mark, and U+FFFD-replaced NULs.
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const UNSUPPORTED_RE = /[\u0000-\u0009\u000b-\u001f\u007f\ufeff]/;

/**
 * The mdast tree remark (+ GFM + math) would build for `source`, or null when the source is
 * outside the fast path's subset (the caller then runs remark). Never throws.
 */
export function parseFastMarkdown(source: string): Root | null {
  try {
    const root = parseFastMarkdownStrict(source);
    countGenerator(root ? 'fastMarkdownAccepted' : 'fastMarkdownDeclined');
    return root;
  } catch (error) {
    // A bug here must not break generation: remark still gives the right tree.
    countGenerator('fastMarkdownFailed');
    reportFailure(error, 'fast markdown parser (remark parsed the note instead)');
    return null;
  }
}

/** parseFastMarkdown, except that errors other than declining are thrown (tests use it to see bugs). */
export function parseFastMarkdownStrict(source: string): Root | null {
  if (UNSUPPORTED_RE.test(source)) return null;
  try {
    return new BlockParser(source).parse();
  } catch (e) {
    if (e instanceof Decline) return null;
    throw e;
  }
}
