// The LaTeX note before it is read: comments out (verbatim bodies and URLs keep their `%`), the
// document body cut from its preamble, and two tables built once in linear passes — the `}` that
// closes each `{`, and the `\end{…}` that closes each `\begin{…}` — so the reader never scans
// for a closer twice, whatever the nesting.
import type { LatexParse } from './types.js';

/** Environments whose body is read as it is written (no commands, no comments). */
export const RAW_ENVIRONMENTS: ReadonlySet<string> = new Set(['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted', 'comment', 'alltt']);

/** Letters of a command name (`\section`, `\@author`). */
export function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '@');
}

/** The name of the command whose backslash is at `at`, and where it ends. */
export function commandAt(src: string, at: number): { name: string; end: number } {
  let j = at + 1;
  if (!isLetter(src[j])) return { name: src[j] ?? '', end: Math.min(src.length, j + 1) };
  while (isLetter(src[j])) j++;
  // A starred form (\section*) is one command.
  if (src[j] === '*') j++;
  return { name: src.slice(at + 1, j), end: j };
}

const ENV_NAME = /^[A-Za-z@*]{1,40}$/;

/** `\begin{name}` or `\end{name}` at `at` (the backslash): the name and where the token ends. */
export function envTokenAt(src: string, at: number, word: 'begin' | 'end'): { name: string; end: number } | null {
  if (!src.startsWith(word, at + 1) || src[at + 1 + word.length] !== '{') return null;
  const open = at + 1 + word.length;
  let close = open + 1;
  while (close < src.length && close - open <= 41 && src[close] !== '}') close++;
  if (src[close] !== '}') return null;
  const name = src.slice(open + 1, close);
  return ENV_NAME.test(name) ? { name, end: close + 1 } : null;
}

/** Where a raw environment opened before `from` ends (the start of its `\end{name}`), or the end of the text. */
export function rawEnd(src: string, from: number, name: string): number {
  const at = src.indexOf(`\\end{${name}}`, from);
  return at === -1 ? src.length : at;
}

/**
 * Whether a `%` is the writer's percent sign, not a comment: one right after a number and before
 * a word ("50% of x"), or one that would comment out the `}` closing a group on its own line
 * (`\title{Growth: 50% of x}`), which no comment means to do.
 */
function percentSign(src: string, at: number, closesGroup: boolean): boolean {
  if (closesGroup) return true;
  return /[0-9]/.test(src[at - 1] ?? '') && / \p{L}/u.test(src.slice(at + 1, at + 3));
}

/** Comments (`%` to the end of the line, not `\%`) taken out; a line that was only a comment goes whole. */
export function stripComments(src: string): string {
  if (!src.includes('%')) return src;
  let out = '';
  let start = 0;
  let i = 0;
  // Braces opened on the current line and not closed yet; the next `}` and line break (found once, reused).
  let open = 0;
  let nextClose = -1;
  let nextLine = -1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') open = 0;
    else if (c === '{') open++;
    else if (c === '}' && open > 0) open--;
    if (c === '\\') {
      const begin = envTokenAt(src, i, 'begin');
      if (begin && RAW_ENVIRONMENTS.has(begin.name)) {
        i = rawEnd(src, begin.end, begin.name);
        continue;
      }
      // A URL's `%` escapes are its own.
      if (src.startsWith('url{', i + 1) || src.startsWith('href{', i + 1)) {
        const close = braceOnLine(src, i);
        i = close !== -1 ? close + 1 : i + 2;
        continue;
      }
      i += 2;
      continue;
    }
    if (c === '%') {
      if (nextLine < i) nextLine = src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
      if (nextClose < i) nextClose = src.indexOf('}', i) === -1 ? src.length : src.indexOf('}', i);
      if (percentSign(src, i, open > 0 && nextClose < nextLine)) {
        out += `${src.slice(start, i)}\\%`;
        start = i + 1;
        i++;
        continue;
      }
      const nl = src.indexOf('\n', i);
      const lineStart = src.lastIndexOf('\n', i - 1) + 1;
      const onlyComment = src.slice(Math.max(lineStart, start), i).trim() === '' && lineStart >= start;
      out += src.slice(start, onlyComment ? lineStart : i);
      // As in TeX, the comment takes the line break with it (`word%` joins the next line).
      start = nl === -1 ? src.length : nl + 1;
      if (!onlyComment && nl !== -1) {
        let k = nl + 1;
        while (src[k] === ' ') k++;
        start = src[k] === '\n' ? nl : k;
      }
      i = start;
      continue;
    }
    i++;
  }
  return out + src.slice(start);
}

/** For each `{` the index of its `}` (-1 when it has none); escaped braces and raw bodies do not count. */
export function matchBraces(src: string): Int32Array {
  const match = new Int32Array(src.length).fill(-1);
  const stack: number[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      const begin = src[i + 1] === 'b' ? envTokenAt(src, i, 'begin') : null;
      if (begin && RAW_ENVIRONMENTS.has(begin.name)) {
        i = rawEnd(src, begin.end, begin.name);
        continue;
      }
      if (src.startsWith('verb', i + 1) && !isLetter(src[i + 5])) {
        i = verbEnd(src, i);
        continue;
      }
      i += 2;
      continue;
    }
    if (c === '{') stack.push(i);
    else if (c === '}') {
      const open = stack.pop();
      if (open !== undefined) match[open] = i;
    }
    i++;
  }
  return match;
}

/** Where `\verb|…|` that starts at `at` ends (past its closing delimiter, or past `\verb` when it has none). */
export function verbEnd(src: string, at: number): number {
  let j = at + 5;
  if (src[j] === '*') j++;
  const delim = src[j];
  if (delim === undefined || delim === '\n' || delim === ' ' || isLetter(delim)) return at + 5;
  // Verbatim text stays on its line; a short look keeps a run of openers linear.
  for (let k = j + 1; k < src.length && k - j <= MAX_INLINE_RAW; k++) {
    if (src[k] === delim) return k + 1;
    if (src[k] === '\n') break;
  }
  return at + 5;
}

/** The longest `\verb` text or URL looked for on a line. */
const MAX_INLINE_RAW = 500;

/** The first `}` after `from` on the same line, within a bounded look; -1 when there is none. */
export function braceOnLine(src: string, from: number): number {
  for (let k = from; k < src.length && k - from <= MAX_INLINE_RAW; k++) {
    if (src[k] === '}') return k;
    if (src[k] === '\n') return -1;
  }
  return -1;
}

/**
 * For each `\begin{…}` (by the index of its backslash) the index of the `\end{…}` that closes it.
 * An `\end` closes the innermost open environment of its name; the ones opened after that were
 * never closed and end there too. An `\end` of nothing open is ignored; what is never closed ends with the text.
 */
export function matchEnvironments(src: string): Map<number, number> {
  const ends = new Map<number, number>();
  const stack: Array<{ name: string; at: number }> = [];
  const open = new Map<string, number>();
  let i = src.indexOf('\\');
  while (i !== -1) {
    const begin = src[i + 1] === 'b' ? envTokenAt(src, i, 'begin') : null;
    if (begin) {
      if (RAW_ENVIRONMENTS.has(begin.name)) {
        const end = rawEnd(src, begin.end, begin.name);
        ends.set(i, end);
        i = src.indexOf('\\', end + 1);
        continue;
      }
      stack.push({ name: begin.name, at: i });
      open.set(begin.name, (open.get(begin.name) ?? 0) + 1);
      i = src.indexOf('\\', begin.end);
      continue;
    }
    const end = src[i + 1] === 'e' ? envTokenAt(src, i, 'end') : null;
    if (end && (open.get(end.name) ?? 0) > 0) {
      for (;;) {
        const top = stack.pop();
        if (!top) break;
        open.set(top.name, (open.get(top.name) ?? 1) - 1);
        ends.set(top.at, i);
        if (top.name === end.name) break;
      }
    }
    i = src.indexOf('\\', i + 2);
  }
  // Never closed: they run to the end of the text.
  for (const left of stack) ends.set(left.at, src.length);
  return ends;
}

/**
 * Where a scan of [.., to) goes on when a braced group or a nested environment starts at `i`: past
 * its end (an environment never closed in the range holds the rest of it), or -1 when none starts
 * there. Lists and tables use it to find their own \\item, & and \\\\ at their level only.
 */
export function pastGroup(p: Pick<LatexParse, 'src' | 'braces' | 'envEnds'>, i: number, to: number): number {
  const src = p.src;
  if (src[i] === '{') {
    const close = p.braces[i] ?? -1;
    return close > i && close < to ? close + 1 : i + 1;
  }
  if (src[i] !== '\\' || src[i + 1] !== 'b') return -1;
  const envEnd = p.envEnds.get(i);
  if (envEnd === undefined || envEnd <= i) return -1;
  return envEnd < to ? envEnd + 1 : to;
}
