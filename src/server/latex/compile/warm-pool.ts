// Pre-started first passes. Starting TeX costs more than most of a short compile: XeTeX touches
// about 160 MB of Unicode-sized tables and reads a 36 MB format before it reads a line (≈ 0.12 s
// CPU, pdfTeX ≈ 0.05 s). A warm process is started exactly like a cold pass (same sandbox, rlimits,
// arguments and format) in a fresh, empty job directory whose main.tex is a named pipe, which the
// pool holds open for writing. TeX loads its format, opens main.tex and waits for its first line.
// When the format names the first line of its documents (a preamble's), the pool writes that line
// at once: TeX then also runs the format's \everyjob (the preamble's fonts load there, see
// formats.ts), with the part meant only for waiting processes (a flag file in the directory says
// so; it goes when the job arrives), and waits for the second line. A compile takes a process
// whose format fits its source, writes its other files into the directory, replaces the pipe's
// name with a regular main.tex holding the whole source (later passes and any \input of main.tex
// read that), and writes the rest of the source down the pipe. Each process serves one job and is
// never reused; its wall-clock limit starts when the job takes it, and its successor starts when
// the job is done (not before: on two cores the start would slow the job down). A XeLaTeX process
// runs with -no-pdf beside a PDF driver started with it, which waits for the XDV (pdf-driver.ts).
import { execFile } from 'node:child_process';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { chown, rename, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { createJobDir, removeJobDir, startCommand, texArgs, WAITING_FLAG, type ProcessOutcome, type RunFormat, type StartedProcess, type WarmSource, type WarmStart } from './runner.js';
import { finishWithDriver, pdfDriverFor, startPdfDriver } from './pdf-driver.js';
import type { Deadline, JobControl } from './job-control.js';
import { buildCommand, sandboxIdentity, type FontOverlay, type SandboxLimits, type SandboxMode } from './sandbox.js';

const run = promisify(execFile);

/** How long after a job the next waiting process starts (see discard). */
const REFILL_DELAY_MS = 25;

/** The longest end() waits for a killed waiting process to be gone. */
const END_WAIT_MS = 10_000;

export interface WarmPoolOptions {
  workDir: string;
  /** Waiting processes kept in all (one per program and format, the most recently used). */
  maxIdle: number;
  /** A waiting process nobody took for this long is ended (it holds memory). */
  idleMs: number;
  /** The font overlay every TeX and PDF driver of the pool sees (font-overlay.ts). */
  fonts?: FontOverlay;
}

interface Idle {
  key: string;
  dir: string;
  process: StartedProcess;
  /** XeLaTeX's PDF driver, started beside TeX and waiting for main.xdv (pdf-driver.ts). */
  driver: StartedProcess | null;
  /** The pool's end of the pipe main.tex (read and write, so opening it never blocks). */
  pipe: number;
  timer: NodeJS.Timeout;
}

/**
 * What goes down the pipe first. XeTeX sniffs a file's encoding by reading two bytes and rewinding,
 * which a pipe cannot do, so its first two characters would be lost; after a UTF-8 byte-order mark
 * it reads three bytes and does not rewind. pdfTeX reads the bytes as they come.
 */
export function pipedSource(program: string, source: string): string {
  return basename(program) === 'xelatex' ? `\uFEFF${source}` : source;
}

/** Hands the source to a TeX reading the named pipe `dir`/main.tex (`pipe`: the pool's end of it). */
async function handOver(dir: string, source: string, rest: string, pipe: Socket, finished: Promise<unknown>): Promise<void> {
  const fifo = join(dir, 'main.tex');
  // Later passes read a regular main.tex: written under a name TeX is not looking for, then put in
  // the pipe's place (TeX keeps the pipe it opened).
  const staged = join(dir, '.main.tex.staged');
  await writeFile(staged, source, { mode: 0o644, flag: 'wx' });
  const identity = sandboxIdentity();
  if (identity) await chown(staged, identity.uid, identity.gid);
  await rename(staged, fifo);
  // The pool's end also reads, so writing to a TeX that is gone never fails (no EPIPE): the
  // process's end stops the wait instead.
  await Promise.race([
    new Promise<void>((resolve) => {
      pipe.on('error', () => resolve());
      pipe.on('close', () => resolve());
      pipe.end(rest);
    }),
    finished,
  ]);
}

/** The line a waiting process reads before its job (with its newline), or ''. */
function leadOf(format: RunFormat | undefined): string {
  return format?.leadLine !== undefined ? `${format.leadLine}\n` : '';
}

export class WarmPool implements WarmSource {
  private readonly idle = new Map<string, Idle>();
  /** Keys in order of last use, most recent last. */
  private readonly recent: string[] = [];
  private readonly starting = new Set<string>();
  /** Starts due after a job (see discard); close() cancels them. */
  private readonly refills = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: WarmPoolOptions) {}

  take(program: string, format: RunFormat | undefined, mode: SandboxMode, limits: SandboxLimits, source: string): WarmStart | null {
    if (this.closed || this.options.maxIdle <= 0) return null;
    // A format's documents all begin with its lead line; a source that does not runs cold.
    const lead = leadOf(format);
    if (!source.startsWith(lead)) return null;
    const key = `${program}\0${format?.hostPath ?? ''}\0${mode}\0${JSON.stringify(limits)}`;
    this.touch(key);
    const entry = this.idle.get(key);
    if (entry) this.idle.delete(key);
    // The next compile of this kind finds a process waiting. Its start (XeTeX: ≈ 0.15 s of CPU
    // and 160 MB of memory touched) would compete with this job on a small machine, so a job that
    // has a process starts the next one once it is done (discard); one that runs cold at once.
    const refill = () => void this.fill(key, program, format, mode, limits);
    if (!entry || entry.process.exited || entry.driver?.exited) {
      if (entry) void this.end(entry);
      refill();
      return null;
    }
    clearTimeout(entry.timer);
    const { dir, process, driver } = entry;
    // From here the socket owns the pool's end of the pipe; destroying it closes it.
    const pipe = new Socket({ fd: entry.pipe, readable: false, writable: true });
    const runJob = async (text: string, deadline: number | Deadline, control?: JobControl): Promise<ProcessOutcome> => {
      // A pause of the job reaches TeX and its driver, whichever is working.
      const detach = [control?.attach(process), driver && control?.attach(driver)];
      try {
        return await runAttached(text, deadline);
      } finally {
        for (const off of detach) if (off) off();
      }
    };
    const runAttached = async (text: string, deadline: number | Deadline): Promise<ProcessOutcome> => {
      const finished = process.finish(deadline);
      // Later passes run cold in this directory: they must not take it for a waiting one.
      await rm(join(dir, WAITING_FLAG), { force: true });
      const rest = lead ? text.slice(lead.length) : pipedSource(program, text);
      await handOver(dir, text, rest, pipe, finished).catch(() => process.kill());
      // Closed after a full write; a TeX that ended or failed early leaves it to close here.
      if (!pipe.closed) pipe.destroy();
      const tex = await finished;
      return driver ? finishWithDriver(dir, tex, driver, deadline, limits.fileBytes) : tex;
    };
    return {
      dir,
      run: runJob,
      discard: () => {
        pipe.destroy();
        process.kill();
        driver?.kill();
        // After what the job's caller still does (reading the PDF, answering): the start's forks
        // block the event loop for ≈ 2 ms each.
        const timer = setTimeout(() => {
          this.refills.delete(timer);
          refill();
        }, REFILL_DELAY_MS);
        timer.unref();
        this.refills.add(timer);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.refills) clearTimeout(timer);
    this.refills.clear();
    // Taken out first, so that a second close() never ends (and closes the pipe of) one twice.
    const entries = [...this.idle.values()];
    this.idle.clear();
    await Promise.all(entries.map((entry) => this.end(entry)));
  }

  /** Number of processes waiting (for tests). */
  get size(): number {
    return this.idle.size;
  }

  private touch(key: string): void {
    const at = this.recent.indexOf(key);
    if (at >= 0) this.recent.splice(at, 1);
    this.recent.push(key);
    if (this.recent.length > 64) this.recent.shift();
  }

  private async fill(key: string, program: string, format: RunFormat | undefined, mode: SandboxMode, limits: SandboxLimits): Promise<void> {
    if (this.closed || this.idle.has(key) || this.starting.has(key)) return;
    this.starting.add(key);
    let pipe: number | null = null;
    try {
      const dir = await createJobDir(this.options.workDir);
      try {
        const fifo = join(dir, 'main.tex');
        await run('/usr/bin/mkfifo', ['-m', '0600', fifo], { timeout: 10_000 });
        const identity = sandboxIdentity();
        if (identity) await chown(fifo, identity.uid, identity.gid);
        // Read and write: TeX's open for reading finds a writer, and the pipe keeps what is written.
        pipe = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
        const lead = leadOf(format);
        if (lead) {
          await writeFile(join(dir, WAITING_FLAG), '', { mode: 0o644 });
          writeSync(pipe, pipedSource(program, lead));
        }
      } catch (err) {
        if (pipe !== null) closeSync(pipe);
        await removeJobDir(dir);
        throw err;
      }
      if (this.closed) {
        closeSync(pipe);
        await removeJobDir(dir);
        return;
      }
      const driverPath = pdfDriverFor(program);
      const { fonts } = this.options;
      const { command, formatArg } = buildCommand({ mode, jobDir: dir, program, programArgs: [], limits, format, fonts });
      command.args.push(...texArgs(formatArg, { noPdf: driverPath !== null }));
      const process = startCommand(command);
      const driver = driverPath ? startPdfDriver(driverPath, dir, mode, limits, fonts) : null;
      const entry: Idle = { key, dir, process, driver, pipe, timer: setTimeout(() => void this.expire(entry), this.options.idleMs) };
      entry.timer.unref();
      this.idle.set(key, entry);
      this.evict();
    } catch {
      // No warm process this time: compiles run cold.
    } finally {
      this.starting.delete(key);
    }
  }

  /** Keeps the waiting processes of the most recently used keys, at most maxIdle. */
  private evict(): void {
    while (this.idle.size > this.options.maxIdle) {
      const oldest = [...this.idle.values()].sort((a, b) => this.recent.indexOf(a.key) - this.recent.indexOf(b.key))[0];
      if (!oldest) return;
      this.idle.delete(oldest.key);
      void this.end(oldest);
    }
  }

  private async expire(entry: Idle): Promise<void> {
    if (this.idle.get(entry.key) !== entry) return;
    this.idle.delete(entry.key);
    await this.end(entry);
  }

  private async end(entry: Idle): Promise<void> {
    clearTimeout(entry.timer);
    closeSync(entry.pipe);
    entry.process.kill();
    entry.driver?.kill();
    // Killed processes end at once; the wait is bounded all the same, so that one stuck in the
    // kernel (seen once in a full test run on a loaded machine) cannot hold up close().
    const ended = Promise.all([entry.process.finish(Date.now() + 5_000), entry.driver?.finish(Date.now() + 5_000)]);
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, END_WAIT_MS).unref())]);
    await removeJobDir(entry.dir);
  }
}
