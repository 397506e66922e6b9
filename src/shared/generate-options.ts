// What a generation is asked for: the note, its document type and the options, shared by the
// HTTP API, the command line, the generation engines and the builtin generator.
import { z } from 'zod';
import { DocumentTypeSchema } from './document-types.js';

/**
 * Document settings an editor may set (each absent one keeps what the generator decides from
 * the note). Title, author and date replace the note's own; fontSize and paper change the
 * class options; columns, toc and language apply in the body.
 */
export const DocumentSettingsSchema = z.object({
  title: z.string().max(500).optional(),
  author: z.string().max(500).optional(),
  date: z.string().max(200).optional(),
  fontSize: z.union([z.literal(10), z.literal(11), z.literal(12)]).optional(),
  paper: z.enum(['a4', 'letter']).optional(),
  columns: z.union([z.literal(1), z.literal(2)]).optional(),
  toc: z.boolean().optional(),
  /** A language code such as `en`, `de`, `ru`, `ja`; unknown codes are ignored. */
  language: z.string().max(20).optional(),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;

export const GenerateOptionsSchema = z.object({
  splitTables: z.boolean().optional().default(false),
  useMath: z.boolean().optional().default(true),
  settings: DocumentSettingsSchema.optional(),
  /**
   * Names of the images attached to the document (docs/product.md, Documents API): a figure or
   * Markdown image that names one shows it. The server fills this in from the document.
   */
  images: z.array(z.string().max(64)).max(100).optional(),
});
export type GenerateOptions = z.output<typeof GenerateOptionsSchema>;

export const DEFAULT_GENERATE_OPTIONS: GenerateOptions = { splitTables: false, useMath: true };

export const GenerateInputSchema = z.object({
  content: z.string(),
  documentType: DocumentTypeSchema.optional().default('basic'),
  options: GenerateOptionsSchema.optional().default(DEFAULT_GENERATE_OPTIONS),
});
/** A generation as callers write it: the schema fills in the document type and options. */
export type GenerateInput = z.input<typeof GenerateInputSchema>;
/** A generation with every default filled in. */
export type ResolvedGenerateInput = z.output<typeof GenerateInputSchema>;
