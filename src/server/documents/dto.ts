// Documents as the API shows them.
import type { DocumentDto, DocumentSummary } from '../../shared/api/documents.js';
import { DocumentTypeSchema } from '../../shared/document-types.js';
import type { DocumentRow } from '../db/schema.js';

const typeOf = (value: string) => {
  const parsed = DocumentTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'basic';
};

export function toSummary(row: Pick<DocumentRow, 'id' | 'title' | 'documentType' | 'createdAt' | 'updatedAt' | 'compilationSuccessful'> & { hasPdf: boolean }): DocumentSummary {
  return {
    id: row.id,
    title: row.title,
    documentType: typeOf(row.documentType),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    compilationSuccessful: row.compilationSuccessful,
    hasPdf: Boolean(row.hasPdf),
  };
}

export function toDocument(row: DocumentRow & { hasPdf: boolean }): DocumentDto {
  return {
    ...toSummary(row),
    inputContent: row.inputContent,
    latexContent: row.latexContent,
    compilationError: row.compilationError,
    metadata: row.metadata ?? null,
  };
}
