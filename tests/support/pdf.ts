// Test helpers: the text pdftotext sees in a PDF, every byte a PDF carries (raw plus inflated
// streams, so a leak hidden in a compressed object is still found), and how much of page 1 shows
// the test picture's red (an uploaded image really drawn, not just compiled).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { pdfToText } from '../../src/eval/pdf-text.js';

/** The PDF's text as pdftotext gives it (the eval's reader), or '' when it cannot be read. */
export async function pdfText(pdf: Buffer): Promise<string> {
  try {
    return await pdfToText(pdf);
  } catch {
    return '';
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

const run = promisify(execFile);

/** Pixels of page 1 (rendered by pdftoppm at 20 dpi) close to the test picture's red (tests/support/images.ts). */
export async function redPixels(pdf: Buffer): Promise<number> {
  const child = run('pdftoppm', ['-r', '20', '-f', '1', '-l', '1', '-'], { encoding: 'buffer', maxBuffer: 64 << 20 });
  child.child.stdin!.end(pdf);
  const { stdout } = await child.catch((err: unknown) => {
    throw new Error(`pdftoppm (poppler-utils) failed or is missing: npm test installs it. ${String(err)}`);
  });
  // Binary PPM: "P6\n<w> <h>\n255\n" then RGB bytes.
  let at = 0;
  for (let fields = 0; fields < 4; at++) if (stdout[at] === 0x0a || stdout[at] === 0x20) fields++;
  let red = 0;
  for (let i = at; i + 2 < stdout.length; i += 3) {
    if (stdout[i]! > 180 && stdout[i + 1]! < 80 && stdout[i + 2]! < 80) red++;
  }
  return red;
}
