// What every writer shares: its input, the title block, front-matter values kept as text, and
// the sectioning commands headings become. No writer imports another writer.
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { RenderContext } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import type { Block, NoteMeta } from '../tree.js';

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

/** A document type's body: everything between \begin{document} (and its set-up lines) and \end{document}. */
export type Writer = (input: WriterInput) => string;

function numberedText(plain: string): boolean {
  return /^\s*(\d+(\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+\S/.test(plain);
}

/** Headings as the given sectioning commands by depth; deeper ones become run-in paragraphs. */
export function sectioning(names: string[], unnumbered = false): RenderContext['heading'] {
  return (depth, latex, plain) => {
    const name = names[Math.min(depth, names.length) - 1] ?? 'paragraph';
    // Headings the user numbered already are not numbered twice.
    const star = (unnumbered || numberedText(plain)) && name !== 'paragraph' ? '*' : '';
    if (name === 'paragraph') return `\\paragraph{${latex}}\\mbox{}\\par`;
    return `\\${name}${star}{${latex}}`;
  };
}

/** A bold line: headings of documents without sections (basic, letter, inside frames). */
export const boldHeading: RenderContext['heading'] = (_d, latex) => `\\lgheading{${latex}}`;

export function titleBlock(input: WriterInput): string {
  const esc = (s: string): string => escapeText(s, input.ctx.program);
  const author = input.meta.author ? esc(input.meta.author) : '';
  const date = input.meta.date ? esc(input.meta.date) : '\\today';
  return `\\title{${esc(input.title)}}\n\\author{${author}}\n\\date{${date}}`;
}

/** Front-matter values that are the note's words but have no place in the class: bold key, value. */
export function extrasBlock(input: WriterInput): string {
  if (input.meta.extra.length === 0) return '';
  const esc = (s: string): string => escapeText(s, input.ctx.program).replace(/\n/g, '\\\\\n');
  return input.meta.extra.map((e) => `\\noindent\\textbf{${esc(e.key)}:} ${esc(e.value)}\\par`).join('\n');
}
