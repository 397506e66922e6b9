// Line helpers of the indentation-based readers: indentation, blank lines, dedenting a block,
// tag placeholder lines, and block-level recursion limits.
import type { Block } from '../../tree.js';

/** Nesting deeper than this (lists in lists, quotes in quotes) is read as text. */
export const MAX_NESTING = 16;

export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line[i] === ' ') i++;
  return i;
}

export function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

/** Lines with `n` columns of indentation taken off (shorter lines lose what they have). */
export function dedent(lines: string[], n: number): string[] {
  if (n <= 0) return lines;
  return lines.map((l) => l.slice(Math.min(n, indentOf(l))));
}

/** The smallest indentation of the non-blank lines. */
export function minIndent(lines: string[]): number {
  let min = Infinity;
  for (const l of lines) if (!isBlank(l)) min = Math.min(min, indentOf(l));
  return Number.isFinite(min) ? min : 0;
}

/** Blank lines at both ends removed. */
export function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start])) start++;
  while (end > start && isBlank(lines[end - 1])) end--;
  return lines.slice(start, end);
}

const PLACEHOLDER_LINE = /^LGTAG(\d+)QX$/;

/** The index of the snippet tag whose placeholder fills this line, or null. */
export function placeholderIndex(line: string): number | null {
  const t = line.trim();
  if (t.length > 20 || !t.startsWith('LGTAG')) return null;
  const m = PLACEHOLDER_LINE.exec(t);
  return m ? Number(m[1]) : null;
}

/** Paragraph blocks holding the given lines as text: what a reader shows when it cannot map. */
export function textBlocks(lines: string[]): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  const flush = (): void => {
    if (para.length) out.push({ kind: 'paragraph', inlines: [{ kind: 'text', value: para.join('\n') }] });
    para = [];
  };
  for (const l of lines) {
    if (isBlank(l)) flush();
    else para.push(l.trim());
  }
  flush();
  return out;
}

/**
 * The next line index at or after `from` that `test` accepts, per key (a block's end marker),
 * memoized like MarkerFinder: a note with many unclosed openers is scanned once per key.
 */
export class LineFinder {
  private readonly memo = new Map<string, { from: number; at: number }>();

  constructor(private readonly lines: readonly string[]) {}

  next(key: string, from: number, test: (line: string) => boolean): number {
    const m = this.memo.get(key);
    if (m && from >= m.from && (m.at === -1 || from <= m.at)) return m.at;
    let at = -1;
    for (let i = from; i < this.lines.length; i++) {
      if (test(this.lines[i] ?? '')) {
        at = i;
        break;
      }
    }
    this.memo.set(key, { from, at });
    return at;
  }
}
