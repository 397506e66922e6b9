// What an upload is, by its bytes: real PNG, JPEG and PDF files pass with their sizes; HTML and
// scripts named .png, damaged and oversized files are refused with the status the API gives.
import { describe, expect, it } from 'vitest';
import { photoJpeg, pngClaiming, pngImage, pngOfSize, solidPng, vectorPdf } from '../../../../tests/support/images.js';
import { createImageSniffer, ImageContentError, NOT_AN_IMAGE, sniffImage } from './sniff.js';

function refusal(bytes: Buffer): { status: number; message: string } {
  try {
    sniffImage(bytes);
  } catch (err) {
    if (err instanceof ImageContentError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('accepted');
}

describe('sniffImage', () => {
  it('recognises PNG, JPEG and PDF with their pixel sizes', () => {
    expect(sniffImage(solidPng(240, 160))).toEqual({ kind: 'png', width: 240, height: 160 });
    expect(sniffImage(photoJpeg())).toMatchObject({ kind: 'jpeg' });
    expect(sniffImage(photoJpeg()).width).toBeGreaterThan(100);
    expect(sniffImage(vectorPdf())).toEqual({ kind: 'pdf', width: null, height: null });
  });

  it('refuses what is not an image whatever it claims to be, with 415', () => {
    for (const text of ['<!doctype html><script>alert(1)</script>', 'GIF89a....', '\\documentclass{article}', '']) {
      expect(refusal(Buffer.from(text))).toEqual({ status: 415, message: NOT_AN_IMAGE });
    }
    // An SVG or a GIF is a real image, just not one pdfTeX places.
    expect(refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')).status).toBe(415);
    expect(refusal(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')).status).toBe(415);
  });

  it('refuses damaged or cut-off files with 422', () => {
    const png = solidPng();
    expect(refusal(png.subarray(0, png.length - 20)).status).toBe(422);
    expect(refusal(png.subarray(0, 40)).status).toBe(422);
    const jpeg = photoJpeg();
    expect(refusal(jpeg.subarray(0, 4)).status).toBe(422);
    expect(refusal(Buffer.concat([jpeg.subarray(0, 3), Buffer.from('not a jpeg segment')])).status).toBe(422);
    const pdf = vectorPdf();
    expect(refusal(pdf.subarray(0, pdf.length / 2)).message).toBe('This PDF file is damaged or incomplete.');
    const encrypted = Buffer.concat([pdf.subarray(0, 200), Buffer.from('/Encrypt 5 0 R'), pdf.subarray(200)]);
    expect(refusal(encrypted).message).toMatch(/encrypted/);
  });

  it('refuses images larger than 16,384 pixels a side, and ones without pixels', () => {
    expect(refusal(pngClaiming(20_000, 10)).message).toBe('Images may be at most 16,384 pixels wide and high (this one is 20000 × 10).');
    expect(refusal(pngClaiming(0, 10)).status).toBe(422);
    expect(sniffImage(pngClaiming(16_384, 16_384))).toMatchObject({ width: 16_384 });
  });

  it('scans a large file in one pass (no pattern that backtracks)', () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 0xff);
    big[1] = 0xd8;
    expect(refusal(big).status).toBe(422);
    const tall = pngImage(1, 3000, () => [1, 2, 3]);
    expect(sniffImage(tall).height).toBe(3000);
  });
});

describe('createImageSniffer (an upload streaming by)', () => {
  /** The sniffer's answer for the bytes cut into chunks of `size`, or the refusal's status. */
  function streamed(bytes: Buffer, size: number): unknown {
    const sniffer = createImageSniffer();
    for (let at = 0; at < bytes.length; at += size) sniffer.push(bytes.subarray(at, at + size));
    try {
      return sniffer.finish();
    } catch (err) {
      if (err instanceof ImageContentError) return err.statusCode;
      throw err;
    }
  }

  it('answers as sniffImage does on the whole file, whatever the chunks', () => {
    const big = pngOfSize(5 * 1024 * 1024);
    const cut = big.subarray(0, big.length - 100);
    for (const size of [7, 65_536, 1 << 20]) {
      expect(streamed(solidPng(240, 160), size)).toEqual(sniffImage(solidPng(240, 160)));
      expect(streamed(photoJpeg(), size)).toEqual(sniffImage(photoJpeg()));
      expect(streamed(vectorPdf(), size)).toEqual(sniffImage(vectorPdf()));
      // Past the 2 MB it keeps of the start, the end still decides: a cut PNG is refused.
      expect(streamed(big, size)).toEqual({ kind: 'png', width: 16, height: 16 });
      expect(streamed(cut, size)).toBe(422);
    }
  });

  it("finds a PDF's /Encrypt across a chunk border, however far into the file", () => {
    const pdf = vectorPdf();
    const marker = pdf.indexOf('%%EOF', 0, 'latin1');
    const encrypted = Buffer.concat([pdf.subarray(0, marker), Buffer.alloc(3 << 20, 0x20), Buffer.from('/Encrypt 5 0 R\n'), pdf.subarray(marker)]);
    expect(streamed(encrypted, 1000)).toBe(422);
    expect(streamed(encrypted, 3)).toBe(422);
  });
});
