// Inline structure in plain text: $…$ math (pandoc's rule, so money amounts stay text),
// \(…\) math, and bare URLs as links. Everything else is text.
import type { Inline } from '../../tree.js';

const TOKEN = /\\\((.+?)\\\)|\$([^$\n]+?)\$(?!\d)|(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/g;

export function parsePlainInline(value: string): Inline[] {
  const text = value.replace(/&lt;(\/?[A-Z]+)&gt;/g, '<$1>');
  const out: Inline[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const [all, paren, dollar, url] = m;
    if (dollar !== undefined && (/^\s|\s$/.test(dollar) || /^\d[\d,.]*\s+\p{L}{2,}/u.test(dollar))) continue;
    if (m.index > last) out.push({ kind: 'text', value: text.slice(last, m.index) });
    if (url !== undefined) out.push({ kind: 'link', url, children: [{ kind: 'text', value: url }] });
    else out.push({ kind: 'math', tex: (paren ?? dollar ?? '').trim() });
    last = m.index + all.length;
  }
  if (last < text.length) out.push({ kind: 'text', value: text.slice(last) });
  return out;
}
