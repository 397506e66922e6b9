// HTML elements → inline nodes of the document tree: the tree's marks (strong, emphasis,
// strike, code), links, images, line breaks; white space collapsed as a browser does.
// Elements the tree has no mark for (span, font, u, sub, sup …) give their text.
import type { Inline } from '../../tree.js';
import { InlineOut } from '../common/scan.js';
import { displayPath } from '../common/media.js';
import { attr, type HtmlElement, type HtmlNode } from './dom.js';
import { isDecorativeImage } from '../markdown/html.js';

const STRONG = new Set(['b', 'strong']);
const EMPH = new Set(['i', 'em', 'cite', 'var', 'dfn', 'u', 'ins']);
const STRIKE = new Set(['s', 'strike', 'del']);
const CODE = new Set(['code', 'kbd', 'samp', 'tt']);
/** Elements whose content is not text a reader sees. */
export const DROPPED = new Set(['head', 'script', 'style', 'noscript', 'svg', 'template', 'iframe', 'object', 'canvas', 'select', 'button', 'math']);

const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '+': '⁺', '-': '⁻', n: 'ⁿ', i: 'ⁱ' };
const SUBSCRIPT: Record<string, string> = { '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉', '+': '₊', '-': '₋' };

/** Whitespace runs as one space (outside <pre>). */
export function collapse(s: string): string {
  return s.replace(/[ \t\n\r\f]+/g, ' ');
}

/** The text of an element, tags dropped (for code, <pre>, titles). */
export function textOf(node: HtmlNode): string {
  if (node.kind === 'text') return node.value;
  if (DROPPED.has(node.name)) return '';
  if (node.name === 'br') return '\n';
  let out = '';
  for (const child of node.children) out += textOf(child);
  return out;
}

/** x² and H₂O: digits in <sup>/<sub> as the Unicode characters; other text as it is. */
function scripted(text: string, table: Record<string, string>): string {
  let out = '';
  for (const ch of text) {
    const mapped = table[ch];
    if (mapped === undefined) return text;
    out += mapped;
  }
  return out;
}

export function imageSource(el: HtmlElement): string {
  const src = attr(el.attrs, 'src') ?? '';
  // An embedded image (a data: URL) has no name worth printing.
  return src.startsWith('data:') ? '' : src;
}

function imageNode(el: HtmlElement): Inline {
  const src = displayPath(imageSource(el));
  const alt = (attr(el.attrs, 'alt') ?? attr(el.attrs, 'title') ?? '').trim();
  return { kind: 'image', alt: alt && src ? `${alt} (${src})` : alt || src || 'image', ...(src ? { url: src } : {}) };
}

function linkTarget(el: HtmlElement): string | null {
  const href = (attr(el.attrs, 'href') ?? '').trim();
  return /^(?:https?:|mailto:|ftp:)/i.test(href) ? href : null;
}

export function inlineNodes(nodes: HtmlNode[], out: InlineOut = new InlineOut()): InlineOut {
  for (const node of nodes) {
    if (node.kind === 'text') {
      out.text(collapse(node.value));
      continue;
    }
    const name = node.name;
    if (DROPPED.has(name)) continue;
    if (name === 'br') out.push({ kind: 'break' });
    else if (name === 'img') {
      if (!isDecorativeImage(node.attrs)) out.push(imageNode(node));
    }
    else if (STRONG.has(name)) out.push({ kind: 'strong', children: inlineNodes(node.children).done() });
    else if (EMPH.has(name)) out.push({ kind: 'emph', children: inlineNodes(node.children).done() });
    else if (STRIKE.has(name)) out.push({ kind: 'strike', children: inlineNodes(node.children).done() });
    else if (CODE.has(name)) out.push({ kind: 'code', value: collapse(textOf(node)) });
    else if (name === 'sup') out.text(scripted(collapse(textOf(node)), SUPERSCRIPT));
    else if (name === 'sub') out.text(scripted(collapse(textOf(node)), SUBSCRIPT));
    else if (name === 'a') {
      const url = linkTarget(node);
      const children = inlineNodes(node.children).done();
      if (url) out.push({ kind: 'link', url, children: children.length ? children : [{ kind: 'text', value: url }] });
      else out.push(...children);
    } else if (name === 'input') {
      // A checkbox outside a list item: its state as a character.
      if ((attr(node.attrs, 'type') ?? '').toLowerCase() === 'checkbox') out.text(attr(node.attrs, 'checked') !== null ? '☒ ' : '☐ ');
    } else inlineNodes(node.children, out);
  }
  return out;
}

/** Leading and trailing spaces of a run of inlines removed (and around its line breaks). */
export function trimInlines(nodes: Inline[]): Inline[] {
  const out = nodes.filter((n) => !(n.kind === 'text' && n.value === ''));
  for (let i = 0; i < out.length; i++) {
    const n = out[i];
    if (n?.kind !== 'text') continue;
    let v = n.value;
    if (i === 0 || out[i - 1]?.kind === 'break') v = v.trimStart();
    if (i === out.length - 1 || out[i + 1]?.kind === 'break') v = v.trimEnd();
    out[i] = { kind: 'text', value: v };
  }
  // Line breaks at either end print nothing but an empty line (a break after a dropped picture).
  const blank = (n: Inline | undefined): boolean => n?.kind === 'break' || (n?.kind === 'text' && n.value === '');
  while (out.length && blank(out[out.length - 1])) out.pop();
  let start = 0;
  while (start < out.length && blank(out[start])) start++;
  return out.slice(start).filter((n) => !(n.kind === 'text' && n.value === ''));
}
