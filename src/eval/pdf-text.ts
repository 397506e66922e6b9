// The text of a PDF as a reader's copy-and-paste would give it: poppler's pdftotext.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfToText(pdf: Buffer): Promise<string> {
  return (await pdfTexts(pdf)).text;
}

/** Reading order and `-layout` (lines as they stand on the page); pages end with a form feed. */
export async function pdfTexts(pdf: Buffer): Promise<{ text: string; layout: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'lg-pdftotext-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const opts = { maxBuffer: 64 << 20, timeout: 60_000 };
    const [text, layout] = await Promise.all([
      run('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], opts),
      run('pdftotext', ['-q', '-layout', '-enc', 'UTF-8', file, '-'], opts),
    ]);
    return { text: text.stdout, layout: layout.stdout };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
