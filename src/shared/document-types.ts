// The six document types a note can become (docs/product.md, Document types) and their display names.
import { z } from 'zod';

export const DOCUMENT_TYPES = ['article', 'basic', 'presentation', 'report', 'letter', 'book'] as const;
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  article: 'Article',
  basic: 'Basic',
  presentation: 'Presentation',
  report: 'Report',
  letter: 'Letter',
  book: 'Book',
};

export const DOCUMENT_TYPE_DESCRIPTIONS: Record<DocumentType, string> = {
  article: 'Academic article with title and sections',
  basic: 'Minimal formatting, no title or sections',
  presentation: 'Slide deck',
  report: 'Formal report with title page and chapters',
  letter: 'Formal letter with sender and recipient',
  book: 'Multi-chapter book with chapters and sections',
};

/** Types reachable through /template/{type} (docs/product.md, Template links). */
export const TEMPLATE_TYPES = ['article', 'presentation', 'report', 'letter', 'book'] as const;

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}
