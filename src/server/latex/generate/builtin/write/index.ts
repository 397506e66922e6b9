// The document around the body: one writer per document type (in a map), after a preamble made
// of what the body uses (lean-preamble.ts) and the per-document set-up lines (macro definitions).
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { GenerateOptions } from '../../../../../shared/generate-options.js';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { chemistryNote } from '../math/ascii/chemistry.js';
import { collectDefinitions } from '../math/definitions.js';
import { MacroRegistry } from '../math/math.js';
import type { Note } from '../parse/index.js';
import type { RenderContext } from '../render/index.js';
import { needsXelatex, withTextScripts } from '../text/escape.js';
import { parseLanguage } from '../text/language.js';
import { documentScripts } from './document-scripts.js';
import { writeArticle } from './article.js';
import { writeBasic } from './basic.js';
import { writeBook } from './book.js';
import { hasInlineTitle } from './chapters.js';
import { flushParagraphs } from './flush-paragraphs.js';
import { writeLetter } from './letter.js';
import { leanPreamble } from './lean-preamble.js';
import { referenceBlocks } from './references.js';
import { writePresentation } from './presentation.js';
import { writeReport } from './report.js';
import type { Writer } from './skeleton.js';
import { remarkComments } from '../parse/remarks.js';
import { indexedNames } from '../math/ascii/indexed-names.js';

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
  const meta = { ...note.meta, extra: [...note.meta.extra] };
  if (type !== 'letter') {
    // A letter's fields in another document type are metadata shown with the title.
    const fields: Array<[string, string | string[] | undefined]> = [
      ['subject', meta.subject !== note.title ? meta.subject : undefined], ['from', meta.returnAddress], ['to', meta.address],
      ['cc', meta.cc], ['opening', meta.opening], ['closing', meta.closing], ['encl', meta.encl], ['ps', meta.ps],
    ];
    for (const [key, value] of fields) {
      const text = Array.isArray(value) ? value.join(', ') : value;
      if (text) meta.extra.unshift({ key, value: text });
    }
  }
  const settings = options.settings ?? {};
  // The editor's language setting wins over the language the note's words suggest.
  const chosen = settings.language ? parseLanguage(settings.language) : undefined;
  const scripts = documentScripts(note.source, type, needsXelatex(note.source), chosen);
  const { program, language } = scripts;
  const macros = new MacroRegistry();
  // The note's own \newcommand, \def, \DeclareMathOperator: in effect for all of its math.
  if (options.useMath) macros.addUserDefinitions(collectDefinitions(note.source), program);
  const ctx: RenderContext = {
    type,
    program,
    language,
    useMath: options.useMath,
    splitTables: options.splitTables,
    macros,
    ...(options.useMath && chemistryNote(note.source) ? { chemistry: true } : {}),
    ...(options.useMath ? { indexedNames: indexedNames(note.source) } : {}),
    images: options.images ?? [],
    heading: ({ latex }) => `\\textbf{${latex}}`,
    ...(flushParagraphs(type, note.body) ? { flushParagraphs: true } : {}),
    // Beamer frames and letters have no two-column mode.
    ...(settings.columns === 2 && type !== 'presentation' && type !== 'letter' ? { twoColumn: true } : {}),
  };
  const body = withTextScripts(scripts.text, () =>
    WRITERS[type]({
      type, title: note.title, titled: note.titled, source: note.source, meta, body: note.body, all: note.all, ctx, language, settings, abstract: note.abstract,
      references: referenceBlocks(note.bibliography, language, note.body),
    }),
  );
  const setup = [...scripts.bodyLines, ...macros.preambleLines(), ...remarkComments(note.remarks)];
  const rest = '\\begin{document}\n' + (setup.length ? `${setup.join('\n')}\n` : '') + `\n${body}\n\n\\end{document}\n`;
  const classOptions = {
    ...(settings.fontSize ? { fontSize: settings.fontSize } : {}),
    ...(settings.paper ? { paper: settings.paper } : {}),
    ...(type === 'report' && hasInlineTitle(note.body) ? { inlineTitle: true } : {}),
    ...(ctx.flushParagraphs ? { flushParagraphs: true } : {}),
  };
  const latex = leanPreamble(type, scripts, rest, classOptions) + rest;
  return { latex, title: note.title, texProgram: program };
}
