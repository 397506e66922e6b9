// Typst markup inline → inline nodes: *strong*, _emphasis_, `raw`, $math$ (converted by
// math.ts), #link/#emph/#strong/#text/#footnote/#lorem/#cite and other calls (their content
// kept, settings dropped), <labels> (left out), @references, `\` line breaks, escapes and
// bare URLs. Brackets are matched once per piece of text (code.ts): linear.
import type { Inline } from '../../tree.js';
import { imageInline } from '../common/media.js';
import { Finders, InlineOut, isSpace, restOfWord, unescapeStrayTags } from '../common/scan.js';
import { contentValue, lorem, matchBrackets, splitArgs, stringValue } from './code.js';
import { typstMathToTex } from './math.js';

const MAX_DEPTH = 6;
const WORDLIKE = /[\p{L}\p{N}]/u;

/** A call at `at` (just after `#`): its name, arguments and trailing content blocks. */
export interface Call {
  name: string;
  args: ReturnType<typeof splitArgs>;
  content: string[];
  end: number;
}

export function readCall(text: string, at: number, match: Int32Array): Call | null {
  const m = /^[A-Za-z_][\w.-]{0,60}/.exec(text.slice(at, at + 61));
  if (!m) return null;
  let name = m[0];
  // A name does not end with the sentence's full stop or hyphen.
  while (name.endsWith('.') || name.endsWith('-')) name = name.slice(0, -1);
  let end = at + name.length;
  let args: Call['args'] = [];
  const content: string[] = [];
  if (text[end] === '(') {
    const close = match[end] ?? -1;
    if (close === -1) return { name, args, content, end };
    args = splitArgs(text, end, close, match);
    end = close + 1;
  }
  while (text[end] === '[') {
    const close = match[end] ?? -1;
    if (close === -1) break;
    content.push(text.slice(end + 1, close));
    end = close + 1;
  }
  return { name, args, content, end };
}

export function parseTypstInline(src: string, depth = 0): Inline[] {
  const text = unescapeStrayTags(src);
  const out = new InlineOut();
  const match = matchBrackets(text);
  const finders = new Finders(text);
  const parse = (s: string): Inline[] => (depth >= MAX_DEPTH ? [{ kind: 'text', value: s }] : parseTypstInline(s, depth + 1));
  const spansParagraphs = (from: number, to: number): boolean => {
    const at = finders.get('\n\n', '\n\n').next(from);
    return at !== -1 && at < to;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const next = text[i + 1];
    if (ch === '\\') {
      if (next === undefined || next === ' ' || next === '\n') {
        out.push({ kind: 'break' });
        i += 2;
        continue;
      }
      const uni = /^u\{([0-9a-fA-F]{1,6})\}/.exec(text.slice(i + 1, i + 11));
      if (uni) {
        const code = Number.parseInt(uni[1] ?? '0', 16);
        out.text(code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');
        i += 1 + uni[0].length;
        continue;
      }
      out.text(next);
      i += 2;
      continue;
    }
    if (ch === '`') {
      const triple = text.startsWith('```', i);
      const marker = triple ? '```' : '`';
      const close = finders.get(marker, marker).next(i + marker.length);
      if (close !== -1) {
        let value = text.slice(i + marker.length, close);
        // ```lang code```: the first word names the language.
        if (triple) value = value.replace(/^[\w+-]*\s/, '');
        out.push({ kind: 'code', value: value.trim() });
        i = close + marker.length;
        continue;
      }
    }
    if (ch === '$') {
      const close = finders.get('$', '$', (t, at) => t[at - 1] !== '\\').next(i + 1);
      if (close !== -1 && !spansParagraphs(i, close)) {
        out.push({ kind: 'math', tex: typstMathToTex(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    if (ch === '#' && /[A-Za-z_]/.test(next ?? '')) {
      const call = readCall(text, i + 1, match);
      if (call) {
        const made = callInlines(call, parse);
        out.push(...made);
        i = call.end;
        // `#name;` ends an expression explicitly.
        if (text[i] === ';') i++;
        // A line break's own line end is not a space on the next line (nor, doubled, a new paragraph).
        if (made.length === 1 && made[0]?.kind === 'break') while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
        continue;
      }
    }
    if (ch === '<' && /[\w:.-]/.test(next ?? '')) {
      const close = finders.get('>', '>').next(i + 1);
      if (close !== -1 && close - i < 80 && /^[\w:.-]+$/.test(text.slice(i + 1, close))) {
        i = close + 1;
        continue;
      }
    }
    if (ch === '@' && /[\w]/.test(next ?? '') && !WORDLIKE.test(text[i - 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[\w:.-]/.test(text[j] ?? '')) j++;
      while (j > i + 1 && /[.:-]/.test(text[j - 1] ?? '')) j--;
      out.push(reference(text.slice(i + 1, j)));
      i = j;
      continue;
    }
    if ((ch === '*' || ch === '_') && next !== undefined && !isSpace(next) && !WORDLIKE.test(text[i - 1] ?? '')) {
      const close = finders.get(`e${ch}`, ch, (t, at) => !isSpace(t[at - 1]) && !WORDLIKE.test(t[at + 1] ?? '')).next(i + 1);
      if (close > i + 1 && !spansParagraphs(i, close)) {
        out.push({ kind: ch === '*' ? 'strong' : 'emph', children: parse(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    if (ch === '~') {
      out.text('\u00a0');
      i++;
      continue;
    }
    if (ch === 'h' && /^https?:\/\//.test(text.slice(i, i + 8)) && !WORDLIKE.test(text[i - 1] ?? '')) {
      let end = i;
      while (end < text.length && !isSpace(text[end]) && text[end] !== ']' && text[end] !== ')' && text[end] !== '>') end++;
      while (end > i && /[.,;:!?'"]/.test(text[end - 1] ?? '')) end--;
      const url = text.slice(i, end);
      out.push({ kind: 'link', url, children: [{ kind: 'text', value: url }] });
      i = end;
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

/**
 * `@key` and #cite(<key>): a citation, numbered with the note's others (parse/citations/), its
 * text `[key]` where it is not one (a reference to a label of the note). Keys of pandoc-crossref
 * labels (`@fig:x`) stay text: Typst's labels are not carried into the document.
 */
function reference(key: string, locator = ''): Inline {
  if (/^(fig|tbl|sec|eq):/.test(key)) return { kind: 'text', value: `[${key}]` };
  return { kind: 'cite', items: [{ key, ...(locator ? { locator } : {}) }], source: `[${key}]` };
}

const DROPPED = new Set(['h', 'v', 'pagebreak', 'colbreak', 'parbreak', 'counter', 'context', 'state', 'locate', 'place', 'metadata', 'label', 'let', 'set', 'show', 'import', 'include', 'outline', 'bibliography', 'numbering', 'calc', 'query', 'here', 'rgb', 'luma', 'cmyk']);

/** A call met in running text. */
export function callInlines(call: Call, parse: (s: string) => Inline[]): Inline[] {
  const base = call.name.split('.')[0] ?? call.name;
  const positional = call.args.filter((a) => a.name === null);
  const firstString = positional.length ? stringValue(positional[0]?.value ?? '') : null;
  const contentArgs = [...positional.map((a) => contentValue(a.value)).filter((c): c is string => c !== null), ...call.content];
  const inner = (): Inline[] => contentArgs.flatMap((c) => parse(c));
  switch (base) {
    case 'link': {
      const url = firstString ?? '';
      const children = contentArgs.length ? inner() : [{ kind: 'text' as const, value: url.replace(/^mailto:/, '') }];
      return /^(https?|ftp|mailto):/i.test(url) ? [{ kind: 'link', url, children }] : children;
    }
    case 'emph':
      return [{ kind: 'emph', children: inner() }];
    case 'strong':
      return [{ kind: 'strong', children: inner() }];
    case 'raw':
      return [{ kind: 'code', value: firstString ?? '' }];
    case 'footnote':
      return contentArgs.length ? [{ kind: 'footnote', blocks: [{ kind: 'paragraph', inlines: inner() }] }] : [];
    case 'lorem': {
      const n = Number.parseInt(positional[0]?.value ?? '0', 10);
      return [{ kind: 'text', value: lorem(n) }];
    }
    case 'cite': {
      const key = (positional[0]?.value ?? '').replace(/^<|>$/g, '');
      const supplement = call.args.find((a) => a.name === 'supplement');
      const locator = supplement ? (contentValue(supplement.value) ?? stringValue(supplement.value) ?? '').trim() : '';
      return key ? [reference(key, locator)] : [];
    }
    case 'ref': {
      const key = (positional[0]?.value ?? '').replace(/^<|>$/g, '');
      return key ? [{ kind: 'text', value: `[${key}]` }] : [];
    }
    case 'image':
      return [imageInline(firstString ?? '', '')];
    case 'linebreak':
      return [{ kind: 'break' }];
    case 'sym':
    case 'emoji':
      return [];
    case 'datetime':
      return [];
    default:
      if (DROPPED.has(base)) return [];
      // Any other call (text, box, underline, smallcaps, highlight, a template's own
      // functions): what it holds is the note's text.
      if (contentArgs.length) return inner();
      return firstString !== null && positional.length === 1 && call.args.length === 1 && /\p{L}/u.test(firstString) ? [{ kind: 'text', value: firstString }] : [];
  }
}
