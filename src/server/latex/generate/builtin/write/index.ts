// The document around the body: one writer per document type (in a map), after the type's fixed
// preamble and the per-document set-up lines (language, macro definitions).
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { GenerateOptions } from '../../../../../shared/generate-options.js';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { MacroRegistry } from '../math/math.js';
import type { Note } from '../parse/index.js';
import type { RenderContext } from '../render/index.js';
import { needsXelatex, withTextScripts } from '../text/escape.js';
import { documentScripts } from './document-scripts.js';
import { writeArticle } from './article.js';
import { writeBasic } from './basic.js';
import { writeBook } from './book.js';
import { writeLetter } from './letter.js';
import { requirePreamble } from './preambles.js';
import { writePresentation } from './presentation.js';
import { writeReport } from './report.js';
import type { Writer } from './skeleton.js';

const WRITERS: Record<DocumentType, Writer> = {
  article: writeArticle,
  basic: writeBasic,
  presentation: writePresentation,
  report: writeReport,
  letter: writeLetter,
  book: writeBook,
};

export interface WrittenDocument {
  latex: string;
  title: string;
  texProgram: TexProgram;
}

/** The complete LaTeX document for a note read by parse/. */
export function writeDocument(note: Note, type: DocumentType, options: GenerateOptions): WrittenDocument {
  const { meta } = note;
  if (type !== 'letter') {
    // Letter fields from front matter are still the user's text in other document types.
    const fields: Array<[string, string | string[] | undefined]> = [
      ['from', meta.returnAddress], ['to', meta.address], ['opening', meta.opening], ['closing', meta.closing],
    ];
    for (const [key, value] of fields) {
      const text = Array.isArray(value) ? value.join(', ') : value;
      if (text) meta.extra.push({ key, value: text });
    }
  }
  const scripts = documentScripts(note.source, type, needsXelatex(note.source));
  const { program, language } = scripts;
  const macros = new MacroRegistry();
  const ctx: RenderContext = {
    type,
    program,
    useMath: options.useMath,
    splitTables: options.splitTables,
    macros,
    heading: (_d, latex) => `\\textbf{${latex}}`,
  };
  const body = withTextScripts(scripts.text, () => WRITERS[type]({ type, title: note.title, meta, body: note.body, all: note.all, ctx, language }));
  const setup = [...scripts.bodyLines, ...macros.preambleLines()];
  const latex =
    requirePreamble(type, program).preamble +
    (scripts.fontLines.length ? `${scripts.fontLines.join('\n')}\n` : '') +
    '\\begin{document}\n' +
    (setup.length ? `${setup.join('\n')}\n` : '') +
    `\n${body}\n\n\\end{document}\n`;
  return { latex, title: note.title, texProgram: program };
}
