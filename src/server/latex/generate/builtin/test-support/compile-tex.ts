// Test-only stand-in for the compile service (src/server/latex/compile/) while it is being built:
// runs pdflatex or XeLaTeX under bubblewrap in a fresh job directory and returns the PDF.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCompileResult {
  status: 'success' | 'failure' | 'timedout';
  pdf?: Buffer;
  log: string;
}

function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: 'ignore', detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut });
    });
  });
}

export async function compileForTest(latex: string, passes = 1, timeoutMs = 60_000): Promise<TestCompileResult> {
  const engine = latex.startsWith('% !TEX program = xelatex') ? 'xelatex' : 'pdflatex';
  const dir = await mkdtemp(join(tmpdir(), 'lg-test-'));
  try {
    await writeFile(join(dir, 'main.tex'), latex);
    const args = [
      '--ro-bind', '/usr', '/usr', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64',
      '--symlink', 'usr/bin', '/bin', '--ro-bind', '/var/lib/texmf', '/var/lib/texmf', '--ro-bind', '/etc/texmf', '/etc/texmf',
      '--proc', '/proc', '--dev', '/dev', '--bind', dir, '/job',
      '--chdir', '/job', '--unshare-all', '--die-with-parent', '--clearenv', '--setenv', 'PATH', '/usr/bin',
      '--setenv', 'HOME', '/job', '--setenv', 'openin_any', 'p', '--setenv', 'openout_any', 'p',
      '--setenv', 'shell_escape', 'f', engine, '-interaction=nonstopmode', '-halt-on-error', 'main.tex',
    ];
    let last = { code: 0 as number | null, timedOut: false };
    for (let i = 0; i < passes; i++) {
      last = await run('bwrap', args, dir, timeoutMs);
      if (last.code !== 0 || last.timedOut) break;
    }
    const log = await readFile(join(dir, 'main.log'), 'latin1').catch(() => '');
    if (last.timedOut) return { status: 'timedout', log };
    if (last.code !== 0) return { status: 'failure', log };
    const pdf = await readFile(join(dir, 'main.pdf'));
    return { status: 'success', pdf, log };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
