// The compile service's request → result contract, modelled on Overleaf's CLSI status words.

import type { TexProgram } from '../../../shared/tex-program.js';

export type { TexProgram };

export type CompileStatus = 'success' | 'failure' | 'timedout' | 'error' | 'unavailable';

export interface CompileErrorDetail {
  /** Line in the submitted source, or null when TeX did not say. */
  line: number | null;
  message: string;
  /** A plain-language explanation for the common mistakes, null otherwise. */
  hint: string | null;
}

export interface CompileRequest {
  latex: string;
  /** Overrides the program chosen from the `% !TEX program = …` first line. */
  program?: TexProgram;
  /** Who asked (user id, session or IP): one compile at a time and a per-minute budget per key. */
  userKey?: string;
}

export interface CompileResult {
  status: CompileStatus;
  pdf?: Buffer;
  log: string;
  errors: CompileErrorDetail[];
  durationMs: number;
  /** True when the PDF came from the cache without running TeX. */
  cached?: boolean;
  /** HTML preview, set only with status `unavailable` when TeX Live or the sandbox is missing. */
  html?: string;
}

export interface CompileHealth {
  texlive: boolean;
  sandbox: boolean;
  programs: TexProgram[];
}

export interface CompileService {
  compile(request: CompileRequest): Promise<CompileResult>;
  health(): Promise<CompileHealth>;
  close(): Promise<void>;
}

export interface CompileServiceOptions {
  /** Wall-clock limit of one compile, all passes together (default 20 000 ms). */
  timeoutMs?: number;
  /** Compiles running at once (default: CPU cores). */
  concurrency?: number;
  /** Compiles waiting for a slot before new ones are refused with CompileBusyError (default 4 × concurrency). */
  queueSize?: number;
  /** Bytes of PDFs kept in the in-memory cache (default 64 MiB; 0 disables it). */
  cacheBytes?: number;
  /** Where precompiled formats are stored (default ./data). */
  dataDir?: string;
  /** Where job directories are created (default the OS temp dir). */
  workDir?: string;
  /** Compiles per user key per minute (default 30). */
  ratePerMinute?: number;
  /** Largest accepted source in bytes (default 1 MiB). */
  maxSourceBytes?: number;
  /** Largest PDF returned in bytes (default 20 MiB); also the file-size limit inside the sandbox. */
  maxPdfBytes?: number;
  /** Characters of the TeX log returned (default 64 000; the tail is kept). */
  maxLogChars?: number;
  /** Address-space limit of the TeX process in bytes (default 2 GiB). */
  memoryBytes?: number;
  /**
   * UNSAFE: run TeX without bubblewrap when the sandbox cannot start. Untrusted documents can then
   * read server files through pdfTeX primitives; only for a trusted single-user machine.
   */
  allowUnsafeNoSandbox?: boolean;
  /**
   * Directory of the TeX binaries (default /usr/bin). It must lie under /usr, the only part of the
   * host's programs the sandbox mounts; a directory without pdflatex means "TeX Live absent".
   */
  texBinDir?: string;
  /** Fixed preambles to precompile into formats (app.ts passes the generator's); none by default. */
  preambles?: () => Promise<PreambleSpec[]>;
  /** Build formats at start-up in the background (default true). */
  warmFormats?: boolean;
}

export interface PreambleSpec {
  id: string;
  program: TexProgram;
  /** Exact text before `\begin{document}`. */
  preamble: string;
}
