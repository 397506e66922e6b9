// Reports and books: a title page, what comes before the first top-level heading as an
// unnumbered opening chapter, then one chapter per top-level heading, and a named afterword.
import { renderBlocks, renderInlines } from '../render/index.js';
import type { Block, Inline } from '../tree.js';
import { isTop, splitMatter } from './matter.js';
import { escapeText } from '../text/escape.js';
import { abstractBlock, afterTitle, hasTitleBlock, sectioning, titleBlock, type WriterInput } from './skeleton.js';

export function writeChapters(input: WriterInput, book: boolean): string {
  const { ctx } = input;
  const c = { ...ctx, heading: sectioning(['chapter', 'section', 'subsection', 'subsubsection', 'paragraph'], { marks: book }) };
  // Chapters start at the first top-level heading; what comes before is the preface, and a
  // heading naming an afterword closes them (matter.ts).
  const { frontTitle, front, main, backTitle, back } = splitMatter(input.body);
  const titled = hasTitleBlock(input);
  const maketitle = titled ? ['\\maketitle'] : [];
  const parts: string[] = [titled ? titleBlock(input) : ''];
  // A book always has its contents; a report when asked for. The book class has no abstract.
  if (book) parts.push('\\frontmatter', ...maketitle, abstractBlock(input, 'quote'), ...afterTitle(input, true));
  else parts.push(...maketitle, abstractBlock(input), ...afterTitle(input));
  // Unnumbered chapters (the preface, the afterword): their sections are unnumbered too, there is
  // no chapter number to count them under.
  const unnumbered = { ...ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph'], { unnumbered: true }) };
  const namedChapter = (title: Inline[] | null, blocks: Block[]) => {
    const name = title ? renderInlines(title, ctx) : '\\prefacename';
    return `\\chapter*{${name}}\n\\addcontentsline{toc}{chapter}{${name}}\n\n${renderBlocks(blocks, unnumbered)}`.trimEnd();
  };
  if (front.length || frontTitle) parts.push(namedChapter(frontTitle, front));
  if (book) parts.push('\\mainmatter');
  // A book's main matter needs a chapter; a short report without headings reads best as its
  // title page followed by the text (a chapter repeating the title would say it twice).
  if (!main.some(isTop) && book) parts.push(input.titled ? `\\chapter{${escapeText(input.title, ctx.program)}}` : '\\chapter*{}');
  parts.push(renderBlocks(main, c));
  if (backTitle) parts.push(...(book ? ['\\backmatter'] : []), namedChapter(backTitle, back));
  parts.push(renderBlocks(input.references, c));
  return parts.filter(Boolean).join('\n\n');
}
