// Request and response shapes of /api/documents (docs/product.md, Documents API).
import { z } from 'zod';
import { DocumentTypeSchema } from '../document-types.js';
import { IdParamSchema } from './ids.js';
import { MAX_LATEX_BYTES, MAX_NOTE_CHARS } from './latex.js';

export const DocumentSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  documentType: DocumentTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  compilationSuccessful: z.boolean().nullable(),
  hasPdf: z.boolean(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

export const DocumentSchema = DocumentSummarySchema.extend({
  inputContent: z.string(),
  latexContent: z.string(),
  compilationError: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type DocumentDto = z.infer<typeof DocumentSchema>;

export const DocumentListQuerySchema = z.object({ search: z.string().max(200).optional() });
export const DocumentListResponseSchema = z.array(DocumentSummarySchema);

const title = z.string().trim().min(1, 'Title is required').max(300, 'Title must be at most 300 characters');
const inputContent = z.string().min(1, 'Input content is required').max(MAX_NOTE_CHARS);
const latexContent = z.string().max(MAX_LATEX_BYTES, 'The LaTeX is too large');

export const CreateDocumentBodySchema = z.object({
  title: title.optional().default('Untitled Document'),
  inputContent,
  latexContent: latexContent.optional().default(''),
  documentType: DocumentTypeSchema.optional().default('basic'),
});
export type CreateDocumentBody = z.input<typeof CreateDocumentBodySchema>;

export const UpdateDocumentBodySchema = z
  .object({ title, inputContent, latexContent, documentType: DocumentTypeSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBodySchema>;

export const DocumentIdParamsSchema = z.object({ id: IdParamSchema('Invalid document id') });

/** The downloads of GET /api/documents/{id}/export (docs/product.md, Exports). */
export const EXPORT_FORMATS = ['tex', 'zip', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  tex: 'application/x-tex; charset=utf-8',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const DocumentPdfResponseSchema = z.object({
  pdf: z.string(),
  title: z.string(),
  /** The same PDF as binary (GET /api/latex/pdf/:hash?doc=id), and its SyncTeX data. */
  pdfUrl: z.string().optional(),
  synctexUrl: z.string().optional(),
});
