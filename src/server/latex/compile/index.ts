// Public face of the compile service: compile() on a default instance, the factory for servers
// that build their own from config, the API result mapping and the typed errors routes map.
import { createCompileService } from './service.js';
import type { CompileRequest, CompileResult, CompileService, CompileServiceOptions } from './types.js';

export { createCompileService } from './service.js';
export type { CompileServiceInternals } from './service.js';
export { toCompilationResult } from './api-result.js';
export type { CompilationResult } from './api-result.js';
export {
  CompileBusyError,
  CompileInputError,
  CompileRateLimitError,
  CompileServiceClosedError,
  CompileTooLargeError,
  CompileUserBusyError,
} from './errors.js';
export { detectEngine } from './engine.js';
export { parseLog, summarizeErrors } from './log-parser.js';
export { latexToHtml } from './html-preview.js';
export { KEPT_NAMES } from './kept-files.js';
export type { CompileScheduler, ScheduledJob } from './scheduler.js';
export type {
  CompileErrorDetail,
  CompileHealth,
  CompileInputFile,
  CompilePriority,
  CompileRequest,
  CompileResult,
  CompileService,
  CompileServiceOptions,
  CompileStatus,
  Engine,
  PreambleSpec,
} from './types.js';

let defaultOptions: CompileServiceOptions = {};
let defaultService: CompileService | undefined;

/**
 * Sets the options of the default instance behind compile() (call once at start-up, e.g. with
 * values from config.ts). A running default instance is closed and replaced.
 */
export function configureCompileService(options: CompileServiceOptions): void {
  defaultOptions = { ...options };
  const old = defaultService;
  defaultService = undefined;
  if (old) void old.close();
}

/** The default instance, created on first use. */
export function getCompileService(): CompileService {
  defaultService ??= createCompileService(defaultOptions);
  return defaultService;
}

/** Compiles LaTeX to PDF in the sandbox with the default instance. */
export function compile(request: CompileRequest): Promise<CompileResult> {
  return getCompileService().compile(request);
}
