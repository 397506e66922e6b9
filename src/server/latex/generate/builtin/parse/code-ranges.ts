// Where the code is in a note (fenced blocks, indented blocks and inline code spans): the
// pre-passes that rewrite tags, math delimiters and bullets must leave code exactly as written.

export type Range = [start: number, end: number];

/** Ranges of fenced code blocks (``` or ~~~), indented code blocks and inline `code` spans. */
export function codeRanges(src: string): Range[] {
  const ranges: Range[] = [];
  const fence = /^( {0,3})(`{3,}|~{3,})[^\n]*$/gm;
  let m: RegExpExecArray | null;
  let pos = 0;
  const fenced: Range[] = [];
  while ((m = fence.exec(src))) {
    if (m.index < pos) continue;
    const marker = m[2] ?? '```';
    const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`, 'gm');
    close.lastIndex = m.index + m[0].length;
    const c = close.exec(src);
    const end = c ? c.index + c[0].length : src.length;
    fenced.push([m.index, end]);
    pos = end;
    fence.lastIndex = end;
  }
  fenced.push(...indentedCode(src, fenced));
  ranges.push(...fenced);
  // Inline code spans outside fenced blocks: a run of backticks closed by the same run length.
  const tick = /`+/g;
  while ((m = tick.exec(src))) {
    const at = m.index;
    if (fenced.some(([s, e]) => at >= s && at < e)) continue;
    const run = m[0];
    const closeAt = findClosingTicks(src, at + run.length, run.length);
    if (closeAt < 0) continue;
    ranges.push([at, closeAt + run.length]);
    tick.lastIndex = closeAt + run.length;
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

function findClosingTicks(src: string, from: number, len: number): number {
  const re = /`+/g;
  re.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) {
    // Code spans do not cross blank lines.
    if (/\n[ \t]*\n/.test(src.slice(from, m.index))) return -1;
    if (m[0].length === len) return m.index;
  }
  return -1;
}

/** Applies `fn` to the text outside code ranges only. */
export function mapOutsideCode(src: string, fn: (chunk: string) => string): string {
  const ranges = codeRanges(src);
  if (ranges.length === 0) return fn(src);
  let out = '';
  let pos = 0;
  for (const [s, e] of ranges) {
    if (s < pos) continue;
    out += fn(src.slice(pos, s)) + src.slice(s, e);
    pos = e;
  }
  return out + fn(src.slice(pos));
}

const LIST_ITEM = /^ {0,3}(?:[-*+•]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * Indented code blocks (4+ spaces or a tab after a blank line) that follow top-level text. After
 * a list item the same indentation continues the item, so those lines are left alone.
 */
function indentedCode(src: string, fenced: Range[]): Range[] {
  const out: Range[] = [];
  const lineRe = /[^\n]*(?:\n|$)/g;
  let prevBlank = true;
  let afterList = false;
  let open: Range | null = null;
  for (let m = lineRe.exec(src); m && m[0] !== ''; m = lineRe.exec(src)) {
    const start = m.index;
    const line = m[0].replace(/\n$/, '');
    const end = start + line.length;
    if (fenced.some(([s, e]) => start >= s && start < e)) {
      open = null;
      prevBlank = false;
      afterList = false;
      continue;
    }
    const blank = line.trim() === '';
    const indented = /^(?: {4}|\t| {1,3}\t)/.test(line);
    if (open) {
      if (blank) {
        prevBlank = true;
        continue;
      }
      if (indented) {
        open[1] = end;
        continue;
      }
      open = null;
    }
    if (!blank && indented && prevBlank && !afterList) {
      open = [start, end];
      out.push(open);
    } else if (!blank) {
      if (LIST_ITEM.test(line)) afterList = true;
      // Only text at the margin ends a list: indented lines continue its item.
      else if (!/^\s/.test(line)) afterList = false;
    }
    prevBlank = blank;
  }
  return out;
}
