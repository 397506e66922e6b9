// The compile service's request → result contract, modelled on Overleaf's CLSI status words.
import type { CompileAdmission } from './admission.js';
import type { CompileResultCache } from './cache.js';
import type { InputFileLimits } from './input-files.js';
import type { JobOutcome, TexJob } from './job.js';
import type { KeptFileBackend, KeptFileLimits } from './kept-files.js';
import type { CompileScheduler } from './scheduler.js';

import type { TexProgram } from '../../../shared/tex-program.js';
import type { Tier } from '../../../shared/plans.js';
import type { CompileBudgets } from './budget.js';

export type { TexProgram };

export type CompileStatus = 'success' | 'failure' | 'timedout' | 'error' | 'unavailable';

export interface CompileErrorDetail {
  /** Line in the submitted source, or null when TeX did not say. */
  line: number | null;
  message: string;
  /** A plain-language explanation for the common mistakes, null otherwise. */
  hint: string | null;
}

/**
 * An extra file TeX may read, e.g. an uploaded image for `\includegraphics{img-1.png}`: bytes in
 * hand, or a stored blob (blobs/store.ts) that the compiler copies into the job directory itself,
 * so the bytes never pass through the process that asked, and a queued job carries only the key.
 */
export type CompileInputFile = InlineInputFile | StoredInputFile;

export interface InlineInputFile {
  /** A flat name: letters, digits, '-', '_' and dots; not main.* (checked, else CompileInputError). */
  name: string;
  bytes: Buffer;
}

export interface StoredInputFile {
  name: string;
  /** The blob's key in the store the compile service was given. */
  blob: string;
  size: number;
  /** SHA-256 (hex) of the bytes, as stored: the file's share of the cache key, without reading it. */
  sha256: string;
}

/** Where stored input files come from (the app's blob store): copied into a job directory. */
export interface StoredFileReader {
  /** Writes the blob to a new file at `path` (which must not exist). */
  copyToFile(key: string, path: string): Promise<void>;
}

export type CompilePriority = 'interactive' | 'background';

export interface CompileRequest {
  latex: string;
  /** Overrides the program chosen from the `% !TEX program = …` first line. */
  program?: TexProgram;
  /** Who asked (user id, session or IP): one compile at a time and a per-minute budget per key. */
  userKey?: string;
  /**
   * Whose compile this is (`user:ID`). Results are cached, and running compiles joined, per owner:
   * no answer (`cached`, nor its speed) tells one owner that another compiled the same LaTeX.
   * Compiles take turns by owner, and their time is charged to it (scheduler.ts, budget.ts).
   * Unset: the one shared owner (the command-line tool, benchmarks).
   */
  owner?: string;
  /** The owner's plan: which compile-time budget applies (budget.ts); without one, none does. */
  plan?: Tier;
  /** Extra input files, written read-only into the job directory (their hashes join the cache key). */
  files?: readonly CompileInputFile[];
  /**
   * Whose auxiliary files to reuse and keep (table of contents, labels…): an owner-scoped name
   * such as `doc:USER:DOC` that the caller derives from the signed-in user, never from input.
   */
  workspace?: string;
  /**
   * 'background': started by the server ahead of a likely request (after a generation); runs after
   * interactive work, is dropped when the queue is full, and skips the per-user limits.
   */
  priority?: CompilePriority;
}

export interface CompileResult {
  status: CompileStatus;
  pdf?: Buffer;
  /** SHA-256 (hex) of `pdf`: its content address. */
  pdfHash?: string;
  /** Gzipped SyncTeX data for `pdf`. */
  synctex?: Buffer;
  /** TeX passes run for this answer (0 for a cache hit or without TeX). */
  passes: number;
  log: string;
  errors: CompileErrorDetail[];
  durationMs: number;
  /** Sentences about characters the fonts could not draw (they are left out of the PDF). */
  warnings?: string[];
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
  /**
   * The stored answer for this request (a compile started ahead that has finished), or null: never
   * compiles and never counts against the user.
   */
  cached?(request: CompileRequest): Promise<CompileResult | null>;
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
  /**
   * Recognises a preamble the generator made (lean, showing only what its document uses) and says
   * which of `preambles` stands in for it (generator-formats.ts); none by default.
   */
  preambleReader?: PreambleReader;
  /** Build formats at start-up in the background (default true). */
  warmFormats?: boolean;
  /**
   * Pre-started TeX processes kept waiting, one per program and format most recently used
   * (default 2; 0 turns them off). Each holds 40-200 MB while it waits; see warm-pool.ts.
   */
  warmProcesses?: number;
  /** Limits of the auxiliary files kept per workspace (defaults in kept-files.ts). */
  keptFiles?: Partial<KeptFileLimits>;
  /** Limits of the extra input files per compile (defaults in input-files.ts: 100 files, 10 MB each, 50 MB). */
  inputFiles?: Partial<InputFileLimits>;
  /**
   * Where the HTML preview and log parsing run: the server passes its worker pool so neither can
   * hold the event loop; in-process when unset (the command-line tool). A failure of either never
   * fails the compile: the preview is left out, the log gets a generic error.
   */
  textWork?: CompileTextWork;
  /** Where per-user limits, results, kept files and jobs live: this process unless given (Redis). */
  backends?: CompileBackends;
  /** Where stored input files are copied from (the app's blob store); without it only files in hand compile. */
  storedFiles?: StoredFileReader;
}

/** The parts a shared deployment replaces; each defaults to its in-process form. */
export interface CompileBackends {
  admission?: CompileAdmission;
  cache?: CompileResultCache;
  keptFiles?: KeptFileBackend;
  /** Compile-time budgets per account and plan (in this process unless given: Redis). */
  budgets?: CompileBudgets;
  /** Builds the scheduler around the service's own job runner (a worker runs the same function). */
  scheduler?: (process: (job: TexJob) => Promise<JobOutcome>) => CompileScheduler<TexJob, JobOutcome>;
  /**
   * Jobs run in other processes, which answer `unavailable` themselves when they lack TeX Live:
   * this process queues without checking its own.
   */
  remote?: boolean;
}

export interface CompileTextWork {
  htmlPreview(latex: string): Promise<string>;
  parseLog(log: string, source?: string): Promise<CompileErrorDetail[]>;
}

export interface PreambleSpec {
  id: string;
  program: TexProgram;
  /** Exact text before `\begin{document}`. */
  preamble: string;
  /**
   * XeLaTeX: TeX the format runs at the start of every job, before the document (for example
   * `\font` loads of the preamble's main fonts). A pre-started process runs it while it waits.
   */
  warmUp?: string;
  /**
   * XeLaTeX: TeX a pre-started process runs after the warm-up while it waits for its job, and a cold
   * pass never: set-ups only some documents use (the CJK font families), free when done early and
   * wasted otherwise. Requires `warmUp`.
   */
  whileWaiting?: string;
}

/**
 * How a precompiled format stands in for a preamble it does not hold verbatim: the format's id (a
 * PreambleSpec's), where in the preamble the compile starts reading again (what comes before is
 * skipped, the format holds it or more), and TeX run there first to make the difference (the
 * main language, commands the preamble does not define).
 */
export interface FormatReading {
  formatId: string;
  resumeAt: number;
  standIn: string;
}

/** A FormatReading for a preamble (the text before \begin{document}), or null: it compiles as written. */
export type PreambleReader = (preamble: string) => FormatReading | null;
