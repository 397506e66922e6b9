// The text of a PDF as a reader's copy-and-paste would give it: poppler's pdftotext.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfToText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lg-pdftotext-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20, timeout: 60_000 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
