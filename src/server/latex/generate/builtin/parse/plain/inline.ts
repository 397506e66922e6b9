// Inline structure in plain text: $…$ math (pandoc's rule, so money amounts stay text),
// \(…\) math, `…` code (as typed in chats and READMEs), **bold**, *italic* and ***both*** around
// words (as typed in chats: never a star with a space inside it, "5 * x"), and bare URLs as links. Everything else is text. One pass: each closing
// delimiter is found with indexOf, and a line without one is not searched again.
import type { Inline } from '../../tree.js';

const START = /\\\(|\$|`|\*|https?:\/\//g;
const URL_STOP = /[\s<>"]/;
const URL_LAST = /[^\s<>".,;:!?)\]']/;

interface Token {
  end: number;
  node: Inline | null;
}

/** Whether the text may hold anything but text (most lines of a plain note do not). */
const MAY_HOLD = /\\\(|\$|`|\*|https?:\/\/|&lt;/;

export function parsePlainInline(value: string): Inline[] {
  if (!MAY_HOLD.test(value)) return value === '' ? [] : [{ kind: 'text', value }];
  const text = value.replace(/&lt;(\/?[A-Z]+)&gt;/g, '<$1>');
  const out: Inline[] = [];
  let last = 0;
  // The first line feed and the first `\)` at or after where they were last looked for.
  let newline = -2;
  let parenClose = -2;
  const nextNewline = (from: number): number => {
    if (newline !== -1 && newline < from) newline = text.indexOf('\n', from);
    return newline < 0 ? text.length : newline;
  };
  const token = (i: number): Token | null => {
    if (text[i] === '\\') {
      if (parenClose !== -1 && parenClose < i + 3) parenClose = text.indexOf('\\)', i + 3);
      if (parenClose < 0 || parenClose > nextNewline(i)) return null;
      return { end: parenClose + 2, node: { kind: 'math', tex: text.slice(i + 2, parenClose).trim() } };
    }
    if (text[i] === '$') {
      const close = text.indexOf('$', i + 1);
      // (A dollar right after a word or right before one closes nothing: "runs$cadence" is R's column, "US$5" money.)
      if (close < i + 2 || close > nextNewline(i) || /\d/.test(text[close + 1] ?? '') || /[\p{L}\p{N}_]/u.test(text[i - 1] ?? '') || /[\p{L}\p{N}_]/u.test(text[close + 1] ?? '')) return null;
      const dollar = text.slice(i + 1, close);
      // Spaces inside the dollars, or "$5 and …": money, left as text.
      if (/^\s|\s$/.test(dollar) || /^\d[\d,.]*\s+\p{L}{2,}/u.test(dollar)) return { end: close + 1, node: null };
      return { end: close + 1, node: { kind: 'math', tex: dollar.trim() } };
    }
    if (text[i] === '`') {
      // `python manage.py clearsessions`: code on one line, its backticks not inside a word.
      const close = text.indexOf('`', i + 1);
      if (close < i + 2 || close > nextNewline(i) || /[\p{L}\p{N}]/u.test(text[i - 1] ?? '') || /[\p{L}\p{N}`]/u.test(text[close + 1] ?? '') || text[i + 1] === ' ') return null;
      return { end: close + 1, node: { kind: 'code', value: text.slice(i + 1, close) } };
    }
    if (text[i] === '*') return stars(text, i, nextNewline(i));
    const scheme = text.startsWith('https://', i) ? 8 : 7;
    let end = i + scheme;
    while (end < text.length && !URL_STOP.test(text[end] as string)) end++;
    while (end > i + scheme + 1 && !URL_LAST.test(text[end - 1] as string)) end--;
    if (end < i + scheme + 2) return null;
    const url = text.slice(i, end);
    return { end, node: { kind: 'link', url, children: [{ kind: 'text', value: url }] } };
  };
  const re = new RegExp(START.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const t = token(m.index);
    if (!t) {
      re.lastIndex = m.index + 1;
      continue;
    }
    re.lastIndex = t.end;
    if (!t.node) continue;
    if (m.index > last) out.push({ kind: 'text', value: text.slice(last, m.index) });
    out.push(t.node);
    last = t.end;
  }
  if (last < text.length) out.push({ kind: 'text', value: text.slice(last) });
  return out;
}

/** "***exam on thursday***", "**bold**", "*this*": stars around words, opened after a space or a line's start, nothing but words inside. */
function stars(text: string, i: number, lineEnd: number): Token | null {
  let n = 0;
  while (text[i + n] === '*' && n < 4) n++;
  if (n > 3 || /[\p{L}\p{N}*]/u.test(text[i - 1] ?? '') || /\s/.test(text[i + n] ?? ' ')) return null;
  const close = text.indexOf('*'.repeat(n), i + n);
  if (close < 0 || close > lineEnd || /\s/.test(text[close - 1] ?? ' ') || /[\p{L}\p{N}*]/u.test(text[close + n] ?? '')) return null;
  const inner = text.slice(i + n, close);
  if (inner.includes('*') || !/\p{L}{2}/u.test(inner) || /[=^/<>]/.test(inner)) return null;
  const words: Inline[] = [{ kind: 'text', value: inner }];
  const node: Inline = n === 1 ? { kind: 'emph', children: words } : n === 2 ? { kind: 'strong', children: words } : { kind: 'strong', children: [{ kind: 'emph', children: words }] };
  return { end: close + n, node };
}
