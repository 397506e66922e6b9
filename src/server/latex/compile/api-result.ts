// The API shape of `compilationResult` (docs/product.md, LaTeX API), derived from a CompileResult.
import { summarizeErrors } from './log-parser.js';
import type { CompileErrorDetail, CompileResult } from './types.js';

export interface CompilationResult {
  success: boolean;
  /** Base64 PDF. */
  pdf?: string;
  error?: string;
  errorDetails?: CompileErrorDetail[];
  /** True when `html` holds a preview instead of a PDF (TeX Live unavailable). */
  isHtml?: boolean;
  html?: string;
  /** Characters the fonts could not draw, as sentences for the reader. */
  warnings?: string[];
  /** Set by the web layer: the PDF and its SyncTeX data as binary URLs. */
  pdfUrl?: string;
  synctexUrl?: string;
  passes?: number;
  cached?: boolean;
  /** TeX's log as it wrote it (its tail, at most maxLogChars), for the editor's "Log" view. */
  log?: string;
}

export function toCompilationResult(result: CompileResult): CompilationResult {
  return {
    ...apiFields(result),
    passes: result.passes,
    ...(result.cached ? { cached: true } : {}),
    ...(result.warnings?.length ? { warnings: [...result.warnings] } : {}),
    ...(result.log ? { log: result.log } : {}),
  };
}

function apiFields(result: CompileResult): CompilationResult {
  switch (result.status) {
    case 'success':
      return { success: true, pdf: result.pdf?.toString('base64') };
    case 'unavailable':
      // The client shows the HTML in a sandboxed iframe with a note that PDF compilation is down.
      if (result.html !== undefined) return { success: true, isHtml: true, html: result.html };
      return { success: false, error: 'The PDF compilation service is unavailable.', errorDetails: result.errors };
    case 'timedout':
      return { success: false, error: result.errors[0]?.message ?? 'Compilation timed out.', errorDetails: result.errors };
    case 'error':
      return { success: false, error: result.errors[0]?.message ?? 'The compiler could not run.', errorDetails: result.errors };
    default:
      return { success: false, error: summarizeErrors(result.errors), errorDetails: result.errors };
  }
}
