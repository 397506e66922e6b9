// Documents as the API shows them.
import type { DocumentDto, DocumentSummary } from '../../shared/api/documents.js';
import { DocumentTypeSchema } from '../../shared/document-types.js';
import type { DocumentRow, DocumentVersionRow } from '../db/schema.js';
import { VERSION_KINDS, type VersionKind, type VersionSummary } from '../../shared/api/versions.js';

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

const kindOf = (value: string): VersionKind => (VERSION_KINDS as readonly string[]).includes(value) ? (value as VersionKind) : 'compiled';

export function toVersionSummary(row: Pick<DocumentVersionRow, 'id' | 'kind' | 'title' | 'documentType' | 'compilationSuccessful' | 'createdAt'> & { bytes?: number; inputContent?: string; latexContent?: string }): VersionSummary {
  const bytes = row.bytes ?? Buffer.byteLength(row.title) + Buffer.byteLength(row.inputContent ?? '') + Buffer.byteLength(row.latexContent ?? '');
  return {
    id: row.id,
    kind: kindOf(row.kind),
    title: row.title,
    documentType: typeOf(row.documentType),
    compilationSuccessful: row.compilationSuccessful,
    createdAt: row.createdAt.toISOString(),
    bytes,
  };
}
