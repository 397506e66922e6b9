// AsciiDoc blocks → document tree: section titles (`==` … `======`), block titles (`.Title`)
// and attribute lines (`[source,ruby]`, `[NOTE]`, `[quote, author]`) applied to the next block,
// delimited blocks (---- listing, .... literal, ==== example, **** sidebar, ____ quote,
// ++++ passthrough, -- open, ``` fences, |=== tables), block macros (image::), admonition
// paragraphs (NOTE: …), literal paragraphs (indented lines), lists (*, -, ., 1., nested by
// marker, `+` continuations, checklists), description lists (term:: text) and paragraphs.
import type { Block, DefinitionItem, Inline, ListItem } from '../../tree.js';
import { figureBlock } from '../common/media.js';
import { LineFinder, MAX_NESTING, dedent, indentOf, isBlank, minIndent, placeholderIndex, textBlocks } from '../common/lines.js';
import type { ReaderContext } from '../reader.js';
import { typstMathToTex } from '../typst/math.js';
import { parseAsciidocInline } from './inline.js';
import { asciidocTable } from './table.js';

const SECTION = /^(={1,6})[ \t]+(\S.*?)(?:[ \t]+=+)?[ \t]*$/;
const ATTR_LINE = /^\[([^\]\n]*)\][ \t]*$/;
const BLOCK_TITLE = /^\.([^\s.].*)$/;
const DELIMITER = /^(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|--|`{3,}.*|[|!,:]={3,})[ \t]*$/;
const ADMONITION = /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+(.*)$/;
const ADMONITION_STYLES = new Set(['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION']);
const LIST_ITEM = /^[ \t]*(\*{1,5}|-|\.{1,5}|\d{1,9}\.|[a-zA-Z]\.|[ivxIVX]{1,5}\))[ \t]+(\S.*)$/;
const BLOCK_MACRO = /^(image|video|audio|toc|include)::([^[\n]*)\[(.*)\][ \t]*$/;

interface Attrs {
  style: string;
  positional: string[];
  named: Map<string, string>;
  title: string;
}

function noAttrs(): Attrs {
  return { style: '', positional: [], named: new Map(), title: '' };
}

/** `source,ruby,opts=x` → style, positional and named attributes. */
function parseAttrs(inner: string, into: Attrs): void {
  const parts = inner.split(',').map((p) => p.trim());
  parts.forEach((part, k) => {
    const eq = part.indexOf('=');
    if (eq > 0 && /^[\w-]+$/.test(part.slice(0, eq).trim())) into.named.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim().replace(/^"|"$/g, ''));
    else if (k === 0) into.style = part.replace(/[#.%].*$/, '').trim();
    else into.positional.push(part.replace(/^"|"$/g, ''));
  });
  if (/(^|[,%])header\b/.test(inner) || /%header/.test(inner)) into.named.set('header', 'yes');
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

/** The position of a description list's `::` (or `;;`): followed by a space or the line end. */
function termSeparator(line: string): { at: number; length: number } | null {
  if (line.startsWith(' ') || line.startsWith('\t')) return null;
  let from = 0;
  while (from < line.length) {
    const a = line.indexOf('::', from);
    const b = line.indexOf(';;', from);
    const at = a === -1 ? b : b === -1 ? a : Math.min(a, b);
    if (at <= 0) return null;
    let len = 2;
    if (line[at] === ':') while (len < 4 && line[at + len] === ':') len++;
    const after = line[at + len];
    if (after === undefined || after === ' ' || after === '\t') return { at, length: len };
    from = at + len;
  }
  return null;
}

export class AsciidocBlocks {
  constructor(
    private readonly ctx: ReaderContext,
    private readonly sourceLanguage: string,
    /** The `:stem:` attribute names latexmath: stem blocks and stem:[…] are LaTeX, not AsciiMath. */
    private readonly stemLatex = false,
  ) {}

  inline(text: string): Inline[] {
    return parseAsciidocInline(text, 0, this.stemLatex);
  }

  /** A stem, latexmath or asciimath block's body as LaTeX. */
  private stemTex(style: string, body: string): string {
    return style === 'latexmath' || (style === 'stem' && this.stemLatex) ? body : typstMathToTex(body);
  }

  blocks(lines: string[], depth: number): Block[] {
    if (depth > MAX_NESTING) return textBlocks(lines);
    const out: Block[] = [];
    const finder = new LineFinder(lines);
    let attrs = noAttrs();
    let i = 0;
    const titled = (blocks: Block[]): void => {
      if (attrs.title) out.push({ kind: 'paragraph', inlines: [{ kind: 'strong', children: this.inline(attrs.title) }] });
      out.push(...blocks);
    };
    while (i < lines.length) {
      const line = lines[i] ?? '';
      if (isBlank(line)) {
        i++;
        continue;
      }
      const tag = placeholderIndex(line);
      if (tag !== null) {
        out.push(...this.ctx.expandPlaceholder(tag));
        i++;
        continue;
      }
      const attrLine = line.startsWith('[') ? ATTR_LINE.exec(line) : null;
      if (attrLine) {
        const inner = attrLine[1] ?? '';
        // [[id]] anchors name the next block; other lists set its style.
        if (!inner.startsWith('[')) parseAttrs(inner, attrs);
        i++;
        continue;
      }
      const title = line.startsWith('.') && !line.startsWith('..') ? BLOCK_TITLE.exec(line) : null;
      if (title && !LIST_ITEM.test(line)) {
        attrs.title = title[1] ?? '';
        i++;
        continue;
      }
      const section = line.startsWith('=') ? SECTION.exec(line) : null;
      if (section && !DELIMITER.test(line)) {
        const level = (section[1] ?? '=').length;
        out.push({ kind: 'heading', depth: Math.max(1, level - 1), inlines: this.inline(section[2] ?? '') });
        attrs = noAttrs();
        i++;
        continue;
      }
      const t = line.trimEnd();
      if (t === "'''" || t === '---' || t === '- - -' || t === '***' || t === '* * *') {
        out.push({ kind: 'rule' });
        i++;
        continue;
      }
      if (t === '<<<') {
        i++;
        continue;
      }
      const delim = DELIMITER.exec(t);
      if (delim) {
        const open = t.startsWith('```') ? '```' : t;
        // An unclosed block runs to the end of the document (as in Asciidoctor).
        const found = finder.next(`delim${open}`, i + 1, (l) => l.trimEnd() === open);
        const end = found === -1 ? lines.length : found;
        {
          const fenceLang = t.startsWith('```') ? t.slice(3).trim() : '';
          this.delimited(open, fenceLang, lines.slice(i + 1, end), attrs, depth, out);
          attrs = noAttrs();
          i = end + 1;
          continue;
        }
      }
      const macro = BLOCK_MACRO.exec(line);
      if (macro) {
        const name = macro[1] ?? '';
        const target = (macro[2] ?? '').trim();
        const first = ((macro[3] ?? '').split(',')[0] ?? '').replace(/^"|"$/g, '').trim();
        if (name === 'image') out.push(figureBlock(target, first, attrs.title ? this.inline(attrs.title) : []));
        else if (name === 'video' || name === 'audio') titled([{ kind: 'paragraph', inlines: [{ kind: 'text', value: `${capitalized(name)}: ${target}` }] }]);
        attrs = noAttrs();
        i++;
        continue;
      }
      const adm = ADMONITION.exec(line);
      if (adm) {
        const end = this.paragraphEnd(lines, i + 1);
        const text = [adm[2] ?? '', ...lines.slice(i + 1, end)].join('\n');
        out.push({ kind: 'admonition', label: capitalized(adm[1] ?? 'Note'), title: attrs.title ? this.inline(attrs.title) : [], blocks: [{ kind: 'paragraph', inlines: this.inline(text) }] });
        attrs = noAttrs();
        i = end;
        continue;
      }
      if (LIST_ITEM.test(line)) {
        const block = this.list(lines, i, depth);
        titled([block.block]);
        attrs = noAttrs();
        i = block.next;
        continue;
      }
      if (termSeparator(line)) {
        const block = this.descriptions(lines, i, depth);
        titled([block.block]);
        attrs = noAttrs();
        i = block.next;
        continue;
      }
      if (indentOf(line) > 0) {
        // A literal paragraph: indented lines shown as they are.
        let j = i;
        while (j < lines.length && !isBlank(lines[j])) j++;
        const body = lines.slice(i, j);
        titled([{ kind: 'code', lang: '', text: dedent(body, minIndent(body)).join('\n') }]);
        attrs = noAttrs();
        i = j;
        continue;
      }
      const end = this.paragraphEnd(lines, i + 1);
      titled(this.styledParagraph(lines.slice(i, end), attrs, depth));
      attrs = noAttrs();
      i = end;
    }
    return out;
  }

  private paragraphEnd(lines: string[], from: number): number {
    let j = from;
    while (j < lines.length) {
      const l = lines[j] ?? '';
      if (isBlank(l) || DELIMITER.test(l.trimEnd()) || ATTR_LINE.test(l) || placeholderIndex(l) !== null || (l.startsWith('=') && SECTION.test(l))) break;
      j++;
    }
    return j;
  }

  private styledParagraph(lines: string[], attrs: Attrs, depth: number): Block[] {
    const style = attrs.style;
    const text = lines.join('\n');
    if (ADMONITION_STYLES.has(style.toUpperCase()) && style !== '') return [{ kind: 'admonition', label: capitalized(style), title: [], blocks: [{ kind: 'paragraph', inlines: this.inline(text) }] }];
    switch (style.toLowerCase()) {
      case 'source':
      case 'listing':
      case 'literal':
        return [{ kind: 'code', lang: style === 'source' ? (attrs.positional[0] ?? this.sourceLanguage) : '', text }];
      case 'quote':
        return [{ kind: 'quote', blocks: [{ kind: 'paragraph', inlines: this.inline(text) }, ...this.attribution(attrs)] }];
      case 'verse':
        return [{ kind: 'quote', blocks: [this.verse(lines), ...this.attribution(attrs)] }];
      case 'stem':
      case 'asciimath':
      case 'latexmath':
        return [{ kind: 'math', tex: this.stemTex(style, text) }];
      default:
        void depth;
        return [{ kind: 'paragraph', inlines: this.inline(text) }];
    }
  }

  private verse(lines: string[]): Block {
    const inlines: Inline[] = [];
    for (const l of lines) {
      if (inlines.length) inlines.push({ kind: 'break' });
      inlines.push(...this.inline(l.trim()));
    }
    return { kind: 'paragraph', inlines };
  }

  private attribution(attrs: Attrs): Block[] {
    const who = attrs.positional.filter((p) => p !== '').join(', ');
    return who ? [{ kind: 'paragraph', inlines: [{ kind: 'text', value: '— ' }, ...this.inline(who)] }] : [];
  }

  private delimited(open: string, fenceLang: string, body: string[], attrs: Attrs, depth: number, out: Block[]): void {
    const c = open[0];
    const style = attrs.style;
    const titleInlines = attrs.title ? this.inline(attrs.title) : [];
    const caption = (): void => {
      if (titleInlines.length) out.push({ kind: 'paragraph', inlines: [{ kind: 'emph', children: titleInlines }] });
    };
    if (c === '`' || c === '-' && open.length >= 4 || c === '.') {
      const lower = style.toLowerCase();
      if (lower === 'stem' || lower === 'asciimath' || lower === 'latexmath') {
        out.push({ kind: 'math', tex: this.stemTex(lower, body.join('\n')) });
        return;
      }
      caption();
      const lang = c === '`' ? fenceLang : lower === 'source' || (c === '-' && style === '') ? (attrs.positional[0] ?? (lower === 'source' ? this.sourceLanguage : '')) : '';
      out.push({ kind: 'code', lang, text: body.join('\n') });
      return;
    }
    if (c === '|' || c === '!' || c === ',' || c === ':') {
      caption();
      out.push(asciidocTable(body, open[0] ?? '|', attrs.named, (text) => this.inline(text)));
      return;
    }
    if (c === '+') {
      const lower = style.toLowerCase();
      if (lower === 'stem' || lower === 'latexmath' || lower === 'asciimath') out.push({ kind: 'math', tex: this.stemTex(lower, body.join('\n')) });
      // Raw output for one backend (HTML): not the note's text.
      return;
    }
    if (c === '_' || (c === '-' && style.toLowerCase() === 'quote')) {
      const inner = style.toLowerCase() === 'verse' ? [this.verse(body)] : this.blocks(body, depth + 1);
      caption();
      out.push({ kind: 'quote', blocks: [...inner, ...this.attribution(attrs)] });
      return;
    }
    const inner = this.blocks(body, depth + 1);
    if (ADMONITION_STYLES.has(style.toUpperCase()) && style !== '') {
      out.push({ kind: 'admonition', label: capitalized(style), title: titleInlines, blocks: inner });
      return;
    }
    if (c === '=' || c === '*') {
      // Example and sidebar blocks: set apart, under their own style word when the note gives one.
      const label = /^\p{L}[\p{L} -]{0,30}$/u.test(style) ? style : c === '=' ? 'Example' : 'Sidebar';
      out.push({ kind: 'admonition', label, title: titleInlines, blocks: inner });
      return;
    }
    caption();
    out.push(...inner);
  }

  /** A list starting at `start`: items nested by their marker; returns the block and the next line. */
  private list(lines: string[], start: number, depth: number): { block: Block; next: number } {
    interface Item { marker: string; lines: string[] }
    const items: Item[] = [];
    let i = start;
    while (i < lines.length) {
      const m = LIST_ITEM.exec(lines[i] ?? '');
      if (!m) break;
      const item: Item = { marker: normalizeMarker(m[1] ?? '*'), lines: [m[2] ?? ''] };
      i++;
      // The item's text continues on the following lines; `+` attaches the next block.
      while (i < lines.length) {
        const l = lines[i] ?? '';
        if (isBlank(l) || LIST_ITEM.test(l) || ATTR_LINE.test(l) && lines[i + 1] !== undefined && LIST_ITEM.test(lines[i + 1] ?? '')) break;
        if (l.trim() === '+') {
          item.lines.push('');
          i++;
          const open = DELIMITER.exec((lines[i] ?? '').trimEnd());
          if (open) {
            const close = (lines[i] ?? '').trimEnd();
            let j = i + 1;
            while (j < lines.length && (lines[j] ?? '').trimEnd() !== close) j++;
            item.lines.push(...lines.slice(i, Math.min(j + 1, lines.length)));
            i = j + 1;
          }
          continue;
        }
        item.lines.push(l);
        i++;
      }
      items.push(item);
      let j = i;
      while (j < lines.length && isBlank(lines[j])) j++;
      if (!LIST_ITEM.test(lines[j] ?? '')) break;
      i = j;
    }
    return { block: this.nest(items, 0, depth, new Set()).block, next: i };
  }

  private nest(items: Array<{ marker: string; lines: string[] }>, from: number, depth: number, above: Set<string>): { block: Block; next: number } {
    const marker = items[from]?.marker ?? '*';
    const ordered = marker.startsWith('.');
    const out: ListItem[] = [];
    let k = from;
    while (k < items.length) {
      const item = items[k] as { marker: string; lines: string[] };
      if (item.marker !== marker) {
        const last = out[out.length - 1];
        // A marker used further up closes this list; a new one nests in the last item.
        if (!last || above.has(item.marker) || depth > MAX_NESTING) break;
        const inner = this.nest(items, k, depth + 1, new Set([...above, marker]));
        last.blocks.push(inner.block);
        k = inner.next;
        continue;
      }
      let text = item.lines[0] ?? '';
      let checked: boolean | null = null;
      const box = /^\[([ xX*])\][ \t]+/.exec(text);
      if (box) {
        checked = box[1] !== ' ';
        text = text.slice(box[0].length);
      }
      out.push({ checked, blocks: this.blocks([text, ...item.lines.slice(1)], depth + 1) });
      k++;
    }
    return { block: { kind: 'list', ordered, start: 1, items: out }, next: k };
  }

  private descriptions(lines: string[], start: number, depth: number): { block: Block; next: number } {
    const items: DefinitionItem[] = [];
    let i = start;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      const sep = termSeparator(line);
      if (!sep) break;
      const term = line.slice(0, sep.at).trim();
      const body: string[] = [];
      const rest = line.slice(sep.at + sep.length).trim();
      if (rest) body.push(rest);
      i++;
      while (i < lines.length) {
        const l = lines[i] ?? '';
        if (termSeparator(l)) break;
        if (isBlank(l)) {
          let j = i;
          while (j < lines.length && isBlank(lines[j])) j++;
          if (j < lines.length && (indentOf(lines[j] ?? '') > 0 || LIST_ITEM.test(lines[j] ?? '')) && !termSeparator(lines[j] ?? '') && body.length === 0) {
            i = j;
            continue;
          }
          break;
        }
        body.push(l.trim() === '+' ? '' : l);
        i++;
      }
      items.push({ term: this.inline(term), blocks: this.blocks(dedent(body, minIndent(body)), depth + 1) });
      let j = i;
      while (j < lines.length && isBlank(lines[j])) j++;
      if (!termSeparator(lines[j] ?? '')) break;
      i = j;
    }
    return { block: { kind: 'definitions', items }, next: i };
  }
}

function normalizeMarker(m: string): string {
  if (/^\d+\.$/.test(m) || /^[a-zA-Z]\.$/.test(m) || /\)$/.test(m)) return '.';
  return m;
}
