// Typst blocks → document tree: `=` headings (labels dropped), `-` / `+` / `1.` lists and
// `/ Term: text` term lists (nested by indentation), ``` raw blocks, `$ … $` display math,
// paragraphs, and code at the start of a line: `#set`/`#show`/`#let`/`#import` rules hidden
// (a template's `#show: name.with(title: …, authors: …)` and `#set document(…)` feed the
// metadata, see meta.ts), `#figure`, `#table`/`#grid`, `#image`, `#quote`, theorem-like
// environments, `#lorem`, and any other call's content read as the note's text.
import type { Block, DefinitionItem, Inline, ListItem } from '../../tree.js';
import { figureBlock } from '../common/media.js';
import { MAX_NESTING, dedent, indentOf, isBlank, minIndent, placeholderIndex } from '../common/lines.js';
import type { ReaderContext } from '../reader.js';
import { contentValue, lorem, matchBrackets, splitArgs, stringValue, type Arg } from './code.js';
import { callInlines, parseTypstInline, readCall, type Call } from './inline.js';
import { typstMathToTex } from './math.js';
import { metaFromArgs } from './meta.js';

const HEADING = /^(=+)[ \t]+(.*)$/;
const ITEM = /^([ \t]*)(-|\+|\d{1,9}\.)[ \t]+(.*)$/;
const TERM = /^([ \t]*)\/[ \t]+([^:\n]+):[ \t]*(.*)$/;
const THEOREMS = new Set(['theorem', 'lemma', 'proof', 'definition', 'corollary', 'proposition', 'example', 'remark', 'note', 'exercise', 'solution', 'claim', 'conjecture', 'axiom', 'problem', 'question', 'answer', 'warning', 'tip', 'important', 'caution', 'info', 'callout', 'admonition']);
const HIDDEN = new Set(['set', 'show', 'let', 'import', 'include', 'pagebreak', 'colbreak', 'v', 'h', 'outline', 'bibliography', 'counter', 'context', 'state', 'metadata', 'place', 'parbreak', 'linebreak', 'numbering', 'if', 'for', 'while', 'return']);

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function labelFree(text: string): string {
  // A trailing <label> names the heading for references: not its text.
  const t = text.trimEnd();
  if (t.endsWith('>')) {
    const lt = t.lastIndexOf('<');
    if (lt !== -1 && /^<[\w:.-]+>$/.test(t.slice(lt))) return t.slice(0, lt).trimEnd();
  }
  return t;
}

export class TypstBlocks {
  constructor(private readonly ctx: ReaderContext) {}

  inline(text: string): Inline[] {
    return parseTypstInline(text);
  }

  /** Blocks of a piece of markup. */
  blocks(src: string, depth: number): Block[] {
    if (depth > MAX_NESTING) return src.trim() ? [{ kind: 'paragraph', inlines: [{ kind: 'text', value: src.trim() }] }] : [];
    const match = matchBrackets(src);
    const out: Block[] = [];
    let pos = 0;
    while (pos < src.length) {
      const nl = src.indexOf('\n', pos);
      const lineEnd = nl === -1 ? src.length : nl;
      const line = src.slice(pos, lineEnd);
      if (isBlank(line)) {
        pos = lineEnd + 1;
        continue;
      }
      const tag = placeholderIndex(line);
      if (tag !== null) {
        out.push(...this.ctx.expandPlaceholder(tag));
        pos = lineEnd + 1;
        continue;
      }
      const t = line.trimStart();
      const start = pos + (line.length - t.length);
      const head = t.startsWith('=') ? HEADING.exec(t) : null;
      if (head) {
        out.push({ kind: 'heading', depth: (head[1] ?? '=').length, inlines: this.inline(labelFree(head[2] ?? '')) });
        pos = lineEnd + 1;
        continue;
      }
      if (t.startsWith('```')) {
        const close = src.indexOf('```', start + 3);
        if (close !== -1) {
          const body = src.slice(start + 3, close);
          const firstNl = body.indexOf('\n');
          const lang = firstNl === -1 ? '' : body.slice(0, firstNl).trim();
          const code = firstNl === -1 ? body : body.slice(firstNl + 1);
          const lines = code.replace(/\n[ \t]*$/, '').split('\n');
          out.push({ kind: 'code', lang: /^[\w+-]*$/.test(lang) ? lang : '', text: dedent(lines, minIndent(lines)).join('\n') });
          const after = src.indexOf('\n', close + 3);
          pos = after === -1 ? src.length : after + 1;
          continue;
        }
      }
      if (t.startsWith('$') && (t.length === 1 || /\s/.test(t[1] ?? ''))) {
        const close = this.mathClose(src, start + 1);
        if (close !== -1) {
          out.push({ kind: 'math', tex: typstMathToTex(src.slice(start + 1, close)) });
          pos = this.restOfLine(src, close + 1, out);
          continue;
        }
      }
      if (t.startsWith('#') && /[A-Za-z_]/.test(t[1] ?? '')) {
        const end = this.codeLine(src, start + 1, match, out, depth);
        if (end !== -1) {
          pos = end;
          continue;
        }
      }
      if (ITEM.test(line) || TERM.test(line)) {
        pos = this.list(src, pos, depth, out);
        continue;
      }
      pos = this.paragraph(src, pos, match, out);
    }
    return out;
  }

  /** The unescaped `$` that closes display math opened before `from`. */
  private mathClose(src: string, from: number): number {
    let at = src.indexOf('$', from);
    while (at !== -1 && src[at - 1] === '\\') at = src.indexOf('$', at + 1);
    return at;
  }

  /** Text after a block on its own line (a `<label>`, punctuation): kept as a paragraph unless it is only a label. */
  private restOfLine(src: string, from: number, out: Block[]): number {
    const nl = src.indexOf('\n', from);
    const end = nl === -1 ? src.length : nl;
    const rest = labelFree(src.slice(from, end)).trim();
    if (rest !== '' && !/^<[\w:.-]+>$/.test(rest)) out.push({ kind: 'paragraph', inlines: this.inline(rest) });
    return end + 1;
  }

  /** A code expression at a line start (`from` just after `#`); -1 when it is inline text after all. */
  private codeLine(src: string, from: number, match: Int32Array, out: Block[], depth: number): number {
    const keyword = /^(set|show|let|import|include)\b/.exec(src.slice(from, from + 8));
    if (keyword) return this.rule(keyword[1] ?? '', src, from + (keyword[1] ?? '').length, match);
    const call = readCall(src, from, match);
    if (!call) return -1;
    const base = call.name.split('.')[0] ?? call.name;
    const blocks = this.callBlocks(base, call, depth);
    if (blocks === null) return -1;
    out.push(...blocks);
    return this.restOfLine(src, call.end, out);
  }

  /** `#set …`, `#show …`, `#let …`, `#import …`: hidden; the metadata they state is kept. */
  private rule(keyword: string, src: string, from: number, match: Int32Array): number {
    // The statement runs to the line end, across brackets that close on later lines.
    let i = from;
    while (i < src.length && src[i] !== '\n') {
      const c = src[i];
      if ((c === '(' || c === '[' || c === '{') && (match[i] ?? -1) > i) {
        const close = match[i] as number;
        if (keyword === 'set' || keyword === 'show') this.ruleMeta(src, i, close, match);
        i = close + 1;
        continue;
      }
      i++;
    }
    return i + 1;
  }

  private ruleMeta(src: string, open: number, close: number, match: Int32Array): void {
    if (src[open] !== '(') return;
    // `document(` or `name.with(`: the words right before the parenthesis.
    const before = src.slice(Math.max(0, open - 40), open);
    if (!/(?:document|\.with)$/.test(before)) return;
    const found = metaFromArgs(splitArgs(src, open, close, match), (s) => this.inline(s));
    this.ctx.foundMeta?.(found);
  }

  /** Blocks of a call at a line start; null when the call belongs to a paragraph (links, inline markup). */
  private callBlocks(base: string, call: Call, depth: number): Block[] | null {
    const positional = call.args.filter((a) => a.name === null);
    const named = (key: string): Arg | undefined => call.args.find((a) => a.name === key);
    const contents = [...positional.map((a) => contentValue(a.value)).filter((c): c is string => c !== null), ...call.content];
    const inner = (): Block[] => contents.flatMap((c) => this.blocks(c, depth + 1));
    if (HIDDEN.has(base)) return [];
    switch (base) {
      case 'lorem':
        return [{ kind: 'paragraph', inlines: [{ kind: 'text', value: lorem(Number.parseInt(positional[0]?.value ?? '0', 10)) }] }];
      case 'heading':
        return [{ kind: 'heading', depth: Number.parseInt(named('level')?.value ?? '1', 10) || 1, inlines: contents.flatMap((c) => this.inline(c)) }];
      case 'figure': {
        const caption = named('caption');
        const captionInlines = caption ? this.valueInlines(caption.value) : [];
        const body = positional[0]?.value ?? (call.content[0] !== undefined ? `[${call.content[0]}]` : '');
        const image = /^image\(\s*"([^"]*)"/.exec(body.trim());
        if (image) return [figureBlock(image[1] ?? '', '', captionInlines)];
        const blocks = this.valueBlocks(body, depth);
        return captionInlines.length ? [...blocks, { kind: 'paragraph', inlines: [{ kind: 'emph', children: captionInlines }] }] : blocks;
      }
      case 'image':
        return [figureBlock(stringValue(positional[0]?.value ?? '') ?? '', stringValue(named('alt')?.value ?? '') ?? '', [])];
      case 'table':
      case 'grid':
        return [this.table(call, depth)];
      case 'quote': {
        const by = named('attribution');
        const blocks = inner();
        if (by) blocks.push({ kind: 'paragraph', inlines: [{ kind: 'text', value: '— ' }, ...this.valueInlines(by.value)] });
        return [{ kind: 'quote', blocks }];
      }
      case 'raw': {
        const text = stringValue(positional[0]?.value ?? '') ?? '';
        return [{ kind: 'code', lang: stringValue(named('lang')?.value ?? '') ?? '', text }];
      }
      case 'align':
      case 'block':
      case 'box':
      case 'pad':
      case 'rect':
      case 'stack':
      case 'columns':
      case 'par':
      case 'text':
      case 'scale':
      case 'move':
      case 'rotate':
      case 'hide':
        return inner();
      case 'link':
      case 'emph':
      case 'strong':
      case 'footnote':
      case 'cite':
      case 'ref':
      case 'underline':
      case 'smallcaps':
      case 'highlight':
      case 'sub':
      case 'super':
      case 'strike':
      case 'overline':
        return null;
      default:
        if (THEOREMS.has(base)) {
          const title = named('title') ?? named('name');
          return [{ kind: 'admonition', label: capitalized(base), title: title ? this.valueInlines(title.value) : [], blocks: inner() }];
        }
        // Any other function: the text it holds, never its code.
        return contents.length ? inner() : callInlines(call, (s) => this.inline(s)).length ? null : [];
    }
  }

  /** A value (content, string, call) as inline nodes. */
  private valueInlines(value: string): Inline[] {
    const content = contentValue(value);
    if (content !== null) return this.inline(content);
    const str = stringValue(value);
    if (str !== null) return [{ kind: 'text', value: str }];
    if (value.trim().startsWith('$')) return this.inline(value.trim());
    const match = matchBrackets(value);
    const call = readCall(value.trim(), 0, match);
    return call ? callInlines(call, (s) => this.inline(s)) : [];
  }

  /** A value (content, call) as blocks. */
  private valueBlocks(value: string, depth: number): Block[] {
    const v = value.trim();
    const content = contentValue(v);
    if (content !== null) return this.blocks(content, depth + 1);
    if (/^[A-Za-z_]/.test(v)) return this.blocks(`#${v}`, depth + 1);
    return [];
  }

  private table(call: Call, depth: number): Block {
    const columnsArg = call.args.find((a) => a.name === 'columns')?.value.trim() ?? '';
    let width = /^\d+$/.test(columnsArg) ? Number.parseInt(columnsArg, 10) : 0;
    if (width === 0 && columnsArg.startsWith('(')) {
      const match = matchBrackets(columnsArg);
      width = splitArgs(columnsArg, 0, match[0] !== undefined && match[0] > 0 ? match[0] : columnsArg.length - 1, match).length;
    }
    const header: Inline[][] = [];
    const cells: Inline[][] = [];
    const cellOf = (value: string): Inline[] => this.valueInlines(value);
    for (const arg of call.args) {
      if (arg.name !== null) continue;
      const v = arg.value.trim();
      if (v.startsWith('table.header') || v.startsWith('grid.header')) {
        const match = matchBrackets(v);
        const inner = readCall(v, 0, match);
        if (inner) {
          for (const a of inner.args) if (a.name === null) header.push(cellOf(a.value));
          for (const c of inner.content) header.push(this.inline(c));
        }
        continue;
      }
      if (/^(table|grid)\.(hline|vline)/.test(v)) continue;
      if (/^(table|grid)\.cell/.test(v)) {
        const match = matchBrackets(v);
        const inner = readCall(v, 0, match);
        cells.push(inner ? [...inner.content.flatMap((c) => this.inline(c)), ...inner.args.filter((a) => a.name === null).flatMap((a) => cellOf(a.value))] : []);
        continue;
      }
      cells.push(cellOf(v));
    }
    for (const c of call.content) cells.push(this.inline(c));
    if (width <= 0) width = header.length || Math.min(cells.length, 1) || 1;
    void depth;
    const rows: Inline[][][] = [];
    for (let k = 0; k < cells.length; k += width) {
      const row = cells.slice(k, k + width);
      while (row.length < width) row.push([]);
      rows.push(row);
    }
    while (header.length && header.length < width) header.push([]);
    return { kind: 'table', header, rows, align: Array.from({ length: width }, () => null) };
  }

  private list(src: string, from: number, depth: number, out: Block[]): number {
    // The list's lines: the item lines at this indentation and everything indented past them.
    const lines: string[] = [];
    let pos = from;
    const first = src.slice(from, src.indexOf('\n', from) === -1 ? src.length : src.indexOf('\n', from));
    const indent = indentOf(first);
    while (pos < src.length) {
      const nl = src.indexOf('\n', pos);
      const end = nl === -1 ? src.length : nl;
      const line = src.slice(pos, end);
      if (isBlank(line)) {
        // A blank line continues the list when an item or indented text follows.
        let q = end + 1;
        let nextLine = '';
        while (q < src.length) {
          const n2 = src.indexOf('\n', q);
          nextLine = src.slice(q, n2 === -1 ? src.length : n2);
          if (!isBlank(nextLine)) break;
          q = n2 === -1 ? src.length : n2 + 1;
        }
        if (isBlank(nextLine) || (indentOf(nextLine) <= indent && !ITEM.test(nextLine) && !TERM.test(nextLine))) break;
        lines.push('');
        pos = end + 1;
        continue;
      }
      if (lines.length && indentOf(line) <= indent && !ITEM.test(line) && !TERM.test(line)) break;
      if (lines.length && indentOf(line) < indent) break;
      lines.push(line);
      pos = end + 1;
    }
    out.push(...this.listBlocks(dedent(lines, indent), depth));
    return pos;
  }

  /** Items at indentation 0 of `lines`, their continuations indented. */
  private listBlocks(lines: string[], depth: number): Block[] {
    const out: Block[] = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      const item = ITEM.exec(line);
      const term = TERM.exec(line);
      if (!item && !term) {
        i++;
        continue;
      }
      const kind = term ? 'term' : /^\d|\+/.test(item?.[2] ?? '') ? 'ordered' : 'bullet';
      const items: ListItem[] = [];
      const terms: DefinitionItem[] = [];
      let start = 1;
      while (i < lines.length) {
        const l = lines[i] ?? '';
        const it = ITEM.exec(l);
        const tm = TERM.exec(l);
        const k = tm && indentOf(l) === 0 ? 'term' : it && indentOf(l) === 0 ? (/^\d|\+/.test(it[2] ?? '') ? 'ordered' : 'bullet') : null;
        if (k !== kind) break;
        if (items.length === 0 && it && /^\d/.test(it[2] ?? '')) start = Number.parseInt(it[2] ?? '1', 10);
        const body: string[] = [];
        let j = i + 1;
        while (j < lines.length && (isBlank(lines[j]) || indentOf(lines[j] ?? '') > 0)) body.push(lines[j++] ?? '');
        while (body.length && isBlank(body[body.length - 1])) body.pop();
        const rest = dedent(body, minIndent(body));
        if (tm) terms.push({ term: this.inline((tm[2] ?? '').trim()), blocks: this.blocks([tm[3] ?? '', ...rest].join('\n'), depth + 1) });
        else items.push({ checked: null, blocks: this.blocks([it?.[3] ?? '', ...rest].join('\n'), depth + 1) });
        i = j;
      }
      if (kind === 'term') out.push({ kind: 'definitions', items: terms });
      else out.push({ kind: 'list', ordered: kind === 'ordered', start, items });
    }
    return out;
  }

  private paragraph(src: string, from: number, match: Int32Array, out: Block[]): number {
    let pos = from;
    let end = from;
    let first = true;
    while (pos < src.length) {
      const nl = src.indexOf('\n', pos);
      const lineEnd = nl === -1 ? src.length : nl;
      const line = src.slice(pos, lineEnd);
      if (isBlank(line)) break;
      const t = line.trimStart();
      if (!first && (HEADING.test(t) || ITEM.test(line) || TERM.test(line) || t.startsWith('```') || placeholderIndex(line) !== null || (t.startsWith('$') && (t.length === 1 || /\s/.test(t[1] ?? ''))) || /^#(set|show|let|import)\b/.test(t))) break;
      first = false;
      // A call whose brackets close on a later line takes those lines into the paragraph.
      let q = pos;
      let stop = lineEnd;
      while (q < stop) {
        const c = src[q];
        if ((c === '(' || c === '[') && (match[q] ?? -1) > stop) stop = src.indexOf('\n', match[q] as number) === -1 ? src.length : src.indexOf('\n', match[q] as number);
        const m = match[q] ?? -1;
        q = (c === '(' || c === '[') && m > q ? m + 1 : q + 1;
      }
      end = stop;
      pos = stop + 1;
    }
    const text = src.slice(from, end).trim();
    if (text !== '') out.push({ kind: 'paragraph', inlines: this.inline(text) });
    return Math.max(pos, end + 1);
  }
}
