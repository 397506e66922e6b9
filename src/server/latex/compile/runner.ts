// Runs TeX on one document: a fresh job directory holding main.tex, the request's extra input
// files (read-only) and the auxiliary files this workspace kept from its last compile; one to
// three sandboxed passes within one wall-clock budget (another pass only when LaTeX asks or a file
// it reads back changed); SyncTeX on; the whole process group killed on timeout; the job
// directory removed whatever happens.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { chmod, chown, lstat, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { KEPT_NAMES, PASS_INPUTS, type KeptFiles } from './kept-files.js';
import { Deadline, JobControl, type Pausable } from './job-control.js';
import { diskLimitMessage, JOB_DISK_BYTES, watchJobDisk } from './job-disk.js';
import { buildCommand, INFO_FD, sandboxIdentity, type FontOverlay, type SandboxCommand, type SandboxLimits, type SandboxMode } from './sandbox.js';
import { CompileInputError } from './errors.js';
import type { CompileInputFile, StoredFileReader } from './types.js';

export interface ProcessOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderr: string;
}

/** The signal that ended the program; bwrap reports a child's death by signal N as exit 128+N. */
export function terminationSignal(outcome: ProcessOutcome): string | null {
  if (outcome.signal) return outcome.signal;
  if (outcome.exitCode !== null && outcome.exitCode > 128) {
    const number = outcome.exitCode - 128;
    const name = Object.entries(constants.signals).find(([, n]) => n === number)?.[0];
    return name ?? null;
  }
  return null;
}

const STDERR_CAP = 8_000;

/** A started sandboxed process: its stderr is collected from the start, the deadline set later. */
export interface StartedProcess extends Pausable {
  readonly pid: number | undefined;
  /** Resolves when the process has ended; a deadline (an absolute time, or one that pauses) kills its whole group. */
  finish(deadline: number | Deadline): Promise<ProcessOutcome>;
  /** Kills the process group now, and the sandbox's processes with it. */
  kill(): void;
  /** SIGSTOP / SIGCONT to everything the command started (the sandbox's own session included). */
  pause(): void;
  resume(): void;
  /** True once the process has exited. */
  readonly exited: boolean;
  /** Its standard input, when it was started with one (else it reads nothing). */
  readonly stdin: Writable | null;
}

/**
 * util-linux's setpriv, which asks the kernel to kill the process it becomes when the server dies:
 * a process group of its own outlives a server that crashed (a waiting TeX would wait for ever), and
 * bubblewrap's --die-with-parent then ends everything inside.
 */
const SETPRIV = '/usr/bin/setpriv';
const DIE_WITH_SERVER = existsSync(SETPRIV);

/** The process groups of a started command: its own, and the sandbox's (bubblewrap makes a new session inside). */
function signalGroups(pids: Array<number | undefined>, signal: NodeJS.Signals): void {
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Spawns one sandboxed command in a process group of its own; nothing runs it to a deadline yet. */
export function startCommand(command: SandboxCommand, { stdin = false }: { stdin?: boolean } = {}): StartedProcess {
  let stderr = '';
  let ended: { exitCode: number | null; signal: NodeJS.Signals | null; error?: string } | null = null;
  const waiters: Array<() => void> = [];
  const end = (value: NonNullable<typeof ended>) => {
    if (ended) return;
    ended = value;
    for (const wake of waiters.splice(0)) wake();
  };
  let child: ReturnType<typeof spawn> | null = null;
  /** The sandbox's first process on the host (bubblewrap's status), the leader of the session inside. */
  let inner: number | undefined;
  let pausedBeforeInner = false;
  try {
    const [file, args] = DIE_WITH_SERVER ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command.command, ...command.args]] : [command.command, command.args];
    child = spawn(file, args, {
      cwd: command.cwd,
      env: command.env,
      uid: command.uid,
      gid: command.gid,
      // A group of its own, so a timeout kills bwrap and everything under it at once.
      detached: true,
      stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe', command.reportsChild ? 'pipe' : 'ignore'],
    });
    if (command.reportsChild) {
      let status = '';
      const info = child.stdio[INFO_FD] as Readable | null;
      info?.on('data', (chunk: Buffer) => {
        if (status.length < 4096) status += chunk.toString();
      });
      info?.on('error', () => {});
      info?.on('end', () => {
        const pid = /"child-pid":\s*(\d+)/.exec(status)?.[1];
        inner = pid ? Number(pid) : undefined;
        if (inner !== undefined && ended) signalGroups([inner], 'SIGKILL');
        else if (inner !== undefined && pausedBeforeInner) signalGroups([inner], 'SIGSTOP');
      });
    }
    // A reader that is gone (ended, killed) makes a write fail with EPIPE: the outcome tells why.
    child.stdin?.on('error', () => {});
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_CAP) stderr += chunk.toString();
    });
    child.on('error', (err) => end({ exitCode: null, signal: null, error: err.message }));
    child.on('close', (exitCode, signal) => end({ exitCode, signal }));
  } catch (err) {
    end({ exitCode: null, signal: null, error: (err as Error).message });
  }
  const pid = child?.pid;
  const kill = () => signalGroups([pid, inner], 'SIGKILL');
  return {
    pid,
    kill,
    pause() {
      pausedBeforeInner = true;
      signalGroups([pid, inner], 'SIGSTOP');
    },
    resume() {
      pausedBeforeInner = false;
      signalGroups([pid, inner], 'SIGCONT');
    },
    stdin: child?.stdin ?? null,
    get exited() {
      return ended !== null;
    },
    finish(deadline: number | Deadline): Promise<ProcessOutcome> {
      const limit = typeof deadline === 'number' ? new Deadline(deadline - Date.now()) : deadline;
      return new Promise((resolve) => {
        let timedOut = false;
        const cancel = limit.onPassed(() => {
          timedOut = true;
          kill();
        });
        const done = () => {
          cancel();
          // Nothing started by this run may outlive it (bwrap's --die-with-parent covers the namespace).
          kill();
          const e = ended as NonNullable<typeof ended>;
          resolve({ exitCode: e.exitCode, signal: e.signal, timedOut, stderr: e.error ? `${stderr}${e.error}` : stderr });
        };
        if (ended) done();
        else waiters.push(done);
      });
    },
  };
}

/** Runs one sandboxed command, killing its process group when the deadline passes. */
export function runCommand(command: SandboxCommand, deadline: number | Deadline): Promise<ProcessOutcome> {
  return startCommand(command).finish(deadline);
}

export interface JobFile {
  name: string;
  /** The bytes, or a writer that creates the file at the path it is given (a stored blob's copy). */
  content: string | Buffer | ((path: string) => Promise<void>);
  /**
   * 'sandbox': owned by the sandbox user, TeX may overwrite it (main.tex, kept files).
   * 'read-only': owned by the server, mode 0444 (uploaded inputs TeX must not change).
   */
  access: 'sandbox' | 'read-only';
  /** Bytes of a file written by its `content` function (the job's disk quota leaves inputs out). */
  size?: number;
}

/** An empty job directory under `workDir`, owned by the sandbox user. */
export async function createJobDir(workDir: string): Promise<string> {
  const dir = await mkdtemp(join(workDir, 'job-'));
  const identity = sandboxIdentity();
  if (identity) await chown(dir, identity.uid, identity.gid);
  return dir;
}

/** Writes files into a job directory with the ownership and modes their access asks for. */
export async function writeJobFiles(dir: string, files: readonly JobFile[]): Promise<void> {
  const identity = sandboxIdentity();
  for (const file of files) {
    const path = join(dir, file.name);
    const mode = file.access === 'read-only' ? 0o444 : 0o644;
    if (typeof file.content === 'function') {
      // The writer must create the file ('wx' semantics): a name given twice fails.
      await file.content(path);
      await chmod(path, mode);
    } else {
      // 'wx': a name given twice fails instead of silently replacing the first file.
      await writeFile(path, file.content, { mode, flag: 'wx' });
    }
    if (identity && file.access === 'sandbox') await chown(path, identity.uid, identity.gid);
  }
}

export async function removeJobDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Creates a job directory owned by the sandbox user, runs `fn`, and always removes it. */
export async function withJobDir<T>(workDir: string, files: readonly JobFile[], fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await createJobDir(workDir);
  try {
    await writeJobFiles(dir, files);
    return await fn(dir);
  } finally {
    await removeJobDir(dir);
  }
}

export interface TexRunOptions {
  source: string;
  /** Absolute path of the program binary (pdflatex or xelatex). */
  program: string;
  mode: SandboxMode;
  workDir: string;
  timeoutMs: number;
  limits: SandboxLimits;
  maxPdfBytes: number;
  /** A precompiled format for this document's preamble. */
  format?: RunFormat;
  /** Extra inputs (validated names), written read-only before TeX starts. */
  files?: readonly CompileInputFile[];
  /** Where stored input files are copied from. */
  blobs?: StoredFileReader;
  /** Auxiliary files of the same workspace's last successful compile, copied in writable. */
  kept?: KeptFiles;
  /** Largest SyncTeX file returned (bytes); larger ones are left out. */
  maxSynctexBytes?: number;
  /** Pre-started first passes (see warm-pool.ts). */
  warm?: WarmSource;
  /** Fonts found before the system's (font-overlay.ts). */
  fonts?: FontOverlay;
  /** How the scheduler pauses, resumes or stops this job (a control of its own when none is given). */
  control?: JobControl;
  /** Bytes the job directory may hold in all, the inputs aside (default JOB_DISK_BYTES); past it the job is stopped. */
  maxJobBytes?: number;
}


/** A precompiled format as a TeX run uses it. */
export interface RunFormat {
  name: string;
  hostPath: string;
  /**
   * The first line of every document the format serves (its preamble's). A waiting process reads it
   * before any job arrives, which runs the format's \everyjob (the preamble's fonts load there).
   */
  leadLine?: string;
}

/**
 * A file a waiting process's job directory holds until its job arrives: a format's \everyjob runs
 * its while-waiting TeX only when it is there (PreambleSpec.whileWaiting), so cold passes never do.
 */
export const WAITING_FLAG = 'lg-waiting.flag';

/** A pre-started first pass: TeX has loaded its format in the sandbox and waits for `dir`/main.tex. */
export interface WarmStart {
  dir: string;
  /** Hands main.tex over and runs the pass to the deadline; its processes answer to `control` when given. */
  run(source: string, deadline: number | Deadline, control?: JobControl): Promise<ProcessOutcome>;
  /**
   * Ends what is left of the process, used or not, and lets the pool start the next one (its
   * directory is the caller's to remove). Called once the job no longer needs it.
   */
  discard(): void;
}

export interface WarmSource {
  /** A waiting process for this program and format that can run `source`, or null (the caller runs cold). */
  take(program: string, format: RunFormat | undefined, mode: SandboxMode, limits: SandboxLimits, source: string): WarmStart | null;
}

export interface TexRunResult {
  outcome: 'success' | 'failure' | 'timedout' | 'error';
  pdf?: Buffer;
  /** main.synctex.gz of a successful run. */
  synctex?: Buffer;
  /** The auxiliary files (KEPT_NAMES) a successful run wrote, for the next compile. */
  auxOutputs?: KeptFiles;
  log: string;
  passes: number;
  /** Why the run could not start or finish (sandbox or system trouble), for `error`. */
  detail?: string;
}

const MAX_PASSES = 3;

function fileLimitMessage(bytes: number): string {
  return `! Output file size limit exceeded: the PDF or log grew larger than ${Math.round(bytes / (1 << 20))} MB.`;
}


/**
 * Another pass is needed when LaTeX says so, when a file it reads back (table of contents, lists,
 * outlines, slide navigation) changed in this pass, or when a first pass without a main.aux met
 * undefined references (with a kept main.aux LaTeX reports changed labels itself).
 */
export function needsRerun(log: string, pass: number, { inputsChanged = false, hadAux = false } = {}): boolean {
  if (inputsChanged) return true;
  if (/Rerun to get|Rerun LaTeX|Label\(s\) may have changed|Please rerun LaTeX|Please \(re\)run/.test(log)) return true;
  return pass === 1 && !hadAux && /There were undefined references|There were undefined citations/.test(log);
}

/** A digest of the files the next pass would read back; a missing file counts as empty. */
async function passInputsDigest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const name of PASS_INPUTS) {
    const content = await readRegularFile(join(dir, name), 8 << 20);
    hash.update(name).update('\0').update(content ?? '').update('\0');
  }
  return hash.digest('hex');
}

export function texArgs(formatArg: string | undefined, { noPdf = false }: { noPdf?: boolean } = {}): string[] {
  return [
    ...(formatArg ? [`-fmt=${formatArg}`] : []),
    // XeTeX writes main.xdv and leaves the PDF to a driver the caller runs (warm-pool.ts).
    ...(noPdf ? ['-no-pdf'] : []),
    '-no-shell-escape',
    // A first line "%&name" would otherwise pick the format (or a TCX file) by the document's word.
    '-no-parse-first-line',
    '-interaction=nonstopmode',
    '-halt-on-error',
    '-file-line-error',
    // Gzipped SyncTeX for jumping between the PDF and the source (read by the client).
    '-synctex=1',
    'main.tex',
  ];
}

/** A regular file (never a symlink) of at most `max` bytes, else null. */
export async function readRegularFile(path: string, max: number): Promise<Buffer | null> {
  try {
    const info = await lstat(path);
    if (!info.isFile() || info.size > max) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

async function readIfSmall(path: string, max: number): Promise<Buffer | null> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > max) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

function jobFiles(options: TexRunOptions): JobFile[] {
  const files: JobFile[] = [{ name: 'main.tex', content: options.source, access: 'sandbox' }];
  for (const [name, content] of options.kept ?? []) {
    if (KEPT_NAMES.includes(name)) files.push({ name, content, access: 'sandbox' });
  }
  for (const file of options.files ?? []) {
    if ('bytes' in file) files.push({ name: file.name, content: file.bytes, access: 'read-only' });
    else {
      const blobs = options.blobs;
      if (!blobs) throw new CompileInputError(`The file "${file.name}" is stored, and this compiler has no store to read it from.`);
      files.push({ name: file.name, content: (path) => blobs.copyToFile(file.blob, path), access: 'read-only', size: file.size });
    }
  }
  return files;
}

async function readAuxOutputs(dir: string): Promise<KeptFiles> {
  const outputs = new Map<string, Buffer>();
  for (const name of KEPT_NAMES) {
    const content = await readRegularFile(join(dir, name), 8 << 20);
    if (content) outputs.set(name, content);
  }
  return outputs;
}

export async function runTex(options: TexRunOptions): Promise<TexRunResult> {
  const control = options.control ?? new JobControl();
  const deadline = new Deadline(options.timeoutMs);
  const detach = control.attach(deadline);
  try {
    return await runInDir(options, control, deadline);
  } finally {
    detach();
  }
}

async function runInDir(options: TexRunOptions, control: JobControl, deadline: Deadline): Promise<TexRunResult> {
  const files = jobFiles(options);
  const inputBytes = files.reduce((sum, f) => sum + (typeof f.content === 'function' ? (f.size ?? 0) : Buffer.byteLength(f.content)), 0);
  const watched = async (dir: string, warm: WarmStart | null) => {
    const unwatch = watchJobDisk(dir, inputBytes, options.maxJobBytes ?? JOB_DISK_BYTES, control);
    try {
      return await runPasses(options, dir, deadline, warm, control);
    } finally {
      unwatch();
    }
  };
  const warm = options.warm?.take(options.program, options.format, options.mode, options.limits, options.source) ?? null;
  if (!warm) return withJobDir(options.workDir, files, (dir) => watched(dir, null));
  // The warm process owns an empty job directory: the other files go in before main.tex is handed over.
  try {
    await writeJobFiles(warm.dir, files.filter((f) => f.name !== 'main.tex'));
  } catch (err) {
    warm.discard();
    await removeJobDir(warm.dir);
    throw err;
  }
  try {
    return await watched(warm.dir, warm);
  } finally {
    warm.discard();
    await removeJobDir(warm.dir);
  }
}

async function runPasses(options: TexRunOptions, dir: string, deadline: Deadline, warm: WarmStart | null, control: JobControl): Promise<TexRunResult> {
  const hadAux = options.kept?.has('main.aux') ?? false;
  let log = '';
  let passes = 0;
  let inputs = await passInputsDigest(dir);
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    passes = pass;
    let outcome: ProcessOutcome;
    if (pass === 1 && warm) {
      outcome = await warm.run(options.source, deadline, control);
    } else {
      const { command, formatArg } = buildCommand({
        mode: options.mode,
        jobDir: dir,
        program: options.program,
        programArgs: [],
        limits: options.limits,
        format: options.format,
        fonts: options.fonts,
      });
      // The -fmt path depends on where the sandbox mounts the format, so it is appended last.
      command.args.push(...texArgs(formatArg));
      const started = startCommand(command);
      const detach = control.attach(started);
      outcome = await started.finish(deadline).finally(detach);
    }
    log = (await readIfSmall(join(dir, 'main.log'), 50 << 20))?.toString('utf8') ?? '';
    if (control.stopped === 'disk') return { outcome: 'failure', log: `${log}\n${diskLimitMessage(options.maxJobBytes ?? JOB_DISK_BYTES)}`, passes };
    if (outcome.timedOut || deadline.passed()) return { outcome: 'timedout', log, passes };
    const signal = terminationSignal(outcome);
    if (signal === 'SIGXCPU' || signal === 'SIGKILL') return { outcome: 'timedout', log, passes };
    // RLIMIT_FSIZE: the PDF or the log grew past the limit (page and log bombs).
    if (signal === 'SIGXFSZ') {
      return { outcome: 'failure', log: `${log}\n${fileLimitMessage(options.limits.fileBytes)}`, passes };
    }
    if (outcome.exitCode === null || (!log && outcome.exitCode !== 0)) {
      return { outcome: 'error', log, passes, detail: outcome.stderr.trim() || `TeX exited with ${outcome.signal ?? outcome.exitCode}` };
    }
    if (outcome.exitCode !== 0) {
      // Node ignores SIGXFSZ and children inherit that, so a write past RLIMIT_FSIZE fails with
      // EFBIG and TeX stops with a bare error: name the cause when an output hit the limit.
      const sizes = await Promise.all(['main.log', 'main.pdf'].map((f) => stat(join(dir, f)).then((s) => s.size, () => 0)));
      const hitLimit = Math.max(...sizes) >= options.limits.fileBytes;
      return { outcome: 'failure', log: hitLimit ? `${log}\n${fileLimitMessage(options.limits.fileBytes)}` : log, passes };
    }
    const after = await passInputsDigest(dir);
    const inputsChanged = after !== inputs;
    inputs = after;
    if (!needsRerun(log, pass, { inputsChanged, hadAux })) break;
  }
  const pdfPath = join(dir, 'main.pdf');
  const pdf = await readIfSmall(pdfPath, options.maxPdfBytes);
  if (!pdf) {
    const exists = await stat(pdfPath).then(() => true, () => false);
    return exists
      ? { outcome: 'failure', log: `${log}\n! The PDF is larger than ${options.maxPdfBytes} bytes.`, passes }
      : { outcome: 'failure', log: `${log}\n! No PDF was produced (the document has no pages).`, passes };
  }
  const synctex = await readRegularFile(join(dir, 'main.synctex.gz'), options.maxSynctexBytes ?? options.maxPdfBytes);
  return { outcome: 'success', pdf, ...(synctex ? { synctex } : {}), auxOutputs: await readAuxOutputs(dir), log, passes };
}
