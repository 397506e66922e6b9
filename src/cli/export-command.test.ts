// `latexgen export` (src/cli/export-command.ts): the project zip holds main.tex, the images named
// and a README naming the engine; the Word file has headings and an equation; bad arguments exit 2.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solidPng } from '../../tests/support/images.js';
import { runExportCommand } from './export-command.js';

const LATEX = '% !TEX program = xelatex\n\\documentclass{article}\n\\usepackage{graphicx}\n\\title{Trip}\n\\begin{document}\n\\section{Road}\nSpeed $v = d/t$.\n\\includegraphics{map.png}\n\\end{document}\n';

describe('latexgen export', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lg-export-cli-'));
    await writeFile(join(dir, 'trip.tex'), LATEX);
    await writeFile(join(dir, 'map.png'), solidPng());
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function run(args: string[]) {
    const err: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
    try {
      return { code: await runExportCommand(args), err: err.join('\n') };
    } finally {
      error.mockRestore();
    }
  }

  it('zips the project: main.tex, the image and a README naming XeLaTeX', async () => {
    const result = await run([join(dir, 'trip.tex'), '--format', 'zip', '--image', join(dir, 'map.png')]);
    expect(result.code, result.err).toBe(0);
    const files = unzipSync(new Uint8Array(await readFile(join(dir, 'trip.zip'))));
    expect(Object.keys(files).sort()).toEqual(['README.md', 'main.tex', 'map.png']);
    expect(strFromU8(files['main.tex']!)).toBe(LATEX);
    expect(strFromU8(files['README.md']!)).toMatch(/^# Trip\n[\s\S]*XeLaTeX: `xelatex main\.tex`/);
  });

  it('writes a Word file with a heading and an equation', async () => {
    const result = await run([join(dir, 'trip.tex'), '-f', 'docx', '--image', join(dir, 'map.png'), '-o', join(dir, 'out.docx')]);
    expect(result.code, result.err).toBe(0);
    const xml = strFromU8(unzipSync(new Uint8Array(await readFile(join(dir, 'out.docx'))))['word/document.xml']!);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1" ?\/>/);
    expect(xml).toContain('<m:oMath>');
  }, 60_000);

  it('refuses an unknown format', async () => {
    const result = await run([join(dir, 'trip.tex'), '--format', 'pdfx']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--format must be one of tex, zip, docx/);
  });
});
