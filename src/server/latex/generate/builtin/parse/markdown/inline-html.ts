// Inline HTML and attribute blocks around Markdown spans, as the page shows them: `<a href>`,
// `<strong>`, `<em>`, `<del>` written in HTML are links and marks like Markdown's, and an
// attribute block after a span (`[x](u){preview-link="true"}`, kramdown's `**x**{: .red}`) only
// steers the page's look. Bounded look-ahead: linear.
import type { PhrasingContent } from 'mdast';
import { tagAttribute } from './html.js';

/** Spans an attribute block may follow. */
export const SPANS = new Set(['link', 'image', 'emphasis', 'strong', 'inlineCode', 'delete']);

/** The length of a pandoc or kramdown attribute block that opens `text` (`{.red}`, `{: .x}`, `{key="v"}`), or 0. */
export function spanAttributes(text: string): number {
  if (text[0] !== '{') return 0;
  const close = text.indexOf('}');
  if (close < 2 || close > 200 || text.slice(0, close).includes('\n')) return 0;
  const inner = text.slice(1, close).trim();
  return /^(?::\s*)?(?:[.#][\w:-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s"'}]+))(?:\s+(?:[.#][\w:-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s"'}]+)))*$/.test(inner) ? close + 1 : 0;
}

/** Inline HTML elements the tree has a mark for. */
const HTML_MARKS: Record<string, 'strong' | 'emph' | 'strike' | 'link'> = { a: 'link', strong: 'strong', b: 'strong', em: 'emph', i: 'emph', del: 'strike', s: 'strike', strike: 'strike' };

/** An opening inline HTML element at `i` (`<a href>`, `<strong>`, `<em>` …), its mark and the index of its closing tag among the siblings; or null. */
export function htmlSpan(nodes: PhrasingContent[], i: number): { mark: 'strong' | 'emph' | 'strike' | 'link'; href: string; close: number } | null {
  const node = nodes[i];
  if (node?.type !== 'html') return null;
  const m = /^<([a-z]{1,6})\b([^<>]{0,2000})>$/i.exec(node.value.trim());
  const name = (m?.[1] ?? '').toLowerCase();
  const mark = m ? HTML_MARKS[name] : undefined;
  if (!mark) return null;
  const href = mark === 'link' ? tagAttribute(m?.[2] ?? '', 'href') : '';
  if (href === null || (mark === 'link' && href === '')) return null;
  const closing = new RegExp(`^</${name}\\s*>$`, 'i');
  for (let j = i + 1; j < nodes.length && j < i + 50; j++) {
    const n = nodes[j] as PhrasingContent;
    if (n.type === 'html' && closing.test(n.value.trim())) return { mark, href, close: j };
  }
  return null;
}
