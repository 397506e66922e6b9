// reStructuredText explicit markup (`.. ` blocks): directives mapped to the tree — code,
// math, admonitions, images and figures, list-table and csv-table, quotes, topics and
// rubrics — and the rest (targets, substitution definitions and footnotes, gathered before
// reading; comments; raw output; settings like contents or sectnum) left out. An unknown
// directive keeps its argument and content as text: never markup.
import type { Block, Inline } from '../../tree.js';
import { figureBlock } from '../common/media.js';
import { dedent, isBlank, minIndent, trimBlankLines } from '../common/lines.js';
import type { RstBlocks } from './blocks.js';

const DIRECTIVE = /^\.\.[ \t]+([A-Za-z][\w:+.-]{0,40})::(?:[ \t]+(.*))?$/;
const SUBSTITUTION = /^\.\.[ \t]+\|[^|]+\|[ \t]+([A-Za-z][\w:+.-]{0,40})::/;
const OPTION = /^:([\w-]{1,40}):(?:[ \t]+(.*))?$/;
const ADMONITIONS = new Set(['note', 'tip', 'hint', 'important', 'warning', 'caution', 'attention', 'danger', 'error', 'seealso', 'todo', 'versionadded', 'versionchanged', 'deprecated']);
const CODE = new Set(['code-block', 'code', 'sourcecode', 'highlight-block', 'parsed-literal', 'doctest', 'testcode', 'testoutput', 'jupyter-execute', 'ipython', 'prompt']);
const HIDDEN = new Set(['raw', 'contents', 'sectnum', 'section-numbering', 'header', 'footer', 'meta', 'title', 'include', 'literalinclude', 'highlight', 'default-role', 'role', 'toctree', 'index', 'currentmodule', 'module', 'autosummary', 'automodule', 'autoclass', 'autofunction', 'bibliography', 'tabularcolumns', 'only-html', 'target-notes', 'footbibliography']);
const QUOTES = new Set(['epigraph', 'pull-quote', 'highlights', 'compound', 'container', 'class', 'only', 'ifconfig', 'centered', 'hlist', 'tab', 'tab-set', 'tab-item', 'tabs', 'card', 'grid', 'grid-item', 'grid-item-card', 'dropdown']);

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

interface Parsed {
  options: Map<string, string>;
  content: string[];
}

/** A directive's option lines (`:name: value` right below it) and its content. */
function splitBody(body: string[]): Parsed {
  const lines = dedent(body, minIndent(body));
  const options = new Map<string, string>();
  let i = 0;
  while (i < lines.length) {
    const m = OPTION.exec((lines[i] ?? '').trim());
    if (!m || isBlank(lines[i])) break;
    options.set((m[1] ?? '').toLowerCase(), (m[2] ?? '').trim());
    i++;
  }
  return { options, content: trimBlankLines(lines.slice(i)) };
}

/** Rows of a `list-table`: a bullet list whose items are bullet lists of cells. */
function listTable(reader: RstBlocks, parsed: Parsed, title: string, depth: number): Block[] {
  const rows: Inline[][][] = [];
  for (const b of reader.blocks(parsed.content, depth + 1)) {
    if (b.kind !== 'list') continue;
    for (const item of b.items) {
      const inner = item.blocks.find((x) => x.kind === 'list');
      const cells = inner?.kind === 'list' ? inner.items.map((c) => cellInlines(c.blocks)) : [cellInlines(item.blocks)];
      rows.push(cells);
    }
  }
  const headerRows = Number.parseInt(parsed.options.get('header-rows') ?? '0', 10) || 0;
  return withTitle(title, reader, [tableOf(rows, headerRows)]);
}

function cellInlines(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  for (const b of blocks) {
    if (out.length) out.push({ kind: 'break' });
    if (b.kind === 'paragraph') out.push(...b.inlines);
    else if (b.kind === 'code') out.push({ kind: 'code', value: b.text });
    else if (b.kind === 'math') out.push({ kind: 'math', tex: b.tex });
    else if (b.kind === 'list') for (const it of b.items) out.push(...cellInlines(it.blocks));
  }
  return out;
}

function tableOf(rows: Inline[][][], headerRows: number): Block {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const pad = (r: Inline[][]): Inline[][] => [...r, ...Array.from({ length: width - r.length }, () => [])];
  const head = headerRows > 0 ? rows.slice(0, headerRows) : [];
  const header = head.length ? pad(head[0] ?? []) : [];
  return { kind: 'table', header, rows: [...head.slice(1), ...rows.slice(headerRows > 0 ? headerRows : 0)].map(pad), align: Array.from({ length: width }, () => null) };
}

/** CSV rows (quoted fields with doubled quotes, a comma or the `:delim:` between fields). */
function csvRows(lines: string[], delim: string): string[][] {
  const rows: string[][] = [];
  for (const line of lines) {
    if (isBlank(line)) continue;
    const row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"' && field.trim() === '') quoted = true;
      else if (c === delim) {
        row.push(field.trim());
        field = '';
      } else field += c;
    }
    row.push(field.trim());
    rows.push(row);
  }
  return rows;
}

function withTitle(title: string, reader: RstBlocks, blocks: Block[]): Block[] {
  return title.trim() ? [{ kind: 'paragraph', inlines: [{ kind: 'emph', children: reader.inline(title.trim()) }] }, ...blocks] : blocks;
}

export function directive(reader: RstBlocks, first: string, body: string[], depth: number): Block[] {
  const m = DIRECTIVE.exec(first.trim());
  if (!m) {
    // Targets, footnotes and substitution definitions were gathered before reading; anything
    // else after `..` is a comment. A substitution that is not replacement text is left out.
    if (SUBSTITUTION.test(first.trim())) return [];
    return [];
  }
  const name = (m[1] ?? '').toLowerCase().replace(/^(rst|py|std|sphinx):/, '');
  const arg = (m[2] ?? '').trim();
  const parsed = splitBody(body);
  const { options, content } = parsed;
  if (HIDDEN.has(name)) return [];
  if (CODE.has(name)) {
    const code = content.join('\n');
    return code.trim() === '' ? [] : withTitle(options.get('caption') ?? '', reader, [{ kind: 'code', lang: name === 'parsed-literal' ? '' : arg.split(/\s+/)[0] ?? '', text: code }]);
  }
  if (name === 'math') {
    const tex = [arg, ...content].join('\n').trim();
    // Blank lines separate equations.
    return tex === '' ? [] : tex.split(/\n[ \t]*\n/).map((t) => ({ kind: 'math', tex: t.trim() }) as Block);
  }
  if (ADMONITIONS.has(name) || name === 'admonition') {
    const label = name === 'admonition' ? arg || 'Note' : name === 'seealso' ? 'See also' : name.startsWith('version') ? `${name === 'versionadded' ? 'New' : 'Changed'} in version ${arg}` : name === 'deprecated' ? `Deprecated since version ${arg}` : capitalized(name);
    // `.. note:: text` starts the content on the directive's own line.
    const inner = name === 'admonition' || name.startsWith('version') || name === 'deprecated' ? content : arg ? [arg, ...(content.length ? [''] : []), ...content] : content;
    return [{ kind: 'admonition', label: name === 'admonition' ? 'Note' : label, title: name === 'admonition' ? reader.inline(arg) : [], blocks: reader.blocks(inner, depth + 1) }];
  }
  if (name === 'image' || name === 'figure') {
    const caption = content.length ? reader.blocks(content, depth + 1) : [];
    const first = caption[0];
    const out: Block[] = [figureBlock(arg, options.get('alt') ?? '', first?.kind === 'paragraph' ? first.inlines : [])];
    return [...out, ...caption.slice(first?.kind === 'paragraph' ? 1 : 0)];
  }
  if (name === 'list-table') return listTable(reader, parsed, arg, depth);
  if (name === 'csv-table') {
    const delim = (options.get('delim') ?? ',').replace(/^tab$/, '\t').replace(/^space$/, ' ').charAt(0) || ',';
    const header = options.has('header') ? csvRows([options.get('header') ?? ''], ',') : [];
    const rows = csvRows(content, delim);
    const all = [...header, ...rows].map((r) => r.map((c) => reader.inline(c)));
    const headerRows = header.length || Number.parseInt(options.get('header-rows') ?? '0', 10) || 0;
    return withTitle(arg, reader, [tableOf(all, headerRows)]);
  }
  if (name === 'table') {
    return withTitle(arg, reader, reader.blocks(content, depth + 1));
  }
  if (name === 'topic' || name === 'sidebar' || name === 'rubric') {
    const blocks = reader.blocks(content, depth + 1);
    if (name === 'rubric') return [{ kind: 'paragraph', inlines: [{ kind: 'strong', children: reader.inline(arg) }] }];
    return [{ kind: 'admonition', label: capitalized(name), title: reader.inline(arg), blocks }];
  }
  if (QUOTES.has(name)) {
    const blocks = reader.blocks(content, depth + 1);
    return name === 'epigraph' || name === 'pull-quote' || name === 'highlights' ? [{ kind: 'quote', blocks }] : blocks;
  }
  if (name === 'line-block' || name === 'parsed-literal') {
    return [{ kind: 'paragraph', inlines: content.flatMap((l, k) => [...(k ? [{ kind: 'break' } as Inline] : []), ...reader.inline(l.trim())]) }];
  }
  // Theorems and other environments from Sphinx extensions (prf:theorem, proof, …).
  const env = /^(?:prf:)?(theorem|lemma|proof|definition|corollary|proposition|example|remark|exercise|solution|axiom|conjecture|algorithm)$/.exec(name);
  if (env) return [{ kind: 'admonition', label: capitalized(env[1] ?? name), title: reader.inline(arg), blocks: reader.blocks(content, depth + 1) }];
  // Unknown: its argument and content as the note's text.
  const out: Block[] = [];
  if (arg) out.push({ kind: 'paragraph', inlines: reader.inline(arg) });
  out.push(...reader.blocks(content, depth + 1));
  return out;
}
