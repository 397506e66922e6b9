// withoutGlyphNames on fonts built here byte by byte: a single font and a collection whose faces
// share one `post` table; what it refuses; the checksums it keeps right.
import { describe, expect, it } from 'vitest';
import { tableChecksum, withoutGlyphNames } from './glyph-names.js';

type Table = [tag: string, bytes: Buffer];

/** A `post` table of the given version: 32-byte header, then (for version 2) some glyph names. */
function post(version: number): Buffer {
  const header = Buffer.alloc(32);
  header.writeUInt32BE(version, 0);
  header.writeInt32BE(-12 << 16, 4); // italic angle, which must survive
  header.writeInt16BE(-100, 8);
  const names = Buffer.from([2, 0, 0, 0, 1, 3, 0x61, 0x62, 0x63]);
  return version === 0x00020000 ? Buffer.concat([header, names]) : header;
}

function head(): Buffer {
  const bytes = Buffer.alloc(54);
  bytes.writeUInt32BE(0x00010000, 0);
  bytes.writeUInt32BE(0x5f0f3cf5, 12); // magic number
  return bytes;
}

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);

/** A table directory at `at` for tables laid out from `dataAt`; returns the directory and data. */
function directory(tables: Table[], dataAt: number): { dir: Buffer; data: Buffer; offsets: number[] } {
  const dir = Buffer.alloc(12 + 16 * tables.length);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(tables.length, 4);
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let offset = dataAt;
  tables.forEach(([tag, bytes], i) => {
    dir.write(tag, 12 + 16 * i, 'latin1');
    dir.writeUInt32BE(tableChecksum(bytes), 12 + 16 * i + 4);
    dir.writeUInt32BE(offset, 12 + 16 * i + 8);
    dir.writeUInt32BE(bytes.length, 12 + 16 * i + 12);
    offsets.push(offset);
    chunks.push(pad(bytes));
    offset += pad(bytes).length;
  });
  return { dir, data: Buffer.concat(chunks), offsets };
}

/** A single font whose head.checkSumAdjustment is right. */
function singleFont(postVersion = 0x00020000): Buffer {
  const tables: Table[] = [
    ['head', head()],
    ['post', post(postVersion)],
  ];
  const { dir, data } = directory(tables, 12 + 16 * tables.length);
  const font = Buffer.concat([dir, data]);
  const headAt = font.readUInt32BE(12 + 8);
  font.writeUInt32BE((0xb1b0afba - tableChecksum(font)) >>> 0, headAt + 8);
  return font;
}

function record(font: Buffer, dirAt: number, tag: string): { checksum: number; offset: number; length: number } {
  const tables = font.readUInt16BE(dirAt + 4);
  for (let i = 0; i < tables; i++) {
    const at = dirAt + 12 + 16 * i;
    if (font.toString('latin1', at, at + 4) === tag) return { checksum: font.readUInt32BE(at + 4), offset: font.readUInt32BE(at + 8), length: font.readUInt32BE(at + 12) };
  }
  throw new Error(`no ${tag}`);
}

describe('withoutGlyphNames', () => {
  it('gives a single font a version 3 post table with the same header fields, and keeps its checksums right', () => {
    const font = singleFont();
    const slim = withoutGlyphNames(font);
    expect(slim).not.toBeNull();
    const table = record(slim!, 0, 'post');
    expect(slim!.readUInt32BE(table.offset)).toBe(0x00030000);
    expect(table.length).toBe(32);
    expect(slim!.readInt32BE(table.offset + 4)).toBe(-12 << 16);
    expect(slim!.readInt16BE(table.offset + 8)).toBe(-100);
    expect(table.checksum).toBe(tableChecksum(slim!.subarray(table.offset, table.offset + 32)));
    // The whole file sums to the magic value again (checkSumAdjustment follows the change).
    expect(tableChecksum(slim!)).toBe(0xb1b0afba);
    // Everything else is the same bytes; the original is untouched.
    expect(slim!.length).toBe(font.length);
    expect(record(font, 0, 'post').length).toBeGreaterThan(32);
    expect(font.readUInt32BE(record(font, 0, 'post').offset)).toBe(0x00020000);
  });

  it('patches a collection once per shared table and in every face that points to it', () => {
    const shared = post(0x00020000);
    // Two faces, each a directory of one table, both pointing at the same post table.
    const faces = 2;
    const headerLength = 12 + 4 * faces;
    const dirLength = 12 + 16;
    const dataAt = headerLength + faces * dirLength;
    const [first, second] = [0, 1].map(() => directory([['post', shared]], dataAt)) as [ReturnType<typeof directory>, ReturnType<typeof directory>];
    const header = Buffer.alloc(headerLength);
    header.write('ttcf', 0, 'latin1');
    header.writeUInt32BE(0x00010000, 4);
    header.writeUInt32BE(faces, 8);
    header.writeUInt32BE(headerLength, 12);
    header.writeUInt32BE(headerLength + dirLength, 16);
    const font = Buffer.concat([header, first.dir, second.dir, first.data]);
    const slim = withoutGlyphNames(font)!;
    for (const dirAt of [headerLength, headerLength + dirLength]) {
      const table = record(slim, dirAt, 'post');
      expect(table).toMatchObject({ offset: dataAt, length: 32 });
      expect(slim.readUInt32BE(table.offset)).toBe(0x00030000);
    }
  });

  it('returns null for a font without names, a truncated font and what is not a font', () => {
    expect(withoutGlyphNames(singleFont(0x00030000))).toBeNull();
    expect(withoutGlyphNames(singleFont().subarray(0, 40))).toBeNull();
    expect(withoutGlyphNames(Buffer.from('%PDF-1.5 not a font at all'))).toBeNull();
    expect(withoutGlyphNames(Buffer.alloc(0))).toBeNull();
  });
});
