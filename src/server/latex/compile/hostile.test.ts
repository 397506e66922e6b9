// Hostile-input acceptance suite: real TeX Live under real bubblewrap. Each attack document runs
// with a canary file (world-readable, outside the job dir) and a canary secret in this process's
// environment; no canary may reach the PDF text, the PDF bytes (inflated too) or the log, nothing
// may be written outside the job dir, every compile ends within its limit, and no TeX process or
// job directory outlives the suite.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompileRateLimitError, CompileTooLargeError, CompileUserBusyError, createCompileService, type CompileResult, type CompileServiceInternals } from './index.js';
import { HOSTILE_DOCUMENTS, type HostilePaths } from './hostile/documents.js';
import { runTex } from './runner.js';
import { GIB } from './sandbox.js';
import { pdfAllBytes, pdfText } from '../../../../tests/support/pdf.js';

const TIMEOUT_MS = 5000;
// Process start, sandbox set-up and the kill itself on a loaded 2-core machine.
const SLACK_MS = 4000;
const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap');

interface Outcome {
  result?: CompileResult;
  thrown?: unknown;
  elapsedMs: number;
  text: string;
  bytes: string;
}

// No silent skips: without the tools the suite fails, saying what is missing (npm test installs them).
it('has the TeX tools it needs', () => {
  expect(hasTex, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('hostile documents', () => {
  let root: string;
  let workDir: string;
  let paths: HostilePaths;
  let service: CompileServiceInternals;
  let needles: Array<[string, string]>;
  const outcomes = new Map<string, Outcome>();
  const fileCanary = `CANARYFILE${randomBytes(8).toString('hex')}`;
  const envCanary = `CANARYENV${randomBytes(8).toString('hex')}`;
  const pwned = `PWNED${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    process.env.LATEXGEN_TEST_CANARY = envCanary;
    root = await mkdtemp(join(tmpdir(), 'lg-hostile-'));
    // World-readable on purpose: only the sandbox, not file permissions, may stop the reads.
    await chmod(root, 0o755);
    const canaryDir = join(root, 'canary');
    workDir = join(root, 'work');
    await mkdir(canaryDir, { mode: 0o755 });
    await mkdir(workDir, { mode: 0o755 });
    const content = `${fileCanary}\n`;
    await writeFile(join(canaryDir, 'secret.txt'), content, { mode: 0o644 });
    await writeFile(join(canaryDir, 'secret.tex'), content, { mode: 0o644 });
    await writeFile(join(workDir, '.canary-dot.tex'), content, { mode: 0o644 });
    await symlink(join(canaryDir, 'secret.tex'), join(workDir, 'link.tex'));

    service = createCompileService({
      timeoutMs: TIMEOUT_MS,
      concurrency: 2,
      queueSize: 100,
      dataDir: join(root, 'data'),
      workDir,
      warmFormats: false,
      preambles: async () => [],
      cacheBytes: 0,
    });
    // A PDF showing the canary, made by the service itself, for the image-inclusion attacks.
    const made = await service.compile({ latex: `\\documentclass{article}\\begin{document}${fileCanary}\\end{document}` });
    expect(made.status).toBe('success');
    await writeFile(join(canaryDir, 'secret.pdf'), made.pdf ?? Buffer.alloc(0), { mode: 0o644 });

    paths = {
      canaryTxt: join(canaryDir, 'secret.txt'),
      canaryTex: join(canaryDir, 'secret.tex'),
      canaryTexStem: join(canaryDir, 'secret'),
      canaryPdf: join(canaryDir, 'secret.pdf'),
      relativeCanary: '../../canary/secret.tex',
      relativeDotfile: '../.canary-dot.tex',
      relativeSymlink: '../link.tex',
      outsideDir: canaryDir,
      pwned,
    };
    const upperHex = Buffer.from(content).toString('hex').toUpperCase();
    needles = [
      ['file canary', fileCanary],
      ['file canary as hex (\\pdffiledump)', upperHex.slice(0, 24)],
      ['file canary md5 (\\pdfmdfivesum)', createHash('md5').update(content).digest('hex').toUpperCase()],
      ['environment canary', envCanary],
      ['environment canary as hex', Buffer.from(envCanary).toString('hex').toUpperCase().slice(0, 24)],
      ['/etc/passwd', 'root:x:0:0'],
    ];

    // Two workers for a pool of two: nothing waits in the queue, so elapsed time is run time.
    const queue = [...HOSTILE_DOCUMENTS];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const started = Date.now();
        let result: CompileResult | undefined;
        let thrown: unknown;
        try {
          result = await service.compile({ latex: next.latex(paths) });
        } catch (err) {
          thrown = err;
        }
        const elapsedMs = Date.now() - started;
        const text = result?.pdf ? await pdfText(result.pdf) : '';
        const bytes = result?.pdf ? pdfAllBytes(result.pdf) : '';
        outcomes.set(next.name, { result, thrown, elapsedMs, text, bytes });
      }
    };
    await Promise.all([worker(), worker()]);
  }, 240_000);

  afterAll(async () => {
    delete process.env.LATEXGEN_TEST_CANARY;
    await service?.close();
    if (root) await rm(root, { recursive: true, force: true });
    for (const name of await readdir('/tmp').catch(() => [] as string[])) {
      if (name.includes(pwned)) await rm(join('/tmp', name), { force: true });
    }
  });

  it('has at least 30 attack documents', () => {
    expect(HOSTILE_DOCUMENTS.length).toBeGreaterThanOrEqual(30);
  });

  it('the leak detector finds a canary that is really in the output (control)', async () => {
    // The canary as text, as a \\pdffiledump-style hex string, and inside a compressed PDF stream.
    const hex = Buffer.from(`${fileCanary}\n`).toString('hex').toUpperCase();
    const result = await service.compile({
      latex:
        `\\documentclass{article}\\pdfcompresslevel=9 \\begin{document}${fileCanary} \\texttt{${hex}}` +
        `\\immediate\\pdfobj stream {${fileCanary}}\\pdfcatalog{/Control \\the\\pdflastobj\\space 0 R}\\end{document}`,
    });
    expect(result.status).toBe('success');
    const text = await pdfText(result.pdf ?? Buffer.alloc(0));
    expect(text).toContain(fileCanary);
    expect(text).toContain(hex.slice(0, 24));
    expect(result.pdf?.toString('latin1')).not.toContain(fileCanary);
    expect(pdfAllBytes(result.pdf ?? Buffer.alloc(0))).toContain(fileCanary);
  });

  it('without bubblewrap (the unsafe opt-out) \\pdfobj stream file does leak: the sandbox is what stops it', async () => {
    const attack = HOSTILE_DOCUMENTS.find((d) => d.name === 'pdfobj stream file canary');
    const run = await runTex({
      source: attack?.latex(paths) ?? '',
      program: '/usr/bin/pdflatex',
      mode: 'unsafe',
      workDir,
      timeoutMs: TIMEOUT_MS,
      limits: { cpuSeconds: 10, fileBytes: 20 << 20, memoryBytes: 2 * GIB, processes: null, openFiles: 256 },
      maxPdfBytes: 20 << 20,
    });
    expect(run.outcome).toBe('success');
    expect(pdfAllBytes(run.pdf ?? Buffer.alloc(0))).toContain(fileCanary);
    expect(outcomes.get('pdfobj stream file canary')?.bytes).not.toContain(fileCanary);
  });

  for (const hostile of HOSTILE_DOCUMENTS) {
    it(`${hostile.attack}: ${hostile.name}`, () => {
      const outcome = outcomes.get(hostile.name);
      expect(outcome, 'document was compiled').toBeDefined();
      if (!outcome) return;
      expect(outcome.thrown).toBeUndefined();
      const result = outcome.result as CompileResult;
      // The sandbox started and TeX ran: an `error` or `unavailable` would prove nothing.
      expect(['success', 'failure', 'timedout']).toContain(result.status);
      expect(outcome.elapsedMs).toBeLessThanOrEqual(TIMEOUT_MS + SLACK_MS);
      if (hostile.expectTimeout) expect(result.status).toBe('timedout');
      const haystacks: Array<[string, string]> = [
        ['PDF text', outcome.text],
        ['PDF bytes', outcome.bytes],
        ['log', result.log],
        ['errors', JSON.stringify(result.errors)],
      ];
      for (const [where, haystack] of haystacks) {
        for (const [what, needle] of needles) {
          expect(haystack.includes(needle), `${what} found in ${where}`).toBe(false);
        }
      }
    });
  }

  it('nothing was written outside the job directories', async () => {
    // Other processes' temporary folders may vanish mid-walk (find then exits 1): read what it found.
    const walk = spawnSync('find', [root, '/tmp', '-maxdepth', '3', '-name', `*${pwned}*`], { encoding: 'utf8' });
    expect(walk.error).toBeUndefined();
    const found = walk.stdout
      .split('\n')
      .filter(Boolean);
    expect(found).toEqual([]);
    expect((await readdir(paths.outsideDir)).sort()).toEqual(['secret.pdf', 'secret.tex', 'secret.txt']);
    expect(await readFile(paths.canaryTxt, 'utf8')).toBe(`${fileCanary}\n`);
  });

  it('refuses an oversized body before running TeX (413)', async () => {
    const big = `\\documentclass{article}\\begin{document}${'a'.repeat((1 << 20) + 10)}\\end{document}`;
    const error = await service.compile({ latex: big }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CompileTooLargeError);
    expect((error as CompileTooLargeError).statusCode).toBe(413);
  });

  it('runs one compile at a time per user: 20 concurrent requests from one user', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        service.compile({ userKey: 'mallory', latex: `\\documentclass{article}\\begin{document}Request ${i}\\end{document}` }),
      ),
    );
    const fulfilled = settled.filter((s) => s.status === 'fulfilled');
    const rejected = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const r of rejected) expect(r.reason).toBeInstanceOf(CompileUserBusyError);
    expect((fulfilled[0] as PromiseFulfilledResult<CompileResult>).value.status).toBe('success');
  });

  it('limits compiles per user per minute (429)', async () => {
    const limited = createCompileService({ workDir, dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [], ratePerMinute: 2 });
    try {
      const latex = '\\documentclass{article}\\begin{document}rate\\end{document}';
      await limited.compile({ userKey: 'eve', latex });
      await limited.compile({ userKey: 'eve', latex });
      const error = await limited.compile({ userKey: 'eve', latex }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(CompileRateLimitError);
      expect((error as CompileRateLimitError).retryAfterSeconds).toBeGreaterThan(0);
      // Another user is not affected.
      expect((await limited.compile({ userKey: 'bob', latex })).status).toBe('success');
    } finally {
      await limited.close();
    }
  });

  it('keeps answering other requests while an endless loop runs', async () => {
    // A longer limit than the suite's, so a slow machine cannot blur which one finished first.
    const patient = createCompileService({ timeoutMs: 10_000, concurrency: 2, workDir, dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [] });
    try {
      const started = Date.now();
      let loopDone = 0;
      const loop = patient.compile({ latex: '\\documentclass{article}\\begin{document}\\def\\y{\\y}\\y\\end{document}' }).finally(() => {
        loopDone = Date.now() - started;
      });
      const normal = await patient.compile({ latex: '\\documentclass{article}\\begin{document}Still here.\\end{document}' });
      const normalDone = Date.now() - started;
      expect(normal.status).toBe('success');
      expect(loopDone).toBe(0);
      const looped = await loop;
      expect(looped.status).toBe('timedout');
      expect(normalDone).toBeLessThan(loopDone);
    } finally {
      await patient.close();
    }
  });

  it('leaves no TeX process and no job directory behind once closed', async () => {
    // While the service is open, pre-started TeX processes wait in empty job directories of their
    // own (warm-pool.ts); closing the service must end them and every other process and directory.
    await service.close();
    // Processes whose working directory or command line points into this suite's directories.
    const leftovers: string[] = [];
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cwd.startsWith(workDir) || cmdline.includes(workDir)) leftovers.push(`${pid}: ${cmdline.replace(/\0/g, ' ')}`);
    }
    expect(leftovers).toEqual([]);
    const remaining = (await readdir(workDir)).filter((name) => name.startsWith('job-'));
    expect(remaining).toEqual([]);
  });
});
