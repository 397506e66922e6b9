// What remark may be given. micromark and its mdast utilities are quadratic on some inputs
// (every setext underline walks back over the whole document, emphasis and bracket runs are
// resolved pair by pair, wide table rows are re-tokenized per cell) and recurse once per level
// of nesting; on a hostile note that is seconds, or a stack overflow. A linear scan estimates
// the work from those constructs; remark only gets text within a per-note budget, and the rest
// is read without it (see index.ts).

export interface RemarkBudget {
  /** Characters remark may still parse for this note. */
  chars: number;
  /** Estimated quadratic work (squared delimiter runs per paragraph) still allowed. */
  work: number;
}

export function newRemarkBudget(): RemarkBudget {
  return { chars: 50_000, work: 2_000_000 };
}

/** Hard limits of one text: past any of them remark never sees it. */
const MAX_DEPTH = 32;
const MAX_SETEXT = 64;
const MAX_UNIT_DELIMITERS = 400;
const MAX_PIPES_PER_LINE = 256;

// Characters micromark pairs up or re-scans: emphasis, brackets, code, strikethrough, HTML,
// references and table cells.
const DELIMITER = new Uint8Array(128);
for (const ch of '*_[]!`~<&|') DELIMITER[ch.charCodeAt(0)] = 1;

/** Container markers at the start of a line (block quotes, list items): its nesting depth. */
function containerDepth(line: string): { depth: number; rest: number } {
  let i = 0;
  let depth = 0;
  for (;;) {
    while (line[i] === ' ') i++;
    const c = line[i];
    if (c === '>') {
      depth++;
      i++;
      continue;
    }
    if ((c === '-' || c === '*' || c === '+') && line[i + 1] === ' ') {
      depth++;
      i += 2;
      continue;
    }
    let j = i;
    while (j - i < 9 && line.charCodeAt(j) >= 48 && line.charCodeAt(j) <= 57) j++;
    if (j > i && (line[j] === '.' || line[j] === ')') && line[j + 1] === ' ') {
      depth++;
      i = j + 2;
      continue;
    }
    return { depth, rest: i };
  }
}

/** The estimated quadratic work of remark on `text`, or null when a hard limit is passed. */
export function remarkWork(text: string): number | null {
  let work = 0;
  let unit = 0;
  let setext = 0;
  let prevBlank = true;
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') {
      work += unit * unit;
      unit = 0;
      prevBlank = true;
      if (nl < 0) break;
      continue;
    }
    const { depth, rest } = containerDepth(line);
    if (depth > MAX_DEPTH) return null;
    if (!prevBlank && /^ {0,3}(?:=+|-+) *$/.test(line) && ++setext > MAX_SETEXT) return null;
    // A new block: its own paragraph for emphasis and brackets.
    if (depth > 0 || line[rest] === '#') {
      work += unit * unit;
      unit = 0;
    }
    let pipes = 0;
    for (let i = rest; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c < 128 && DELIMITER[c] === 1) {
        unit++;
        if (c === 124) pipes++;
      }
    }
    if (pipes > MAX_PIPES_PER_LINE || unit > MAX_UNIT_DELIMITERS) return null;
    prevBlank = false;
    if (nl < 0) break;
  }
  return work + unit * unit;
}

/** Whether remark may parse `text` now; if so the budget is charged for it. */
export function remarkMay(text: string, budget: RemarkBudget): boolean {
  if (text.length > budget.chars) return false;
  const work = remarkWork(text);
  if (work === null || work > budget.work) return false;
  budget.chars -= text.length;
  budget.work -= work;
  return true;
}

/**
 * The text cut at blank lines outside fenced code, in pieces of at least `min` characters
 * where the blank lines allow: each piece is read on its own when the whole is too much for remark.
 */
export function chunks(text: string, min = 2_000): string[] {
  const out: string[] = [];
  let fence = '';
  let pieceStart = 0;
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(start, Math.min(end, start + 64)));
    if (m) {
      const marker = m[1] as string;
      if (fence === '') fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = '';
    }
    const blank = text.slice(start, end).trim() === '';
    if (blank && fence === '' && start - pieceStart >= min) {
      out.push(text.slice(pieceStart, start));
      pieceStart = end + 1;
    }
    if (nl < 0) break;
    start = end + 1;
  }
  if (pieceStart < text.length) out.push(text.slice(pieceStart));
  return out;
}
