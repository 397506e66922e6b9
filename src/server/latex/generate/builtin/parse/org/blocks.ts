// Org blocks → document tree: headlines (TODO keywords, priorities and tags dropped),
// paragraphs, plain and description lists (nested by indentation, checkboxes), #+BEGIN_…
// blocks (source, example, quote, verse, center, admonitions, export, speaker notes), tables with |-+-|
// rules, fixed-width lines, LaTeX math environments, \[…\] and $$…$$ displays, drawers and
// planning lines (left out), #+CAPTION before images and tables, and the file's keywords
// (#+TITLE, #+AUTHOR, #+DATE → metadata; settings left out).
import type { Block, DefinitionItem, Inline, ListItem, NoteMeta } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { figureBlock } from '../common/media.js';
import { LineFinder, MAX_NESTING, dedent, indentOf, isBlank, minIndent, placeholderIndex, textBlocks } from '../common/lines.js';
import type { ReaderContext } from '../reader.js';
import { parseOrgInline, type OrgInlineContext } from './inline.js';
import { orgTable } from './table.js';

const HEADLINE = /^(\*+)[ \t]+(.*)$/;
const ITEM = /^([ \t]*)([-+*]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const KEYWORD = /^[ \t]*#\+([A-Za-z_][\w-]*)(?:\[[^\]\n]*\])?:[ \t]?(.*)$/;
const BEGIN = /^[ \t]*#\+begin_([\w-]+)(?:[ \t]+(.*))?$/i;
const DRAWER = /^[ \t]*:([\w-]+):[ \t]*$/;
const PLANNING = /^[ \t]*(SCHEDULED|DEADLINE|CLOSED):/;
const TODO_WORDS = new Set(['TODO', 'DONE', 'NEXT', 'WAITING', 'WAIT', 'HOLD', 'CANCELED', 'CANCELLED', 'LATER', 'NOW', 'DOING', 'IN-PROGRESS', 'STARTED']);
const HIDDEN_DRAWERS = new Set(['PROPERTIES', 'LOGBOOK', 'CLOCK', 'RESULTS']);
const MATH_ENV = /^[ \t]*\\begin\{(equation|align|gather|multline|eqnarray|alignat|flalign|displaymath|math)(\*?)\}/;
const ADMONITIONS = new Set(['note', 'tip', 'warning', 'important', 'caution', 'attention', 'danger', 'error', 'hint', 'info', 'abstract', 'summary', 'theorem', 'lemma', 'proof', 'definition', 'example', 'remark', 'corollary', 'proposition', 'exercise', 'solution']);

const SETTINGS = /^(?:OPTIONS|STARTUP|SETUPFILE|INCLUDE|PROPERTY|FILETAGS|TAGS|CATEGORY|COLUMNS|PRIORITIES|ARCHIVE|LINK|MACRO|BIND|CALL|HEADERS?|PLOT|NAME|RESULTS|TBLFM|TOC|LANGUAGE|CREATOR|SELECT_TAGS|EXCLUDE_TAGS|CITE_EXPORT|BIBLIOGRAPHY|PRINT_BIBLIOGRAPHY|(?:SEQ_|TYP_)?TODO|(?:ATTR|EXPORT|HTML|LATEX|BEAMER|ODT|TEXINFO|MAN|ASCII|MD)(?:_[\w-]*)?)$/;

export interface OrgFootnotes {
  /** Definition text by label ([fn:label] lines). */
  defs: Map<string, string>;
  used: Set<string>;
}

/** The headline's title: keyword, priority cookie and tags taken off. */
export function headlineTitle(raw: string): { title: string; hidden: boolean } {
  let words = raw.trim().split(/[ \t]+/);
  let hidden = false;
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && last.length > 2 && last.startsWith(':') && last.endsWith(':') && /^:[\w@#%:]+:$/.test(last)) {
    if (last.includes(':noexport:')) hidden = true;
    words = words.slice(0, -1);
  }
  if (words[0] === 'COMMENT') hidden = true;
  if (TODO_WORDS.has(words[0] ?? '') && words.length > 1) words = words.slice(1);
  if (/^\[#[A-Z0-9]\]$/.test(words[0] ?? '') && words.length > 1) words = words.slice(1);
  if (words[0] === 'COMMENT') hidden = true;
  return { title: words.join(' '), hidden };
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

export class OrgBlocks {
  private readonly inlineCtx: OrgInlineContext;
  private caption: Inline[] = [];

  constructor(
    private readonly ctx: ReaderContext,
    private readonly footnotes: OrgFootnotes,
  ) {
    this.inlineCtx = {
      footnote: (label) => {
        const def = this.footnotes.defs.get(label);
        if (def === undefined || this.footnotes.used.has(label)) return null;
        this.footnotes.used.add(label);
        return this.blocks(def.split('\n'), MAX_NESTING - 2, false);
      },
      footnoteText: (text) => [{ kind: 'paragraph', inlines: this.inline(text) }],
    };
  }

  inline(text: string): Inline[] {
    return parseOrgInline(text, this.inlineCtx);
  }

  private readonly stated = { title: [] as string[], author: [] as string[], date: [] as string[] };

  private meta(meta: Partial<NoteMeta>): void {
    this.ctx.foundMeta?.(meta);
  }

  /** Hands over the title, author and date the keywords stated (once the note is read). */
  statedMeta(): void {
    const join = (values: string[]): string | undefined => (values.length ? values.join(' ') : undefined);
    this.meta({ title: join(this.stated.title), author: join(this.stated.author), date: join(this.stated.date) });
  }

  /** Blocks of `lines`; `top` when headlines (stars at column 0) may occur. */
  blocks(lines: string[], depth: number, top: boolean): Block[] {
    if (depth > MAX_NESTING) return textBlocks(lines);
    const out: Block[] = [];
    const finder = new LineFinder(lines);
    let i = 0;
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
      const head = top ? HEADLINE.exec(line) : null;
      if (head) {
        const level = head[1]?.length ?? 1;
        const { title, hidden } = headlineTitle(head[2] ?? '');
        i++;
        if (hidden) {
          // A COMMENT or :noexport: subtree is not part of the document.
          while (i < lines.length) {
            const h = HEADLINE.exec(lines[i] ?? '');
            if (h && (h[1]?.length ?? 1) <= level) break;
            i++;
          }
          continue;
        }
        if (title !== '') out.push({ kind: 'heading', depth: level, inlines: this.inline(title) });
        continue;
      }
      const begin = BEGIN.exec(line);
      if (begin) {
        const name = (begin[1] ?? '').toLowerCase();
        const end = finder.next(`end_${name}`, i + 1, (l) => l.trim().toLowerCase() === `#+end_${name}`);
        if (end !== -1) {
          out.push(...this.block(name, begin[2] ?? '', lines.slice(i + 1, end), depth));
          i = end + 1;
          continue;
        }
      }
      const kw = KEYWORD.exec(line);
      if (kw) {
        i = this.keyword(kw[1] ?? '', kw[2] ?? '', lines, i, out);
        continue;
      }
      const t = line.trimStart();
      // Comment lines: "# text" and a lone "#".
      if (t === '#' || t.startsWith('# ')) {
        i++;
        continue;
      }
      if (t.startsWith('#+')) {
        // A dynamic block or an unclosed block marker: not text of the document.
        if (/^#\+begin:/i.test(t)) {
          const end = finder.next('end:', i + 1, (l) => /^[ \t]*#\+end:?[ \t]*$/i.test(l));
          if (end !== -1) {
            out.push(...this.blocks(lines.slice(i + 1, end), depth + 1, false));
            i = end + 1;
            continue;
          }
        }
        if (/^#\+end(?:_[\w-]*|:)[ \t]*$/i.test(t)) {
          i++;
          continue;
        }
      }
      const drawer = DRAWER.exec(line);
      if (drawer && (drawer[1] ?? '').toUpperCase() !== 'END') {
        const end = finder.next(':END:', i + 1, (l) => l.trim().toUpperCase() === ':END:');
        if (end !== -1) {
          if (!HIDDEN_DRAWERS.has((drawer[1] ?? '').toUpperCase())) out.push(...this.blocks(lines.slice(i + 1, end), depth + 1, false));
          i = end + 1;
          continue;
        }
      }
      if (PLANNING.test(line)) {
        i++;
        continue;
      }
      if (t.startsWith('|')) {
        let j = i;
        while (j < lines.length && (lines[j] ?? '').trimStart().startsWith('|')) j++;
        this.flushCaption(out);
        out.push(orgTable(lines.slice(i, j), (c) => this.inline(c)));
        i = j;
        continue;
      }
      if (t === ':' || t.startsWith(': ')) {
        let j = i;
        const code: string[] = [];
        while (j < lines.length) {
          const l = (lines[j] ?? '').trimStart();
          if (l !== ':' && !l.startsWith(': ')) break;
          code.push(l.slice(2));
          j++;
        }
        out.push({ kind: 'code', lang: '', text: code.join('\n') });
        i = j;
        continue;
      }
      if (/^-{5,}$/.test(t)) {
        out.push({ kind: 'rule' });
        i++;
        continue;
      }
      const env = MATH_ENV.exec(line);
      if (env) {
        const close = `\\end{${env[1] ?? ''}${env[2] ?? ''}}`;
        const end = finder.next(close, i, (l) => l.includes(close));
        if (end !== -1) {
          out.push({ kind: 'math', tex: lines.slice(i, end + 1).join('\n').trim() });
          i = end + 1;
          continue;
        }
      }
      if (t.startsWith('\\[') || t.startsWith('$$')) {
        const closer = t.startsWith('$$') ? '$$' : '\\]';
        const firstRest = t.slice(2);
        const end = firstRest.includes(closer) ? i : finder.next(closer, i + 1, (l) => l.includes(closer));
        if (end !== -1) {
          const body = [firstRest, ...lines.slice(i + 1, end + 1)].join('\n');
          const at = body.lastIndexOf(closer);
          const after = body.slice(at + closer.length).trim();
          out.push({ kind: 'math', tex: body.slice(0, at).trim() });
          if (after !== '') out.push({ kind: 'paragraph', inlines: this.inline(after) });
          i = end + 1;
          continue;
        }
      }
      const item = ITEM.exec(line);
      if (item && this.isItem(item, top)) {
        i = this.list(lines, i, depth, top, out);
        continue;
      }
      i = this.paragraph(lines, i, top, out);
    }
    this.flushCaption(out);
    return out;
  }

  private isItem(m: RegExpExecArray, top: boolean): boolean {
    // A star at column 0 is a headline at the top level; in nested content it is a bullet.
    return !(m[2] === '*' && (m[1] ?? '') === '' && top);
  }

  private flushCaption(out: Block[]): void {
    if (this.caption.length) out.push({ kind: 'paragraph', inlines: [{ kind: 'emph', children: this.caption }] });
    this.caption = [];
  }

  private keyword(key: string, value: string, lines: string[], i: number, out: Block[]): number {
    const k = key.toUpperCase();
    const plain = (): string => inlineText(this.inline(value)).trim();
    switch (k) {
      case 'TITLE':
      case 'AUTHOR':
      case 'DATE':
        // Org joins repeated TITLE (AUTHOR, DATE) lines.
        if (plain()) this.stated[k === 'TITLE' ? 'title' : k === 'AUTHOR' ? 'author' : 'date'].push(plain());
        break;
      case 'SUBTITLE':
        if (plain()) this.meta({ extra: [{ key: 'Subtitle', value: plain() }] });
        break;
      case 'DESCRIPTION':
        if (plain()) this.meta({ extra: [{ key: 'Description', value: plain() }] });
        break;
      case 'CAPTION':
        this.flushCaption(out);
        this.caption = this.inline(value);
        break;
      default:
        // Export and editor settings are not text; any other keyword states something about
        // the note, kept with the other metadata rather than dropped.
        if (!SETTINGS.test(k) && plain()) this.meta({ extra: [{ key: capitalized(k.replace(/_/g, ' ')), value: plain() }] });
        break;
    }
    return i + 1;
  }

  private block(name: string, params: string, body: string[], depth: number): Block[] {
    switch (name) {
      case 'src':
      case 'example':
      case 'export': {
        // Org escapes "*" and "#+" at a line start inside blocks with a comma.
        const code = dedent(body, minIndent(body)).map((l) => (/^,(\*|#\+)/.test(l) ? l.slice(1) : l)).join('\n');
        const lang = name === 'example' ? '' : (params.trim().split(/\s+/)[0] ?? '');
        if (name === 'export' && /^latex$/i.test(lang) && MATH_ENV.test(body.find((l) => !isBlank(l)) ?? '')) return [{ kind: 'math', tex: code.trim() }];
        const caption = this.caption;
        this.caption = [];
        const out: Block[] = caption.length ? [{ kind: 'paragraph', inlines: [{ kind: 'emph', children: caption }] }] : [];
        out.push({ kind: 'code', lang: name === 'src' ? lang : '', text: code });
        return out;
      }
      case 'quote':
        return [{ kind: 'quote', blocks: this.blocks(dedent(body, minIndent(body)), depth + 1, false) }];
      case 'verse': {
        const lines = dedent(body, minIndent(body));
        const inlines: Inline[] = [];
        for (const l of lines) {
          if (inlines.length) inlines.push({ kind: 'break' });
          inlines.push(...this.inline(l.trimEnd()));
        }
        return [{ kind: 'paragraph', inlines }];
      }
      case 'comment':
        return [];
      case 'notes':
        // org-reveal's and ox-beamer's speaker notes.
        return [{ kind: 'speakerNotes', blocks: this.blocks(dedent(body, minIndent(body)), depth + 1, false) }];
      case 'center':
        return this.blocks(dedent(body, minIndent(body)), depth + 1, false);
      default: {
        const inner = this.blocks(dedent(body, minIndent(body)), depth + 1, false);
        if (ADMONITIONS.has(name) || /^[a-z]{2,20}$/.test(name)) {
          return [{ kind: 'admonition', label: capitalized(name), title: params.trim() ? this.inline(params.trim()) : [], blocks: inner }];
        }
        return inner;
      }
    }
  }

  /** A plain, ordered or description list starting at line `start`; returns the next line. */
  private list(lines: string[], start: number, depth: number, top: boolean, out: Block[]): number {
    const first = ITEM.exec(lines[start] ?? '');
    const indent = indentOf((first?.[1] ?? '').replace(/\t/g, '    '));
    const ordered = /^\d/.test(first?.[2] ?? '-');
    const description = !ordered && / ::( |$)/.test(first?.[3] ?? '');
    const items: ListItem[] = [];
    const terms: DefinitionItem[] = [];
    let startNumber = 1;
    let i = start;
    while (i < lines.length) {
      const m = ITEM.exec(lines[i] ?? '');
      if (!m || !this.isItem(m, top) || indentOf(m[1] ?? '') !== indent || /^\d/.test(m[2] ?? '-') !== ordered) break;
      if (items.length === 0 && terms.length === 0 && /^\d/.test(m[2] ?? '')) startNumber = Number.parseInt(m[2] ?? '1', 10);
      let text = m[3] ?? '';
      const contentCol = indent + (m[2]?.length ?? 1) + 1;
      i++;
      const body: string[] = [];
      // The item runs while lines are indented past its bullet (blank lines included, but
      // not two in a row, which end the list in org).
      while (i < lines.length) {
        const l = lines[i] ?? '';
        if (isBlank(l)) {
          if (isBlank(lines[i + 1]) || i + 1 >= lines.length || indentOf(lines[i + 1] ?? '') <= indent) break;
          body.push('');
          i++;
          continue;
        }
        if (indentOf(l) <= indent) break;
        body.push(l);
        i++;
      }
      let checked: boolean | null = null;
      const box = /^\[([ xX-])\][ \t]*/.exec(text);
      if (box) {
        checked = box[1] !== ' ';
        text = text.slice(box[0].length);
      }
      text = text.replace(/^\[@\d+\][ \t]*/, '');
      const rest = dedent(body, Math.min(contentCol, minIndent(body)));
      const sep = description ? text.indexOf(' ::') : -1;
      if (description && sep !== -1) {
        const def = text.slice(sep + 3).trim();
        terms.push({ term: this.inline(text.slice(0, sep).trim()), blocks: this.blocks(def === '' ? rest : [def, ...rest], depth + 1, false) });
      } else if (description) {
        terms.push({ term: this.inline(text.trim()), blocks: this.blocks(rest, depth + 1, false) });
      } else {
        items.push({ checked, blocks: this.blocks([text, ...rest], depth + 1, false) });
      }
      // Blank lines between items of the same list.
      let j = i;
      while (j < lines.length && isBlank(lines[j])) j++;
      if (j - i > 1) break;
      const again = ITEM.exec(lines[j] ?? '');
      if (!again || !this.isItem(again, top) || indentOf(again[1] ?? '') !== indent) break;
      i = j;
    }
    if (description) out.push({ kind: 'definitions', items: terms });
    else out.push({ kind: 'list', ordered, start: startNumber, items });
    return i;
  }

  private paragraph(lines: string[], start: number, top: boolean, out: Block[]): number {
    const para: string[] = [];
    let i = start;
    while (i < lines.length) {
      const l = lines[i] ?? '';
      if (isBlank(l)) break;
      if (i > start) {
        const t = l.trimStart();
        const item = ITEM.exec(l);
        if ((top && HEADLINE.test(l)) || t.startsWith('#+') || t.startsWith('|') || (item && this.isItem(item, top)) || DRAWER.test(l) || placeholderIndex(l) !== null) break;
        if (t.startsWith('\\[') || t.startsWith('$$') || MATH_ENV.test(l)) break;
      }
      para.push(l.trim());
      i++;
    }
    const text = para.join('\n');
    // A paragraph that is only a link to an image is a figure (with the #+CAPTION before it).
    const img = /^\[\[(?:file:|attachment:)?([^\]\n]+\.(?:png|jpe?g|gif|svg|webp|bmp|tiff?|pdf|eps))\](?:\[([^\]\n]*)\])?\]$/i.exec(text);
    if (img) {
      out.push(figureBlock(img[1] ?? '', img[2] ?? '', this.caption));
      this.caption = [];
      return i;
    }
    this.flushCaption(out);
    out.push({ kind: 'paragraph', inlines: this.inline(text) });
    return i;
  }
}
