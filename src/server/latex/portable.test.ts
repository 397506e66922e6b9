// The LaTeX a person takes elsewhere compiles there: every fixture note's document, as its natural
// type, is compiled outside our sandbox by plain `xelatex`/`pdflatex` from the Debian TeX Live
// packages (no precompiled format, no font overlay, no environment of ours), as on another
// machine or Overleaf. Fonts go by family name (or, for TeX Live's own Fandol, by file as ctex
// names it), never by a path of this machine, and the first line names the engine XeLaTeX needs.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotes } from '../../eval/notes.js';
import { naturalType, readManifest } from '../../eval/note-types.js';
import { inParallel } from '../../eval/pool.js';
import { generate } from './generate/builtin/index.js';

const run = promisify(execFile);
const FIXTURES = 'tests/fixtures/notes';
const hasTex = existsSync('/usr/bin/xelatex') && existsSync('/usr/bin/pdflatex');

it('has TeX Live', () => {
  expect(hasTex, 'TeX Live is missing: run npm test, which installs it').toBe(true);
});

/** Files TeX Live ships (kpathsea finds them on any TeX Live): Fandol, as ctex names it. */
const TEX_LIVE_FONT_FILES = /^Fandol(Song|Hei|Fang|Kai)-(Regular|Bold)\.otf$/;

describe('every fixture compiles with plain TeX Live', () => {
  const manifest = readManifest(FIXTURES);
  const notes = listNotes(FIXTURES);
  const outcomes = new Map<string, { code: number; log: string; program: string; latex: string }>();
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-portable-'));
    // Nothing of ours in the environment: the TeX Live and fontconfig defaults of the machine.
    const env = { PATH: '/usr/bin:/bin', HOME: root, LANG: 'C.UTF-8' };
    await inParallel(notes, 2, async (note) => {
      const { latex, texProgram } = generate({ content: note.content, documentType: naturalType(note.name, note.content, manifest).type });
      const dir = await mkdtemp(join(root, 'doc-'));
      await writeFile(join(dir, 'main.tex'), latex);
      const args = ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'main.tex'];
      const result = await run(`/usr/bin/${texProgram}`, args, { cwd: dir, env, timeout: 120_000, maxBuffer: 16 << 20 }).then(
        (r) => ({ code: 0, log: r.stdout }),
        (err: { code?: number; stdout?: string }) => ({ code: typeof err.code === 'number' ? err.code : 1, log: err.stdout ?? '' }),
      );
      outcomes.set(note.name, { ...result, program: texProgram, latex });
    });
  }, 1_200_000);

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('reads every note', () => {
    expect(notes.length).toBeGreaterThan(60);
    expect(outcomes.size).toBe(notes.length);
  });

  for (const note of listNotes(FIXTURES)) {
    it(`${note.name}: compiles, names fonts portably and says its engine`, () => {
      const outcome = outcomes.get(note.name);
      expect(outcome?.code, outcome?.log.slice(-1500)).toBe(0);
      const latex = outcome?.latex ?? '';
      const files = latex.match(/[\w.-]+\.(?:ttf|ttc|otf)\b/g) ?? [];
      expect(files.filter((f) => !TEX_LIVE_FONT_FILES.test(f))).toEqual([]);
      expect(latex).not.toMatch(/\/usr\/|\/home\/|\/tmp\//);
      expect(latex.startsWith('% !TEX program = xelatex\n')).toBe(outcome?.program === 'xelatex');
    });
  }
});
