// Reports and books: a title page, what comes before the first top-level heading as an
// unheaded opening (a named one as its unnumbered chapter), then one chapter per top-level
// heading, and a named afterword.
import { renderBlocks, renderInlines } from '../render/index.js';
import { inlineText, type Block, type Inline } from '../tree.js';
import { isTop, splitMatter } from './matter.js';
import { bareChapterLabel, headingNumber, namesChapter } from './numbering.js';
import { escapeText } from '../text/escape.js';
import { abstractBlock, afterTitle, hasTitleBlock, sectioning, titleBlock, wantsContents, type WriterInput } from './skeleton.js';

/** A book's unnamed opening this short is a dedication. */
const DEDICATION_WORDS = 30;

/** A report whose parts hold this many words or fewer on average reads as sections, not chapters (a page each). */
const SHORT_PART_WORDS = 150;

/** A report this short (a page or two of short parts: minutes) has its title above its text, not on a page of its own. */
const INLINE_TITLE_WORDS = 700;

/** The words of blocks: every text they hold (a walk over the tree's plain objects). */
function words(node: unknown, depth = 0): number {
  if (depth > 40 || node === null || typeof node !== 'object') return 0;
  let n = 0;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'value' || key === 'text') && typeof value === 'string') n += value.split(/\s+/).filter(Boolean).length + (value.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) / 2;
    else if (typeof value === 'object') n += words(value, depth + 1);
  }
  return n;
}

/**
 * Whether a report or book has three parts or more, short ones: a report's are then numbered
 * sections after the title page, a book's unnumbered pieces. A short report under one heading
 * (minutes under "ПОВЕСТКА ДНЯ") reads as a section too: a chapter would open a page for a few
 * lines under a "Chapter 1" the note never wrote.
 */
function shortParts(body: Block[], report = false): boolean {
  const tops = body.filter(isTop);
  // A note that names its parts chapters ("Chapter 2: …", "第2章") has chapters, however short.
  const named = tops.some((b) => b.kind === 'heading' && (b.ordinal !== undefined || namesChapter(inlineText(b.inlines))));
  if (named || tops.length === 0) return false;
  return (report && tops.length === 1 && words(body) <= INLINE_TITLE_WORDS) || (tops.length >= 3 && words(body) / tops.length <= SHORT_PART_WORDS);
}

/** Whether the chapters the note numbered have names: contents of "1", "2", "3" list nothing. */
function namesItsParts(body: Block[]): boolean {
  const numbered = body.flatMap((b) => {
    if (b.kind !== 'heading') return [];
    const plain = inlineText(b.inlines).trim();
    const own = headingNumber(plain, 'chapter');
    if (b.ordinal !== undefined && own === null) return [bareChapterLabel(plain) ? '' : plain];
    return own !== null && own !== 'own' ? [plain.slice(own.prefix)] : [];
  });
  // (A contents page with a chapter of no name in it, "2 ........ 2", is left out too.)
  return numbered.length === 0 || numbered.every((name) => name.trim() !== '');
}

/** Prose and verse only: no lists, tables, code or formulas. */
function literary(body: Block[]): boolean {
  const prose = (b: Block): boolean => b.kind === 'heading' || b.kind === 'rule' || (b.kind === 'paragraph' && b.inlines.every((n) => n.kind !== 'math' && n.kind !== 'code')) || (b.kind === 'quote' && b.blocks.every(prose));
  return body.every(prose);
}

export function hasInlineTitle(body: Block[]): boolean {
  return shortParts(body, true) && words(body) <= INLINE_TITLE_WORDS;
}

export function writeChapters(input: WriterInput, book: boolean): string {
  const { ctx } = input;
  if (!book && shortParts(input.body, true)) return shortReport(input);
  // A novel's or a collection's parts under its chapters (poems, scenes) are not numbered 1.1, 1.2.
  const numberedLevels = book && literary(input.body) ? 1 : undefined;
  // A book of short pieces under their own names (a collection of poems) numbers none of them: "Chapter 4" over a poem is not its name.
  const pieces = book && shortParts(input.body) && !input.body.some((b) => isTop(b) && b.kind === 'heading' && headingNumber(inlineText(b.inlines), 'chapter') !== null);
  // A book always has its contents, unless a chapter has only its number; a report when asked for.
  const toc = book ? (input.settings.toc ?? namesItsParts(input.body)) : wantsContents(input);
  const c = { ...ctx, heading: sectioning(['chapter', 'section', 'subsection', 'subsubsection', 'paragraph'], { marks: book, blocks: input.body, contents: toc, ...(pieces ? { unnumbered: true } : {}), ...(numberedLevels ? { numberedLevels } : {}) }) };
  // Chapters start at the first top-level heading; what comes before is the preface, and a
  // heading naming an afterword closes them (matter.ts).
  const { lead, frontTitle, front, main, backTitle, back } = splitMatter(input.body);
  const titled = hasTitleBlock(input);
  const maketitle = titled ? ['\\maketitle'] : [];
  const parts: string[] = [titled ? titleBlock(input) : ''];
  // The book class has no abstract.
  // Unnumbered chapters (the preface, the afterword): their sections are unnumbered too, there is
  // no chapter number to count them under.
  const unnumbered = { ...ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph'], { unnumbered: true }) };
  // A book's few unnamed opening words ("for Ella, Noah and Sam") are its dedication: a page of
  // their own after the title page, before the contents, no heading.
  const dedication = !frontTitle && book && front.length > 0 && words(front) <= DEDICATION_WORDS;
  const opening = dedication ? front : lead;
  const dedicationPage = opening.length ? [`\\begin{center}\n${renderBlocks(opening, unnumbered)}\n\\end{center}\n\\clearpage`] : [];
  // A book's longer unnamed opening (the notes on an outline: audience, length, tone) is its own
  // page before the contents, under no heading: a "Preface" the note never wrote would be invented.
  const foreword = book && !dedication && !frontTitle && front.length ? [`${renderBlocks(front, unnumbered)}\n\\clearpage`] : [];
  if (book) parts.push('\\frontmatter', ...maketitle, ...dedicationPage, ...foreword, abstractBlock(input, 'quote'), ...afterTitle(input, toc));
  else parts.push(...maketitle, abstractBlock(input), ...afterTitle(input), ...(lead.length ? [renderBlocks(lead, unnumbered)] : []));
  const namedChapter = (title: Inline[], blocks: Block[]) => {
    const name = renderInlines(title, ctx);
    return `\\chapter*{${name}}${toc ? `\n\\addcontentsline{toc}{chapter}{${name}}` : ''}\n\n${renderBlocks(blocks, unnumbered)}`.trimEnd();
  };
  // A report's opening text the note did not name is its introduction, under no heading.
  if (!dedication && frontTitle) parts.push(namedChapter(frontTitle, front));
  else if (front.length && !dedication && !book) parts.push(renderBlocks(front, unnumbered));
  if (book) parts.push('\\mainmatter');
  // A book's main matter needs a chapter; a short report without headings reads best as its
  // title page followed by the text (a chapter repeating the title would say it twice).
  if (!main.some(isTop) && book) parts.push(input.titled ? `\\chapter{${escapeText(input.title, ctx.program)}}` : '\\chapter*{}');
  parts.push(renderBlocks(main, c));
  if (backTitle) parts.push(...(book ? ['\\backmatter'] : []), namedChapter(backTitle, back));
  parts.push(renderBlocks(input.references, c));
  return parts.filter(Boolean).join('\n\n');
}

/**
 * A report of short parts (minutes, a one-page status report): its title page, then its parts as
 * sections numbered 1, 2, 3 on running pages, where chapters would give each a page of its own.
 */
function shortReport(input: WriterInput): string {
  // One part alone is not numbered: "1" over the only section counts nothing.
  const lone = input.body.filter(isTop).length === 1;
  const c = { ...input.ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph'], { blocks: input.body, contents: wantsContents(input), ...(lone ? { unnumbered: true } : {}) }) };
  const titled = hasTitleBlock(input);
  const parts = [titled ? titleBlock(input) : '', ...(titled ? ['\\maketitle'] : []), abstractBlock(input), ...afterTitle(input)];
  if (!lone) parts.push('% Short parts: sections numbered 1, 2, 3 rather than a chapter on each page\n\\renewcommand{\\thesection}{\\arabic{section}}');
  parts.push(renderBlocks(input.body, c), renderBlocks(input.references, c));
  return parts.filter(Boolean).join('\n\n');
}
