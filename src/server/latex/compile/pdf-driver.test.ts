// The waiting PDF driver with the real xdvipdfmx in the real sandbox: it answers as XeTeX would
// have, for a good XDV, a broken one, a TeX that failed and a TeX that wrote no page.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishWithDriver, pdfDriverFor, startPdfDriver } from './pdf-driver.js';
import { createJobDir, runCommand, texArgs, writeJobFiles, type ProcessOutcome } from './runner.js';
import { buildCommand, GIB, sandboxIdentity, type SandboxLimits } from './sandbox.js';

const LIMITS: SandboxLimits = { cpuSeconds: 20, fileBytes: 20 << 20, memoryBytes: 2 * GIB, processes: sandboxIdentity() ? 64 : null, openFiles: 256 };
const CLEAN: ProcessOutcome = { exitCode: 0, signal: null, timedOut: false, stderr: '' };

describe('PDF driver started ahead of XeTeX', () => {
  let root: string;
  let dir: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-driver-'));
    await chmod(root, 0o711);
    dir = await createJobDir(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is found beside xelatex and not for pdflatex', () => {
    expect(pdfDriverFor('/usr/bin/xelatex')).toBe('/usr/bin/xdvipdfmx');
    expect(pdfDriverFor('/usr/bin/pdflatex')).toBeNull();
  });

  it('turns the XDV of a -no-pdf pass into the PDF', async () => {
    await writeJobFiles(dir, [{ name: 'main.tex', content: '\\documentclass{article}\\begin{document}Driven.\\end{document}\n', access: 'sandbox' }]);
    const { command, formatArg } = buildCommand({ mode: 'bwrap', jobDir: dir, program: '/usr/bin/xelatex', programArgs: [], limits: LIMITS });
    command.args.push(...texArgs(formatArg, { noPdf: true }));
    const driver = startPdfDriver('/usr/bin/xdvipdfmx', dir, 'bwrap', LIMITS);
    const tex = await runCommand(command, Date.now() + 60_000);
    expect(tex.exitCode).toBe(0);
    expect(existsSync(join(dir, 'main.pdf'))).toBe(false);
    const outcome = await finishWithDriver(dir, tex, driver, Date.now() + 60_000, LIMITS.fileBytes);
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false });
    expect((await readFile(join(dir, 'main.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("reports a driver that fails as XeTeX does, with its 'driver return code' line in the log", async () => {
    await writeFile(join(dir, 'main.log'), 'TeX log\n');
    await writeFile(join(dir, 'main.xdv'), 'not a DVI file at all');
    const driver = startPdfDriver('/usr/bin/xdvipdfmx', dir, 'bwrap', LIMITS);
    const outcome = await finishWithDriver(dir, CLEAN, driver, Date.now() + 60_000, LIMITS.fileBytes);
    expect(outcome.exitCode).toBe(1);
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toMatch(/Error \d+ \(driver return code\) generating output/);
    expect(existsSync(join(dir, 'main.pdf'))).toBe(false);
  });

  it('ends the driver unused after a failed pass or one without pages, leaving the outcome alone', async () => {
    const failed: ProcessOutcome = { exitCode: 1, signal: null, timedOut: false, stderr: '' };
    await writeFile(join(dir, 'main.log'), 'TeX log\n');
    await writeFile(join(dir, 'main.xdv'), 'partial');
    for (const tex of [failed, CLEAN]) {
      if (tex === CLEAN) await rm(join(dir, 'main.xdv'));
      const driver = startPdfDriver('/usr/bin/xdvipdfmx', dir, 'bwrap', LIMITS);
      expect(await finishWithDriver(dir, tex, driver, Date.now() + 60_000, LIMITS.fileBytes)).toBe(tex);
      await driver.finish(Date.now() + 5_000);
      expect(driver.exited).toBe(true);
    }
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toBe('TeX log\n');
  });
});
