// Test helpers: the text pdftotext sees in a PDF, and every byte a PDF carries (raw plus inflated
// streams), so a leak hidden in a compressed object is still found.
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
