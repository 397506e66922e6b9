// What an uploaded file really is, from its bytes: PNG, JPEG (the kinds pdfTeX can place) or PDF,
// never trusting its name or declared type, so a `.png` that is HTML is refused. The headers are
// read far enough to refuse damaged files and sizes pdfTeX would choke on before they reach a
// compile. Every check is a bounded forward scan.
import { MAX_IMAGE_SIDE, type ImageKind } from '../../../shared/images.js';

export class ImageContentError extends Error {
  constructor(
    message: string,
    /** 415: not an image we take; 422: the right kind, but unusable. */
    readonly statusCode: 415 | 422,
  ) {
    super(message);
    this.name = 'ImageContentError';
  }
}

export interface SniffedImage {
  kind: ImageKind;
  /** Pixels (PNG and JPEG); null for a PDF. */
  width: number | null;
  height: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const NOT_AN_IMAGE = 'Only PNG, JPEG and PDF images can be uploaded (the file is checked by its content, not its name).';

function checkSides(width: number, height: number, what: string): void {
  if (width < 1 || height < 1) throw new ImageContentError(`This ${what} file is damaged: it has no pixels.`, 422);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ImageContentError(`Images may be at most ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels wide and high (this one is ${width} × ${height}).`, 422);
  }
}

function sniffPng(bytes: Buffer): SniffedImage {
  // The first chunk is IHDR (13 bytes of data); the last is IEND.
  if (bytes.length < 8 + 25 + 12 || bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13) {
    throw new ImageContentError('This PNG file is damaged or incomplete.', 422);
  }
  // Some tools leave a few bytes after IEND, which decoders ignore; a cut-off file has no IEND.
  if (bytes.lastIndexOf('IEND', bytes.length - 8, 'latin1') < Math.max(33, bytes.length - 4096)) {
    throw new ImageContentError('This PNG file is damaged or incomplete (it does not end where a PNG ends).', 422);
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  checkSides(width, height, 'PNG');
  return { kind: 'png', width, height };
}

// Baseline, extended sequential and progressive Huffman JPEGs; pdfTeX refuses the rest (arithmetic
// coding, lossless, hierarchical).
const PLACEABLE_SOF = new Set([0xc0, 0xc1, 0xc2]);
const OTHER_SOF = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function sniffJpeg(bytes: Buffer): SniffedImage {
  const damaged = () => new ImageContentError('This JPEG file is damaged or incomplete.', 422);
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw damaged();
    while (at < bytes.length && bytes[at] === 0xff) at++; // fill bytes
    const marker = bytes[at];
    at++;
    if (marker === undefined) break;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) break; // end of image, or the scan before any frame header
    if (at + 2 > bytes.length) break;
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) break;
    if (PLACEABLE_SOF.has(marker)) {
      if (length < 7) throw damaged();
      const height = bytes.readUInt16BE(at + 3);
      const width = bytes.readUInt16BE(at + 5);
      checkSides(width, height, 'JPEG');
      return { kind: 'jpeg', width, height };
    }
    if (OTHER_SOF.has(marker)) {
      throw new ImageContentError('This JPEG uses a compression PDF documents cannot show; save it as a standard JPEG or a PNG.', 422);
    }
    at += length;
  }
  throw damaged();
}

function sniffPdf(bytes: Buffer, encrypted = bytes.indexOf('/Encrypt', 0, 'latin1') >= 0): SniffedImage {
  const version = bytes.toString('latin1', 5, 7);
  if (!/^[12]\.$/.test(version) || bytes.indexOf('%%EOF', Math.max(0, bytes.length - 1024), 'latin1') < 0) {
    throw new ImageContentError('This PDF file is damaged or incomplete.', 422);
  }
  // pdfTeX cannot open an encrypted PDF; say so now rather than as a compile error.
  if (encrypted) {
    throw new ImageContentError('This PDF is password-protected or encrypted; upload an unprotected copy.', 422);
  }
  return { kind: 'pdf', width: null, height: null };
}

/** The image the bytes are; throws ImageContentError for anything else. */
export function sniffImage(bytes: Buffer, pdfEncrypted?: boolean): SniffedImage {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return sniffPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes);
  if (bytes.length >= 8 && bytes.toString('latin1', 0, 5) === '%PDF-') return sniffPdf(bytes, pdfEncrypted);
  throw new ImageContentError(NOT_AN_IMAGE, 415);
}

/** What the checks read: the start (a JPEG's frame header follows its metadata) and the end. */
const HEAD_BYTES = 2 << 20;
const TAIL_BYTES = 4096;
const ENCRYPT = Buffer.from('/Encrypt', 'latin1');

/**
 * The same checks on bytes that stream by (an upload on its way to the blob store): it keeps the
 * first 2 MB and the last 4 KB, and looks for a PDF's /Encrypt in every chunk (and across chunk
 * borders), so a file of any size is checked without being held whole.
 */
export function createImageSniffer() {
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail = Buffer.alloc(0);
  let total = 0;
  let encrypted = false;
  let carry = Buffer.alloc(0);
  return {
    push(chunk: Buffer): void {
      total += chunk.length;
      if (headBytes < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
      tail = Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);
      if (!encrypted) {
        const window = Buffer.concat([carry, chunk]);
        encrypted = window.indexOf(ENCRYPT) >= 0;
        carry = window.subarray(-(ENCRYPT.length - 1));
      }
    },
    /** The image the bytes were; throws ImageContentError for anything else. */
    finish(): SniffedImage {
      const start = Buffer.concat(head, headBytes);
      // The whole file when it fit in the head; else its start with its end behind it.
      const sample = total <= HEAD_BYTES ? start : Buffer.concat([start, tail.subarray(Math.max(0, TAIL_BYTES - (total - HEAD_BYTES)))]);
      return sniffImage(sample, encrypted);
    },
  };
}
