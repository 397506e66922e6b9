// `latexgen compile` (src/cli/compile-command.ts): same service, line-numbered errors, exit codes.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCompileCommand } from '../../../cli/compile-command.js';

const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap');

// No silent skips: without the tools the suite fails, saying what is missing (npm test installs them).
it('has the TeX tools it needs', () => {
  expect(hasTex, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('latexgen compile', () => {
  let dir: string;
  let previousDataDir: string | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lg-cli-'));
    previousDataDir = process.env.DATA_DIR;
    process.env.DATA_DIR = join(dir, 'data');
  });

  afterAll(async () => {
    if (previousDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previousDataDir;
    await rm(dir, { recursive: true, force: true });
  });

  async function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
    try {
      const code = await runCompileCommand(args);
      return { code, out: out.join('\n'), err: err.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  it('writes the PDF next to the input, or to -o', async () => {
    const input = join(dir, 'good.tex');
    await writeFile(input, '\\documentclass{article}\n\\begin{document}\nHello from the CLI.\n\\end{document}\n');
    const first = await run([input]);
    expect(first.code).toBe(0);
    expect((await readFile(join(dir, 'good.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    const second = await run([input, '-o', join(dir, 'other.pdf')]);
    expect(second.code).toBe(0);
    expect(second.out).toContain(join(dir, 'other.pdf'));
    expect(existsSync(join(dir, 'other.pdf'))).toBe(true);
  });

  it('prints line-numbered errors with hints and exits non-zero', async () => {
    const input = join(dir, 'bad.tex');
    await writeFile(input, '\\documentclass{article}\n\\begin{document}\nFine.\n\nArea x^2 here.\n\\end{document}\n');
    const result = await run([input]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('bad.tex:5: Missing $ inserted.');
    expect(result.err).toMatch(/hint: .*math mode/);
    expect(existsSync(join(dir, 'bad.pdf'))).toBe(false);
  });

  it('explains its usage', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['a.tex', 'b.tex'])).code).toBe(2);
    expect((await run([join(dir, 'missing.tex')])).err).toMatch(/Cannot read/);
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.err).toContain('Usage: latexgen compile in.tex [-o out.pdf]');
  });
});
