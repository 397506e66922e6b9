// XeTeX writes XDV and starts xdvipdfmx to turn it into the PDF at its first page. That start is on
// the critical path: xdvipdfmx reads kpathsea's file database, its configuration and the font maps
// (≈ 15 ms) before the first byte, and the fork of a 200 MB XeTeX costs more. A warm XeLaTeX pass
// (warm-pool.ts) therefore runs TeX with -no-pdf beside a driver started at the same time in the
// same sandbox and job directory, which has done all that and waits on its standard input; when TeX
// ends, main.xdv goes down that pipe. The outcome is what XeTeX itself would have reported.
import { existsSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readRegularFile, startCommand, terminationSignal, type ProcessOutcome, type StartedProcess } from './runner.js';
import type { Deadline } from './job-control.js';
import { buildCommand, type FontOverlay, type SandboxLimits, type SandboxMode } from './sandbox.js';

/** XeTeX's own driver command line ("xdvipdfmx -q -E"), writing main.pdf; the XDV comes on stdin. */
export const DRIVER_ARGS = ['-q', '-E', '-o', 'main.pdf'];

/** The PDF driver installed beside `program` when it is XeLaTeX, else null (pdfTeX writes PDF itself). */
export function pdfDriverFor(program: string): string | null {
  if (basename(program) !== 'xelatex') return null;
  const driver = join(dirname(program), 'xdvipdfmx');
  return existsSync(driver) ? driver : null;
}

/** Starts the driver in its own sandbox on `jobDir`, waiting for the XDV on its standard input. */
export function startPdfDriver(driver: string, jobDir: string, mode: SandboxMode, limits: SandboxLimits, fonts?: FontOverlay): StartedProcess {
  const { command } = buildCommand({ mode, jobDir, program: driver, programArgs: DRIVER_ARGS, limits, fonts });
  return startCommand(command, { stdin: true });
}

/**
 * Finishes a TeX pass run with -no-pdf: feeds its XDV to the waiting driver and answers as XeTeX
 * would have. A TeX that failed or wrote no page ends the driver unused (XeTeX starts none without
 * a page); a driver that fails turns a clean TeX exit into XeTeX's "driver return code" error.
 */
export async function finishWithDriver(dir: string, tex: ProcessOutcome, driver: StartedProcess, deadline: number | Deadline, maxXdvBytes: number): Promise<ProcessOutcome> {
  const xdv = tex.timedOut || tex.exitCode !== 0 ? null : await readRegularFile(join(dir, 'main.xdv'), maxXdvBytes);
  if (!xdv || !driver.stdin) {
    driver.kill();
    return tex;
  }
  driver.stdin.end(xdv);
  const out = await driver.finish(deadline);
  const stderr = `${tex.stderr}${out.stderr}`;
  if (out.timedOut || terminationSignal(out)) return { ...out, stderr };
  if (out.exitCode === 0) return { ...tex, stderr };
  await appendFile(join(dir, 'main.log'), `\nError ${(out.exitCode ?? 1) * 256} (driver return code) generating output;\nfile main.pdf may not be valid.\n`).catch(() => {});
  return { exitCode: 1, signal: null, timedOut: false, stderr };
}
