// Starts and watches the embedded database's process (embedded-process.ts): PGlite in a process of
// its own, reached over a Unix socket in a private folder (mode 0700, so only this user's processes
// can connect; PGlite itself asks for no password). A process that dies is started again on the
// same data (PGlite recovers from its write-ahead log), up to a few times a minute; past that the
// owner is told, and the server stops with a message saying so rather than answering 503 forever.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from '../paths.js';

export interface EmbeddedDatabaseProcess {
  /** The Unix socket postgres.js connects to (`path` option). */
  socketPath: string;
  /** The running process's id (changes after a restart). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** PGlite's data folder, or `memory://`. */
  dir: string;
  /** Restarts allowed within `restartWindowMs` before giving up (default 3 a minute). */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** Called once it cannot be kept running; the default prints why and ends the process. */
  onFatal?: (message: string) => void;
  /** Called after each restart (logs). */
  onRestart?: (info: { code: number | null; signal: string | null; pid: number | undefined }) => void;
}

const START_TIMEOUT_MS = 120_000;

/** The compiled entry beside this file, or the TypeScript source run through tsx's loader. */
function entry(): { file: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./embedded-process.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: ['--enable-source-maps'] };
  const loader = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  return { file: fileURLToPath(new URL('./embedded-process.ts', import.meta.url)), execArgv: ['--import', loader] };
}

function defaultFatal(message: string): never {
  console.error(message);
  process.exit(1);
}

function spawnOnce(dir: string, socketPath: string): Promise<ChildProcess> {
  const { file, execArgv } = entry();
  const child = fork(file, [dir, socketPath], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the embedded database (PGlite in ${dir}) did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`the embedded database (PGlite in ${dir}) stopped while starting (exit ${code ?? signal}); see the messages above`));
    };
    child.once('exit', onExit);
    child.once('message', () => {
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(child);
    });
  });
}

export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabaseProcess> {
  const socketDir = mkdtempSync(join(tmpdir(), 'latexgen-db-'));
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  const maxRestarts = options.maxRestarts ?? 3;
  const windowMs = options.restartWindowMs ?? 60_000;
  const fatal = options.onFatal ?? defaultFatal;
  const restarts: number[] = [];
  let stopping = false;
  let child: ChildProcess;
  try {
    child = await spawnOnce(options.dir, socketPath);
  } catch (err) {
    rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }
  // A web process that ends without stop() (an uncaught error) takes its database process along.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  const watch = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0]! > windowMs) restarts.shift();
      if (restarts.length >= maxRestarts) {
        fatal(`The embedded database process stopped (exit ${code ?? signal}) ${maxRestarts + 1} times within ${windowMs / 1000} s; the server stops. Its data is in ${options.dir}.`);
        return;
      }
      restarts.push(now);
      spawnOnce(options.dir, socketPath).then(
        (next) => {
          child = next;
          watch(next);
          options.onRestart?.({ code, signal, pid: next.pid });
        },
        (err: Error) => fatal(`The embedded database process stopped (exit ${code ?? signal}) and could not be started again: ${err.message}`),
      );
    });
  };
  watch(child);

  return {
    socketPath,
    pid: () => child.pid,
    async stop() {
      if (stopping) return;
      stopping = true;
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
