// Where the code is in a note (fenced blocks, indented blocks and inline code spans): the
// pre-passes that rewrite tags, math delimiters and bullets must leave code exactly as written.
// Linear in the note: ranges are visited in order with a cursor, and closing backtick runs are
// looked up in an index of every run.

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
  const inFenced = cursorIn(fenced.slice().sort((a, b) => a[0] - b[0]));
  const runs = tickRuns(src);
  const blankLineAfter = blankLines(src);
  // Inline code spans outside fenced blocks: a run of backticks closed by the same run length.
  let after = 0;
  runs.forEach((run, i) => {
    if (run.at < after || inFenced(run.at)) return;
    const close = closingRun(runs, i, blankLineAfter(run.at + run.size));
    if (!close) return;
    ranges.push([run.at, close.at + close.size]);
    after = close.at + close.size;
  });
  return ranges.sort((a, b) => a[0] - b[0]);
}

interface Run {
  at: number;
  size: number;
  /** Index of the next run of the same size. */
  next: number;
}

/** Every run of backticks, each linked to the next run of its size. */
function tickRuns(src: string): Run[] {
  const runs: Run[] = [];
  for (let at = src.indexOf('`'); at >= 0; ) {
    let end = at;
    while (src[end] === '`') end++;
    runs.push({ at, size: end - at, next: -1 });
    at = src.indexOf('`', end);
  }
  const last = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i] as Run;
    run.next = last.get(run.size) ?? -1;
    last.set(run.size, i);
  }
  return runs;
}

/** The run closing runs[i]: the next of the same size before `limit` (code spans do not cross blank lines). */
function closingRun(runs: Run[], i: number, limit: number): Run | null {
  const run = runs[i] as Run;
  const next = run.next >= 0 ? runs[run.next] : undefined;
  return next && next.at < limit ? next : null;
}

/**
 * Where the first blank line at or after a position starts (the end of the text when there is
 * none), for positions asked in increasing order.
 */
function blankLines(src: string): (from: number) => number {
  const starts: number[] = [];
  for (let nl = src.indexOf('\n'); nl >= 0; nl = src.indexOf('\n', nl + 1)) {
    let j = nl + 1;
    while (src[j] === ' ' || src[j] === '\t') j++;
    if (src[j] === '\n') starts.push(nl);
  }
  let k = 0;
  return (from) => {
    while (k < starts.length && (starts[k] as number) < from) k++;
    return starts[k] ?? src.length;
  };
}

/** A membership test for sorted ranges, for positions asked in increasing order. */
function cursorIn(ranges: Range[]): (pos: number) => boolean {
  let k = 0;
  return (pos) => {
    while (k < ranges.length && (ranges[k] as Range)[1] <= pos) k++;
    const r = ranges[k];
    return r !== undefined && pos >= r[0] && pos < r[1];
  };
}

/** Applies `fn` to the text outside code ranges only. */
export function mapOutsideCode(src: string, fn: (chunk: string, atLineStart: boolean) => string): string {
  const ranges = codeRanges(src);
  if (ranges.length === 0) return fn(src, true);
  let out = '';
  let pos = 0;
  // `atLineStart`: the chunk begins a line (after a code span it begins mid-line: no ^ matches there).
  const lineStart = (at: number) => at === 0 || src.charAt(at - 1) === '\n';
  for (const [s, e] of ranges) {
    if (s < pos) continue;
    out += fn(src.slice(pos, s), lineStart(pos)) + src.slice(s, e);
    pos = e;
  }
  return out + fn(src.slice(pos), lineStart(pos));
}

const LIST_ITEM = /^ {0,3}(?:[-*+•]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * Indented code blocks (4+ spaces or a tab after a blank line) that follow top-level text. After
 * a list item the same indentation continues the item, so those lines are left alone.
 */
function indentedCode(src: string, fenced: Range[]): Range[] {
  const inFenced = cursorIn(fenced);
  const out: Range[] = [];
  let prevBlank = true;
  let afterList = false;
  let open: Range | null = null;
  for (let start = 0, end = 0; start < src.length; start = end + 1) {
    const nl = src.indexOf('\n', start);
    end = nl < 0 ? src.length : nl;
    const line = src.slice(start, end);
    if (inFenced(start)) {
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
