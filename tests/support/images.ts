// Images for tests: a small PNG encoder (so a test draws exactly the picture it looks for in a PDF)
// and the fixtures in tests/fixtures/images (a JPEG and a vector PDF made with pdflatex and pdftoppm).
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `width` × `height` whose pixel (x, y) is `pixel(x, y)`. */
export function pngImage(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0, at = 0; y < height; y++) {
    rows[at++] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rows[at++] = r;
      rows[at++] = g;
      rows[at++] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims the given size but holds almost no data (for size checks). */
export function pngClaiming(width: number, height: number): Buffer {
  const small = pngImage(1, 1, () => [0, 0, 0]);
  small.writeUInt32BE(width, 16);
  small.writeUInt32BE(height, 20);
  return small;
}

/** The test picture: a solid colour (pure red by default) with a white frame, easy to find in a rendered page. */
export function solidPng(width = 240, height = 160, colour: Rgb = [220, 20, 20]): Buffer {
  return pngImage(width, height, (x, y) => (x < 6 || y < 6 || x >= width - 6 || y >= height - 6 ? [255, 255, 255] : colour));
}

const FIXTURES = new URL('../fixtures/images/', import.meta.url);
export const photoJpeg = (): Buffer => readFileSync(new URL('photo.jpg', FIXTURES));
export const vectorPdf = (): Buffer => readFileSync(new URL('vector-figure.pdf', FIXTURES));

/** The PNG grown to exactly `size` bytes by a private ancillary chunk, which decoders skip. */
export function pngOfSize(size: number, png: Buffer = solidPng(16, 16)): Buffer {
  const iend = png.length - 12;
  const padding = size - png.length - 12;
  if (padding < 0) throw new Error(`a PNG of ${size} bytes cannot hold this picture`);
  return Buffer.concat([png.subarray(0, iend), chunk('pdPa', Buffer.alloc(padding, 0x20)), png.subarray(iend)]);
}
