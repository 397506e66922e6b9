// Speaker notes: in slides a beamer \note (beamer leaves notes out of the slides unless asked to
// show them, which is what a reader of the slides expects); in any other document the words are
// kept, as a quote under a label in the document's language, unless they were an HTML comment
// (hidden on every page of the note but the presenter's view).
import { escapeText } from '../text/escape.js';
import type { Language } from '../text/language.js';
import type { BlockHandler } from './context.js';

const LABELS: Partial<Record<Language, string>> = {
  en: 'Speaker notes',
  de: 'Vortragsnotizen',
  fr: 'Notes de l’orateur',
  es: 'Notas del orador',
  pt: 'Notas do orador',
  ru: 'Заметки докладчика',
  uk: 'Нотатки доповідача',
  zh: '演讲者备注',
  ja: '発表者ノート',
  ko: '발표자 노트',
};

/** The label of speaker notes in `language` (English where there is none). */
export function speakerNotesLabel(language: Language | undefined): string {
  return LABELS[language ?? 'en'] ?? 'Speaker notes';
}

export const speakerNotes: BlockHandler<'speakerNotes'> = (node, ctx, render) => {
  if (ctx.beamer) {
    // \note keeps its argument for the note pages: no verbatim (code as typewriter lines), no
    // footnotes (their text in parentheses), as inside any argument.
    const inner = render.blocks(node.blocks, { ...ctx, inFootnote: true, inQuote: true }).trim();
    return inner === '' ? '' : `\\note{${inner}}`;
  }
  // A comment is hidden on every page but the presenter's: no other document shows it.
  if (node.hidden) return '';
  const inner = render.blocks(node.blocks, { ...ctx, inQuote: true }).trim();
  if (inner === '') return '';
  const label = escapeText(speakerNotesLabel(ctx.language), ctx.program);
  return `\\begin{quote}\\small\n\\noindent\\textbf{${label}}\\par\n${inner}\n\\end{quote}`;
};
