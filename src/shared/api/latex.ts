// Request and response shapes of /api/latex/* (docs/product.md, LaTeX API).
import { z } from 'zod';
import { DocumentTypeSchema } from '../document-types.js';
import { DEFAULT_GENERATE_OPTIONS, GenerateOptionsSchema } from '../generate-options.js';
import { IdSchema } from './ids.js';

export const MAX_NOTE_CHARS = 200_000;
/** Compile requests over this many bytes of LaTeX get 413. */
export const MAX_LATEX_BYTES = 1024 * 1024;

/** What a person may ask of the AI model in one change ("make the title bigger"). */
export const MAX_CHANGE_INSTRUCTION_CHARS = 2_000;

const latexBytes = (s: string) => new TextEncoder().encode(s).length;

/** A change to an existing document, written by the AI model through the same compile-checked loop. */
export const DocumentChangeSchema = z.object({
  latex: z
    .string({ error: 'The LaTeX to change is required' })
    .min(1, 'The LaTeX to change is required')
    .refine((s) => s.length <= MAX_LATEX_BYTES && latexBytes(s) <= MAX_LATEX_BYTES, `The LaTeX source is larger than ${MAX_LATEX_BYTES / 1024} KB.`),
  instruction: z
    .string({ error: 'Say what to change' })
    .max(MAX_CHANGE_INSTRUCTION_CHARS, `A change request must be at most ${MAX_CHANGE_INSTRUCTION_CHARS.toLocaleString('en-US')} characters`)
    .refine((s) => s.trim().length > 0, 'Say what to change'),
});
export type DocumentChangeRequest = z.infer<typeof DocumentChangeSchema>;

export const GenerateRequestSchema = z
  .object({
    // Required, except beside a change (the notes then only travel with the new history entry).
    content: z
      .string({ error: 'Content is required' })
      .max(MAX_NOTE_CHARS, `Content must be at most ${MAX_NOTE_CHARS.toLocaleString('en-US')} characters`)
      .optional()
      .default(''),
    documentType: DocumentTypeSchema.optional().default('basic'),
    options: GenerateOptionsSchema.optional().default(DEFAULT_GENERATE_OPTIONS),
    model: z.string().max(200).optional(),
    compile: z.boolean().optional().default(false),
    /** A document of the person's whose uploaded images the note may show; the new one gets copies. */
    imagesFrom: z.number().int().positive().max(2_147_483_647).optional(),
    /** Asks the AI model to change this LaTeX as the instruction says, instead of writing from the notes. */
    change: DocumentChangeSchema.optional(),
    /** The document open in the editor: the result becomes its new version instead of a new document. */
    documentId: IdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.change && body.content.trim().length === 0) ctx.addIssue({ code: 'custom', path: ['content'], message: 'Content is required' });
  });
export type GenerateRequest = z.input<typeof GenerateRequestSchema>;

export const CompileErrorDetailSchema = z.object({
  line: z.number().int().nullable(),
  message: z.string(),
  hint: z.string().nullable(),
});
export type CompileErrorDetail = z.infer<typeof CompileErrorDetailSchema>;

export const CompilationResultSchema = z.object({
  success: z.boolean(),
  /** The PDF, base64. */
  pdf: z.string().optional(),
  error: z.string().optional(),
  errorDetails: z.array(CompileErrorDetailSchema).optional(),
  /** True when TeX Live is unavailable and `html` holds a preview instead. */
  isHtml: z.boolean().optional(),
  html: z.string().optional(),
  /** Characters the fonts could not draw (they are blank in the PDF), as sentences; deduplicated and capped. */
  warnings: z.array(z.string()).optional(),
  /** The PDF as binary, owner-only and immutable (GET; the browser may cache it). */
  pdfUrl: z.string().optional(),
  /** The PDF's SyncTeX data (gzip), next to pdfUrl; absent when TeX wrote none. */
  synctexUrl: z.string().optional(),
  /** TeX passes this compile ran (0 when the answer came from the cache). */
  passes: z.number().int().optional(),
  /** True when the result came from the compile cache without running TeX. */
  cached: z.boolean().optional(),
  /** TeX's raw log (its last 64,000 characters at most), shown by the editor's "Log" button. */
  log: z.string().optional(),
});
export type CompilationResult = z.infer<typeof CompilationResultSchema>;

export const UsageSchema = z.object({
  /** Generations used this month. */
  current: z.number().int(),
  /** The tier's monthly allowance. */
  limit: z.number().int(),
  refillCredits: z.number().int(),
  /** When the allowance starts again (ISO). */
  resetDate: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const GenerateResponseSchema = z.object({
  latex: z.string(),
  title: z.string(),
  documentId: z.number().int(),
  /** 'builtin', or the model that wrote it. */
  engine: z.string(),
  usage: UsageSchema,
  compilationResult: CompilationResultSchema.optional(),
  /** Set when the chosen model could not produce a document that compiles and the builtin engine wrote it. */
  fallback: z.object({ model: z.string(), reason: z.string() }).optional(),
});
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;

/** Stages of a generation, streamed as server-sent events when the request accepts text/event-stream. */
export const GENERATION_STAGES = ['writing', 'checking', 'repairing', 'fallback'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];
export const GENERATION_STAGE_LABELS: Record<GenerationStage, string> = {
  writing: 'Writing…',
  checking: 'Checking it compiles…',
  repairing: 'Fixing an error…',
  fallback: 'Falling back to the builtin generator…',
};
/** `event: stage`; the stream ends with `event: result` (a GenerateResponse) or `event: error` ({ status, message }). */
export const StageEventSchema = z.object({
  stage: z.enum(GENERATION_STAGES),
  message: z.string(),
  /** 1 for the first draft, 2 and 3 for repairs. */
  attempt: z.number().int().optional(),
});
export type StageEvent = z.infer<typeof StageEventSchema>;
export const StreamErrorEventSchema = z.object({ status: z.number().int(), message: z.string() });
export type StreamErrorEvent = z.infer<typeof StreamErrorEventSchema>;

/** GET /api/latex/models: what the signed-in user may pick, and their tier's default. */
export const ModelOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** 'builtin', 'openai' (any OpenAI-compatible endpoint) or 'anthropic'. */
  provider: z.enum(['builtin', 'openai', 'anthropic']),
});
export type ModelOption = z.infer<typeof ModelOptionSchema>;
export const ModelsResponseSchema = z.object({ models: z.array(ModelOptionSchema), default: z.string() });
export type ModelsResponse = z.infer<typeof ModelsResponseSchema>;

/** 'base64' (the default) puts the PDF into `compilationResult.pdf`; 'url' leaves it out and gives only `pdfUrl`. */
export const PDF_FORMATS = ['base64', 'url'] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export const CompileRequestSchema = z.object({
  latex: z.string({ error: 'No LaTeX content' }).refine((s) => s.trim().length > 0, 'No LaTeX content'),
  documentId: IdSchema.optional(),
  pdfFormat: z.enum(PDF_FORMATS).optional(),
});
export type CompileRequest = z.infer<typeof CompileRequestSchema>;

export const CompileResponseSchema = z.object({ compilationResult: CompilationResultSchema });
export type CompileResponse = z.infer<typeof CompileResponseSchema>;

/** GET /api/latex/compiled-ahead/:documentId: the document's PDF once the compile started ahead has succeeded. */
export const CompiledAheadResponseSchema = z.union([
  z.object({ ready: z.literal(true), pdfUrl: z.string(), synctexUrl: z.string().optional() }),
  z.object({ ready: z.literal(false) }),
]);
export type CompiledAheadResponse = z.infer<typeof CompiledAheadResponseSchema>;

/** extract-title reads the head of a document: the title and the first heading are near its start. */
export const EXTRACT_TITLE_MAX_CHARS = 64 * 1024;
export const ExtractTitleRequestSchema = z.object({
  latex: z.string().max(EXTRACT_TITLE_MAX_CHARS, `Send at most the first ${EXTRACT_TITLE_MAX_CHARS.toLocaleString('en-US')} characters of the LaTeX`),
});
export const ExtractTitleResponseSchema = z.object({ title: z.string() });

/** Body of the 402 answer at the limit. */
export const UsageLimitErrorSchema = z.object({
  message: z.string(),
  limit: z.number().int(),
  usage: UsageSchema,
});
