// Request and response shapes of a document's versions (docs/product.md, Documents API).
import { z } from 'zod';
import { DocumentTypeSchema } from '../document-types.js';
import { IdParamSchema } from './ids.js';

/** Versions kept per document; older ones are dropped as new ones come. */
export const MAX_VERSIONS_PER_DOCUMENT = 50;

export const VERSION_KINDS = ['generated', 'compiled', 'restored'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

export const VersionParamsSchema = z.object({
  id: IdParamSchema('Invalid document id'),
  versionId: IdParamSchema('Invalid version id'),
});

export const VersionSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(VERSION_KINDS),
  title: z.string(),
  documentType: DocumentTypeSchema,
  compilationSuccessful: z.boolean().nullable(),
  createdAt: z.string(),
  /** Bytes it counts toward the account's storage. */
  bytes: z.number().int(),
});
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

export const VersionListResponseSchema = z.object({ versions: z.array(VersionSummarySchema), max: z.number().int() });
export type VersionListResponse = z.infer<typeof VersionListResponseSchema>;

export const VersionSchema = VersionSummarySchema.extend({ inputContent: z.string(), latexContent: z.string() });
export type VersionDto = z.infer<typeof VersionSchema>;
