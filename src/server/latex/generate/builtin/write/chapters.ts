// Reports and books: a title page, what comes before the first top-level heading as an
// unnumbered opening chapter, then one chapter per top-level heading.
import { renderBlocks } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import { abstractBlock, afterTitle, hasTitleBlock, sectioning, titleBlock, type WriterInput } from './skeleton.js';

export function writeChapters(input: WriterInput, book: boolean): string {
  const { ctx } = input;
  const c = { ...ctx, heading: sectioning(['chapter', 'section', 'subsection', 'subsubsection', 'paragraph'], { marks: book }) };
  // Chapters start at the first top-level heading; what comes before is the preface.
  const firstHeading = input.body.findIndex((b) => (b.kind === 'heading' && b.depth === 1) || b.kind === 'slide');
  const hasChapters = firstHeading >= 0;
  const intro = hasChapters ? input.body.slice(0, firstHeading) : [];
  const rest = hasChapters ? input.body.slice(firstHeading) : input.body;
  const titled = hasTitleBlock(input);
  const maketitle = titled ? ['\\maketitle'] : [];
  const parts: string[] = [titled ? titleBlock(input) : ''];
  // A book always has its contents; a report when asked for. The book class has no abstract.
  if (book) parts.push('\\frontmatter', ...maketitle, abstractBlock(input, 'quote'), ...afterTitle(input, true));
  else parts.push(...maketitle, abstractBlock(input), ...afterTitle(input));
  if (intro.length) {
    // Text before the first heading: an unnumbered opening chapter.
    // Its sections are unnumbered: there is no chapter number to count them under.
    const introCtx = { ...ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph'], { unnumbered: true }) };
    parts.push(`\\chapter*{\\prefacename}\n\\addcontentsline{toc}{chapter}{\\prefacename}`, renderBlocks(intro, introCtx));
  }
  if (book) parts.push('\\mainmatter');
  // A book's main matter needs a chapter; a short report without headings reads best as its
  // title page followed by the text (a chapter repeating the title would say it twice).
  if (!hasChapters && book) parts.push(input.titled ? `\\chapter{${escapeText(input.title, ctx.program)}}` : '\\chapter*{}');
  parts.push(renderBlocks(rest, c), renderBlocks(input.references, c));
  return parts.filter(Boolean).join('\n\n');
}
