// Callouts and admonitions in Markdown notes. Every dialect is first rewritten (one pass over
// the lines, outside code) into the Obsidian/GitHub form `> [!type] title`, which remark reads
// as a block quote; the reader then turns a quote that opens with `[!type]` into an admonition.
// Dialects: Obsidian and GitHub (`> [!note]`, `> [!WARNING]-` foldable), MkDocs and Python-
// Markdown (`!!! note "Title"`, `??? tip` with an indented body), Docusaurus and VuePress
// (`:::tip Title` … `:::`), MyST (`:::{note}` and ```` ```{warning} ````), Quarto and pandoc
// (`::: {.callout-note title="…"}`; `::: notes`, speaker notes), and Notion's exports (`<aside>` callouts, `<details>`
// toggles, which have no type: their box gets no label). Other fenced divs (`:::: {.columns}`)
// lay their content out: their fences go, their content stays.
import type { Inline } from '../../tree.js';

const TYPES = new Set([
  'note', 'tip', 'hint', 'important', 'warning', 'caution', 'attention', 'danger', 'error', 'info', 'abstract',
  'summary', 'tldr', 'todo', 'success', 'check', 'done', 'question', 'help', 'faq', 'failure', 'fail', 'missing',
  'bug', 'example', 'quote', 'cite', 'seealso', 'admonition', 'theorem', 'lemma', 'proof', 'definition', 'remark',
  'exercise', 'solution', 'details',
]);
/** The marker type of speaker notes (`> [!speaker-notes]`): the reader makes them speakerNotes blocks. */
export const SPEAKER_NOTES = 'speaker-notes';
/** The marker type of boxes without a type (Notion callouts, toggles). */
const UNLABELLED = 'box';
const LABELS: Record<string, string> = { tldr: 'TL;DR', faq: 'FAQ', seealso: 'See also', box: '', details: '' };
/** Callouts nested deeper than this stay as written (bounds the work per line). */
const MAX_NESTING = 8;

interface Open {
  /** Whether `line` (trimmed) closes this container. */
  closes: (trimmed: string) => boolean;
  /** A callout (its lines get a quote marker) or another container kept as written. */
  callout: boolean;
}

function quoteLine(prefix: string, line: string): string {
  return prefix === '' ? line : line.trim() === '' ? prefix.trimEnd() : prefix + line;
}

function header(type: string, title: string): string {
  return `> [!${type}]${title.trim() === '' ? '' : ` ${title.trim()}`}`;
}

/** `!!! note "Title"`, `??? tip`, `???+ warning inline end "T"` → [type, title], or null. */
function indentedMarker(trimmed: string): [string, string] | null {
  // Python-Markdown takes the space after the marker as optional (`!!!note ""`).
  const marker = /^(?:!!!|\?\?\?\+?) ?(?=[\w-])/.exec(trimmed);
  if (!marker) return null;
  let rest = trimmed.slice(marker[0].length);
  rest = rest.trim();
  const quote = rest.indexOf('"');
  const words = (quote === -1 ? rest : rest.slice(0, quote)).trim();
  const [first = '', ...modifiers] = words.split(/\s+/);
  const type = first.toLowerCase();
  const close = quote === -1 ? -1 : rest.lastIndexOf('"');
  // MkDocs allows any type, but `!!! Wow, great` in prose is no admonition: an unknown type
  // needs its title quoted, and only the placement words may follow the type.
  if (!/^[\w-]{1,30}$/.test(type) || modifiers.some((w) => w !== 'inline' && w !== 'end')) return null;
  if (!TYPES.has(type) && close <= quote) return null;
  return [type, close > quote ? rest.slice(quote + 1, close) : ''];
}

function attribute(attrs: string, name: string): string {
  const at = attrs.indexOf(`${name}="`);
  if (at === -1) return '';
  const start = at + name.length + 2;
  const end = attrs.indexOf('"', start);
  return end === -1 ? '' : attrs.slice(start, end);
}

/**
 * The type and title of a fenced container's opening (`:::note Title`, `:::tip[Title]`,
 * `:::{note} Title`, `::: {.callout-note title="T"}`, `::: warning`), or null.
 */
function fencedMarker(rest: string): [string, string] | null {
  let r = rest.trim();
  if (r.startsWith('{')) {
    const close = r.indexOf('}');
    if (close === -1) return null;
    const inner = r.slice(1, close).trim();
    const after = r.slice(close + 1).trim();
    if (!inner.startsWith('.') && !inner.startsWith('#')) return [inner.toLowerCase(), after];
    // pandoc attributes: the first class names the type.
    const cls = inner.split(/\s+/).find((w) => w.startsWith('.')) ?? '';
    const type = cls.slice(1).toLowerCase().replace(/^callout-/, '');
    return [type, attribute(inner, 'title') || after];
  }
  const bracket = r.indexOf('[');
  let title = '';
  if (bracket !== -1 && r.endsWith(']')) {
    title = r.slice(bracket + 1, -1);
    r = r.slice(0, bracket);
  }
  const space = r.indexOf(' ');
  const type = (space === -1 ? r : r.slice(0, space)).toLowerCase().replace(/^callout-/, '');
  return [type, title || (space === -1 ? '' : r.slice(space + 1))];
}

function colonRun(trimmed: string): number {
  let n = 0;
  while (trimmed[n] === ':') n++;
  return n;
}

function fenceRun(trimmed: string): number {
  const ch = trimmed[0];
  if (ch !== '`' && ch !== '~') return 0;
  let n = 0;
  while (trimmed[n] === ch) n++;
  return n >= 3 ? n : 0;
}

/** Rewrites every callout dialect into `> [!type] title` block quotes (code left as written). */
export function calloutsToQuotes(src: string, depth = 0): string {
  // `depth`: the callouts this text is already inside.
  if (depth >= MAX_NESTING || !/!!!|\?\?\?|:::|```\{|<aside|<details/.test(src)) return src;
  const lines = src.split('\n');
  const out: string[] = [];
  const stack: Open[] = [];
  let prefix = '';
  let calloutDepth = 0;
  // An open code fence: its character and length (nothing inside it is a marker).
  let code: { ch: string; n: number } | null = null;
  const push = (entry: Open, headerLine: string | null): void => {
    stack.push(entry);
    if (entry.callout && headerLine !== null) {
      out.push(quoteLine(prefix, headerLine));
      calloutDepth++;
      prefix += '> ';
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    const indent = line.length - line.trimStart().length;
    if (code) {
      out.push(quoteLine(prefix, line));
      const n = fenceRun(trimmed);
      if (n >= code.n && trimmed[0] === code.ch && trimmed.slice(n).trim() === '') code = null;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top?.closes(trimmed)) {
      stack.pop();
      if (top.callout) {
        calloutDepth--;
        prefix = prefix.slice(2);
        // The quote ends here: a blank line keeps the next paragraph out of it.
        out.push(quoteLine(prefix, ''));
      } else out.push(quoteLine(prefix, ''));
      continue;
    }
    const fence = indent <= 3 ? fenceRun(trimmed) : 0;
    if (fence) {
      const info = trimmed.slice(fence).trim();
      const myst = trimmed[0] === '`' && info.startsWith('{') ? fencedMarker(info) : null;
      if (myst && TYPES.has(myst[0]) && depth + calloutDepth < MAX_NESTING) {
        const n = fence;
        push({ closes: (t) => t.length >= n && fenceRun(t) === t.length && t[0] === '`', callout: true }, header(myst[0], myst[1]));
        continue;
      }
      code = { ch: trimmed[0] ?? '`', n: fence };
      out.push(quoteLine(prefix, line));
      continue;
    }
    const colons = indent <= 3 ? colonRun(trimmed) : 0;
    if (colons >= 3 && trimmed.slice(colons).trim() !== '') {
      const found = fencedMarker(trimmed.slice(colons));
      // pandoc's and Quarto's speaker notes (`::: notes`, `::: {.notes}`) are read like a callout.
      const marker: [string, string] | null = found?.[0] === 'notes' ? [SPEAKER_NOTES, ''] : found;
      const callout = marker !== null && (TYPES.has(marker[0]) || marker[0] === SPEAKER_NOTES) && depth + calloutDepth < MAX_NESTING;
      push({ closes: (t) => t.length >= 3 && colonRun(t) === t.length, callout }, callout && marker ? header(marker[0], marker[1]) : null);
      // Any other fenced div (`:::: {.columns}`, `::: {.incremental}`) only lays its content out: the content stays, the fences go.
      if (!callout) out.push(quoteLine(prefix, ''));
      // MyST options (`:class: tip`) right after the opening are settings, not text.
      while (callout && /^:[\w-]+:/.test((lines[i + 1] ?? '').trim())) i++;
      continue;
    }
    if (trimmed.startsWith('<aside') && (trimmed === '<aside>' || trimmed.startsWith('<aside ')) && depth + calloutDepth < MAX_NESTING) {
      push({ closes: (t) => t === '</aside>', callout: true }, header(UNLABELLED, ''));
      continue;
    }
    if (/^<details(?: open)?>/.test(trimmed) && depth + calloutDepth < MAX_NESTING) {
      let title = '';
      let rest = trimmed.slice(trimmed.indexOf('>') + 1).trim();
      if (rest === '' && (lines[i + 1] ?? '').trim().startsWith('<summary>')) rest = (lines[++i] ?? '').trim();
      if (rest.startsWith('<summary>') && rest.includes('</summary>')) {
        title = rest.slice(9, rest.indexOf('</summary>'));
        rest = rest.slice(rest.indexOf('</summary>') + 10).trim();
      }
      push({ closes: (t) => t === '</details>', callout: true }, header(UNLABELLED, title.replace(/<[^<>]{0,40}>/g, '')));
      if (rest !== '') out.push(quoteLine(prefix, rest));
      continue;
    }
    // A closing fence with nothing open (the note's own stray `:::`) is no text either.
    if (colons >= 3 && colons === trimmed.length) {
      out.push(quoteLine(prefix, ''));
      continue;
    }
    const marker = depth + calloutDepth < MAX_NESTING ? indentedMarker(trimmed) : null;
    if (marker) {
      // The body: the following lines indented four columns past the marker, and blank lines.
      let end = i + 1;
      let last = i;
      while (end < lines.length) {
        const l = lines[end] ?? '';
        if (l.trim() !== '') {
          if (l.length - l.trimStart().length < indent + 4) break;
          last = end;
        }
        end++;
      }
      const body = lines.slice(i + 1, last + 1).map((l) => l.slice(Math.min(indent + 4, l.length - l.trimStart().length)));
      const inner = calloutsToQuotes(body.join('\n'), depth + calloutDepth + 1);
      const lead = `${prefix}${' '.repeat(indent)}`;
      out.push(quoteLine(lead, header(marker[0], marker[1])));
      for (const l of inner === '' ? [] : inner.split('\n')) out.push(quoteLine(`${lead}> `, l));
      out.push(quoteLine(prefix, ''));
      i = last;
      continue;
    }
    out.push(quoteLine(prefix, line));
  }
  return out.join('\n');
}

/** The label a reader sees for a callout type (`warning` → `Warning`; Notion boxes get none). */
export function calloutLabel(type: string): string {
  const t = type.toLowerCase();
  return LABELS[t] ?? t.charAt(0).toUpperCase() + t.slice(1);
}

const MARKER = /^\[!([\w-]{1,30})\][+-]?/;

/**
 * A quote's first paragraph split into callout type, title and the rest, when it opens with
 * `[!type]`; null otherwise. The title runs to the end of the marker's line.
 */
export function splitCallout(inlines: Inline[]): { type: string; title: Inline[]; rest: Inline[] } | null {
  const first = inlines[0];
  if (first?.kind !== 'text') return null;
  const lead = first.value.trimStart();
  const m = MARKER.exec(lead);
  if (!m) return null;
  const title: Inline[] = [];
  const rest: Inline[] = [];
  let inTitle = true;
  const afterMarker = lead.slice(m[0].length);
  const nodes: Inline[] = afterMarker === '' ? inlines.slice(1) : [{ kind: 'text', value: afterMarker }, ...inlines.slice(1)];
  for (const node of nodes) {
    if (!inTitle) rest.push(node);
    else if (node.kind === 'break') inTitle = false;
    else if (node.kind === 'text' && node.value.includes('\n')) {
      const nl = node.value.indexOf('\n');
      if (nl > 0) title.push({ kind: 'text', value: node.value.slice(0, nl) });
      const after = node.value.slice(nl + 1);
      if (after !== '') rest.push({ kind: 'text', value: after });
      inTitle = false;
    } else title.push(node);
  }
  const firstTitle = title[0];
  if (firstTitle?.kind === 'text') title[0] = { kind: 'text', value: firstTitle.value.trimStart() };
  const meaningful = title.some((n) => n.kind !== 'text' || n.value.trim() !== '');
  return { type: (m[1] ?? '').toLowerCase(), title: meaningful ? title : [], rest };
}
