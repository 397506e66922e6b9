// AsciiDoc inline markup → inline nodes: *strong*, _emphasis_, `monospace` (constrained and
// doubled unconstrained forms), #highlight#, ^super^ and ~sub~ (as text), +passthrough+,
// links (https://url[text], link:url[text], mailto:), cross references (<<id,text>>, xref:),
// inline images, footnote:[…], stem:[…]/latexmath:[…] math, kbd:/btn:/menu: macros, anchors,
// (C)/(R)/(TM) replacements and ` +` line breaks. Closing markers are found through memoized
// searches: linear on any line.
import type { Inline } from '../../tree.js';
import { imageInline } from '../common/media.js';
import { Finders, InlineOut, isSpace, restOfWord, unescapeStrayTags } from '../common/scan.js';
import { typstMathToTex as asciimathToTex } from '../typst/math.js';

const MAX_DEPTH = 6;
const PAIRS: Record<string, 'strong' | 'emph' | 'code' | 'mark'> = { '*': 'strong', _: 'emph', '`': 'code', '#': 'mark' };
const WORD = /[\p{L}\p{N}_]/u;

function isWord(ch: string | undefined): boolean {
  return ch !== undefined && WORD.test(ch);
}

/** A constrained closer: not after a space, not before a word character. */
function closesConstrained(text: string, at: number): boolean {
  return !isSpace(text[at - 1]) && !isWord(text[at + 1]);
}

const MACROS = /^(link|mailto|xref|image|footnote|footnoteref|stem|latexmath|asciimath|kbd|btn|menu|pass|anchor|icon|indexterm|indexterm2|https?|ftp|irc):/;

/** `stemLatex`: the document's `:stem:` attribute names latexmath, so stem:[…] is LaTeX (else AsciiMath). */
export function parseAsciidocInline(src: string, depth = 0, stemLatex = false): Inline[] {
  const text = unescapeStrayTags(src);
  const out = new InlineOut();
  const finders = new Finders(text);
  const parse = (s: string): Inline[] => (depth >= MAX_DEPTH ? [{ kind: 'text', value: s }] : parseAsciidocInline(s, depth + 1, stemLatex));
  /** The `[...]` that follows a macro target at `from`, or -1. */
  const bracketClose = (from: number): number => (text[from] === '[' ? finders.get(']', ']', (t, at) => t[at - 1] !== '\\').next(from + 1) : -1);
  // Whether a blank line lies between `from` and `to` (markup never spans paragraphs).
  const spansParagraphs = (from: number, to: number): boolean => {
    const at = finders.get('\n\n', '\n\n').next(from);
    return at !== -1 && at < to;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && /[*_`#^~+{[<\\]/.test(next)) {
      out.text(next);
      i += 2;
      continue;
    }
    // A hard line break: ` +` at the end of a line.
    if (ch === ' ' && next === '+' && (text[i + 2] === '\n' || i + 2 === text.length)) {
      out.push({ kind: 'break' });
      i += 3;
      continue;
    }
    // Macros name:target[attributes] (and bare URLs with an optional [text]).
    if (/[a-z]/.test(ch) && !isWord(text[i - 1])) {
      const m = MACROS.exec(text.slice(i, i + 14));
      if (m) {
        const name = m[1] ?? '';
        const isUrl = name === 'http' || name === 'https' || name === 'ftp' || name === 'irc';
        let t = i + m[0].length;
        while (t < text.length && !isSpace(text[t]) && text[t] !== '[' && (!isUrl || !/[<>"]/.test(text[t] ?? ''))) t++;
        const target = isUrl ? text.slice(i, t) : text.slice(i + m[0].length, t);
        const close = bracketClose(t);
        const attrs = close === -1 ? null : text.slice(t + 1, close);
        const end = close === -1 ? t : close + 1;
        if (isUrl) {
          let url = target;
          let stop = end;
          if (attrs === null) {
            while (url.length && /[.,;:!?)'"]/.test(url[url.length - 1] ?? '')) url = url.slice(0, -1);
            stop = i + url.length;
          }
          const label = (attrs ?? '').split(',')[0]?.replace(/\^$/, '').replace(/^"|"$/g, '').trim() ?? '';
          out.push({ kind: 'link', url, children: label ? parse(label) : [{ kind: 'text', value: url }] });
          i = stop;
          continue;
        }
        if (attrs !== null) {
          const first = (attrs.split(',')[0] ?? '').replace(/\^$/, '').replace(/^"|"$/g, '').trim();
          switch (name) {
            case 'link':
            case 'mailto': {
              const url = name === 'mailto' ? `mailto:${target}` : target;
              const label = first ? parse(first) : [{ kind: 'text' as const, value: target }];
              out.push(/^(https?|ftp|mailto):/i.test(url) ? { kind: 'link', url, children: label } : { kind: 'emph', children: label });
              break;
            }
            case 'xref':
              out.push({ kind: 'emph', children: first ? parse(first) : [{ kind: 'text', value: target.replace(/^#/, '').replace(/\.adoc$/, '') }] });
              break;
            case 'image':
              out.push(imageInline(target, first));
              break;
            case 'footnote':
            case 'footnoteref': {
              const body = name === 'footnoteref' ? attrs.slice(attrs.indexOf(',') + 1) : attrs;
              if (body.trim()) out.push({ kind: 'footnote', blocks: [{ kind: 'paragraph', inlines: parse(body.trim()) }] });
              break;
            }
            case 'stem':
            case 'asciimath':
              out.push({ kind: 'math', tex: name === 'stem' && stemLatex ? attrs : asciimathToTex(attrs) });
              break;
            case 'latexmath':
              out.push({ kind: 'math', tex: attrs });
              break;
            case 'kbd':
            case 'btn':
              out.push({ kind: 'code', value: attrs.replace(/\+/g, ' + ') });
              break;
            case 'menu':
              out.push({ kind: 'strong', children: [{ kind: 'text', value: [target, ...attrs.split('>').map((s) => s.trim())].filter((s) => s).join(' › ') }] });
              break;
            case 'pass':
              out.text(attrs);
              break;
            case 'indexterm2':
              out.text(attrs);
              break;
            default:
              // anchor:, icon:, indexterm: are not text.
              break;
          }
          i = end;
          continue;
        }
      }
    }
    // <<id>> and <<id,text>> cross references.
    if (ch === '<' && next === '<') {
      const close = finders.get('>>', '>>').next(i + 2);
      if (close !== -1 && close - i < 300 && !text.slice(i, close).includes('\n')) {
        const inner = text.slice(i + 2, close);
        const comma = inner.indexOf(',');
        out.push({ kind: 'emph', children: parse(comma === -1 ? inner.replace(/^#/, '').replace(/[-_]/g, ' ') : inner.slice(comma + 1).trim()) });
        i = close + 2;
        continue;
      }
    }
    // [[id]] anchors and [#id]/[.role] attribute lists before a phrase: not text.
    if (ch === '[' && next === '[') {
      const close = finders.get(']]', ']]').next(i + 2);
      if (close !== -1 && close - i < 100 && /^[\w:.-]+(?:,[^\]]*)?$/.test(text.slice(i + 2, close))) {
        i = close + 2;
        continue;
      }
    }
    if (ch === '[' && (next === '.' || next === '#' || next === '%')) {
      const close = finders.get(']', ']').next(i + 1);
      if (close !== -1 && close - i < 80 && /^[.#%][\w .#%-]*$/.test(text.slice(i + 1, close)) && /[*_`#]/.test(text[close + 1] ?? '')) {
        i = close + 1;
        continue;
      }
    }
    // Passthroughs +text+ and +++text+++: the text as it stands.
    if (ch === '+' && next !== undefined && !isSpace(next) && !isWord(text[i - 1])) {
      const triple = text.startsWith('+++', i);
      const marker = triple ? '+++' : '+';
      const close = finders.get(marker, marker, triple ? undefined : closesConstrained).next(i + marker.length);
      if (close > i + marker.length - 1 && !spansParagraphs(i, close)) {
        out.text(text.slice(i + marker.length, close));
        i = close + marker.length;
        continue;
      }
    }
    const pair = PAIRS[ch];
    if (pair) {
      // Unconstrained (doubled) form: anywhere, even inside words.
      if (next === ch) {
        const close = finders.get(ch + ch, ch + ch).next(i + 2);
        if (close > i + 2 && !spansParagraphs(i, close)) {
          out.push(styled(pair, text.slice(i + 2, close), parse));
          i = close + 2;
          continue;
        }
      } else if (!isWord(text[i - 1]) && next !== undefined && !isSpace(next)) {
        const close = finders.get(`c${ch}`, ch, closesConstrained).next(i + 1);
        if (close > i + 1 && !spansParagraphs(i, close)) {
          out.push(styled(pair, text.slice(i + 1, close), parse));
          i = close + 1;
          continue;
        }
      }
    }
    // ^super^ and ~sub~: the text (a reader still reads it).
    if ((ch === '^' || ch === '~') && next !== undefined && !isSpace(next)) {
      const close = finders.get(`s${ch}`, ch).next(i + 1);
      if (close > i + 1 && close - i < 40 && !/\s/.test(text.slice(i + 1, close))) {
        out.text(text.slice(i + 1, close));
        i = close + 1;
        continue;
      }
    }
    if (ch === '(' && /^\((C|R|TM)\)/.test(text.slice(i, i + 4))) {
      const sym = text[i + 1] === 'C' ? '©' : text[i + 1] === 'R' ? '®' : '™';
      out.text(sym);
      i += text[i + 1] === 'T' ? 4 : 3;
      continue;
    }
    out.text(ch);
    i++;
    // Inside a word no markup starts: copy the rest of the word at once.
    const wordEnd = restOfWord(text, i);
    if (wordEnd > i) {
      out.text(text.slice(i, wordEnd));
      i = wordEnd;
    }
  }
  return out.done();
}

function styled(kind: 'strong' | 'emph' | 'code' | 'mark', inner: string, parse: (s: string) => Inline[]): Inline {
  if (kind === 'code') {
    // Monospace may hold other markup; literal `+text+` inside stays as written.
    const literal = inner.length > 1 && inner.startsWith('+') && inner.endsWith('+') ? inner.slice(1, -1) : null;
    if (literal !== null) return { kind: 'code', value: literal };
    return { kind: 'code', value: inlineTextOf(parse(inner)) };
  }
  if (kind === 'mark') return { kind: 'strong', children: parse(inner) };
  return { kind, children: parse(inner) };
}

function inlineTextOf(nodes: Inline[]): string {
  let s = '';
  for (const n of nodes) {
    if (n.kind === 'text' || n.kind === 'code') s += n.value;
    else if (n.kind === 'math') s += n.tex;
    else if ('children' in n) s += inlineTextOf(n.children);
  }
  return s;
}
