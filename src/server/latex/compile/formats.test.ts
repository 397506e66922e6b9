// Precompiled formats: built in the sandbox, reused across restarts, rebuilt when the preamble or
// the TeX Live build changes, and used only for documents with exactly that preamble.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormatStore, preambleOf } from './formats.js';
import { GIB, probeSandbox, sandboxIdentity } from './sandbox.js';
import type { PreambleSpec } from './types.js';

const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap');
const PREAMBLE = '\\documentclass{article}\n\\usepackage{amsmath}\n';
const SPEC: PreambleSpec = { id: 'tiny', program: 'pdflatex', preamble: PREAMBLE };

// No silent skips: without the tools the suite fails, saying what is missing (npm test installs them).
it('has the TeX tools it needs', () => {
  expect(hasTex, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('preambleOf', () => {
  it('returns the exact text before \\begin{document}', () => {
    expect(preambleOf(`${PREAMBLE}\\begin{document}\nx\\end{document}`)).toBe(PREAMBLE);
    expect(preambleOf('no document here')).toBeNull();
  });
});

describe('FormatStore', () => {
  let root: string;
  let dir: string;
  let workDir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-formats-'));
    dir = join(root, 'private', 'formats');
    workDir = join(root, 'work');
    await mkdir(workDir);
    // The stored formats may sit in a directory the sandbox user cannot enter.
    await mkdir(join(root, 'private'), { mode: 0o700 });
    await chmod(root, 0o711);
    await chmod(workDir, 0o711);
    expect((await probeSandbox(workDir)).ok).toBe(true);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const store = () =>
    new FormatStore({
      dir,
      workDir,
      mode: 'bwrap',
      binDir: '/usr/bin',
      timeoutMs: 60_000,
      limits: { cpuSeconds: 60, fileBytes: 256 << 20, memoryBytes: 2 * GIB, processes: sandboxIdentity() ? 64 : null, openFiles: 256 },
    });

  it('builds, reuses and rebuilds formats', async () => {
    const first = store();
    await first.load([SPEC, { id: 'xe', program: 'xelatex', preamble: PREAMBLE }], 'texlive-A');
    // XeLaTeX preambles are skipped: XeTeX cannot dump after fontspec has loaded a font.
    expect(first.status()).toEqual([{ id: 'tiny', program: 'pdflatex', state: 'missing' }]);
    await first.warm();
    expect(first.status()[0]?.state).toBe('ready');
    const built = await readdir(dir);
    expect(built).toHaveLength(1);
    expect(built[0]).toMatch(/^lg-tiny-[0-9a-f]{20}\.fmt$/);

    const handle = first.lookup(`${PREAMBLE}\\begin{document}\nx\n\\end{document}\n`, 'pdflatex');
    expect(handle?.handle.path.startsWith(join(workDir, 'formats'))).toBe(true);
    expect(first.lookup(`${PREAMBLE}% changed\n\\begin{document}\nx\n\\end{document}\n`, 'pdflatex')).toBeNull();
    expect(first.lookup(`${PREAMBLE}\\begin{document}\nx\n\\end{document}\n`, 'xelatex')).toBeNull();

    // A restart with the same TeX Live finds the stored format.
    const second = store();
    await second.load([SPEC], 'texlive-A');
    expect(second.status()[0]?.state).toBe('ready');

    // A different TeX Live build invalidates it: the old file goes, a new one is built.
    const third = store();
    await third.load([SPEC], 'texlive-B');
    expect(third.status()[0]?.state).toBe('missing');
    expect(await readdir(dir)).toEqual([]);
    await third.warm();
    const rebuilt = await readdir(dir);
    expect(rebuilt).toHaveLength(1);
    expect(rebuilt[0]).not.toBe(built[0]);

    // Another list sharing the data dir leaves these formats alone.
    const other = store();
    await other.load([{ id: 'other', program: 'pdflatex', preamble: '\\documentclass{report}\n' }], 'texlive-B');
    expect(await readdir(dir)).toEqual(rebuilt);
  }, 120_000);

  it('marks a preamble that does not build as broken, and never uses it', async () => {
    const s = store();
    await s.load([{ id: 'bad', program: 'pdflatex', preamble: '\\documentclass{article}\n\\usepackage{doesnotexist}\n' }], 'texlive-A');
    await s.warm();
    expect(s.status()).toEqual([{ id: 'bad', program: 'pdflatex', state: 'broken' }]);
    expect(s.lookup('\\documentclass{article}\n\\usepackage{doesnotexist}\n\\begin{document}x\\end{document}', 'pdflatex')).toBeNull();
  }, 60_000);
});
