// One writer per document type: each decides the skeleton (title, sections or chapters, frames,
// letter parts) around the blocks rendered by render.ts.
import type { DocumentType } from '../../../../shared/document-types.js';
import type { Block, NoteMeta } from './blocks.js';
import { escapeText } from './escape.js';
import type { RenderContext } from './render.js';
import { renderBlocks } from './render.js';
import { writeLetter } from './write-letter.js';
import { writePresentation } from './write-presentation.js';

export interface WriterInput {
  type: DocumentType;
  title: string;
  meta: NoteMeta;
  /** Blocks without the title heading (article, report, book, presentation). */
  body: Block[];
  /** All blocks, title heading included (basic and letter keep every line). */
  all: Block[];
  ctx: RenderContext;
  language: string;
}

function numberedText(plain: string): boolean {
  return /^\s*(\d+(\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+\S/.test(plain);
}

function sectioning(names: string[], unnumbered = false): RenderContext['heading'] {
  return (depth, latex, plain) => {
    const name = names[Math.min(depth, names.length) - 1] ?? 'paragraph';
    // Headings the user numbered already are not numbered twice.
    const star = (unnumbered || numberedText(plain)) && name !== 'paragraph' ? '*' : '';
    if (name === 'paragraph') return `\\paragraph{${latex}}\\mbox{}\\par`;
    return `\\${name}${star}{${latex}}`;
  };
}

export function titleBlock(input: WriterInput): string {
  const esc = (s: string): string => escapeText(s, input.ctx.engine);
  const author = input.meta.author ? esc(input.meta.author) : '';
  const date = input.meta.date ? esc(input.meta.date) : '\\today';
  return `\\title{${esc(input.title)}}\n\\author{${author}}\n\\date{${date}}`;
}

function extrasBlock(input: WriterInput): string {
  if (input.meta.extra.length === 0) return '';
  const esc = (s: string): string => escapeText(s, input.ctx.engine).replace(/\n/g, '\\\\\n');
  return input.meta.extra.map((e) => `\\noindent\\textbf{${esc(e.key)}:} ${esc(e.value)}\\par`).join('\n');
}

export function writeBody(input: WriterInput): string {
  const { type, ctx } = input;
  switch (type) {
    case 'article': {
      const c = { ...ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph']) };
      return [titleBlock(input), '\\maketitle', extrasBlock(input), renderBlocks(input.body, c)].filter(Boolean).join('\n\n');
    }
    case 'basic': {
      const c: RenderContext = { ...ctx, heading: (_d, latex) => `\\lgheading{${latex}}` };
      const title = input.meta.title ? `\\lgheading{${escapeText(input.meta.title, ctx.engine)}}` : '';
      return [title, extrasBlock(input), renderBlocks(input.all, c)].filter(Boolean).join('\n\n');
    }
    case 'report':
    case 'book': {
      const c = { ...ctx, heading: sectioning(['chapter', 'section', 'subsection', 'subsubsection', 'paragraph']) };
      // Chapters start at the first top-level heading; what comes before is the preface.
      const firstHeading = input.body.findIndex((b) => (b.kind === 'heading' && b.depth === 1) || b.kind === 'slide');
      const hasChapters = firstHeading >= 0;
      const intro = hasChapters ? input.body.slice(0, firstHeading) : [];
      const rest = hasChapters ? input.body.slice(firstHeading) : input.body;
      const parts: string[] = [titleBlock(input)];
      if (type === 'book') parts.push('\\frontmatter', '\\maketitle', '\\tableofcontents');
      else parts.push('\\maketitle');
      const extras = extrasBlock(input);
      if (intro.length || extras) {
        // Text before the first heading: an unnumbered opening chapter.
        // Its sections are unnumbered: there is no chapter number to count them under.
        const introCtx = { ...ctx, heading: sectioning(['section', 'subsection', 'subsubsection', 'paragraph'], true) };
        parts.push(`\\chapter*{\\prefacename}\n\\addcontentsline{toc}{chapter}{\\prefacename}`, extras, renderBlocks(intro, introCtx));
      }
      if (type === 'book') parts.push('\\mainmatter');
      // A book's main matter needs a chapter; a short report without headings reads best as its
      // title page followed by the text (a chapter repeating the title would say it twice).
      if (!hasChapters && type === 'book') parts.push(`\\chapter{${escapeText(input.title, ctx.engine)}}`);
      parts.push(renderBlocks(rest, c));
      return parts.filter(Boolean).join('\n\n');
    }
    case 'presentation':
      return writePresentation(input);
    case 'letter':
      return writeLetter(input);
  }
}
