// The markup-tag snippets the editor's insert buttons put at the cursor (docs/product.md, Snippet tags).
import type { DocumentType } from '../../shared/document-types';

export type SnippetKind = 'math' | 'table' | 'figure' | 'section' | 'list' | 'slide';

export interface SnippetButton {
  kind: SnippetKind;
  label: string;
  text: string;
  /** Only offered for these document types (all when absent). */
  only?: DocumentType[];
}

export const SNIPPETS: SnippetButton[] = [
  { kind: 'math', label: 'Math', text: '<MATHEQ>\nE = mc^2\n</MATHEQ>' },
  { kind: 'table', label: 'Table', text: '<TABLE>\nheaders: Column 1, Column 2, Column 3\nrow: a, b, c\nrow: d, e, f\n</TABLE>' },
  { kind: 'figure', label: 'Figure', text: '<FIGURE>\ndescription: A diagram of the experimental setup\ncaption: Experimental setup\n</FIGURE>' },
  { kind: 'section', label: 'Section', text: '<SECTION>\ntitle: Introduction\ncontent: Write the section text here.\n</SECTION>' },
  { kind: 'list', label: 'List', text: '<LIST>\nFirst item; Second item; Third item\n</LIST>' },
  { kind: 'slide', label: 'New Slide', text: '<SLIDE>\ntitle: Slide Title\ncontent: Slide content goes here.\n</SLIDE>', only: ['presentation'] },
];

export function snippetsFor(type: DocumentType): SnippetButton[] {
  return SNIPPETS.filter((s) => !s.only || s.only.includes(type));
}

/**
 * Inserts `snippet` into `text` replacing the selection [start, end), on lines of its own.
 * Returns the new text and the caret position just after the snippet.
 */
export function insertSnippet(text: string, start: number, end: number, snippet: string): { text: string; caret: number } {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  const before = text.slice(0, s);
  const after = text.slice(e);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${snippet}${trail}`;
  return { text: before + inserted + after, caret: before.length + lead.length + snippet.length };
}
