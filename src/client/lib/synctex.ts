// SyncTeX in the browser: reads the text TeX writes with `-synctex=1` (after gunzip) into boxes
// and points per page, and answers the two questions of a LaTeX editor — where in the PDF is
// source line N (forward), and which source line made the text at this point of a page
// (reverse). Only records of the main file count (the class and packages have their own tags).
// Coordinates come out in PDF points from the top-left of the page, as pdf.js lays pages out.

export interface SyncRecord {
  /** '(' hbox, '[' vbox, 'h' void hbox, 'v' void vbox, 'x' current point, 'k' kern, 'g' glue, '$' math. */
  kind: string;
  tag: number;
  line: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  /** Index of the enclosing box record, or -1. */
  parent: number;
}

export interface SyncTex {
  records: SyncRecord[];
  /** Record indexes per page (1-based page numbers). */
  pages: Map<number, number[]>;
  /** The tag of the main file (main.tex). */
  mainTag: number;
}

/** A place in the PDF: page, and a rectangle in points from the page's top-left corner. */
export interface PdfSpot {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** TeX scaled points in a PDF point (bp): 65536 sp per TeX point, 72.27 TeX points per inch. */
const SP_PER_BP = (65536 * 72.27) / 72;

function toInt(s: string | undefined): number {
  const n = Number.parseInt(s ?? '', 10);
  return Number.isFinite(n) ? n : 0;
}

/** Parses one record line such as `(1,12:8799518,6571294:22609920,786432,0`. */
function parseRecord(line: string, page: number, parent: number, scale: (v: number) => number, xOff: number, yOff: number): SyncRecord | null {
  const kind = line[0]!;
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const head = line.slice(1, colon).split(',');
  const rest = line.slice(colon + 1).split(':');
  const point = (rest[0] ?? '').split(',');
  const size = (rest[1] ?? '').split(',');
  return {
    kind,
    tag: toInt(head[0]),
    line: toInt(head[1]),
    page,
    x: scale(toInt(point[0])) + xOff,
    y: scale(toInt(point[1])) + yOff,
    width: scale(toInt(size[0])),
    height: scale(toInt(size[1])),
    depth: scale(toInt(size[2])),
    parent,
  };
}

const RECORD_KINDS = '([hvxkg$';

export function parseSyncTex(text: string): SyncTex {
  const records: SyncRecord[] = [];
  const pages = new Map<number, number[]>();
  const inputs = new Map<number, string>();
  let unit = 1;
  let magnification = 1000;
  let xOffsetSp = 0;
  let yOffsetSp = 0;
  let page = 0;
  const open: number[] = [];
  let scale = (v: number) => v;
  let inContent = false;

  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (!inContent) {
      if (line.startsWith('Input:')) {
        const second = line.indexOf(':', 6);
        if (second > 6) inputs.set(toInt(line.slice(6, second)), line.slice(second + 1));
      } else if (line.startsWith('Unit:')) unit = toInt(line.slice(5)) || 1;
      else if (line.startsWith('Magnification:')) magnification = toInt(line.slice(14)) || 1000;
      else if (line.startsWith('X Offset:')) xOffsetSp = toInt(line.slice(9));
      else if (line.startsWith('Y Offset:')) yOffsetSp = toInt(line.slice(9));
      else if (line.startsWith('Content:')) {
        inContent = true;
        const factor = (unit * magnification) / 1000 / SP_PER_BP;
        scale = (v: number) => v * factor;
      }
      continue;
    }
    if (line.startsWith('Input:')) {
      const second = line.indexOf(':', 6);
      if (second > 6) inputs.set(toInt(line.slice(6, second)), line.slice(second + 1));
      continue;
    }
    const c = line[0];
    if (c === '{') {
      page = toInt(line.slice(1));
      open.length = 0;
    } else if (c === '}') {
      open.length = 0;
    } else if (c === ')' || c === ']') {
      open.pop();
    } else if (c !== undefined && page > 0 && RECORD_KINDS.includes(c)) {
      const record = parseRecord(line, page, open.at(-1) ?? -1, scale, scale(xOffsetSp), scale(yOffsetSp));
      if (!record) continue;
      const index = records.push(record) - 1;
      let list = pages.get(page);
      if (!list) pages.set(page, (list = []));
      list.push(index);
      if (c === '(' || c === '[') open.push(index);
    } else if (line.startsWith('Postamble:')) {
      break;
    }
  }

  let mainTag = 1;
  for (const [tag, path] of inputs) {
    if (/(^|\/)main\.tex$/.test(path)) {
      mainTag = tag;
      break;
    }
  }
  return { records, pages, mainTag };
}

const isBox = (r: SyncRecord) => r.kind === '(' || r.kind === '[';

/** The line's box: the record itself if it has a size, else the horizontal box around it. */
function spotOf(sync: SyncTex, index: number): PdfSpot {
  const r = sync.records[index]!;
  let box = r.width > 0 && r.kind !== 'k' ? r : null;
  for (let p = r.parent; !box && p >= 0; p = sync.records[p]!.parent) {
    const parent = sync.records[p]!;
    if (parent.kind === '(' && parent.width > 0) box = parent;
  }
  const b = box ?? r;
  const height = b.height + b.depth || 10;
  return { page: r.page, x: b.x, y: b.y - (b.height || height), width: b.width || 20, height };
}

/**
 * Where source line `line` is in the PDF: its first record, or the first of the nearest later
 * line that made any output (a blank or comment line has none). Null without any.
 */
export function forwardSearch(sync: SyncTex, line: number, lookAhead = 40): PdfSpot | null {
  let nearest = Infinity;
  for (const r of sync.records) {
    if (r.tag === sync.mainTag && r.line >= line && r.line <= line + lookAhead && r.line < nearest) nearest = r.line;
  }
  if (nearest === Infinity) return null;
  // Characters ('x') are where the line's text is. Glue and kerns at a paragraph's end carry the
  // line where TeX finished reading it (often the next line), and boxes span whole paragraphs.
  const rank = (r: SyncRecord) => (r.kind === 'x' ? 0 : isBox(r) ? 2 : 1);
  let best = -1;
  for (let i = 0; i < sync.records.length; i++) {
    const r = sync.records[i]!;
    if (r.tag !== sync.mainTag || r.line !== nearest) continue;
    if (best < 0 || rank(r) < rank(sync.records[best]!)) best = i;
    if (rank(r) === 0) break;
  }
  return best >= 0 ? spotOf(sync, best) : null;
}

function contains(r: SyncRecord, x: number, y: number): boolean {
  return x >= r.x && x <= r.x + r.width && y >= r.y - r.height && y <= r.y + r.depth;
}

/**
 * The source line of the text at (x, y) on `page`: the innermost horizontal box holding the
 * point, and in it the last mark at or before x (a word's glue or kern carries the line it came
 * from, more exactly than the box). Else the nearest mark on the page. Null for a page without any.
 */
export function reverseSearch(sync: SyncTex, page: number, x: number, y: number): number | null {
  const indexes = sync.pages.get(page) ?? [];
  let inner = -1;
  for (const i of indexes) {
    const r = sync.records[i]!;
    if (r.kind !== '(' || r.tag !== sync.mainTag || !contains(r, x, y)) continue;
    if (inner < 0 || r.width * (r.height + r.depth) <= sync.records[inner]!.width * (sync.records[inner]!.height + sync.records[inner]!.depth)) inner = i;
  }
  let best = -1;
  let bestScore = Infinity;
  for (const i of indexes) {
    const r = sync.records[i]!;
    if (r.tag !== sync.mainTag || r.line <= 0) continue;
    if (inner >= 0) {
      if (r.parent !== inner || isBox(r)) continue;
      const score = r.x <= x ? x - r.x : 1e6 + (r.x - x);
      if (score < bestScore) [best, bestScore] = [i, score];
    } else {
      const score = Math.abs(r.y - y) * 4 + Math.abs(r.x - x);
      if (score < bestScore) [best, bestScore] = [i, score];
    }
  }
  if (best >= 0) return sync.records[best]!.line;
  return inner >= 0 ? sync.records[inner]!.line : null;
}

/** Gunzips SyncTeX data fetched as bytes (what the compile service stores). */
export async function gunzipText(bytes: ArrayBuffer): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}
