// Pre-started first passes. Starting TeX costs more than most of a short compile: XeTeX touches
// about 160 MB of Unicode-sized tables and reads a 36 MB format before it reads a line (≈ 0.12 s
// CPU, pdfTeX ≈ 0.05 s). A warm process is started exactly like a cold pass (same sandbox, rlimits,
// arguments and format) in a fresh, empty job directory whose main.tex is a named pipe, so TeX
// loads its format and then blocks opening main.tex. A compile takes the process, writes its other
// files into the directory, opens the pipe (only possible once TeX has it open for reading),
// replaces the pipe's name with a regular main.tex holding the same text (later passes and any
// \input of main.tex read that), and writes the source down the pipe. Each process serves one job
// and is never reused; its wall-clock limit starts when the job takes it.
import { execFile } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { chown, rename, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { createJobDir, removeJobDir, startCommand, texArgs, type ProcessOutcome, type StartedProcess, type WarmSource, type WarmStart } from './runner.js';
import { buildCommand, sandboxIdentity, type SandboxLimits, type SandboxMode } from './sandbox.js';

const run = promisify(execFile);

export interface WarmPoolOptions {
  workDir: string;
  /** Waiting processes kept in all (one per program and format, the most recently used). */
  maxIdle: number;
  /** A waiting process nobody took for this long is ended (it holds memory). */
  idleMs: number;
}

interface Idle {
  key: string;
  dir: string;
  process: StartedProcess;
  timer: NodeJS.Timeout;
}

type Format = { name: string; hostPath: string } | undefined;

/**
 * What goes down the pipe. XeTeX sniffs a file's encoding by reading two bytes and rewinding,
 * which a pipe cannot do, so its first two characters would be lost; after a UTF-8 byte-order
 * mark it reads three bytes and does not rewind. pdfTeX reads the bytes as they come.
 */
export function pipedSource(program: string, source: string): string {
  return basename(program) === 'xelatex' ? `\uFEFF${source}` : source;
}

/** Hands the source to a TeX blocked opening the named pipe `dir`/main.tex. */
async function handOver(dir: string, source: string, piped: string, process: StartedProcess, deadline: number): Promise<void> {
  const fifo = join(dir, 'main.tex');
  // Written under a name TeX is not looking for; it replaces the pipe once TeX holds the pipe open.
  const staged = join(dir, '.main.tex.staged');
  await writeFile(staged, source, { mode: 0o644, flag: 'wx' });
  const identity = sandboxIdentity();
  if (identity) await chown(staged, identity.uid, identity.gid);
  // A non-blocking open for writing fails (ENXIO) until a reader has the pipe open: TeX may still
  // be loading its format.
  let fd: number | null = null;
  while (fd === null) {
    try {
      fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENXIO' || process.exited || Date.now() >= deadline) {
        // TeX is gone or never got there: the outcome says why; a regular file keeps later passes sane.
        await rename(staged, fifo).catch(() => {});
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  await rename(staged, fifo);
  const pipe = new Socket({ fd, readable: false, writable: true });
  await new Promise<void>((resolve) => {
    // EPIPE when TeX stops reading early (an error, or it reopened main.tex): its outcome tells.
    pipe.on('error', () => resolve());
    pipe.on('close', () => resolve());
    pipe.end(piped);
  });
}

export class WarmPool implements WarmSource {
  private readonly idle = new Map<string, Idle>();
  /** Keys in order of last use, most recent last. */
  private readonly recent: string[] = [];
  private readonly starting = new Set<string>();
  private closed = false;

  constructor(private readonly options: WarmPoolOptions) {}

  take(program: string, format: Format, mode: SandboxMode, limits: SandboxLimits): WarmStart | null {
    if (this.closed || this.options.maxIdle <= 0) return null;
    const key = `${program}\0${format?.hostPath ?? ''}\0${mode}\0${JSON.stringify(limits)}`;
    this.touch(key);
    const entry = this.idle.get(key);
    if (entry) this.idle.delete(key);
    // The next compile of this kind finds a process waiting.
    void this.fill(key, program, format, mode, limits);
    if (!entry || entry.process.exited) {
      if (entry) void this.end(entry);
      return null;
    }
    clearTimeout(entry.timer);
    const { dir, process } = entry;
    return {
      dir,
      run: async (source: string, deadline: number): Promise<ProcessOutcome> => {
        const finished = process.finish(deadline);
        await handOver(dir, source, pipedSource(program, source), process, deadline).catch(() => process.kill());
        return finished;
      },
      discard: () => process.kill(),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.idle.values()].map((entry) => this.end(entry)));
    this.idle.clear();
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

  private async fill(key: string, program: string, format: Format, mode: SandboxMode, limits: SandboxLimits): Promise<void> {
    if (this.idle.has(key) || this.starting.has(key)) return;
    this.starting.add(key);
    try {
      const dir = await createJobDir(this.options.workDir);
      try {
        await run('/usr/bin/mkfifo', ['-m', '0600', join(dir, 'main.tex')], { timeout: 10_000 });
        const identity = sandboxIdentity();
        if (identity) await chown(join(dir, 'main.tex'), identity.uid, identity.gid);
      } catch (err) {
        await removeJobDir(dir);
        throw err;
      }
      if (this.closed) {
        await removeJobDir(dir);
        return;
      }
      const { command, formatArg } = buildCommand({ mode, jobDir: dir, program, programArgs: [], limits, format });
      command.args.push(...texArgs(formatArg));
      const process = startCommand(command);
      const entry: Idle = { key, dir, process, timer: setTimeout(() => void this.expire(entry), this.options.idleMs) };
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
    entry.process.kill();
    await entry.process.finish(Date.now() + 5_000);
    await removeJobDir(entry.dir);
  }
}
