// The LaTeX reader's core: one pass over ranges of the (comment-free) source. Paragraphs are
// read token by token; commands are text styles, links, footnotes, citations, math and
// sectioning, dropped layout, or unknown (their last brace argument's text); environments go
// to environments.ts. Every `{` and `\begin` finds its closer in the tables source.ts built, so
// each character is read once per nesting level, and nesting past MAX_DEPTH is flat text.
import type { Block, Inline } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { MarkerFinder } from '../common/scan.js';
import { placeholderIndex } from '../common/lines.js';
import { imageInline } from '../common/media.js';
import type { ReaderContext } from '../reader.js';
import { ACCENTS, CITES, CODE, DROPPED, DROPPED_WITH_ARGS, EMPH, REFS, SECTION_DEPTHS, STRIKE, STRONG, SYMBOLS } from './commands.js';
import { environment, figureOf, withoutLabels } from './environments.js';
import { flatText, flatten, tidy, trimmed } from './inline-tools.js';
import { commandAt, isLetter, matchBraces, matchEnvironments, verbEnd } from './source.js';
import { MAX_DEPTH, type LatexParse, type Span } from './types.js';

/** Characters that end a run of plain text. */
const SPECIAL = new Set(['\\', '{', '}', '$', '~', '-', '`', "'", '&', '\n']);
/** How far an optional `[…]` argument is looked for. */
const MAX_OPTIONAL = 200;

function escapedAt(text: string, at: number): boolean {
  let n = 0;
  for (let k = at - 1; k >= 0 && text[k] === '\\' && n < 64; k--) n++;
  return n % 2 === 1;
}

export class LatexParser implements LatexParse {
  readonly braces: Int32Array;
  readonly envEnds: Map<number, number>;
  float: { caption: Inline[] | null } | null = null;
  private readonly dollar: MarkerFinder;
  private readonly doubleDollar: MarkerFinder;
  private readonly parenClose: MarkerFinder;
  private readonly bracketClose: MarkerFinder;

  constructor(
    readonly src: string,
    private readonly ctx: ReaderContext,
  ) {
    this.braces = matchBraces(src);
    this.envEnds = matchEnvironments(src);
    const unescaped = (t: string, at: number): boolean => !escapedAt(t, at);
    this.dollar = new MarkerFinder(src, '$', unescaped);
    this.doubleDollar = new MarkerFinder(src, '$$', unescaped);
    this.parenClose = new MarkerFinder(src, '\\)', unescaped);
    this.bracketClose = new MarkerFinder(src, '\\]', unescaped);
  }

  /** Spaces and single line breaks from `at`. */
  private skipSpace(at: number, to: number): number {
    let i = at;
    let lines = 0;
    while (i < to && (this.src[i] === ' ' || this.src[i] === '\t' || (this.src[i] === '\n' && lines++ === 0))) i++;
    return i;
  }

  group(at: number, to: number): Span | null {
    const i = this.skipSpace(at, to);
    if (this.src[i] !== '{') return null;
    const close = this.braces[i] ?? -1;
    if (close < i || close >= to) return null;
    return { from: i + 1, to: close, end: close + 1 };
  }

  optional(at: number, to: number): Span | null {
    const i = this.skipSpace(at, to);
    if (this.src[i] !== '[') return null;
    let depth = 0;
    let k = i + 1;
    for (let steps = 0; k < to && steps < MAX_OPTIONAL; steps++) {
      const c = this.src[k];
      if (c === '{') {
        const close = this.braces[k] ?? -1;
        if (close < k || close >= to) return null;
        k = close + 1;
        continue;
      }
      if (c === '\\') {
        k += 2;
        continue;
      }
      if (c === '[') depth++;
      else if (c === ']' && depth-- === 0) return { from: i + 1, to: k, end: k + 1 };
      k++;
    }
    return null;
  }

  /** Every argument right after a command: optional and brace arguments, up to `max`. Returns the brace ones and the end. */
  private args(at: number, to: number, max = 6): { groups: Span[]; end: number } {
    const groups: Span[] = [];
    let end = at;
    for (let n = 0; n < max; n++) {
      const g = this.group(end, to) ?? this.optional(end, to);
      if (!g) break;
      if (this.src[g.from - 1] === '{') groups.push(g);
      end = g.end;
    }
    return { groups, end };
  }

  blocks(from: number, to: number, depth: number): Block[] {
    if (depth > MAX_DEPTH) return textParagraph(flatText(this.src, from, to));
    const out: Block[] = [];
    let para: Inline[] = [];
    const flush = (): void => {
      const inlines = trimmed(tidy(para));
      if (inlines.length) out.push({ kind: 'paragraph', inlines });
      para = [];
    };
    let i = from;
    while (i < to) {
      const c = this.src[i];
      if (c === '\n') {
        let k = i + 1;
        while (k < to && (this.src[k] === ' ' || this.src[k] === '\t')) k++;
        if (this.src[k] === '\n' || k >= to) flush();
        else para.push({ kind: 'text', value: ' ' });
        i = k;
        continue;
      }
      if (c === 'L' && (i === from || this.src[i - 1] === '\n')) {
        const nl = this.src.indexOf('\n', i);
        const tag = placeholderIndex(this.src.slice(i, Math.min(nl === -1 ? to : nl, i + 24)));
        if (tag !== null) {
          flush();
          out.push(...this.ctx.expandPlaceholder(tag));
          i = nl === -1 ? to : Math.min(nl, to);
          continue;
        }
      }
      if (c === '$' && this.src[i + 1] === '$') {
        const close = this.doubleDollar.next(i + 2);
        if (close !== -1 && close + 2 <= to) {
          flush();
          out.push({ kind: 'math', tex: withoutLabels(this.src.slice(i + 2, close).trim()) });
          i = close + 2;
          continue;
        }
      }
      if (c === '\\') {
        const next = this.blockCommand(i, to, depth, out, flush);
        if (next !== -1) {
          i = next;
          continue;
        }
      }
      i = this.step(i, to, depth, para);
    }
    flush();
    return out;
  }

  inlines(from: number, to: number, depth: number): Inline[] {
    if (depth > MAX_DEPTH) return [{ kind: 'text', value: flatText(this.src, from, to) }];
    const out: Inline[] = [];
    let i = from;
    while (i < to) i = this.step(i, to, depth, out);
    return tidy(out);
  }

  /** A block-level command at `at`: its blocks pushed, the position after it; -1 when it is inline. */
  private blockCommand(at: number, to: number, depth: number, out: Block[], flush: () => void): number {
    const { name, end } = commandAt(this.src, at);
    const base = name.endsWith('*') ? name.slice(0, -1) : name;
    const level = SECTION_DEPTHS[base];
    if (level !== undefined) {
      flush();
      const short = this.optional(end, to);
      const title = this.group(short ? short.end : end, to);
      if (!title) return end;
      out.push({ kind: 'heading', depth: level, inlines: trimmed(this.inlines(title.from, title.to, depth + 1)) });
      return title.end;
    }
    if (name === 'par') {
      flush();
      return end;
    }
    if (name === '[') {
      const close = this.bracketClose.next(end);
      if (close === -1 || close + 2 > to) return -1;
      flush();
      out.push({ kind: 'math', tex: withoutLabels(this.src.slice(end, close).trim()) });
      return close + 2;
    }
    if (name === 'begin') {
      const env = environment(this, at, to, depth);
      if (!env) return -1;
      flush();
      out.push(...env.blocks);
      return env.end;
    }
    if (name === 'includegraphics') {
      const { groups, end: after } = this.args(end, to, 2);
      const file = groups[0] ? this.src.slice(groups[0].from, groups[0].to) : '';
      flush();
      out.push(figureOf(file));
      return after;
    }
    if (name === 'caption' && this.float === null) {
      const { groups, end: after } = this.args(end, to, 2);
      const g = groups[groups.length - 1];
      flush();
      if (g) out.push({ kind: 'paragraph', inlines: [{ kind: 'emph', children: trimmed(this.inlines(g.from, g.to, depth + 1)) }] });
      return after;
    }
    if (name === 'item' || name === 'bibitem') {
      // An item outside any list: a paragraph of its own.
      flush();
      const label = this.optional(end, to) ?? (name === 'bibitem' ? this.group(end, to) : null);
      return label ? label.end : end;
    }
    return -1;
  }

  /** One token of running text into `out`; the position after it. */
  private step(at: number, to: number, depth: number, out: Inline[]): number {
    const src = this.src;
    const c = src[at];
    switch (c) {
      case '\\':
        return this.command(at, to, depth, out);
      case '{': {
        const close = this.braces[at] ?? -1;
        if (close < at || close >= to) return at + 1;
        out.push(...this.inlines(at + 1, close, depth + 1));
        return close + 1;
      }
      case '}':
        return at + 1;
      case '$': {
        const double = src[at + 1] === '$';
        const close = double ? this.doubleDollar.next(at + 2) : this.dollar.next(at + 1);
        const width = double ? 2 : 1;
        if (close === -1 || close + width > to) {
          out.push({ kind: 'text', value: '$' });
          return at + 1;
        }
        const tex = withoutLabels(src.slice(at + width, close).trim());
        if (tex !== '') out.push({ kind: 'math', tex });
        return close + width;
      }
      case '~':
        out.push({ kind: 'text', value: '\u00a0' });
        return at + 1;
      case '-': {
        const n = src.startsWith('---', at) ? 3 : src.startsWith('--', at) ? 2 : 1;
        out.push({ kind: 'text', value: n === 3 ? '—' : n === 2 ? '–' : '-' });
        return at + n;
      }
      case '`':
        out.push({ kind: 'text', value: src[at + 1] === '`' ? '“' : '‘' });
        return src[at + 1] === '`' ? at + 2 : at + 1;
      case "'":
        out.push({ kind: 'text', value: src[at + 1] === "'" ? '”' : '’' });
        return src[at + 1] === "'" ? at + 2 : at + 1;
      case '&':
      case '\n':
        out.push({ kind: 'text', value: ' ' });
        return at + 1;
      default: {
        let j = at + 1;
        while (j < to && !SPECIAL.has(src[j] as string)) j++;
        out.push({ kind: 'text', value: src.slice(at, j) });
        return j;
      }
    }
  }

  /** A command in running text. */
  private command(at: number, to: number, depth: number, out: Inline[]): number {
    const src = this.src;
    const { name, end } = commandAt(src, at);
    if (name === '') return at + 1;
    if (!isLetter(name[0])) return this.symbolCommand(name, at, end, to, out);
    const symbol = SYMBOLS[name];
    if (symbol !== undefined) {
      out.push(symbol === '\n' ? { kind: 'break' } : { kind: 'text', value: symbol });
      return end;
    }
    if (DROPPED.has(name)) return end;
    if (DROPPED_WITH_ARGS.has(name)) {
      // `\newcommand\foo{…}` names its command without braces.
      let from = end;
      if (src[this.skipSpace(from, to)] === '\\' && /^(re)?newcommand|providecommand|def|let/.test(name)) from = commandAt(src, this.skipSpace(from, to)).end;
      return this.args(from, to).end;
    }
    const accent = ACCENTS[name];
    if (accent !== undefined && src[end] === '{') return this.accented(accent, end, to, out);
    if (name === 'verb' || name === 'verb*') {
      const after = verbEnd(src, at);
      if (after > end + 1) out.push({ kind: 'code', value: src.slice(end + 1, after - 1) });
      return after;
    }
    if (name === 'title' || name === 'author' || name === 'date') return this.meta(name, end, to, depth);
    if (name === 'begin') {
      const env = environment(this, at, to, depth);
      if (!env) return end;
      out.push(...flatten(env.blocks));
      return env.end;
    }
    if (name === 'end') return this.group(end, to)?.end ?? end;
    const { groups, end: after } = this.args(end, to, name === 'href' ? 2 : 6);
    const last = groups[groups.length - 1];
    const inner = (): Inline[] => (last ? this.inlines(last.from, last.to, depth + 1) : []);
    const raw = (g: Span | undefined): string => (g ? src.slice(g.from, g.to) : '');
    const base = name.endsWith('*') ? name.slice(0, -1) : name;
    if (STRONG.has(name)) out.push({ kind: 'strong', children: inner() });
    else if (EMPH.has(name)) out.push({ kind: 'emph', children: inner() });
    else if (CODE.has(name)) out.push({ kind: 'code', value: inlineText(inner()) });
    else if (STRIKE.has(name)) out.push({ kind: 'strike', children: inner() });
    else if (name === 'href' && groups.length === 2) out.push({ kind: 'link', url: unescapeUrl(raw(groups[0])), children: inner() });
    else if (name === 'url') out.push({ kind: 'link', url: unescapeUrl(raw(last)), children: [{ kind: 'text', value: unescapeUrl(raw(last)) }] });
    else if (name === 'footnote' || name === 'footnotetext') out.push({ kind: 'footnote', blocks: last ? this.blocks(last.from, last.to, depth + 1) : [] });
    else if (CITES.has(name)) out.push({ kind: 'text', value: `[${keys(raw(last))}]` });
    else if (name === 'eqref') out.push({ kind: 'text', value: `(${keys(raw(last))})` });
    else if (REFS.has(name)) out.push({ kind: 'text', value: keys(raw(last)) });
    else if (name === 'includegraphics') out.push(imageInline(raw(last), ''));
    else if (name === 'caption' || name === 'captionof') {
      if (this.float) this.float.caption = trimmed(inner());
      else out.push({ kind: 'emph', children: inner() });
    } else if (SECTION_DEPTHS[base] !== undefined) out.push({ kind: 'strong', children: inner() }, { kind: 'text', value: ' ' });
    else if (name === 'multicolumn' || name === 'multirow') out.push(...inner());
    else out.push(...inner());
    return after;
  }

  /** `\\`, `\%`, `\(`, `\'e` … */
  private symbolCommand(name: string, at: number, end: number, to: number, out: Inline[]): number {
    switch (name) {
      case '\\':
        out.push({ kind: 'break' });
        return this.optional(end, to)?.end ?? end;
      case '(': {
        const close = this.parenClose.next(end);
        if (close === -1 || close + 2 > to) return end;
        out.push({ kind: 'math', tex: withoutLabels(this.src.slice(end, close).trim()) });
        return close + 2;
      }
      case '[': {
        const close = this.bracketClose.next(end);
        if (close === -1 || close + 2 > to) return end;
        out.push({ kind: 'math', tex: withoutLabels(this.src.slice(end, close).trim()) });
        return close + 2;
      }
      case ' ':
      case '\n':
      case ',':
      case ';':
      case ':':
      case '>':
        out.push({ kind: 'text', value: ' ' });
        return end;
      default: {
        const accent = ACCENTS[name];
        if (accent !== undefined) return this.accented(accent, end, to, out);
        if ('%&_#${}'.includes(name)) out.push({ kind: 'text', value: name });
        void at;
        return end;
      }
    }
  }

  /** An accent over the next letter or `{letter}`. */
  private accented(mark: string, from: number, to: number, out: Inline[]): number {
    const g = this.group(from, to);
    const letter = g ? this.src.slice(g.from, g.to).replace(/^\\/, '') : (this.src[from] ?? '');
    const end = g ? g.end : Math.min(to, from + 1);
    if (letter.length === 1 && /\p{L}/u.test(letter)) out.push({ kind: 'text', value: `${letter}${mark}`.normalize('NFC') });
    else if (letter.length <= 2) out.push({ kind: 'text', value: letter });
    return end;
  }

  /** `\title`, `\author`, `\date`: the document's metadata, not text. */
  private meta(name: 'title' | 'author' | 'date', from: number, to: number, depth: number): number {
    const short = this.optional(from, to);
    const g = this.group(short ? short.end : from, to);
    if (!g) return from;
    const text = (a: number, b: number): string => {
      const inl = this.inlines(a, b, depth + 1);
      const stop = inl.findIndex((n) => n.kind === 'break');
      return inlineText(stop === -1 ? inl : inl.slice(0, stop)).replace(/\s+/g, ' ').trim();
    };
    if (name === 'author') {
      const authors: string[] = [];
      // Searched in the argument alone: a run of \author commands stays linear.
      const body = this.src.slice(g.from, g.to);
      let start = 0;
      for (let k = body.indexOf('\\and'); k !== -1; k = body.indexOf('\\and', k + 4)) {
        if (isLetter(body[k + 4])) continue;
        authors.push(text(g.from + start, g.from + k));
        start = k + 4;
      }
      authors.push(text(g.from + start, g.to));
      const named = authors.filter((a) => a !== '');
      if (named.length) this.ctx.foundMeta?.({ author: named[0], authors: named });
    } else {
      const value = text(g.from, g.to);
      if (value !== '') this.ctx.foundMeta?.(name === 'title' ? { title: value } : { date: value });
    }
    return g.end;
  }

  /** `\title`, `\author` and `\date` of a preamble (everything else there is settings). */
  preambleMeta(from: number, to: number): void {
    for (const name of ['title', 'author', 'date'] as const) {
      for (let k = this.src.indexOf(`\\${name}`, from); k !== -1 && k < to; k = this.src.indexOf(`\\${name}`, k + 1)) {
        if (isLetter(this.src[k + name.length + 1])) continue;
        this.meta(name, k + name.length + 1, to, 0);
        break;
      }
    }
  }
}

function textParagraph(value: string): Block[] {
  return value.trim() ? [{ kind: 'paragraph', inlines: [{ kind: 'text', value: value.trim() }] }] : [];
}

/** Citation and reference keys as shown: `a,b` → `a, b`. */
function keys(raw: string): string {
  return raw
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '')
    .join(', ');
}

function unescapeUrl(raw: string): string {
  return raw.trim().replace(/\\([%#&_~$])/g, '$1');
}
