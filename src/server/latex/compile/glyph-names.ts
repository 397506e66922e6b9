// A TrueType font's `post` table (version 2) names every glyph. xdvipdfmx reads and parses all of
// those names each time it embeds the font, though it needs none of them for a CJK font's text
// (every glyph such a document uses comes from the character map, which gives the PDF's
// ToUnicode): AR PL UMing has 27 123 names, about 4–8 ms of a compile per embedded face.
// withoutGlyphNames() gives the font back with a version 3 `post` table (the same metrics, no
// names); the glyphs, metrics and every other table are the same bytes.

const POST = 0x706f7374; // 'post'
const HEAD = 0x68656164; // 'head'
const POST_V2 = 0x00020000;
const POST_V3 = 0x00030000;
/** A version 3 `post` table is its 32-byte header. */
const POST_V3_LENGTH = 32;

interface TableEntry {
  /** Where the table's directory record starts. */
  record: number;
  offset: number;
  length: number;
}

/** Offsets of the font's table directories: one, or one per face of a collection ('ttcf'). */
function faceDirectories(font: Buffer): number[] {
  if (font.length < 12) return [];
  if (font.readUInt32BE(0) !== 0x74746366) return [0];
  const count = font.readUInt32BE(8);
  if (12 + 4 * count > font.length) return [];
  return Array.from({ length: count }, (_, i) => font.readUInt32BE(12 + 4 * i));
}

function findTable(font: Buffer, directory: number, tag: number): TableEntry | null {
  if (directory + 12 > font.length) return null;
  const tables = font.readUInt16BE(directory + 4);
  for (let i = 0; i < tables; i++) {
    const record = directory + 12 + 16 * i;
    if (record + 16 > font.length) return null;
    if (font.readUInt32BE(record) !== tag) continue;
    const offset = font.readUInt32BE(record + 8);
    const length = font.readUInt32BE(record + 12);
    return offset + length <= font.length ? { record, offset, length } : null;
  }
  return null;
}

/** The OpenType table checksum: the sum of its big-endian 32-bit words (zero-padded), mod 2^32. */
export function tableChecksum(bytes: Buffer): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word = i + 4 <= bytes.length ? bytes.readUInt32BE(i) : Buffer.concat([bytes.subarray(i), Buffer.alloc(4)]).readUInt32BE(0);
    sum = (sum + word) >>> 0;
  }
  return sum;
}

/**
 * A copy of `font` (TrueType or OpenType, single or collection) whose `post` tables no longer name
 * the glyphs, or null when none does (or the file is not a font this understands). The names'
 * bytes stay in the file, unreferenced. A single font's head.checkSumAdjustment is brought up to
 * date by the change in the file's sum; in a collection it is left as it was.
 */
export function withoutGlyphNames(font: Buffer): Buffer | null {
  const copy = Buffer.from(font);
  const directories = faceDirectories(copy);
  const patched = new Set<number>();
  let changed = false;
  for (const directory of directories) {
    const post = findTable(copy, directory, POST);
    if (!post || post.length < POST_V3_LENGTH) continue;
    const sumBefore = (copy.readUInt32BE(post.record + 4) + copy.readUInt32BE(post.record + 12)) >>> 0;
    // Faces of a collection may share one table: its header is rewritten once, every record that points to it is.
    if (!patched.has(post.offset)) {
      if (copy.readUInt32BE(post.offset) !== POST_V2) continue;
      copy.writeUInt32BE(POST_V3, post.offset);
      patched.add(post.offset);
    }
    const checksum = tableChecksum(copy.subarray(post.offset, post.offset + POST_V3_LENGTH));
    copy.writeUInt32BE(checksum, post.record + 4);
    copy.writeUInt32BE(POST_V3_LENGTH, post.record + 12);
    changed = true;
    if (directories.length === 1) {
      const head = findTable(copy, directory, HEAD);
      if (head && head.length >= 12) {
        // The file's sum moved by the new version word and the record's new checksum and length.
        const sumAfter = (checksum + POST_V3_LENGTH) >>> 0;
        const delta = (sumAfter - sumBefore + (POST_V3 - POST_V2)) >>> 0;
        copy.writeUInt32BE((copy.readUInt32BE(head.offset + 8) - delta) >>> 0, head.offset + 8);
      }
    }
  }
  return changed ? copy : null;
}
