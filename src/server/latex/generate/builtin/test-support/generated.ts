// The builtin generator's whole LaTeX for a note, or its body from \begin{document}: what the
// typed-reader tests read.
import type { DocumentType } from '../../../../../shared/document-types.js';
import { generate } from '../index.js';

export const fullLatex = (content: string, documentType: DocumentType = 'article'): string => generate({ content, documentType }).latex;

export const bodyLatex = (content: string, documentType: DocumentType = 'article'): string => {
  const latex = fullLatex(content, documentType);
  return latex.slice(latex.indexOf('\\begin{document}'));
};
