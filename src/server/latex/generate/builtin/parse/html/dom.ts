// HTML → a small element tree, in one forward pass: tags, text, comments and raw-text elements
// (script, style) recognised with indexOf, the elements a browser closes by itself (p, li, td,
// tr …) closed the same way, and nesting bounded: past MAX_DEPTH open elements, further ones
// add no level (their text stays). Unclosed tags are closed at the end; a `<` that starts no tag is text.
import { decodeEntities } from '../markdown/html.js';

export interface HtmlElement {
  kind: 'element';
  name: string;
  attrs: string;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | { kind: 'text'; value: string };

const MAX_DEPTH = 64;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content is not markup; they are read to their end tag and dropped. */
const RAW = new Set(['script', 'style', 'textarea', 'xmp', 'noscript', 'template']);
/** Block elements that close an open paragraph. */
const CLOSES_P = new Set([
  'p', 'div', 'ul', 'ol', 'dl', 'table', 'pre', 'blockquote', 'hr', 'section', 'article', 'aside', 'header', 'footer',
  'nav', 'main', 'figure', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'details', 'address', 'fieldset',
]);
/** An element opened while one of `closes` is open inside the nearest `scope` closes it first. */
const IMPLIED: Record<string, { closes: string[]; scope: string[] }> = {
  li: { closes: ['li'], scope: ['ul', 'ol', 'menu'] },
  dt: { closes: ['dt', 'dd'], scope: ['dl'] },
  dd: { closes: ['dt', 'dd'], scope: ['dl'] },
  tr: { closes: ['tr', 'td', 'th'], scope: ['table', 'thead', 'tbody', 'tfoot'] },
  td: { closes: ['td', 'th'], scope: ['tr', 'table'] },
  th: { closes: ['td', 'th'], scope: ['tr', 'table'] },
  thead: { closes: ['thead', 'tbody', 'tr', 'td', 'th'], scope: ['table'] },
  tbody: { closes: ['thead', 'tbody', 'tr', 'td', 'th'], scope: ['table'] },
  tfoot: { closes: ['thead', 'tbody', 'tr', 'td', 'th'], scope: ['table'] },
  option: { closes: ['option'], scope: ['select'] },
};

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 58;
}
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** The value of attribute `name` in a tag's attribute text, entities decoded, or null. */
export function attr(attrs: string, name: string): string | null {
  // Attribute names are written in lower case (every exporter does).
  const lower = attrs;
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    const before = lower.charCodeAt(at - 1);
    if (at > 0 && isNameChar(before)) continue;
    let i = at + name.length;
    while (attrs[i] === ' ' || attrs[i] === '\n') i++;
    if (attrs[i] !== '=') {
      if (isNameChar(lower.charCodeAt(at + name.length))) continue;
      return '';
    }
    i++;
    while (attrs[i] === ' ' || attrs[i] === '\n') i++;
    const q = attrs[i];
    if (q === '"' || q === "'") {
      const end = attrs.indexOf(q, i + 1);
      return decodeEntities(attrs.slice(i + 1, end < 0 ? attrs.length : end));
    }
    let end = i;
    while (end < attrs.length && attrs[end] !== ' ' && attrs[end] !== '\n' && attrs[end] !== '>') end++;
    return decodeEntities(attrs.slice(i, end));
  }
  return null;
}

class Builder {
  readonly root: HtmlElement = { kind: 'element', name: '#root', attrs: '', children: [] };
  private readonly stack: HtmlElement[] = [this.root];

  private top(): HtmlElement {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  text(value: string): void {
    if (value === '') return;
    const kids = this.top().children;
    const last = kids[kids.length - 1];
    if (last?.kind === 'text') last.value += value;
    else kids.push({ kind: 'text', value });
  }

  /** Index in the stack of the nearest open `names` element below any `scope` element, or -1. */
  private openIndex(names: string[], scope: string[]): number {
    for (let k = this.stack.length - 1; k > 0; k--) {
      const n = (this.stack[k] as HtmlElement).name;
      if (names.includes(n)) return k;
      if (scope.includes(n)) return -1;
    }
    return -1;
  }

  open(name: string, attrs: string, selfClosing: boolean): void {
    const implied = IMPLIED[name];
    if (implied) {
      const k = this.openIndex(implied.closes, implied.scope);
      if (k > 0) this.stack.length = k;
    }
    if (CLOSES_P.has(name) && this.top().name === 'p') this.stack.pop();
    const el: HtmlElement = { kind: 'element', name, attrs, children: [] };
    this.top().children.push(el);
    if (!selfClosing && !VOID.has(name) && this.stack.length < MAX_DEPTH) this.stack.push(el);
  }

  close(name: string): void {
    // The stack is at most MAX_DEPTH deep: this search is bounded.
    for (let k = this.stack.length - 1; k > 0; k--) {
      if ((this.stack[k] as HtmlElement).name === name) {
        this.stack.length = k;
        return;
      }
    }
    // `</p>` without `<p>` is an empty paragraph to a browser; `</br>` a line break.
    if (name === 'br') this.open('br', '', true);
  }
}

/** The end of a raw-text element's content (where `</name` starts), or the end of the text. */
function rawEnd(src: string, from: number, name: string): number {
  for (let at = src.indexOf('</', from); at >= 0; at = src.indexOf('</', at + 2)) {
    if (src.slice(at + 2, at + 2 + name.length).toLowerCase() === name && !isNameChar(src.charCodeAt(at + 2 + name.length))) return at;
  }
  return src.length;
}

export function parseHtml(src: string): HtmlElement {
  const b = new Builder();
  let from = 0;
  // One `>` serves every `<` before it, so a run of unclosed tags is not rescanned.
  let gt = -1;
  let lt = src.indexOf('<');
  while (lt >= 0) {
    const c = src.charCodeAt(lt + 1);
    let next = lt + 1;
    if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt + 4);
      b.text(decodeEntities(src.slice(from, lt)));
      from = next = end < 0 ? src.length : end + 3;
    } else if (c === 33 || c === 63 || ((c === 47 && isLetter(src.charCodeAt(lt + 2))) || isLetter(c))) {
      // <!DOCTYPE …>, <?xml …?>, </name …>, <name …>
      if (gt <= lt) gt = src.indexOf('>', lt + 1);
      if (gt < 0) break;
      b.text(decodeEntities(src.slice(from, lt)));
      from = next = gt + 1;
      if (c !== 33 && c !== 63) {
        const closing = c === 47;
        let end = lt + (closing ? 2 : 1);
        const start = end;
        while (end < gt && isNameChar(src.charCodeAt(end))) end++;
        const name = src.slice(start, end).toLowerCase();
        if (closing) b.close(name);
        else {
          const attrs = src.slice(end, gt);
          b.open(name, attrs, attrs.endsWith('/'));
          if (RAW.has(name) && !attrs.endsWith('/')) {
            const stop = rawEnd(src, gt + 1, name);
            if (name === 'textarea' || name === 'xmp') b.text(src.slice(gt + 1, stop));
            from = next = stop;
          }
        }
      }
    }
    lt = src.indexOf('<', next);
  }
  b.text(decodeEntities(src.slice(from)));
  return b.root;
}
