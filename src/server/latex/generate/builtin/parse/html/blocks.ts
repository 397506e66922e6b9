// HTML elements → blocks of the document tree: one handler per block element (headings,
// paragraphs and divisions, lists, definition lists, <pre>, tables, quotes, rules, figures);
// inline content between block elements makes paragraphs.
import type { Block, DefinitionItem, Inline, ListItem } from '../../tree.js';
import type { ReaderContext } from '../reader.js';
import { attr, type HtmlElement, type HtmlNode } from './dom.js';
import { DROPPED, collapse, imageSource, inlineNodes, textOf, trimInlines } from './inline.js';
import { htmlTable } from './table.js';

const HEADING = /^h([1-6])$/;
const LISTS = new Set(['ul', 'ol', 'menu', 'dir']);
/** Elements that hold blocks; their content is read in place. */
const CONTAINERS = new Set([
  '#root', 'html', 'body', 'div', 'section', 'article', 'main', 'header', 'footer', 'nav', 'aside', 'center', 'form',
  'fieldset', 'details', 'summary', 'address', 'figure', 'figcaption', 'hgroup', 'li', 'dd', 'dt', 'td', 'th', 'caption', 'legend', 'font',
]);
const BLOCKS = new Set([
  ...CONTAINERS, 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'menu', 'dir', 'dl', 'pre', 'table', 'blockquote', 'hr', 'title', 'thead', 'tbody', 'tfoot', 'tr',
]);
const PLACEHOLDER = /^LGTAG(\d+)QX$/;

function isBlock(node: HtmlNode): boolean {
  if (node.kind === 'text') return false;
  if (BLOCKS.has(node.name)) return true;
  // An inline element wrapping blocks (<a><div>…</div></a>, <span><p>…) is read as blocks.
  return node.children.some(isBlock);
}

export class HtmlBlocks {
  /** The first <title>'s text. */
  title = '';
  hasH1 = false;

  constructor(private readonly ctx: ReaderContext) {}

  blocks(nodes: HtmlNode[]): Block[] {
    const out: Block[] = [];
    let run: HtmlNode[] = [];
    const flush = (): void => {
      if (run.length) out.push(...this.paragraph(run));
      run = [];
    };
    for (const node of nodes) {
      if (node.kind === 'element' && (DROPPED.has(node.name) || node.name === 'title')) {
        if (node.name === 'head' || node.name === 'title') this.readHead(node);
        continue;
      }
      if (!isBlock(node)) {
        run.push(node);
        continue;
      }
      flush();
      out.push(...this.block(node as HtmlElement));
    }
    flush();
    return out;
  }

  /** The title (and nothing else) from <head>. */
  private readHead(el: HtmlElement): void {
    if (el.name === 'title') {
      if (!this.title) this.title = collapse(textOf({ ...el, name: 'span' })).trim();
      return;
    }
    for (const c of el.children) if (c.kind === 'element' && (c.name === 'title' || c.name === 'head')) this.readHead(c);
  }

  inlines(nodes: HtmlNode[]): Inline[] {
    return trimInlines(inlineNodes(nodes).done());
  }

  private paragraph(nodes: HtmlNode[]): Block[] {
    const inlines = this.inlines(nodes);
    if (inlines.length === 0) return [];
    const only = inlines[0];
    if (inlines.length === 1 && only?.kind === 'text') {
      const m = PLACEHOLDER.exec(only.value.trim());
      if (m) return this.ctx.expandPlaceholder(Number(m[1]));
    }
    // A lone image is a figure, as in Markdown.
    const img = nodes.find((n): n is HtmlElement => n.kind === 'element' && n.name === 'img');
    if (inlines.length === 1 && only?.kind === 'image' && img) return [this.figure(img, [])];
    return [{ kind: 'paragraph', inlines }];
  }

  private figure(img: HtmlElement, caption: Inline[]): Block {
    const src = imageSource(img);
    const alt = (attr(img.attrs, 'alt') ?? '').trim();
    const description = alt && src ? `${alt} (${src})` : alt || src || 'image';
    return { kind: 'figure', description: [{ kind: 'text', value: description }], caption: caption.length ? caption : alt ? [{ kind: 'text', value: alt }] : [], ...(src ? { image: src } : {}) };
  }

  private block(el: HtmlElement): Block[] {
    const name = el.name;
    const heading = HEADING.exec(name);
    if (heading) {
      const inlines = this.inlines(el.children);
      if (name === 'h1') this.hasH1 = true;
      return inlines.length ? [{ kind: 'heading', depth: Number(heading[1]), inlines }] : [];
    }
    switch (name) {
      case 'p':
        return this.blocks(el.children);
      case 'pre':
        return this.pre(el);
      case 'hr':
        return [{ kind: 'rule' }];
      case 'blockquote': {
        const blocks = this.blocks(el.children);
        return blocks.length ? [{ kind: 'quote', blocks }] : [];
      }
      case 'dl':
        return this.definitions(el);
      case 'table':
        return htmlTable(el, (nodes) => this.inlines(nodes), (nodes) => this.blocks(nodes));
      case 'figure':
        return this.figureElement(el);
      default:
        if (LISTS.has(name)) return this.list(el);
        return this.blocks(el.children);
    }
  }

  private pre(el: HtmlElement): Block[] {
    const code = el.children.find((c): c is HtmlElement => c.kind === 'element' && c.name === 'code');
    const cls = `${attr(el.attrs, 'class') ?? ''} ${code ? (attr(code.attrs, 'class') ?? '') : ''}`;
    const lang = /(?:^|\s)(?:language|lang)-([\w+#-]{1,30})/.exec(cls)?.[1] ?? '';
    // A line feed right after <pre> is not part of its text.
    const text = textOf(el).replace(/^\n/, '').trimEnd();
    return text.trim() ? [{ kind: 'code', lang, text }] : [];
  }

  private list(el: HtmlElement): Block[] {
    const ordered = el.name === 'ol';
    const start = Number(attr(el.attrs, 'start') ?? '1');
    const items: ListItem[] = [];
    let stray: HtmlNode[] = [];
    const strays = (): void => {
      // Text or a nested list written straight inside <ul> (no <li>) belongs to the item before it.
      const blocks = this.blocks(stray);
      stray = [];
      if (!blocks.length) return;
      const last = items[items.length - 1];
      if (last) last.blocks.push(...blocks);
      else items.push({ checked: null, blocks });
    };
    for (const c of el.children) {
      if (c.kind === 'element' && c.name === 'li') {
        strays();
        items.push(this.item(c));
      } else stray.push(c);
    }
    strays();
    return items.length ? [{ kind: 'list', ordered, start: Number.isFinite(start) && start >= 0 ? Math.floor(start) : 1, items }] : [];
  }

  private item(li: HtmlElement): ListItem {
    // A to-do item: a checkbox first in the item.
    let checked: boolean | null = null;
    let children = li.children;
    const first = children.find((c) => !(c.kind === 'text' && c.value.trim() === ''));
    if (first?.kind === 'element' && first.name === 'input' && (attr(first.attrs, 'type') ?? '').toLowerCase() === 'checkbox') {
      checked = attr(first.attrs, 'checked') !== null;
      children = children.filter((c) => c !== first);
    }
    return { checked, blocks: this.blocks(children) };
  }

  private definitions(el: HtmlElement): Block[] {
    const items: DefinitionItem[] = [];
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      if (c.name === 'dt') items.push({ term: this.inlines(c.children), blocks: [] });
      else if (c.name === 'dd') {
        const last = items[items.length - 1];
        if (last) last.blocks.push(...this.blocks(c.children));
        else items.push({ term: [], blocks: this.blocks(c.children) });
      }
    }
    return items.length ? [{ kind: 'definitions', items }] : [];
  }

  private figureElement(el: HtmlElement): Block[] {
    const img = el.children.find((c): c is HtmlElement => c.kind === 'element' && c.name === 'img');
    const caption = el.children.find((c): c is HtmlElement => c.kind === 'element' && c.name === 'figcaption');
    if (!img) return this.blocks(el.children);
    const rest = el.children.filter((c) => c !== img && c !== caption);
    return [this.figure(img, caption ? this.inlines(caption.children) : []), ...this.blocks(rest)];
  }
}
