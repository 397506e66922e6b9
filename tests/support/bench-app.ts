// Shared pieces of the compile and browser benchmarks: the real server (of this or another
// checkout) in its own process with a signed-in user on a big allowance, a bare TeX pass (no
// sandbox, no format) as the in-run reference, and the machine's load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { openDatabase, pgliteDirFor } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { startAppProcess, type AppProcess } from './app-process.js';
import { signUpOverHttp, uniqueEmail } from './sign-up.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The text after `flag` (e.g. '--app-root') on the command line. */
export function stringArg(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export function fmtMs(v: number): string {
  if (!Number.isFinite(v)) return '–';
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

/** The machine's load, to print beside every timing. */
export function loadLine(): string {
  const { stdout } = spawnSync('uptime', { encoding: 'utf8' });
  return stdout.trim();
}

/** One bare pass of pdflatex or xelatex on the document in a fresh directory: the reference. */
export function barePass(latex: string): number {
  const program = latex.startsWith('% !TEX program = xelatex') ? 'xelatex' : 'pdflatex';
  const dir = mkdtempSync(join(tmpdir(), 'lg-bare-'));
  try {
    writeFileSync(join(dir, 'main.tex'), latex);
    const started = performance.now();
    const run = spawnSync(program, ['-interaction=nonstopmode', '-halt-on-error', 'main.tex'], { cwd: dir, stdio: 'ignore' });
    const elapsed = performance.now() - started;
    if (run.status !== 0) throw new Error(`bare ${program} failed (exit ${run.status})`);
    return elapsed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BenchApp {
  app: AppProcess;
  url: string;
  email: string;
  password: string;
  cookie: string;
  stop(): Promise<void>;
}

/** Waits until no format build (`latex -ini`) runs, so timings are not taken beside one. */
export async function waitForIdleTex(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (spawnSync('pgrep', ['-f', 'latex -ini']).status !== 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The server of `root` (default this checkout) with one verified user on the largest tier, its
 * formats built. PGlite has one connection, so the allowance is set while the server is stopped.
 */
export async function startBenchApp(options: { root?: string; env?: Record<string, string> } = {}): Promise<BenchApp> {
  const env = { COMPILE_WARM_FORMATS: 'true', ...options.env };
  const first = await startAppProcess(env, options.root ? { root: options.root } : {});
  const { email, password } = await signUpOverHttp(first.url, () => first.outboxLinks(), { email: uniqueEmail('bench') });
  const dataDir = first.dataDir;
  first.child.kill('SIGTERM');
  await new Promise((r) => first.child.once('exit', r));
  const db = await openDatabase({ pgliteDir: pgliteDirFor(dataDir), migrate: false });
  await db.db.update(users).set({ subscriptionTier: 'tier5', refillPackCredits: 1_000_000 }).where(eq(users.email, email));
  await db.close();
  const app = await startAppProcess({ ...env, DATA_DIR: dataDir }, options.root ? { root: options.root } : {});
  await waitForIdleTex();
  // Signed in again: the first server's session ended with it only if sessions were in memory.
  const login = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`);
  return {
    app,
    url: app.url,
    email,
    password,
    cookie,
    async stop() {
      await app.stop();
    },
  };
}
