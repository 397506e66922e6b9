// Wikitext inline markup → inline nodes: '' italic, ''' bold and ''''' both (toggles that end
// with the line, as MediaWiki's own), [[internal|links]] (their text; categories dropped,
// [[File:…]] an image), [https://external links], <ref> footnotes, <nowiki>, <code>, <math>,
// <br>; other tags give their text. One forward scan; closing markers are found by memoized
// searches (common/scan.ts), so unclosed openers never make it quadratic.
import type { Inline } from '../../tree.js';
import { Finders } from '../common/scan.js';
import { imageInline } from '../common/media.js';
import { decodeEntities } from '../markdown/html.js';

type Piece = { node: Inline; bold: boolean; italic: boolean };

const EXTERNAL = /^(?:https?:\/\/|ftp:\/\/|mailto:|\/\/)/i;
const FILE = /^(?:file|image|media):/i;
const DROPPED_LINK = /^(?:category|[a-z]{2,3}(?:-[a-z]{2,4})?):/i;
/** Inline tags whose content is code. */
const CODE_TAGS = ['code', 'tt', 'kbd', 'samp', 'syntaxhighlight', 'source'];
const MAX_FILE_LINK = 500;
const IMAGE_OPTION = /^(?:thumb|thumbnail|frame|framed|frameless|border|left|right|center|centre|none|baseline|middle|sub|super|top|text-top|bottom|text-bottom|upright(?:[ =]?[0-9.]{1,6})?|[0-9]{1,5}(?:x[0-9]{1,5})?px|x[0-9]{1,5}px|(?:alt|link|page|class|lang)=.*)$/i;

class WikiInline {
  private readonly pieces: Piece[] = [];
  private bold = false;
  private italic = false;
  private readonly finders: Finders;
  private buf = '';

  constructor(
    private readonly src: string,
    private readonly inFootnote: boolean,
  ) {
    this.finders = new Finders(src);
  }

  private flush(): void {
    if (this.buf !== '') this.pieces.push({ node: { kind: 'text', value: decodeEntities(this.buf) }, bold: this.bold, italic: this.italic });
    this.buf = '';
  }

  private push(node: Inline): void {
    this.flush();
    this.pieces.push({ node, bold: this.bold, italic: this.italic });
  }

  private quotes(run: number): void {
    this.flush();
    // '''' is an apostrophe and bold; more than five, apostrophes and both.
    if (run === 4) this.buf += "'";
    if (run > 5) this.buf += "'".repeat(run - 5);
    this.flush();
    if (run === 2) this.italic = !this.italic;
    else if (run === 3 || run === 4) this.bold = !this.bold;
    else {
      this.bold = !this.bold;
      this.italic = !this.italic;
    }
  }

  run(): Inline[] {
    const s = this.src;
    let i = 0;
    while (i < s.length) {
      const c = s[i];
      if (c === "'" && s[i + 1] === "'") {
        let j = i;
        while (s[j] === "'") j++;
        this.quotes(j - i);
        i = j;
      } else if (c === '\n') {
        this.flush();
        this.bold = this.italic = false;
        this.buf = ' ';
        i++;
      } else if (c === '[' && s[i + 1] === '[') i = this.internalLink(i);
      else if (c === '[' && EXTERNAL.test(s.slice(i + 1, i + 10))) i = this.externalLink(i);
      else if (c === '<') i = this.tag(i);
      else {
        let j = i + 1;
        while (j < s.length && s[j] !== "'" && s[j] !== '[' && s[j] !== '<' && s[j] !== '\n') j++;
        this.buf += s.slice(i, j);
        i = j;
      }
    }
    this.flush();
    return fold(this.pieces);
  }

  private internalLink(i: number): number {
    const s = this.src;
    const close = this.finders.get(']]', ']]').next(i + 2);
    const inner = this.finders.get('[[', '[[').next(i + 2);
    if (close < 0) {
      this.buf += '[[';
      return i + 2;
    }
    const bar = this.finders.get('|', '|').next(i + 2);
    const target = s.slice(i + 2, bar < 0 ? close : Math.min(close, bar));
    if (FILE.test(target.trim())) return this.fileLink(i);
    if (inner >= 0 && inner < close) {
      this.buf += '[';
      return i + 1;
    }
    const body = s.slice(i + 2, close);
    const pipe = body.indexOf('|');
    let end = close + 2;
    if (DROPPED_LINK.test(body.trim())) return end;
    let label = pipe >= 0 ? body.slice(pipe + 1) : body.replace(/^:/, '');
    // [[Page]]s: letters right after the link belong to its text.
    while (end < s.length && /\p{L}/u.test(s[end] ?? '')) label += s[end++];
    this.buf += label === '' ? body.slice(0, pipe) : label;
    return end;
  }

  /** [[File:name.png|thumb|Caption]]: an image named by its caption; captions may hold links. */
  private fileLink(i: number): number {
    const s = this.src;
    let depth = 0;
    const limit = Math.min(s.length, i + MAX_FILE_LINK);
    for (let k = i; k < limit - 1; k++) {
      if (s[k] === '[' && s[k + 1] === '[') {
        depth++;
        k++;
      } else if (s[k] === ']' && s[k + 1] === ']') {
        depth--;
        k++;
        if (depth === 0) {
          const parts = s.slice(i + 2, k - 1).split('|');
          const file = (parts[0] ?? '').replace(FILE, '').trim();
          // The caption is the last part that is no layout option (thumb, right, 200px, alt=…).
          const last = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '';
          const caption = IMAGE_OPTION.test(last.trim()) ? '' : last;
          this.push(imageInline(file, inlineText(parseWikiInline(caption, true))));
          return k + 1;
        }
      }
    }
    this.buf += '[[';
    return i + 2;
  }

  private externalLink(i: number): number {
    const s = this.src;
    const close = this.finders.get(']', ']').next(i + 1);
    const eol = this.finders.get('\n', '\n').next(i + 1);
    if (close < 0 || (eol >= 0 && eol < close)) {
      this.buf += '[';
      return i + 1;
    }
    const body = s.slice(i + 1, close).trim();
    const space = body.indexOf(' ');
    const url = space < 0 ? body : body.slice(0, space);
    const label = space < 0 ? '' : body.slice(space + 1).trim();
    const href = url.startsWith('//') ? `https:${url}` : url;
    this.push({ kind: 'link', url: href, children: label ? parseWikiInline(label, this.inFootnote) : [{ kind: 'text', value: url }] });
    return close + 1;
  }

  /** The text between `<name …>` (ending at `gt`) and its `</name>`, and where that ends. */
  private element(name: string, gt: number): { inner: string; end: number } | null {
    const close = this.finders.get(`</${name}`, `</${name}>`).next(gt + 1);
    if (close < 0) return null;
    return { inner: this.src.slice(gt + 1, close), end: close + name.length + 3 };
  }

  private tag(i: number): number {
    const s = this.src;
    const gt = this.finders.get('>', '>').next(i + 1);
    // A tag is short: a `>` far away ends no tag here.
    const m = gt < 0 || gt - i > 330 ? null : /^<(\/?)([a-zA-Z]{1,20})\b([^<>]*)$/.exec(s.slice(i, gt));
    if (!m) {
      this.buf += '<';
      return i + 1;
    }
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    const selfClosing = (m[3] ?? '').trimEnd().endsWith('/');
    if (name === 'br') {
      this.push({ kind: 'break' });
      return gt + 1;
    }
    if (closing || selfClosing) return gt + 1;
    const known = name === 'ref' || name === 'nowiki' || name === 'math' || CODE_TAGS.includes(name);
    const el = known ? this.element(name, gt) : null;
    if (!el) return gt + 1;
    if (name === 'ref') {
      if (this.inFootnote) this.buf += el.inner;
      else this.push({ kind: 'footnote', blocks: [{ kind: 'paragraph', inlines: parseWikiInline(el.inner.trim(), true) }] });
    } else if (name === 'nowiki') this.buf += el.inner;
    else if (name === 'math') this.push({ kind: 'math', tex: el.inner.trim() });
    else this.push({ kind: 'code', value: decodeEntities(el.inner) });
    return el.end;
  }
}

function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.kind === 'text' ? n.value : n.kind === 'code' ? n.value : 'children' in n ? inlineText(n.children) : '')).join('');
}

/** Pieces with their bold/italic state → nested marks, neighbours with the same state together. */
function fold(pieces: Piece[]): Inline[] {
  const out: Inline[] = [];
  let k = 0;
  while (k < pieces.length) {
    const first = pieces[k] as Piece;
    const group: Inline[] = [];
    while (k < pieces.length && (pieces[k] as Piece).bold === first.bold && (pieces[k] as Piece).italic === first.italic) group.push((pieces[k++] as Piece).node);
    let nodes = group;
    if (first.italic) nodes = [{ kind: 'emph', children: nodes }];
    if (first.bold) nodes = [{ kind: 'strong', children: nodes }];
    out.push(...nodes);
  }
  return out;
}

export function parseWikiInline(src: string, inFootnote = false): Inline[] {
  return new WikiInline(src, inFootnote).run();
}
