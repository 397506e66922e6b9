// Test helpers: the text pdftotext sees in a PDF, and every byte a PDF carries (raw plus inflated
// streams), so a leak hidden in a compressed object is still found.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

const run = promisify(execFile);

export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lg-pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-q', file, '-'], { maxBuffer: 64 << 20 });
    return stdout;
  } catch {
    return '';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function pdfAllBytes(pdf: Buffer): string {
  const parts = [pdf.toString('latin1')];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    let dataStart = start + 'stream'.length;
    if (pdf[dataStart] === 0x0d) dataStart++;
    if (pdf[dataStart] === 0x0a) dataStart++;
    const end = pdf.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    try {
      parts.push(inflateSync(pdf.subarray(dataStart, end)).toString('latin1'));
    } catch {
      // Not a Flate stream (or already plain): the raw bytes are covered above.
    }
    from = end + 'endstream'.length;
  }
  return parts.join('\n');
}
