// Template syntax of the static-site generators in Markdown notes, as the published page shows
// it: Jekyll's Liquid tags (`{% … %}`) and output (`{{ page.title }}`), Hugo's shortcodes
// (`{{< … >}}`, `{{% … %}}`) and Go template output. None is ever printed. A tag's words are
// kept where it has any (a paired shortcode's content, a figure's caption, a link's text); code
// stays code (`{% highlight ruby %}` and Hugo's `highlight` become fenced blocks); formulas stay
// formulas (`{% equation %}…{% endequation %}`); `{% cite key %}` is a pandoc citation.
// Logseq's macros (`{{video …}}`) are read by logseq.ts. Every scan moves forward with indexOf
// and bounded look-ahead: linear in the note.
import { mapOutsideCode } from '../code-ranges.js';
import { logseqMacro } from './logseq.js';

/** A tag longer than this (or holding a blank line) is not a tag but the note's text. */
const MAX_TAG = 600;

const LIQUID_MATH = new Set(['equation', 'math', 'latex', 'katex', 'mathjax', 'tex']);
const CODE_TAGS = new Set(['highlight', 'codeblock', 'code']);
/** Named arguments whose values are words a reader sees (a figure's caption, a link's text). */
const TEXT_ARGS = ['caption', 'alt', 'title', 'text', 'display', 'description', 'label'];
const IMAGE_ARGS = ['src', 'url', 'file', 'image', 'path', 'link'];
const IMAGE_FILE = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?|avif)(\?|#|$)/i;

interface Tag {
  /** `{%`, `{{<`, `{{%` or `{{`. */
  open: string;
  /** Where the tag starts and the text after it. */
  start: number;
  end: number;
  /** Its name, lower case (without a closing `/` or `end`). */
  name: string;
  /** A closing tag: `{{< /x >}}`, `{{%/ x %}}`, `{% endx %}`. */
  closing: boolean;
  /** Everything after the name. */
  args: string;
}

const CLOSERS: Record<string, string> = { '{%': '%}', '{{<': '>}}', '{{%': '%}}', '{{': '}}' };

/** The opener at `i` (`{{<`, `{{%`, `{%`, `{{`), or null. */
function openerAt(s: string, i: number): string | null {
  if (s[i] !== '{') return null;
  const next = s[i + 1];
  if (next === '%') return '{%';
  if (next !== '{') return null;
  const third = s[i + 2];
  if (third === '<') return '{{<';
  if (third === '%') return '{{%';
  return '{{';
}

/** Arguments `key="value"` (or `key=value`) of a tag. */
export function namedArg(args: string, key: string): string | null {
  const re = new RegExp(`(?:^|\\s)${key}\\s*=\\s*(?:"([^"]{0,400})"|'([^']{0,400})'|([^\\s"']{1,400}))`, 'i');
  const m = re.exec(args);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
}

/** The positional arguments of a tag (quoted or bare words). */
function positional(args: string): string[] {
  const out: string[] = [];
  const re = /"([^"]{0,400})"|'([^']{0,400})'|(\S+)/g;
  for (let m = re.exec(args); m; m = re.exec(args)) {
    const word = m[1] ?? m[2] ?? m[3] ?? '';
    if (m[3] !== undefined && word.includes('=')) continue;
    out.push(word);
  }
  return out;
}

/** The tag starting at `start`, whose closer is at `close`. */
function readTag(s: string, open: string, start: number, close: number): Tag | null {
  let inner = s.slice(start + open.length, close).trim();
  // Whitespace control (`{%- x -%}`) and Hugo's closing form `{{%/ x %}}`.
  inner = inner.replace(/^-\s*/, '').replace(/\s*-$/, '');
  let closing = false;
  if (inner.startsWith('/')) {
    closing = true;
    inner = inner.slice(1).trimStart();
  }
  const m = /^([A-Za-z_][\w.:-]{0,60})/.exec(inner);
  if (open === '{{') {
    // Liquid and Go output: `{{ page.title }}`, `{{ .Params.x }}`, `{{- x -}}`; Logseq macros are logseq.ts's.
    return { open, start, end: close + CLOSERS[open]!.length, name: (m?.[1] ?? '').toLowerCase(), closing: false, args: inner.slice(m?.[1]?.length ?? 0) };
  }
  if (!m) {
    // Hugo's commented form `{{</* x */>}}` shows a shortcode literally; anything else is no tag.
    return inner.startsWith('/*') ? { open, start, end: close + CLOSERS[open]!.length, name: '', closing: false, args: inner } : null;
  }
  let name = (m[1] ?? '').toLowerCase();
  if (open === '{%' && name.startsWith('end') && name.length > 3) {
    closing = true;
    name = name.slice(3);
  }
  return { open, start, end: close + CLOSERS[open]!.length, name, closing, args: inner.slice(m[1]!.length).trim() };
}

/** The text a self-standing shortcode or tag stands for ('' for none). */
function tagText(tag: Tag, lineAlone: boolean): string {
  const { name, args } = tag;
  if (tag.open === '{{') return '';
  if (name === '' && args.startsWith('/*')) {
    // `{{</* figure src="x" */>}}` is how Hugo's own pages show a shortcode: its literal form.
    const shown = args.replace(/^\/\*\s*/, '').replace(/\s*\*\/$/, '');
    return `\`${tag.open} ${shown} ${CLOSERS[tag.open]}\``;
  }
  if (name === 'ref' || name === 'relref' || name === 'link' || name === 'post_url' || name === 'include_relative') {
    // Inside a link target: the page it names.
    const target = namedArg(args, 'file') ?? positional(args)[0] ?? '';
    const shown = namedArg(args, 'display');
    return shown ?? target;
  }
  if (name === 'cite' || name === 'citet' || name === 'citep' || name === 'reference') {
    const keys = positional(args).filter((k) => /^[\w:.-]+$/.test(k));
    return keys.length ? `[${keys.map((k) => `@${k}`).join('; ')}]` : '';
  }
  if (name === 'youtube' || name === 'vimeo' || name === 'video' || name === 'tweet' || name === 'x' || name === 'instagram') {
    const id = namedArg(args, 'id') ?? namedArg(args, 'src') ?? positional(args)[0] ?? '';
    if (!id) return '';
    const url = /^https?:\/\//.test(id) ? id : name === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : name === 'vimeo' ? `https://vimeo.com/${id}` : '';
    const label = namedArg(args, 'title') ?? (name === 'tweet' || name === 'x' ? 'Post' : 'Video');
    return url ? `[${label}](${url})` : `${label}: ${id}`;
  }
  const image = IMAGE_ARGS.map((k) => namedArg(args, k)).find((v) => v !== null && v !== '' && (IMAGE_FILE.test(v) || name === 'figure' || name === 'image' || name === 'img'));
  const words = TEXT_ARGS.map((k) => namedArg(args, k)).find((v) => v !== null && v.trim() !== '') ?? '';
  if (image) {
    const md = `![${words.replace(/[[\]]/g, '')}](${image.replace(/[\s()]/g, encodeURIComponent)})`;
    return lineAlone ? `\n\n${md}\n\n` : md;
  }
  return words;
}

/** Finds the end of the tag opened at `i`: the closer within MAX_TAG characters and before a blank line. */
class Closers {
  private readonly next = new Map<string, number>();

  constructor(private readonly s: string) {}

  /** The next `marker` at or after `from` (searches move forward: each position is looked at once per marker). */
  private nextOf(key: string, marker: string, from: number): number {
    let at = this.next.get(key);
    if (at === undefined || (at !== -1 && at < from)) {
      at = this.s.indexOf(marker, from);
      this.next.set(key, at);
    }
    return at;
  }

  find(open: string, from: number): number {
    const at = this.nextOf(open, CLOSERS[open] as string, from);
    if (at === -1 || at - from > MAX_TAG) return -1;
    const blank = this.nextOf('blank', '\n\n', from);
    return blank !== -1 && blank < at ? -1 : at;
  }
}

/** Whether `s` from `start` back to the line start, and from `end` on to its end, is blank. */
function aloneOnLine(s: string, start: number, end: number): boolean {
  const before = s.lastIndexOf('\n', start - 1) + 1;
  const after = s.indexOf('\n', end);
  return s.slice(before, start).trim() === '' && s.slice(end, after === -1 ? s.length : after).trim() === '';
}

/** A `{{ … }}` that is template output: not LaTeX braces (`\frac{{a}}`, `x^{{2}}`). */
function isOutputTag(s: string, i: number): boolean {
  const before = s[i - 1];
  if (before !== undefined && !/[\s([>"'`|,;:]/.test(before)) return false;
  const first = s[i + 2];
  return first === ' ' || first === '-' || first === '.' || first === '$' || /[A-Za-z]/.test(first ?? '');
}

/** Template tags in text outside code → what the page shows. */
export function replaceTemplateTags(s: string): string {
  if (!s.includes('{{') && !s.includes('{%')) return s;
  const closers = new Closers(s);
  const ends = new Map<string, { from: number; found: End }>();
  let out = '';
  let from = 0;
  for (let i = s.indexOf('{'); i >= 0 && i < s.length; i = s.indexOf('{', Math.max(i + 1, from))) {
    const open = openerAt(s, i);
    if (!open) continue;
    if (open === '{{' && !isOutputTag(s, i)) {
      // `{{{`: try the brace after.
      continue;
    }
    const close = closers.find(open, i + open.length);
    if (close < 0) continue;
    if (open === '{{') {
      const inner = s.slice(i + 2, close);
      const macro = logseqMacro(inner);
      if (macro !== null) {
        out += s.slice(from, i) + macro;
        // `{{renderer :linkpreview,[t](u}})`: the link's `)` comes after the macro's `}}`.
        const open = inner.split('(').length - inner.split(')').length;
        from = close + 2 + (open > 0 && s[close + 2] === ')' ? 1 : 0);
        continue;
      }
    }
    const tag = readTag(s, open, i, close);
    if (!tag) continue;
    out += s.slice(from, i);
    from = tag.end;
    if (tag.open === '{%' && !tag.closing && (tag.name === 'raw' || tag.name === 'comment' || LIQUID_MATH.has(tag.name))) {
      const endTag = findEnd(s, tag.name, tag.end, ends);
      if (endTag) {
        const inner = s.slice(tag.end, endTag.start);
        if (tag.name === 'raw') out += inner;
        else if (LIQUID_MATH.has(tag.name)) out += mathOf(inner.trim(), aloneOnLine(s, i, endTag.end) || inner.includes('\n'));
        from = endTag.end;
        i = endTag.end - 1;
        continue;
      }
    }
    if (!tag.closing && !CODE_TAGS.has(tag.name)) out += tagText(tag, aloneOnLine(s, i, tag.end));
    i = tag.end - 1;
  }
  return out + s.slice(from);
}

function mathOf(tex: string, display: boolean): string {
  if (tex === '') return '';
  // A note may wrap the formula in dollars inside the tag as well.
  const bare = tex.replace(/^\$\$?([\s\S]*?)\$\$?$/, '$1').trim();
  return display ? `\n\n$$\n${bare}\n$$\n\n` : `$${bare}$`;
}

type End = { start: number; end: number } | null;

/**
 * The `{% endname %}` after `from`, or null. Remembered per name: an opener without its end
 * does not make every later opener search to the end of the note again.
 */
function findEnd(s: string, name: string, from: number, memo: Map<string, { from: number; found: End }>): End {
  const known = memo.get(name);
  if (known && from >= known.from && (known.found === null || known.found.start >= from)) return known.found;
  const re = new RegExp(`\\{%-?\\s*end${name}\\s*-?%\\}`, 'g');
  re.lastIndex = from;
  const m = re.exec(s);
  const found = m ? { start: m.index, end: m.index + m[0].length } : null;
  memo.set(name, { from, found });
  return found;
}

const CODE_OPEN = /^[ \t]*(?:\{%-?\s*(highlight|codeblock|code)\b([^%\n]{0,200}?)-?%\}|\{\{[<%]\s*(highlight|code(?:-toggle)?)(?![\w-])([^>%\n]{0,200}?)[>%]\}\})[ \t]*(.*)$/;

/** The language a code tag names: `{% highlight ruby linenos %}`, `{{< highlight go "linenos=table" >}}`, `{{< code lang="py" >}}`. */
function codeLanguage(args: string): string {
  const lang = namedArg(args, 'lang') ?? namedArg(args, 'language') ?? positional(args)[0] ?? '';
  return /^[\w+#.-]{1,30}$/.test(lang) && !lang.includes('=') ? lang : '';
}

/**
 * `{% highlight ruby %}` … `{% endhighlight %}` (and Hugo's `highlight`, `code` and `code-toggle`
 * shortcodes: code-toggle shows front matter or configuration in its formats) → a fenced
 * code block: what they hold is code, line by line. One pass over the lines; lines inside
 * fenced blocks are left alone.
 */
export function codeTagsToFences(src: string): string {
  if (!/\{%-?\s*(?:highlight|codeblock|code)\b|\{\{[<%]\s*(?:highlight|code)\b/.test(src)) return src;
  const lines = src.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  // Tags whose end was not found once: no later one of theirs has an end either.
  const noEnd = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const t = line.trimStart();
    const f = t.startsWith('```') ? '```' : t.startsWith('~~~') ? '~~~' : null;
    if (f && (fence === null || fence === f)) fence = fence === null ? f : null;
    const m = fence === null ? CODE_OPEN.exec(line) : null;
    if (!m || noEnd.has(m[1] ?? `<${m[3] ?? ''}`)) {
      out.push(line);
      continue;
    }
    const name = m[1] ?? m[3] ?? '';
    const endRe = m[1] ? new RegExp(`\\{%-?\\s*end${name}\\s*-?%\\}`) : new RegExp(`\\{\\{[<%]\\s*/\\s*${name}\\s*[>%]\\}\\}`);
    const body: string[] = [];
    let first = m[5] ?? '';
    let j = i;
    let closed = false;
    for (; j < lines.length; j++) {
      const l = j === i ? first : (lines[j] as string);
      const end = endRe.exec(l);
      if (end) {
        const before = l.slice(0, end.index);
        if (before.trim() !== '') body.push(before);
        closed = true;
        break;
      }
      if (j > i || l.trim() !== '') body.push(l);
    }
    if (!closed) {
      noEnd.add(m[1] ?? `<${m[3] ?? ''}`);
      out.push(line);
      continue;
    }
    first = '';
    out.push('', `\`\`\`${codeLanguage(m[2] ?? m[4] ?? '')}`, ...body, '```', '');
    i = j;
  }
  return out.join('\n');
}

/** Every template tag of the note read (code blocks and inline code left as written). */
export function readTemplates(src: string): string {
  if (!src.includes('{{') && !src.includes('{%')) return src;
  return mapOutsideCode(codeTagsToFences(src), replaceTemplateTags);
}
