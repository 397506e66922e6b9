// Kept auxiliary files, SyncTeX and extra input files, with real TeX Live under bubblewrap:
// a body-only edit in the same workspace compiles in one pass, a moved heading still updates the
// table of contents, stale kept files never break a compile, one workspace's files never reach
// another's job or cached result, SyncTeX data comes with every PDF, and uploaded images can be
// included while bad file names are refused.
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompileInputError, CompileRateLimitError, createCompileService, type CompileServiceInternals } from './index.js';
import { pdfText } from '../../../../tests/support/pdf.js';
import { READER } from '../../../../tests/support/aux-reader.js';

const run = promisify(execFile);
const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap');
const SECRET = 'SecretHeadingOfAlice';

/** A report with a table of contents; `heading` is the second chapter's title. */
const report = (heading: string, body: string) =>
  `\\documentclass{report}\n\\begin{document}\n\\tableofcontents\n\\chapter{Start}\nFirst.\n\\chapter{${heading}}\n${body}\n\\end{document}\n`;


it('has the TeX tools it needs', () => {
  expect(hasTex, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('kept auxiliary files, SyncTeX and input files', () => {
  let root: string;
  let service: CompileServiceInternals;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-workspaces-'));
    service = createCompileService({ timeoutMs: 20_000, concurrency: 2, dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [] });
  });

  afterAll(async () => {
    await service?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a body-only edit in the same workspace takes one pass; a new heading reaches the table of contents', async () => {
    const workspace = 'doc:1:10';
    const first = await service.compile({ latex: report('Method', 'Body one.'), workspace });
    expect(first.status).toBe('success');
    expect(first.passes).toBe(2);

    const edit = await service.compile({ latex: report('Method', 'Body two, edited.'), workspace });
    expect(edit.status).toBe('success');
    expect(edit.passes).toBe(1);
    expect(await pdfText(edit.pdf!)).toMatch(/Method[\s.]*\d/);

    const renamed = await service.compile({ latex: report('Results', 'Body two, edited.'), workspace });
    expect(renamed.passes).toBe(2);
    const text = await pdfText(renamed.pdf!);
    // In the table of contents and as the chapter title; the old title is gone.
    expect(text.match(/Results/g)?.length).toBe(2);
    expect(text).not.toContain('Method');

    // Without a workspace every compile starts clean.
    expect((await service.compile({ latex: report('Results', 'Body three.') })).passes).toBe(2);
  });

  it('a compile that kept files break runs again from a clean directory', async () => {
    const workspace = 'doc:1:11';
    // The first document writes a command of its own into main.aux; the second does not define it.
    const writes = '\\documentclass{article}\n\\newcommand\\mine{}\n\\begin{document}\n\\makeatletter\\immediate\\write\\@auxout{\\string\\mine}\\makeatother\nA.\n\\end{document}\n';
    expect((await service.compile({ latex: writes, workspace })).status).toBe('success');
    const plain = '\\documentclass{article}\n\\begin{document}\nB, plainly.\n\\end{document}\n';
    const result = await service.compile({ latex: plain, workspace });
    expect(result.status).toBe('success');
    expect(await pdfText(result.pdf!)).toContain('B, plainly.');
  });

  it("never shows one workspace's kept files to another workspace's job or cache", async () => {
    const alice = 'doc:100:1';
    const bob = 'doc:200:1';
    expect((await service.compile({ latex: report(SECRET, 'Private.'), workspace: alice })).status).toBe('success');
    expect(service.keptFileStats().workspaces).toBeGreaterThan(0);

    // Control: the reader in Alice's own workspace finds her files, so the checks below can fail.
    const alices = await service.compile({ latex: READER, workspace: alice });
    const aliceText = (await pdfText(alices.pdf!)).replace(/\s+/g, ' ');
    expect(aliceText).toContain('aux present');
    expect(aliceText).toContain(SECRET);

    // Bob's job finds nothing under any kept name, and Alice's cached result is not his answer.
    const bobs = await service.compile({ latex: READER, workspace: bob });
    expect(bobs.status).toBe('success');
    expect(bobs.cached).toBeUndefined();
    const bobText = (await pdfText(bobs.pdf!)).replace(/\s+/g, ' ');
    expect(bobText).toContain('aux absent');
    expect(bobText).toContain('toc absent');
    expect(bobText).toContain('main.toc unreadable');
    expect(bobText).not.toContain(SECRET);
    const anonymous = await service.compile({ latex: READER });
    expect(await pdfText(anonymous.pdf!)).not.toContain(SECRET);
  });

  it('returns gzipped SyncTeX data that maps the PDF to main.tex lines', async () => {
    const result = await service.compile({ latex: '\\documentclass{article}\n\\begin{document}\nFirst line.\n\nSecond paragraph.\n\\end{document}\n' });
    expect(result.status).toBe('success');
    const synctex = gunzipSync(result.synctex!).toString('utf8');
    expect(synctex).toMatch(/^SyncTeX Version:1/);
    expect(synctex).toMatch(/Input:1:\/job\/(\.\/)?main\.tex/);
    // Boxes tagged with input 1 and line 3 or 5 (the two paragraphs).
    expect(synctex).toMatch(/\n[[(hvxkg$]1,[35][:,]/);
  });

  it('includes uploaded images by their flat names; the same LaTeX without them is a different compile', async () => {
    const png = (await run('pdftoppm', ['-v']).then(() => true, () => false)) ? await tinyPng(root) : null;
    expect(png, 'poppler-utils (pdftoppm) is missing: run npm test, which installs it').not.toBeNull();
    const latex = '\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n\\includegraphics[width=2cm]{img-1.png}\n\\end{document}\n';
    const missing = await service.compile({ latex });
    expect(missing.status).toBe('failure');
    const withImage = await service.compile({ latex, files: [{ name: 'img-1.png', bytes: png! }] });
    expect(withImage.status).toBe('success');
    expect(withImage.cached).toBeUndefined();
    const file = join(root, 'with-image.pdf');
    await writeFile(file, withImage.pdf!);
    const { stdout } = await run('pdfimages', ['-list', file]);
    expect(stdout.trim().split('\n').length).toBe(3); // two header lines and one image
  });

  it('refuses unsafe or oversized input files before running TeX', async () => {
    const latex = '\\documentclass{article}\\begin{document}x\\end{document}';
    const bytes = Buffer.from('x');
    for (const name of ['../img.png', 'a/b.png', '.hidden', 'main.aux', 'MAIN.tex', 'img..png', 'img.png.', '', 'ü.png', 'x.fmt']) {
      await expect(service.compile({ latex, files: [{ name, bytes }] }), name).rejects.toBeInstanceOf(CompileInputError);
    }
    await expect(service.compile({ latex, files: [{ name: 'a.png', bytes }, { name: 'A.png', bytes }] })).rejects.toBeInstanceOf(CompileInputError);
    const small = createCompileService({ dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [], inputFiles: { maxFileBytes: 10, maxTotalBytes: 15 } });
    try {
      const big = await small.compile({ latex, files: [{ name: 'big.png', bytes: Buffer.alloc(11) }] }).catch((err: unknown) => err);
      expect(big).toBeInstanceOf(CompileInputError);
      expect((big as CompileInputError).statusCode).toBe(413);
      const many = small.compile({ latex, files: [{ name: 'a.png', bytes: Buffer.alloc(8) }, { name: 'b.png', bytes: Buffer.alloc(8) }] });
      await expect(many).rejects.toBeInstanceOf(CompileInputError);
    } finally {
      await small.close();
    }
  });

  it('a compile started ahead that ends after a newer one leaves the newer kept files', async () => {
    const workspace = 'doc:5:1';
    // The compile started after generation, of a long first version, still runs when the person
    // compiles a short edited version; it ends last.
    const ahead = service.compile({ latex: report('Draft', 'x '.repeat(20_000)), workspace, priority: 'background' });
    const newer = await service.compile({ latex: report('Final', 'Short.'), workspace });
    expect(newer.status).toBe('success');
    expect((await ahead).status).toBe('success');
    // The kept table of contents is the newer one's: a body-only edit of it takes one pass.
    const edit = await service.compile({ latex: report('Final', 'Short, edited.'), workspace });
    expect(edit.passes).toBe(1);
    expect(await pdfText(edit.pdf!)).not.toContain('Draft');

    // A compile started ahead that runs only after the person's compile leaves its files alone too.
    // (Texts of their own: a cached answer runs nothing and keeps nothing.)
    const later = 'doc:5:2';
    expect((await service.compile({ latex: report('Last', 'Brief.'), workspace: later })).passes).toBe(2);
    expect((await service.compile({ latex: report('First', 'Long.'), workspace: later, priority: 'background' })).status).toBe('success');
    expect((await service.compile({ latex: report('Last', 'Brief, edited.'), workspace: later })).passes).toBe(1);
  });

  it('background compiles skip the per-user limits, and a later request joins or reuses them', async () => {
    const limited = createCompileService({ dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [], ratePerMinute: 1 });
    try {
      const latex = '\\documentclass{article}\\begin{document}Ahead of time.\\end{document}';
      const background = limited.compile({ latex, userKey: 'carol', workspace: 'doc:3:1', priority: 'background' });
      const asked = await limited.compile({ latex, userKey: 'carol', workspace: 'doc:3:1' });
      expect(asked.status).toBe('success');
      expect((await background).pdfHash).toBe(asked.pdfHash);
      // The one compile Carol asked for used her budget; the background one did not.
      await expect(limited.compile({ latex: `${latex}%`, userKey: 'carol' })).rejects.toBeInstanceOf(CompileRateLimitError);
    } finally {
      await limited.close();
    }
  });
});

/** A small PNG made by pdftoppm from a one-page PDF (no image library needed). */
async function tinyPng(dir: string): Promise<Buffer> {
  const service = createCompileService({ dataDir: join(dir, 'data'), warmFormats: false, preambles: async () => [] });
  try {
    const made = await service.compile({ latex: '\\documentclass{article}\\pagestyle{empty}\\begin{document}Picture\\end{document}' });
    const pdf = join(dir, 'picture.pdf');
    await writeFile(pdf, made.pdf!);
    await run('pdftoppm', ['-png', '-r', '10', '-singlefile', pdf, join(dir, 'picture')]);
    const { readFile } = await import('node:fs/promises');
    return await readFile(join(dir, 'picture.png'));
  } finally {
    await service.close();
  }
}
