// Pre-started first passes, with real TeX in the real sandbox: a warm pass gives the same result as
// a cold one, reads its own main.tex like a cold pass does, never sees another job's files, keeps
// its wall-clock limit from the moment a job takes it, and close() leaves nothing behind. A warm
// XeLaTeX pass hands its XDV to a PDF driver that was waiting beside it.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf.js';
import { FormatStore } from './formats.js';
import { removeJobDir, runTex, type TexRunOptions } from './runner.js';
import { GIB, sandboxIdentity, type SandboxLimits } from './sandbox.js';
import { WarmPool } from './warm-pool.js';

const run = promisify(execFile);
const hasTools = ['/usr/bin/pdflatex', '/usr/bin/bwrap', '/usr/bin/mkfifo', '/usr/bin/pdftotext'].every((p) => existsSync(p));
const LIMITS: SandboxLimits = { cpuSeconds: 20, fileBytes: 20 << 20, memoryBytes: 2 * GIB, processes: sandboxIdentity() ? 64 : null, openFiles: 256 };

it('has the TeX tools it needs', () => {
  expect(hasTools, 'TeX Live, bubblewrap, coreutils or poppler-utils is missing: run npm test, which installs them').toBe(true);
});

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('warm pool', () => {
  let workDir: string;
  let pool: WarmPool;

  const options = (source: string, timeoutMs = 30_000): TexRunOptions => ({
    source,
    program: '/usr/bin/pdflatex',
    mode: 'bwrap',
    workDir,
    timeoutMs,
    limits: LIMITS,
    maxPdfBytes: 20 << 20,
    warm: pool,
  });

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'lg-warm-'));
    await chmod(workDir, 0o711);
    pool = new WarmPool({ workDir, maxIdle: 2, idleMs: 60_000 });
  });

  afterAll(async () => {
    await pool.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('runs a first pass on a waiting process, which then is replaced, with the same PDF as a cold pass', async () => {
    const source = '\\documentclass{article}\n\\begin{document}\nWarm hello.\n\\end{document}\n';
    expect(pool.size).toBe(0);
    const cold = await runTex(options(source));
    expect(cold.outcome).toBe('success');
    await until(() => pool.size === 1);
    const warm = await runTex(options(source));
    expect(warm.outcome, warm.log.slice(-1500)).toBe('success');
    expect(warm.passes).toBe(1);
    expect(await pdfText(warm.pdf as Buffer)).toBe(await pdfText(cold.pdf as Buffer));
    expect(warm.log).toContain('(./main.tex');
    // The job took the waiting process; a new one waits for the next job.
    await until(() => pool.size === 1);
  });

  it('starts the next waiting process only once the job that took one has let it go', async () => {
    await until(() => pool.size === 1);
    const source = '\\documentclass{article}\n\\begin{document}\nOne at a time.\n\\end{document}\n';
    const taken = pool.take('/usr/bin/pdflatex', undefined, 'bwrap', LIMITS, source);
    expect(taken).not.toBeNull();
    // While the job has not finished, its process is the only one: no successor competes with it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.size).toBe(0);
    expect((await readdir(workDir)).filter((f) => f.startsWith('job-'))).toHaveLength(1);
    const outcome = await taken?.run(source, Date.now() + 20_000);
    expect(outcome?.exitCode).toBe(0);
    // Done: the runner lets the process go, and the next one starts.
    taken?.discard();
    await until(() => pool.size === 1);
    await removeJobDir(taken?.dir ?? '');
  });

  it('lets a warm document read its own main.tex, and shows it no file of an earlier job', async () => {
    await until(() => pool.size === 1);
    const writer = ['\\documentclass{article}', '\\begin{document}', '\\immediate\\openout5=left-behind.txt', '\\immediate\\write5{secret}', '\\immediate\\closeout5', 'Wrote.', '\\end{document}', ''].join('\n');
    expect((await runTex(options(writer))).outcome).toBe('success');
    await until(() => pool.size === 1);
    const reader = [
      '\\documentclass{article}',
      '\\begin{document}',
      '\\newread\\self \\openin\\self=main.tex \\read\\self to\\first \\closein\\self',
      'First line: \\texttt{\\detokenize\\expandafter{\\first}}.',
      '\\IfFileExists{left-behind.txt}{Found the earlier file.}{No earlier file.}',
      '\\end{document}',
      '',
    ].join('\n');
    const result = await runTex(options(reader));
    expect(result.outcome, result.log.slice(-1500)).toBe('success');
    const text = await pdfText(result.pdf as Buffer);
    expect(text).toContain('First line: \\documentclass {article}');
    expect(text).toContain('No earlier file.');
  });

  it('starts the wall-clock limit when a job takes the process, and still ends a runaway pass', async () => {
    await until(() => pool.size === 1);
    // Waiting longer than the limit does not count against the job.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const ok = await runTex(options('\\documentclass{article}\n\\begin{document}\nLate but fine.\n\\end{document}\n', 2_000));
    expect(ok.outcome, ok.log.slice(-1500)).toBe('success');
    await until(() => pool.size === 1);
    const loop = await runTex(options('\\documentclass{article}\n\\begin{document}\n\\def\\x{\\x}\\x\n\\end{document}\n', 1_500));
    expect(loop.outcome).toBe('timedout');
  });

  it('ends the waiting processes and removes their directories on close', async () => {
    await until(() => pool.size === 1);
    expect((await readdir(workDir)).filter((f) => f.startsWith('job-'))).toHaveLength(1);
    await pool.close();
    expect(pool.size).toBe(0);
    expect((await readdir(workDir)).filter((f) => f.startsWith('job-'))).toEqual([]);
    // A closed pool hands out nothing; runs go cold.
    const cold = await runTex(options('\\documentclass{article}\n\\begin{document}\nCold.\n\\end{document}\n'));
    expect(cold.outcome).toBe('success');
    expect(pool.size).toBe(0);
  });
});

describe('warm pool with XeLaTeX', () => {
  it('keeps every byte of the source, whose first bytes XeTeX reads to sniff the encoding', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'lg-warm-xe-'));
    await chmod(workDir, 0o711);
    const pool = new WarmPool({ workDir, maxIdle: 1, idleMs: 60_000 });
    try {
      // A first line that lost two characters ("% !TEX…" → "!TEX…") would be typeset before \documentclass.
      const source = '% !TEX program = xelatex\n\\documentclass{article}\n\\begin{document}\nWarm XeTeX.\n\\end{document}\n';
      const options: TexRunOptions = { source, program: '/usr/bin/xelatex', mode: 'bwrap', workDir, timeoutMs: 60_000, limits: LIMITS, maxPdfBytes: 20 << 20, warm: pool };
      expect((await runTex(options)).outcome).toBe('success');
      await until(() => pool.size === 1);
      const warm = await runTex(options);
      expect(warm.outcome, warm.log.slice(-1500)).toBe('success');
      expect(await pdfText(warm.pdf as Buffer)).toContain('Warm XeTeX.');
    } finally {
      await pool.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

/** Sandboxed processes on job directories under `workDir` (bwrap's arguments name it). */
async function processesUnder(workDir: string): Promise<number> {
  const { stdout } = await run('/usr/bin/pgrep', ['-c', '-f', `bwrap .*${workDir}/job-`]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '0' }));
  return Number(stdout.trim());
}

/** Processes of PDF drivers sandboxed on job directories under `workDir` (bwrap's arguments name both). */
async function driversUnder(workDir: string): Promise<number> {
  const { stdout } = await run('/usr/bin/pgrep', ['-c', '-f', `${workDir}/job-.*xdvipdfmx`]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '0' }));
  return Number(stdout.trim());
}

describe('warm pool with XeLaTeX and its waiting PDF driver', () => {
  let workDir: string;
  let pool: WarmPool;
  const options = (source: string): TexRunOptions => ({ source, program: '/usr/bin/xelatex', mode: 'bwrap', workDir, timeoutMs: 60_000, limits: LIMITS, maxPdfBytes: 20 << 20, warm: pool });

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'lg-warm-driver-'));
    await chmod(workDir, 0o711);
    pool = new WarmPool({ workDir, maxIdle: 1, idleMs: 60_000 });
  });
  afterAll(async () => {
    await pool.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('writes the PDF through a driver that was waiting beside TeX: same text and SyncTeX as a cold pass', async () => {
    const source = '\\documentclass{article}\n\\begin{document}\nDriven \\textbf{ahead}.\n\n\\newpage Second page.\n\\end{document}\n';
    const cold = await runTex(options(source));
    expect(cold.outcome, cold.log.slice(-1500)).toBe('success');
    await until(() => pool.size === 1);
    expect(await driversUnder(workDir)).toBeGreaterThan(0);
    const warm = await runTex(options(source));
    expect(warm.outcome, warm.log.slice(-1500)).toBe('success');
    expect(await pdfText(warm.pdf as Buffer)).toBe(await pdfText(cold.pdf as Buffer));
    expect(warm.synctex).toBeDefined();
    const lines = (sync: Buffer) => gunzipSync(sync).toString('utf8').split('\n').filter((l) => /^[[(hvkgx$]/.test(l)).length;
    expect(lines(warm.synctex as Buffer)).toBe(lines(cold.synctex as Buffer));
  });

  it('ends the driver unused after a TeX error or a document without pages, as XeTeX starts none', async () => {
    await until(() => pool.size === 1);
    const broken = await runTex(options('\\documentclass{article}\n\\begin{document}\n\\undefinedcommand\n\\end{document}\n'));
    expect(broken.outcome).toBe('failure');
    expect(broken.log).toContain('Undefined control sequence');
    await until(() => pool.size === 1);
    const empty = await runTex(options('\\documentclass{article}\n\\begin{document}\n\\end{document}\n'));
    expect(empty.outcome).toBe('failure');
    expect(empty.log).toContain('No PDF was produced');
    await until(() => pool.size === 1);
    await pool.close();
    expect(await driversUnder(workDir)).toBe(0);
  });
});

describe('a server that dies', () => {
  it('takes its waiting TeX processes with it, even one still loading its format', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'lg-warm-dies-'));
    await chmod(workDir, 0o711);
    const script = join(workDir, 'server.mts');
    const runner = join(import.meta.dirname, 'runner.ts');
    const pool = join(import.meta.dirname, 'warm-pool.ts');
    await writeFile(
      script,
      [
        `import { runTex } from ${JSON.stringify(runner)};`,
        `import { WarmPool } from ${JSON.stringify(pool)};`,
        `const warm = new WarmPool({ workDir: ${JSON.stringify(workDir)}, maxIdle: 2, idleMs: 60_000 });`,
        `const limits = ${JSON.stringify(LIMITS)};`,
        `for (const program of ['/usr/bin/pdflatex', '/usr/bin/xelatex']) {`,
        `  await runTex({ source: '\\\\documentclass{article}\\n\\\\begin{document}\\nx\\n\\\\end{document}\\n', program, mode: 'bwrap', workDir: ${JSON.stringify(workDir)}, timeoutMs: 60_000, limits, maxPdfBytes: 1 << 20, warm });`,
        `}`,
        `console.log('ready');`,
        `setInterval(() => {}, 1000);`,
      ].join('\n'),
    );
    const child = spawn(process.execPath, [join(import.meta.dirname, '../../../../node_modules/tsx/dist/cli.mjs'), script], {
      stdio: ['ignore', 'pipe', 'ignore'],
      // tsx runs the script in a child process of its own: the whole group is the server.
      detached: true,
    });
    const killServer = () => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        child.on('exit', (code) => reject(new Error(`the server script exited with ${code}`)));
      });
      // Both waiting processes were just started: the XeLaTeX one is still loading its format.
      expect(await processesUnder(workDir)).toBeGreaterThan(0);
      killServer();
      const end = Date.now() + 10_000;
      while ((await processesUnder(workDir)) > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await processesUnder(workDir)).toBe(0);
    } finally {
      killServer();
      // Whatever this test finds, it leaves nothing running.
      await run('/usr/bin/pkill', ['-KILL', '-f', `bwrap .*${workDir}/job-`]).catch(() => {});
      await rm(workDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('warm pool with a XeLaTeX format that warms up', () => {
  it("reads the format's lead line and runs its \\everyjob while it waits, with the while-waiting part; another first line runs cold", async () => {
    const root = await mkdtemp(join(tmpdir(), 'lg-warm-lead-'));
    const workDir = join(root, 'work');
    await mkdir(workDir);
    await chmod(root, 0o711);
    await chmod(workDir, 0o711);
    const preamble = '% !TEX program = xelatex\n\\documentclass{article}\n\\usepackage{fontspec}\n\\csname endofdump\\endcsname\n';
    // The warm-up leaves a mark a document can read: when the job began, and that it ran first.
    const warmUp = '\\xdef\\warmedAt{\\the\\elapsedtime}\\font\\lgwarmupa="[lmroman10-regular.otf]" at 10pt';
    const formats = new FormatStore({ dir: join(root, 'formats'), workDir, mode: 'bwrap', binDir: '/usr/bin', timeoutMs: 60_000, limits: LIMITS });
    const pool = new WarmPool({ workDir, maxIdle: 1, idleMs: 60_000 });
    try {
      await formats.load([{ id: 'lead', program: 'xelatex', preamble, warmUp, whileWaiting: '\\gdef\\lgahead{}' }], 'test');
      await formats.warm();
      const body =
        '\\begin{document}\nWarmed: \\ifdefined\\lgwarmupa yes\\else no\\fi; waited \\ifnum\\numexpr\\elapsedtime-\\warmedAt>\\numexpr 65536/4\\relax long\\else briefly\\fi; \\ifdefined\\lgahead ahead\\else not ahead\\fi.\n\\end{document}\n';
      const source = `${preamble}${body}`;
      const handle = formats.lookup(source, 'xelatex')?.handle;
      expect(handle?.leadLine).toBe('% !TEX program = xelatex');
      const format = { name: handle!.name, hostPath: handle!.path, leadLine: handle!.leadLine! };
      const options = (text: string): TexRunOptions => ({ source: text, program: '/usr/bin/xelatex', mode: 'bwrap', workDir, timeoutMs: 60_000, limits: LIMITS, maxPdfBytes: 20 << 20, warm: pool, format });
      expect((await runTex(options(source))).outcome).toBe('success');
      await until(() => pool.size === 1);
      // The job arrives well after the process started: its warm-up ran then, not after the handover.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const warm = await runTex(options(source));
      expect(warm.outcome, warm.log.slice(-1500)).toBe('success');
      expect(await pdfText(warm.pdf as Buffer)).toContain('Warmed: yes; waited long; ahead.');
      await until(() => pool.size === 1);
      // A source that does not begin with the lead line leaves the waiting process alone.
      const other = await runTex(options(`%\n${source}`));
      expect(other.outcome, other.log.slice(-1500)).toBe('success');
      expect(await pdfText(other.pdf as Buffer)).toContain('Warmed: yes; waited briefly; not ahead.');
      expect(pool.size).toBe(1);
      // A second pass runs cold in the job's directory: the while-waiting part is not run again.
      const twoPasses = await runTex(options(source.replace('\\begin{document}\n', '\\begin{document}\n\\tableofcontents\\section{S}\n')));
      expect(twoPasses.outcome, twoPasses.log.slice(-1500)).toBe('success');
      expect(twoPasses.passes).toBe(2);
      expect(await pdfText(twoPasses.pdf as Buffer)).toContain('not ahead.');
    } finally {
      await pool.close();
      await formats.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
