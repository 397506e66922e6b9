// The compile service: request validation, admission (per-user limits, then the scheduler), the
// result cache, kept auxiliary files per workspace, precompiled formats, the sandboxed runner and
// log parsing, behind compile() / health() / close().
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TEX_PROGRAMS } from '../../../shared/tex-program.js';
import { DEFAULT_COMPILES_PER_MINUTE, localAdmission } from './admission.js';
import { cacheKey, memoryResultCache, workspaceKey, type Cached } from './cache.js';
import { detectProgram } from './program.js';
import { CompileBusyError, CompileTimeBudgetError, CompileTooLargeError } from './errors.js';
import { chargeTurn, createCompileBudgets, memoryBudgetStore, type BudgetOwner } from './budget.js';
import type { JobControl } from './job-control.js';
import { FormatStore, texLiveFingerprint } from './formats.js';
import { WarmPool } from './warm-pool.js';
import { prepareFontOverlay } from './font-overlay.js';
import { latexToHtml } from './html-preview.js';
import { glyphWarnings } from './glyph-warnings.js';
import { DEFAULT_INPUT_FILE_LIMITS, inputFilesDigest, validateInputFiles, type InputFileLimits } from './input-files.js';
import type { StoredFileReader } from './types.js';
import type { JobOutcome, TexJob } from './job.js';
import { DEFAULT_KEPT_FILE_LIMITS, memoryKeptFiles, type KeptFileLimits } from './kept-files.js';
import { parseLog } from './log-parser.js';
import { runTex, type TexRunResult } from './runner.js';
import { GIB, probeSandbox, sandboxIdentity, type FontOverlay, type SandboxLimits, type SandboxMode } from './sandbox.js';
import { LocalScheduler, type CompileScheduler } from './scheduler.js';
import type {
  CompileBackends,
  CompileErrorDetail,
  CompileHealth,
  CompileRequest,
  CompileResult,
  CompileService,
  CompileServiceOptions,
  TexProgram,
  CompileTextWork,
  PreambleSpec,
  PreambleReader,
} from './types.js';

const PROGRAMS: readonly TexProgram[] = TEX_PROGRAMS;
/** A pre-started TeX nobody took for this long is ended (it holds memory while it waits). */
const WARM_IDLE_MS = 5 * 60_000;

interface Environment {
  texlive: boolean;
  programs: TexProgram[];
  sandbox: boolean;
  sandboxReason?: string;
  mode: SandboxMode | null;
  workDir: string;
  ownsWorkDir: boolean;
  formats: FormatStore | null;
  warm: WarmPool | null;
  fonts: FontOverlay | null;
}

export interface ResolvedOptions {
  timeoutMs: number;
  concurrency: number;
  queueSize: number;
  cacheBytes: number;
  dataDir: string;
  workDir: string | undefined;
  ratePerMinute: number;
  maxSourceBytes: number;
  maxPdfBytes: number;
  maxLogChars: number;
  texBinDir: string;
  memoryBytes: number;
  allowUnsafeNoSandbox: boolean;
  warmFormats: boolean;
  warmProcesses: number;
  preambles: () => Promise<PreambleSpec[]>;
  preambleReader?: PreambleReader;
  keptFiles: KeptFileLimits;
  inputFiles: InputFileLimits;
  textWork: CompileTextWork;
  backends: CompileBackends;
  storedFiles?: StoredFileReader;
}

export type { JobOutcome, TexJob } from './job.js';

const inProcessTextWork: CompileTextWork = {
  htmlPreview: async (latex) => latexToHtml(latex),
  parseLog: async (log, source) => parseLog(log, source),
};

export function resolveOptions(options: CompileServiceOptions = {}): ResolvedOptions {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? availableParallelism()));
  return {
    timeoutMs: Math.max(100, options.timeoutMs ?? 20_000),
    concurrency,
    queueSize: Math.max(0, options.queueSize ?? concurrency * 4),
    cacheBytes: Math.max(0, options.cacheBytes ?? 64 << 20),
    dataDir: resolve(options.dataDir ?? 'data'),
    workDir: options.workDir,
    ratePerMinute: Math.max(1, options.ratePerMinute ?? DEFAULT_COMPILES_PER_MINUTE),
    maxSourceBytes: options.maxSourceBytes ?? 1 << 20,
    maxPdfBytes: options.maxPdfBytes ?? 20 << 20,
    maxLogChars: options.maxLogChars ?? 64_000,
    memoryBytes: options.memoryBytes ?? 2 * GIB,
    allowUnsafeNoSandbox: options.allowUnsafeNoSandbox ?? false,
    warmFormats: options.warmFormats ?? true,
    warmProcesses: Math.max(0, Math.floor(options.warmProcesses ?? 2)),
    texBinDir: options.texBinDir ?? '/usr/bin',
    preambles: options.preambles ?? (async () => []),
    ...(options.preambleReader ? { preambleReader: options.preambleReader } : {}),
    keptFiles: { ...DEFAULT_KEPT_FILE_LIMITS, ...options.keptFiles },
    inputFiles: { ...DEFAULT_INPUT_FILE_LIMITS, ...options.inputFiles },
    textWork: options.textWork ?? inProcessTextWork,
    backends: options.backends ?? {},
    ...(options.storedFiles ? { storedFiles: options.storedFiles } : {}),
  };
}

function limitsFor(options: ResolvedOptions, fileBytes: number, timeoutMs: number): SandboxLimits {
  return {
    // CPU seconds back up the wall clock in case a child escaped the process group somehow.
    cpuSeconds: Math.ceil(timeoutMs / 1000) + 1,
    fileBytes,
    memoryBytes: options.memoryBytes,
    // RLIMIT_NPROC counts every process of the uid, so it is only meaningful under the dedicated
    // sandbox uid. It is checked when TeX forks (a cold XeLaTeX pass starts xdvipdfmx through sh),
    // and counts what else runs as that uid: a few processes per job, six per waiting XeLaTeX
    // (two bwrap each for TeX and its PDF driver), format builds and other servers on the machine.
    processes: sandboxIdentity() ? 64 + options.concurrency * 8 + options.warmProcesses * 6 : null,
    openFiles: 256,
  };
}

const WORK_DIR_PREFIX = 'latexgen-compile-';

/**
 * Work dirs carry their server's pid; those of servers that are gone (a crash skips close()) are
 * removed at start-up. Dirs of live processes, including other servers on this machine, stay.
 */
export async function removeOrphanedWorkDirs(parent: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const match = new RegExp(`^${WORK_DIR_PREFIX}(\\d+)-`).exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (err) {
      alive = (err as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (alive) continue;
    await rm(join(parent, name), { recursive: true, force: true }).catch(() => {});
    removed.push(name);
  }
  return removed;
}

function withWarnings(log: string): { warnings?: string[] } {
  const warnings = glyphWarnings(log);
  return warnings.length > 0 ? { warnings } : {};
}

function tail(log: string, max: number): string {
  return log.length <= max ? log : `[… ${log.length - max} characters of the log omitted …]\n${log.slice(-max)}`;
}

export interface CompileServiceInternals extends CompileService {
  /** Resolves when TeX Live and the sandbox have been probed. */
  ready(): Promise<void>;
  /** Resolves when every format has been built (or failed to). */
  warmFormats(): Promise<void>;
  formatStatus(): Array<{ id: string; program: TexProgram; state: string }>;
  /** Workspaces with kept auxiliary files, and their bytes. */
  keptFileStats(): { workspaces: number; bytes: number };
  /** Jobs holding a compile slot, and the others admitted (waiting or paused), in this process's scheduler. */
  queueStats(): { running: number; waiting: number };
  /** Runs one job here (kept files in, TeX, kept files out): what a queue worker calls. */
  processJob(job: TexJob, control?: JobControl): Promise<JobOutcome>;
  readonly options: ResolvedOptions;
}

export function createCompileService(input: CompileServiceOptions = {}): CompileServiceInternals {
  const options = resolveOptions(input);
  const { backends } = options;
  const admission = backends.admission ?? localAdmission({ ratePerMinute: options.ratePerMinute });
  const cache = backends.cache ?? memoryResultCache(options.cacheBytes);
  const kept = backends.keptFiles ?? memoryKeptFiles(options.keptFiles);
  const budgets = backends.budgets ?? createCompileBudgets(memoryBudgetStore(), () => options.concurrency);
  let formatsWarm: Promise<void> = Promise.resolve();
  let formatStore: FormatStore | null = null;

  const envPromise: Promise<Environment> = (async () => {
    const programs = PROGRAMS.filter((e) => existsSync(join(options.texBinDir, e)));
    const texlive = programs.includes('pdflatex');
    let workDir = options.workDir;
    let ownsWorkDir = false;
    if (!workDir) {
      try {
        await removeOrphanedWorkDirs(tmpdir());
        workDir = await mkdtemp(join(tmpdir(), `${WORK_DIR_PREFIX}${process.pid}-`));
        ownsWorkDir = true;
        // The sandbox user must reach its job directories but not list the others.
        await chmod(workDir, 0o711);
      } catch (err) {
        const reason = `cannot create a work directory: ${(err as Error).message}`;
        return { texlive, programs, sandbox: false, sandboxReason: reason, mode: null, workDir: '', ownsWorkDir: false, formats: null, warm: null, fonts: null };
      }
    }
    const probe = await probeSandbox(workDir);
    const mode: SandboxMode | null = !texlive ? null : probe.ok ? 'bwrap' : options.allowUnsafeNoSandbox ? 'unsafe' : null;
    // Made while the formats load; without it every compile still works, with the system's fonts.
    const fontsReady = mode ? prepareFontOverlay(join(workDir, 'fonts'), options.texBinDir).catch(() => null) : Promise.resolve(null);
    let formats: FormatStore | null = null;
    if (mode) {
      formats = new FormatStore({
        dir: join(options.dataDir, 'compile-formats'),
        workDir,
        mode,
        limits: limitsFor(options, 512 << 20, 120_000),
        timeoutMs: 120_000,
        binDir: options.texBinDir,
        ...(options.preambleReader ? { reader: options.preambleReader } : {}),
      });
      try {
        await formats.load(await options.preambles(), await texLiveFingerprint());
        if (options.warmFormats) formatsWarm = formats.warm();
      } catch {
        formats = null;
      }
    }
    formatStore = formats;
    const fonts = await fontsReady;
    const warm = mode && options.warmProcesses > 0 ? new WarmPool({ workDir, maxIdle: options.warmProcesses, idleMs: WARM_IDLE_MS, ...(fonts ? { fonts } : {}) }) : null;
    return { texlive, programs, sandbox: probe.ok, sandboxReason: probe.reason, mode, workDir, ownsWorkDir, formats, warm, fonts };
  })();

  async function runOnce(env: Environment, job: TexJob, keptFiles = new Map<string, Buffer>(), control?: JobControl): Promise<TexRunResult> {
    const { latex, program, files } = job;
    const match = env.formats?.lookup(latex, program) ?? null;
    const format = match?.handle ?? null;
    const timeoutMs = timeLimitOf(job);
    const limits = limitsFor(options, options.maxPdfBytes, timeoutMs);
    const base = {
      source: latex,
      program: join(options.texBinDir, program),
      mode: env.mode as SandboxMode,
      workDir: env.workDir,
      timeoutMs,
      ...(control ? { control } : {}),
      limits,
      maxPdfBytes: options.maxPdfBytes,
      files,
      ...(options.storedFiles ? { blobs: options.storedFiles } : {}),
      kept: keptFiles,
      ...(env.warm ? { warm: env.warm } : {}),
      ...(env.fonts ? { fonts: env.fonts } : {}),
    };
    const result = await runTex({
      ...base,
      ...(match ? { source: match.source } : {}),
      format: format ? { name: format.name, hostPath: format.path, ...(format.leadLine !== undefined ? { leadLine: format.leadLine } : {}) } : undefined,
    });
    // A format TeX refuses to load must not break the documents that would use it.
    if (format && result.outcome !== 'success' && /Fatal format file error|I can't find the format file|Can't find source path/.test(`${result.log}${result.detail ?? ''}`)) {
      env.formats?.markBroken(format.name);
      return runTex(base);
    }
    return result;
  }

  /** Why this process cannot run the program, or null when it can. */
  function unavailableReason(env: Environment, program: TexProgram): string | null {
    if (env.mode && env.programs.includes(program)) return null;
    return !env.texlive ? 'TeX Live is not installed on this server' : `the compile sandbox cannot start (${env.sandboxReason ?? 'unknown reason'})`;
  }

  /** The job's wall-clock limit: the service's, or the owner's compile time left when less. */
  function timeLimitOf(job: Pick<TexJob, 'timeLimitMs'>): number {
    return Math.min(options.timeoutMs, job.timeLimitMs ?? Infinity);
  }

  /** The worker side of a job: kept files in, the run, kept files out; `control` pauses it (scheduler.ts). */
  async function processJob(job: TexJob, control?: JobControl): Promise<JobOutcome> {
    const env = await envPromise;
    const reason = unavailableReason(env, job.program);
    if (reason) return { unavailable: reason };
    const keptFiles = job.workspace ? await kept.get(job.workspace) : new Map<string, Buffer>();
    let run = await runOnce(env, job, new Map(keptFiles), control);
    let usedKeptFiles = keptFiles.size > 0;
    if (usedKeptFiles && run.outcome === 'failure' && job.workspace) {
      // Stale auxiliary files (say, a macro the document no longer defines, written into main.aux)
      // can break a document that compiles fresh: try once more from a clean directory.
      await kept.drop(job.workspace);
      run = await runOnce(env, job, undefined, control);
      usedKeptFiles = false;
    }
    if (job.workspace && run.outcome === 'success' && run.auxOutputs) {
      // A compile a person asked for leaves its files: it is of the newest LaTeX. A compile started
      // ahead of any request (after a generation) leaves them only in a workspace that was empty
      // when it started and still is: otherwise a person's compile, of LaTeX at least as new, has
      // written there (before it, or while it ran) and keeps its files.
      const mayWrite = !job.ahead || (keptFiles.size === 0 && (await kept.get(job.workspace)).size === 0);
      if (mayWrite) await kept.set(job.workspace, run.auxOutputs);
    }
    return { run, usedKeptFiles };
  }

  const scheduler: CompileScheduler<TexJob, JobOutcome> = backends.scheduler
    ? backends.scheduler(processJob)
    : new LocalScheduler({
        concurrency: options.concurrency,
        queueSize: options.queueSize,
        process: processJob,
        ownerOf: (job) => job.owner ?? '',
        onRan: (job, ms) => chargeTurn(budgets, job, ms),
      });

  /** Refuses a compile the owner's budget (429) or its plan's share (503) has no time for; else its time limit. */
  async function timeAllowed(who: BudgetOwner | null): Promise<number | undefined> {
    if (!who) return undefined;
    const allowance = await budgets.allowance(who);
    if ('waitMs' in allowance) {
      const seconds = Math.max(1, Math.ceil(allowance.waitMs / 1000));
      throw allowance.spent === 'plan' ? new CompileBusyError(seconds) : new CompileTimeBudgetError(seconds);
    }
    return allowance.allowMs < options.timeoutMs ? allowance.allowMs : undefined;
  }

  async function toResult(run: TexRunResult, source: string, started: number, limitMs: number): Promise<CompileResult> {
    const log = tail(run.log, options.maxLogChars);
    const durationMs = performance.now() - started;
    const passes = run.passes;
    switch (run.outcome) {
      case 'success': {
        const pdfHash = run.pdf ? createHash('sha256').update(run.pdf).digest('hex') : undefined;
        return { status: 'success', pdf: run.pdf, pdfHash, ...(run.synctex ? { synctex: run.synctex } : {}), log, errors: [], durationMs, passes, ...withWarnings(run.log) };
      }
      case 'failure': {
        const errors = await options.textWork.parseLog(run.log, source).catch(() => []);
        return {
          status: 'failure',
          ...withWarnings(run.log),
          passes,
          log,
          errors: errors.length > 0 ? errors : [{ line: null, message: 'LaTeX reported an error; see the log.', hint: null }],
          durationMs,
        };
      }
      case 'timedout':
        return {
          status: 'timedout',
          passes,
          log,
          errors: [
            {
              line: null,
              message: `Compilation took longer than ${Math.round(limitMs / 100) / 10} s and was stopped.`,
              hint: 'The document may contain a loop that never ends (for example a command that calls itself) or be very large.',
            },
          ],
          durationMs,
        };
      default:
        return {
          status: 'error',
          passes,
          log: tail(`${run.log}\n${run.detail ?? ''}`.trim(), options.maxLogChars),
          errors: [{ line: null, message: 'The compiler could not run. Please try again later.', hint: null }],
          durationMs,
        };
    }
  }

  async function unavailable(latex: string, why: string, started: number): Promise<CompileResult> {
    const errors: CompileErrorDetail[] = [
      { line: null, message: 'PDF compilation is unavailable; an HTML preview is shown instead.', hint: null },
    ];
    const html = await options.textWork.htmlPreview(latex).catch(() => undefined);
    return { status: 'unavailable', log: `PDF compilation is unavailable: ${why}.`, errors, durationMs: performance.now() - started, html, passes: 0 };
  }

  function fromCache(hit: Cached, started: number): CompileResult {
    return { ...hit, errors: hit.errors.map((e) => ({ ...e })), warnings: hit.warnings && [...hit.warnings], cached: true, passes: 0, durationMs: performance.now() - started };
  }

  /** The request checked, with its cache keys: `jobId` in its workspace, `key` from a clean directory. */
  function keysOf(request: CompileRequest) {
    const latex = request.latex;
    if (typeof latex !== 'string') throw new TypeError('latex must be a string');
    if (Buffer.byteLength(latex, 'utf8') > options.maxSourceBytes) throw new CompileTooLargeError(options.maxSourceBytes);
    const files = validateInputFiles(request.files, options.inputFiles);
    const program: TexProgram = request.program ?? detectProgram(latex);
    const key = cacheKey(program, latex, inputFilesDigest(files), request.owner ?? '');
    return { latex, files, program, key, jobId: request.workspace ? workspaceKey(key, request.workspace) : key };
  }

  async function cachedEntry({ key, jobId }: { key: string; jobId: string }): Promise<Cached | undefined> {
    return (await cache.get(jobId)) ?? (jobId !== key ? await cache.get(key) : undefined);
  }

  async function cached(request: CompileRequest): Promise<CompileResult | null> {
    const started = performance.now();
    const hit = await cachedEntry(keysOf(request));
    return hit ? fromCache(hit, started) : null;
  }

  async function compile(request: CompileRequest): Promise<CompileResult> {
    const started = performance.now();
    const { latex, files, program, key, jobId } = keysOf(request);
    const priority = request.priority ?? 'interactive';
    // Background compiles are the server's own idea: they never count against the user.
    const release = await admission.admit(priority === 'background' ? undefined : request.userKey);
    try {
      const hit = await cachedEntry({ key, jobId });
      if (hit) return fromCache(hit, started);
      if (!backends.remote) {
        const reason = unavailableReason(await envPromise, program);
        if (reason) return unavailable(latex, reason, started);
      }
      // Only a compile a person asked for is checked; one started ahead is charged all the same.
      const account = request.owner && request.plan ? { owner: request.owner, plan: request.plan } : null;
      const timeLimitMs = await timeAllowed(priority === 'interactive' ? account : null);
      // Joins a queued or running compile of the same LaTeX in the same workspace.
      const outcome = await scheduler.submit({
        id: jobId,
        priority,
        payload: {
          latex,
          program,
          files,
          ...(request.workspace ? { workspace: request.workspace } : {}),
          ...(request.userKey ? { userKey: request.userKey } : {}),
          ...(account ? account : {}),
          ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
          ...(priority === 'background' ? { ahead: true } : {}),
        },
      });
      if ('unavailable' in outcome) return unavailable(latex, outcome.unavailable, started);
      const { run, usedKeptFiles } = outcome;
      const result = await toResult(run, latex, started, timeLimitOf({ ...(timeLimitMs !== undefined ? { timeLimitMs } : {}) }));
      // Same source and program give the same outcome, unless it depended on time or load.
      if (result.status === 'success' || result.status === 'failure') {
        const entry: Cached = { status: result.status, pdf: result.pdf, pdfHash: result.pdfHash, synctex: result.synctex, log: result.log, errors: result.errors, warnings: result.warnings };
        // The answer stands even when the cache cannot keep it (Redis away for a moment).
        await cache.set(jobId, entry).catch(() => {});
        // A run from a clean directory may answer anyone with the same source.
        if (jobId !== key && !usedKeptFiles) await cache.set(key, entry).catch(() => {});
      }
      return result;
    } finally {
      release();
    }
  }

  async function health(): Promise<CompileHealth> {
    const env = await envPromise;
    return { texlive: env.texlive, sandbox: env.sandbox, programs: env.mode ? env.programs : [] };
  }

  async function close(): Promise<void> {
    admission.close();
    await scheduler.close();
    const env = await envPromise;
    await env.formats?.close();
    await env.warm?.close();
    if (env.ownsWorkDir) await rm(env.workDir, { recursive: true, force: true });
    await cache.close();
    kept.clear();
  }

  return {
    compile,
    cached,
    health,
    close,
    options,
    ready: async () => {
      await envPromise;
    },
    warmFormats: async () => {
      await envPromise;
      await formatsWarm;
    },
    formatStatus: () => formatStore?.status() ?? [],
    keptFileStats: () => kept.stats(),
    queueStats: () => scheduler.stats,
    processJob,
  };
}
