// pandoc attribute blocks (`{#fig:cat}`, `{#sec:intro .unnumbered}`, `{#eq:1 width=50%}`) at the
// end of a heading, after an image or a display, and the labels they give: sanitized for \label,
// and named by the pandoc-crossref prefix that says what they label. Scans with indexOf and
// loops over text of bounded length: linear.
import type { CrossRefKind } from '../../tree.js';

/** An attribute block is short; a longer `{…}` is the note's text. */
const MAX_ATTRIBUTES = 200;
const KINDS: readonly CrossRefKind[] = ['fig', 'tbl', 'sec', 'eq'];

export interface Attributes {
  /** The `#id`, as written (empty when there is none). */
  id: string;
  /** `{-}` or `{.unnumbered}`: a heading outside the numbering. */
  unnumbered: boolean;
}

/** Whether `c` may be part of an identifier, a class or a key=value attribute. */
function attributeChar(c: string): boolean {
  return c !== '{' && c !== '}' && c !== '\n' && c !== ' ' && c !== '\t';
}

/** The attributes of `{…}` in `text` from `open` to `close` (the braces), or null when it is not an attribute block. */
function readBlock(text: string, open: number, close: number): Attributes | null {
  let id: string | null = null;
  let unnumbered = false;
  let any = false;
  let i = open + 1;
  while (i < close) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    let end = i;
    while (end < close && attributeChar(text[end] as string)) end++;
    if (end === i) return null;
    const token = text.slice(i, end);
    if (token.startsWith('#') && token.length > 1 && id === null) id = token.slice(1);
    else if (token === '-' || token === '.unnumbered') unnumbered = true;
    else if (!(token.startsWith('.') && token.length > 1) && !(token.indexOf('=') > 0)) return null;
    any = true;
    i = end;
  }
  return any ? { id: id ?? '', unnumbered } : null;
}

/** An attribute block that ends `text` (trailing white space aside), and where it starts; or null. */
export function trailingAttributes(text: string): (Attributes & { start: number }) | null {
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1] as string)) end--;
  if (text[end - 1] !== '}') return null;
  const open = text.lastIndexOf('{', end - 1);
  if (open < 0 || end - open > MAX_ATTRIBUTES || text[open + 1] === '}') return null;
  const attributes = readBlock(text, open, end - 1);
  return attributes && { ...attributes, start: open };
}

/** An attribute block that starts `text` (leading white space aside), and where the rest starts; or null. */
export function leadingAttributes(text: string): (Attributes & { end: number }) | null {
  let start = 0;
  while (start < text.length && /\s/.test(text[start] as string)) start++;
  if (text[start] !== '{') return null;
  const close = text.indexOf('}', start);
  if (close < 0 || close - start > MAX_ATTRIBUTES) return null;
  const attributes = readBlock(text, start, close);
  return attributes && { ...attributes, end: close + 1 };
}

/** The crossref kind a label names by its prefix (`fig:cat` → fig), or null. */
export function crossRefKind(label: string): CrossRefKind | null {
  const colon = label.indexOf(':');
  if (colon < 1 || colon === label.length - 1) return null;
  const prefix = label.slice(0, colon);
  return (KINDS as readonly string[]).includes(prefix) ? (prefix as CrossRefKind) : null;
}

/**
 * A label safe inside \label and \ref: ASCII letters, digits and `:.-` kept, anything else
 * becomes `-`; a label that had to change gets a short hash of what it was, so two labels that
 * differ only in such characters stay apart.
 */
export function sanitizeLabel(id: string): string {
  let out = '';
  let changed = false;
  for (const c of id) {
    if (/[A-Za-z0-9:.-]/.test(c)) out += c;
    else {
      out += '-';
      changed = true;
    }
  }
  if (!changed) return out;
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) >>> 0;
  return `${out}-${hash.toString(36)}`;
}
