// Starts the real server as a child process on a free port, for tests that need separate processes
// (two app instances behind a proxy, kill -9, SIGTERM) and for the production build: from source
// through tsx by default, or the compiled dist/server/main.js as `npm start` runs it. Also the
// compile worker (`npm run worker`) as a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface AppProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Verification links written to this process's outbox. */
  outboxLinks(): Array<{ to: string; link: string }>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface AppProcessOptions {
  publicUrl?: string;
  /** A fixed port (benchmarks run in their engineer's port range); a free one otherwise. */
  port?: number;
  /** Run dist/server/main.js (build it first: scripts/build-server.mjs) instead of the sources. */
  built?: boolean;
  /** A migrated PGlite folder to start from (the integration set-up's template): seconds instead of a new database. */
  pgliteTemplate?: string;
  /** The checkout whose server to start (benchmarks compare another branch's); this one by default. */
  root?: string;
  /** Extra Node flags before the entry (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}

/**
 * The command line of the server: compiled JavaScript with source maps, or TypeScript through tsx's
 * loader in the same process. (tsx's CLI would run the server as a child of its own: a SIGKILL
 * would then end only the CLI and leave the server running.)
 */
export function serverCommand(built: boolean, root: string = ROOT): string[] {
  return built
    ? ['--enable-source-maps', join(root, 'dist/server/main.js')]
    : ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(root, 'src/server/main.ts')];
}

export async function startAppProcess(env: Record<string, string>, options: AppProcessOptions = {}): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  // A DATA_DIR in `env` restarts a server on an earlier one's data.
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'latexgen-proc-'));
  if (options.pgliteTemplate) cpSync(options.pgliteTemplate, join(dataDir, 'pglite'), { recursive: true });
  const root = options.root ?? ROOT;
  let output = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...serverCommand(options.built ?? false, root)], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: options.publicUrl ?? `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Each test process has its own data folder; building every format up front in each would
      // only load the machine. They are still built on first use.
      COMPILE_WARM_FORMATS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => output,
    outboxLinks() {
      const dir = join(dataDir, 'outbox');
      let names: string[] = [];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      return names.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as { to: string; link: string });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface WorkerProcess {
  pid: number;
  /** The name it gives BullMQ (`host:pid`), found in the jobs it ran. */
  name: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `src/server/worker.ts` (or the compiled worker) and waits until it takes jobs. */
export async function startWorkerProcess(env: Record<string, string>, options: { built?: boolean } = {}): Promise<WorkerProcess> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'latexgen-worker-'));
  // tsx as a loader rather than its CLI, which would run the worker as a grandchild: the pid here
  // must be the worker's own, so that SIGKILL reaches it.
  const entry = options.built ? ['--enable-source-maps', join(ROOT, 'dist/server/worker.js')] : ['--import', 'tsx', join(ROOT, 'src/server/worker.ts')];
  let output = '';
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dataDir, COMPILE_WARM_FORMATS: 'false', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  const deadline = Date.now() + 150_000;
  // Waits for the worker's own start-up line (logged at info, whatever LOG_LEVEL says otherwise).
  while (!output.includes('compile worker is taking jobs')) {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`worker did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const name = /"worker":"([^"]+)"/.exec(output)?.[1] ?? '';
  return {
    pid: child.pid!,
    name,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
