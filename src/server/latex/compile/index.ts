// Public face of the compile service: the factory (each server, CLI run or test builds its own
// from its configuration), the API result mapping and the typed errors routes map.
export { createCompileService } from './service.js';
export type { CompileServiceInternals } from './service.js';
export { toCompilationResult } from './api-result.js';
export type { CompilationResult } from './api-result.js';
export {
  CompileBusyError,
  CompileInputError,
  CompileRateLimitError,
  CompileServiceClosedError,
  CompileTimeBudgetError,
  CompileTooLargeError,
  CompileUserBusyError,
} from './errors.js';
export { detectProgram } from './program.js';
export { parseLog, summarizeErrors } from './log-parser.js';
export { latexToHtml } from './html-preview.js';
export { KEPT_NAMES } from './kept-files.js';
export type { CompileScheduler, ScheduledJob } from './scheduler.js';
export type {
  CompileErrorDetail,
  CompileHealth,
  CompileInputFile,
  StoredInputFile,
  StoredFileReader,
  CompilePriority,
  CompileRequest,
  CompileResult,
  CompileService,
  CompileServiceOptions,
  CompileStatus,
  TexProgram,
  PreambleSpec,
  PreambleReader,
  FormatReading,
} from './types.js';
