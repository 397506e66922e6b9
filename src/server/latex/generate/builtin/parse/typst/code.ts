// Typst code inside a note: comments taken out, brackets matched in one pass (code parentheses
// and braces, content brackets; strings in code and math between dollars are not bracket
// structure), a call's arguments split into positional and named ones, and a value read as
// plain text (strings, content, arrays of names). Everything here is one pass over the text.

/** The note without `//` line comments and `/* … *\/` block comments (raw blocks and URLs kept). */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  let from = 0;
  let inRaw = false;
  let inString = false;
  // The next newline and the last `(` on this line, kept up to date as the scan moves.
  let nextNl = -2;
  let lastParen = -1;
  let lineStart = 0;
  while (i < src.length) {
    const c = src[i];
    if (nextNl !== -1 && nextNl < i) {
      nextNl = src.indexOf('\n', i);
    }
    if (c === '`' && !inString) {
      // Raw text keeps what looks like a comment.
      if (src.startsWith('```', i)) {
        inRaw = !inRaw;
        i += 3;
        continue;
      }
      if (!inRaw) {
        const end = src.indexOf('`', i + 1);
        if (end !== -1 && (nextNl === -1 || end < nextNl)) {
          i = end + 1;
          continue;
        }
      }
    }
    if (inRaw) {
      i++;
      continue;
    }
    if (c === '"' && src[i - 1] !== '\\') {
      // Strings only matter inside code on one line (`#link("https://…")`).
      if (inString || lastParen >= lineStart) inString = !inString;
    } else if (c === '\n') {
      inString = false;
      lineStart = i + 1;
    } else if (c === '(') lastParen = i;
    if (!inString && c === '/' && src[i + 1] === '/' && src[i - 1] !== ':') {
      out += src.slice(from, i);
      i = nextNl === -1 ? src.length : nextNl;
      from = i;
      continue;
    }
    if (!inString && c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      out += src.slice(from, i);
      i = end === -1 ? src.length : end + 2;
      from = i;
      continue;
    }
    i++;
  }
  return out + src.slice(from);
}

/**
 * For every `(`, `[` and `{` the index of its closing bracket (or -1). Inside code (parentheses,
 * braces) strings are skipped; in markup (brackets, top level) math between dollars is.
 */
export function matchBrackets(src: string): Int32Array {
  const match = new Int32Array(src.length).fill(-1);
  // The next unescaped `$` at or after each index: math opens only where one closes it.
  const nextDollar = new Int32Array(src.length + 1).fill(-1);
  for (let i = src.length - 1; i >= 0; i--) nextDollar[i] = src[i] === '$' && src[i - 1] !== '\\' ? i : (nextDollar[i + 1] ?? -1);
  const stack: number[] = [];
  let inString = false;
  let inMath = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    const top = stack.length ? src[stack[stack.length - 1] as number] : '[';
    const code = top === '(' || top === '{';
    if (c === '\\') {
      i++;
      continue;
    }
    if (code && c === '"') {
      inString = !inString;
      continue;
    }
    if (inString) continue;
    if (!code && c === '$' && (inMath || (nextDollar[i + 1] ?? -1) !== -1)) {
      inMath = !inMath;
      continue;
    }
    // Brackets in math are the formula's own (`[integral ...]`, `]a, b[`): as in Typst, only `$` ends it.
    if (inMath) continue;
    if (c === '(' || c === '[' || c === '{') {
      stack.push(i);
      if (c === '[') inMath = false;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      const want = c === ')' ? '(' : c === ']' ? '[' : '{';
      if (stack.length && src[stack[stack.length - 1] as number] === want) {
        match[stack.pop() as number] = i;
        inMath = false;
      }
    }
  }
  return match;
}

export interface Arg {
  name: string | null;
  /** The value's source text. */
  value: string;
}

/** The arguments between `(` at `open` and its match `close`: split at top-level commas. */
export function splitArgs(src: string, open: number, close: number, match: Int32Array): Arg[] {
  const args: Arg[] = [];
  let start = open + 1;
  const push = (end: number): void => {
    const text = src.slice(start, end).trim();
    if (text === '') return;
    const named = /^([A-Za-z_][\w-]*)[ \t]*:(?!:)/.exec(text);
    args.push(named ? { name: named[1] ?? '', value: text.slice(named[0].length).trim() } : { name: null, value: text });
  };
  let inString = false;
  for (let i = open + 1; i < close; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
    if (inString) continue;
    if ((c === '(' || c === '[' || c === '{') && (match[i] ?? -1) > i && (match[i] ?? -1) < close) {
      i = match[i] as number;
      continue;
    }
    if (c === ',') {
      push(i);
      start = i + 1;
    }
  }
  push(close);
  return args;
}

/** A string literal's text, or null. */
export function stringValue(value: string): string | null {
  const t = value.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return null;
}

/** A content block's source (`[…]`), or null. */
export function contentValue(value: string): string | null {
  const t = value.trim();
  return t.startsWith('[') && t.endsWith(']') ? t.slice(1, -1) : null;
}

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magnam aliquam quaerat voluptatem. Ut enim aeque doleamus animo, cum corpore dolemus, fieri tamen permagna accessio potest, si aliquod aeternum et infinitum impendere malum nobis opinemur. Quod idem licet transferre in voluptatem, ut postea variari voluptas distinguique possit, augeri amplificarique non possit. At etiam Athenis, ut e patre audiebam facete et urbane Stoicos irridente, statua est in quo a nobis philosophia defensa et collaudata est, cum id, quod maxime placeat, facere possimus, omnis voluptas assumenda est, omnis dolor repellendus.'.split(' ');

/** Typst's `lorem(n)`: n words of the usual placeholder text. */
export function lorem(n: number): string {
  const count = Math.max(0, Math.min(Number.isFinite(n) ? Math.floor(n) : 0, 5000));
  const words: string[] = [];
  for (let k = 0; k < count; k++) words.push(LOREM[k % LOREM.length] as string);
  let text = words.join(' ');
  if (text && !/[.!?]$/.test(text)) text = `${text.replace(/[,;:]$/, '')}.`;
  return text;
}
