// Citations and cross-references in the note's text: pandoc's `[@key]`, `[@key, p. 33]`,
// `[see @a; @b]`, org's `[cite:@key]`, LaTeX's `\cite{a,b}` (`\citep`, `\citet`, biblatex's
// `\parencite` …), `@fig:x` / `[@fig:x]` for a label the note gives, and bare `@key` where the
// caller says so. One pass over the text: each `]` is found once for all openers before it
// (MarkerFinder), and every argument is searched within a bounded window.
import type { CrossRefKind, Inline } from '../../tree.js';
import { InlineOut, MarkerFinder } from '../common/scan.js';
import { crossRefKind, sanitizeLabel } from './attributes.js';
import { opensBareKey, readKey } from './keys.js';
import type { LabelTarget } from './labels.js';

/** A citation in brackets is short; a longer bracket is the note's text. */
const MAX_BRACKET = 400;
const MAX_ARGUMENT = 300;

const CITE_COMMANDS = new Set(['cite', 'citep', 'citet', 'citealp', 'citealt', 'parencite', 'textcite', 'autocite', 'footcite', 'supercite', 'Cite', 'Citep', 'Citet', 'Parencite', 'Textcite', 'Autocite']);
const TEXTUAL_COMMANDS = new Set(['citet', 'citealt', 'textcite', 'Citet', 'Textcite']);

export interface ScanContext {
  /** Labels the note gives (`{#fig:x}`): `@fig:x` refers to them. */
  labels: ReadonlyMap<string, LabelTarget>;
  /** Whether a bare `@key` in prose is a citation (null: none is yet). */
  bare: ((key: string) => boolean) | null;
  /** Told every bare `@word` that is not a cross-reference. */
  sawBare?: (key: string) => void;
}

interface Item {
  key: string;
  prefix?: string;
  locator?: string;
}

function item(key: string, prefix: string, locator: string): Item {
  const out: Item = { key };
  const p = prefix.trim().replace(/-$/, '').trim();
  const l = locator.trim().replace(/^,/, '').trim();
  if (p) out.prefix = p;
  if (l) out.locator = l;
  return out;
}

/** The parts of a bracket's inside: split at `;`, and at `,` just before another `@key`. */
function parts(content: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (c === ';') {
      out.push(content.slice(from, i));
      from = i + 1;
    } else if (c === ',') {
      let j = i + 1;
      while (content[j] === ' ') j++;
      if (content[j] === '@' || (content[j] === '-' && content[j + 1] === '@')) {
        out.push(content.slice(from, i));
        from = i + 1;
      }
    }
  }
  out.push(content.slice(from));
  return out;
}

/** The items of `[…]` when every part cites a key; null otherwise. Org's `cite:` and `cite/t:` open it. */
function bracketItems(inside: string): { items: Item[]; textual: boolean } | null {
  let content = inside;
  let textual = false;
  if (content.startsWith('cite:') || content.startsWith('cite/')) {
    const colon = content.indexOf(':');
    const style = colon > 0 ? content.slice(4, colon) : null;
    if (style === null || !/^(\/[a-z/-]*)?$/.test(style)) return null;
    textual = style.startsWith('/t');
    content = content.slice(colon + 1);
  }
  const items: Item[] = [];
  for (const part of parts(content)) {
    let at = part.indexOf('@');
    while (at > 0 && !/[\s-]/.test(part[at - 1] as string)) at = part.indexOf('@', at + 1);
    const key = at >= 0 ? readKey(part, at) : null;
    if (!key) return null;
    items.push(item(key.key, part.slice(0, at), part.slice(key.end)));
  }
  return items.length ? { items, textual } : null;
}

/** A cross-reference node for `key`, when it has a crossref prefix and the note gives that label. */
function crossRef(key: string, source: string, labels: ScanContext['labels']): Inline | null {
  const kind: CrossRefKind | null = crossRefKind(key);
  if (!kind) return null;
  const target = labels.get(sanitizeLabel(key));
  if (!target) return null;
  return { kind: 'ref', target: target.kind, label: target.label, ...(target.title ? { title: target.title } : {}), source };
}

/** The first `ch` in `text` from `from` within `max` characters, or -1 (a bounded search: linear however many openers). */
function indexWithin(text: string, ch: string, from: number, max: number): number {
  const at = text.slice(from, from + max).indexOf(ch);
  return at < 0 ? -1 : from + at;
}

class Scanner {
  private readonly out = new InlineOut();
  /** The nodes the last successful read made, placed by run(). */
  private pending: Inline[] = [];
  private readonly closers: MarkerFinder;
  private readonly openers: MarkerFinder;
  private changed = false;

  constructor(
    private readonly text: string,
    private readonly ctx: ScanContext,
  ) {
    this.closers = new MarkerFinder(text, ']');
    this.openers = new MarkerFinder(text, '[');
  }

  run(): Inline[] | null {
    const { text } = this;
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '[' && c !== '@' && c !== '\\') continue;
      const end = c === '[' ? this.bracket(i) : c === '@' ? this.bareKey(i) : this.command(i);
      if (end === -1) continue;
      // The node was read from `i` to `end`: the text before it goes first.
      const nodes = this.pending;
      this.pending = [];
      this.out.text(text.slice(from, i));
      this.out.push(...nodes);
      this.changed = true;
      from = end;
      i = end - 1;
    }
    if (!this.changed) return null;
    this.out.text(text.slice(from));
    return this.out.done();
  }

  private emit(nodes: Inline[], end: number): number {
    this.pending = nodes;
    return end;
  }

  /** `[…]` citing keys or labels: where it ends, or -1. */
  private bracket(open: number): number {
    const close = this.closers.next(open + 1);
    if (close < 0 || close - open > MAX_BRACKET) return -1;
    const inner = this.openers.next(open + 1);
    if (inner !== -1 && inner < close) return -1;
    // A Markdown link or reference written out (`[@a](…)`, `[@a][b]`) is not a citation.
    const after = this.text[close + 1];
    if (after === '(' || after === '[') return -1;
    const inside = this.text.slice(open + 1, close);
    if (!inside.includes('@')) return -1;
    const found = bracketItems(inside);
    if (!found) return -1;
    const source = this.text.slice(open, close + 1);
    return this.emit(this.citeNodes(found.items, found.textual, source), close + 1);
  }

  /** Cross-references for the items that name labels, one citation for the others; [] when a label is unknown. */
  private citeNodes(items: Item[], textual: boolean, source: string): Inline[] {
    const refs = items.map((it) => (crossRefKind(it.key) ? crossRef(it.key, `@${it.key}`, this.ctx.labels) : null));
    if (items.some((it, k) => crossRefKind(it.key) && !refs[k])) return [{ kind: 'text', value: source }];
    const nodes: Inline[] = [];
    const first = items[0];
    if (refs.every((r) => r !== null)) {
      if (first?.prefix) nodes.push({ kind: 'text', value: `${first.prefix} ` });
      refs.forEach((r, k) => nodes.push(...(k > 0 ? [{ kind: 'text' as const, value: ', ' }] : []), r as Inline));
      return nodes;
    }
    const cited = items.filter((_, k) => refs[k] === null);
    refs.forEach((r) => r && nodes.push(r, { kind: 'text', value: ' ' }));
    const lead = cited[0]?.prefix;
    if (lead && cited[0]) {
      nodes.push({ kind: 'text', value: `${lead} ` });
      delete cited[0].prefix;
    }
    nodes.push({ kind: 'cite', items: cited, ...(textual ? { textual } : {}), source });
    return nodes;
  }

  /** A bare `@key` (a label's, or a citation the context accepts): where it ends, or -1. */
  private bareKey(at: number): number {
    const { text } = this;
    if (!opensBareKey(text[at - 1])) return -1;
    const key = readKey(text, at);
    if (!key) return -1;
    const source = text.slice(at, key.end);
    if (crossRefKind(key.key)) {
      const ref = crossRef(key.key, source, this.ctx.labels);
      return ref ? this.emit([ref], key.end) : -1;
    }
    this.ctx.sawBare?.(key.key);
    if (!this.ctx.bare?.(key.key)) return -1;
    // `@key [p. 33]`: an in-text citation with a locator.
    let end = key.end;
    let locator = '';
    if (text[end] === ' ' && text[end + 1] === '[') {
      const close = indexWithin(text, ']', end + 2, 60);
      const inside = close > 0 ? text.slice(end + 2, close) : '';
      if (inside && !/[@[\n]/.test(inside)) {
        locator = inside;
        end = close + 1;
      }
    }
    return this.emit([{ kind: 'cite', items: [item(key.key, '', locator)], textual: true, source: text.slice(at, end) }], end);
  }

  /** `\cite{a,b}`, `\citep[p.~3]{a}`, `\citet*{a}` …: where it ends, or -1. */
  private command(at: number): number {
    const { text } = this;
    let i = at + 1;
    while (i < text.length && i - at <= 12 && /[A-Za-z]/.test(text[i] as string)) i++;
    const name = text.slice(at + 1, i);
    if (!CITE_COMMANDS.has(name)) return -1;
    if (text[i] === '*') i++;
    const optional: string[] = [];
    while (text[i] === '[' && optional.length < 2) {
      const close = indexWithin(text, ']', i, MAX_ARGUMENT);
      if (close < 0) return -1;
      optional.push(text.slice(i + 1, close));
      i = close + 1;
    }
    if (text[i] !== '{') return -1;
    const close = indexWithin(text, '}', i, MAX_ARGUMENT);
    if (close < 0) return -1;
    const keys = text.slice(i + 1, close).split(',').map((k) => k.trim());
    if (keys.some((k) => k === '' || /[\s{\\]/.test(k))) return -1;
    // One optional argument is the note after (a page); two are the note before and after.
    const [pre = '', post = ''] = optional.length === 2 ? optional : ['', optional[0] ?? ''];
    const items = keys.map((key, k) => item(key, k === 0 ? pre.replace(/~/g, ' ') : '', k === keys.length - 1 ? post.replace(/~/g, '\u00a0') : ''));
    return this.emit(this.citeNodes(items, TEXTUAL_COMMANDS.has(name), text.slice(at, close + 1)), close + 1);
  }
}

/** The text with its citations and cross-references as nodes; null when it has none. */
export function scanText(text: string, ctx: ScanContext): Inline[] | null {
  if (!text.includes('@') && !text.includes('\\cite')) return null;
  return new Scanner(text, ctx).run();
}

/** A run of inlines with the citations and cross-references of its text nodes as nodes. */
export function scanRun(run: Inline[], ctx: ScanContext): Inline[] {
  let out: Inline[] | null = null;
  run.forEach((node, k) => {
    const found = node.kind === 'text' ? scanText(node.value, ctx) : null;
    if (found && !out) out = run.slice(0, k);
    if (out) out.push(...(found ?? [node]));
  });
  return out ?? run;
}
