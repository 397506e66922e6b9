// Org inline markup → inline nodes: *bold*, /italic/, _underline_, +strike+, =verbatim=,
// ~code~, [[target][description]] links (images, internal targets), bare URLs, footnote
// references, $…$ and \(…\) math, entities, `\\` line ends, timestamps and targets. Every
// closing marker is found through a memoized search (common/scan.ts): linear on any line.
import type { Block, Inline } from '../../tree.js';
import { imageInline } from '../common/media.js';
import { Finders, InlineOut, isPunct, isSpace, unescapeStrayTags } from '../common/scan.js';
import { orgEntity } from './entities.js';

export interface OrgInlineContext {
  /** Blocks of footnote `label` (each used once; null when unknown or used). */
  footnote: (label: string) => Block[] | null;
  /** Blocks of an inline footnote's text. */
  footnoteText: (text: string) => Block[];
}

const EMPHASIS: Record<string, 'strong' | 'emph' | 'strike' | 'code'> = {
  '*': 'strong',
  '/': 'emph',
  _: 'emph',
  '+': 'strike',
  '=': 'code',
  '~': 'code',
};
const PRE = new Set([' ', '\t', '\n', '-', '(', '{', "'", '"', '[']);
const POST = new Set([' ', '\t', '\n', '-', '.', ',', ';', ':', '!', '?', "'", ')', '}', '[', ']', '"', '\\']);
const IMAGE_EXT = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?|pdf|eps)$/i;
const MAX_DEPTH = 6;

function closesEmphasis(text: string, at: number): boolean {
  return !isSpace(text[at - 1]) && (at + 1 >= text.length || POST.has(text[at + 1] ?? ''));
}

function closesMath(text: string, at: number): boolean {
  return !isSpace(text[at - 1]) && !/[\p{L}\p{N}]/u.test(text[at + 1] ?? '');
}

/** A link's target as a reader sees it: images, URLs, internal targets. */
export function linkNode(target: string, description: Inline[] | null): Inline {
  const t = target.trim();
  const bare = t.replace(/^(file|attachment):/, '');
  if (description === null && IMAGE_EXT.test(bare)) return imageInline(bare, '');
  if (/^(https?|ftp|mailto|news|doi):/i.test(t)) {
    const url = t.startsWith('doi:') ? `https://doi.org/${t.slice(4)}` : t;
    return { kind: 'link', url, children: description ?? [{ kind: 'text', value: t }] };
  }
  // Internal targets (*Heading, #custom-id, id:…, file:other.org): the description, or the name.
  const name = bare.replace(/^[*#]/, '').replace(/^id:/, '').replace(/::.*$/, '');
  return description ? { kind: 'emph', children: description } : { kind: 'text', value: name };
}

export function parseOrgInline(src: string, ctx: OrgInlineContext, depth = 0): Inline[] {
  const text = unescapeStrayTags(src);
  const out = new InlineOut();
  const finders = new Finders(text);
  // Whether a blank line lies between `from` and `to` (markup never spans paragraphs).
  const spansParagraphs = (from: number, to: number): boolean => {
    const at = finders.get('\n\n', '\n\n').next(from);
    return at !== -1 && at < to;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const next = text[i + 1];
    // Links: [[target][description]] and [[target]].
    if (ch === '[' && next === '[') {
      const close = finders.get(']]', ']]').next(i + 2);
      if (close !== -1 && depth < MAX_DEPTH) {
        const inner = text.slice(i + 2, close);
        const sep = inner.indexOf('][');
        if (sep === -1) out.push(linkNode(inner, null));
        else {
          const desc = inner.slice(sep + 2);
          const descNodes = IMAGE_EXT.test(desc.trim()) && !desc.includes(' ') ? [imageInline(desc.replace(/^file:/, ''), '')] : parseOrgInline(desc, ctx, depth + 1);
          out.push(linkNode(inner.slice(0, sep), descNodes));
        }
        i = close + 2;
        continue;
      }
    }
    // Footnotes: [fn:label], [fn::inline text], [fn:label:inline text].
    if (ch === '[' && text.startsWith('[fn:', i)) {
      const close = finders.get(']', ']').next(i + 4);
      if (close !== -1) {
        const body = text.slice(i + 4, close);
        const colon = body.indexOf(':');
        if (colon === -1) {
          const blocks = ctx.footnote(body);
          if (blocks) out.push({ kind: 'footnote', blocks });
        } else if (body.slice(colon + 1).trim() !== '') out.push({ kind: 'footnote', blocks: ctx.footnoteText(body.slice(colon + 1)) });
        i = close + 1;
        continue;
      }
    }
    // Timestamps <2024-01-05 Fri> and [2024-01-05 Fri 10:00]: the date as text.
    if ((ch === '<' || ch === '[') && /^\d{4}-\d\d-\d\d/.test(text.slice(i + 1, i + 11))) {
      const close = ch === '<' ? finders.get('>', '>').next(i) : finders.get(']', ']').next(i);
      if (close !== -1 && close - i < 40) {
        out.text(text.slice(i + 1, close));
        i = close + 1;
        continue;
      }
    }
    // Targets <<name>> and radio targets <<<name>>>: the name of a radio target is text.
    if (ch === '<' && next === '<') {
      const close = finders.get('>>', '>>').next(i + 2);
      if (close !== -1 && close - i < 200 && !text.slice(i, close).includes('\n')) {
        const name = text.slice(i + 2, close).replace(/^</, '');
        if (text[i + 2] === '<') out.text(name);
        i = close + 2 + (text[close + 2] === '>' ? 1 : 0);
        continue;
      }
    }
    // Export snippets @@backend:value@@ belong to one exporter: left out.
    if (ch === '@' && next === '@') {
      const close = finders.get('@@', '@@').next(i + 2);
      if (close !== -1 && /^[\w-]+:/.test(text.slice(i + 2, close))) {
        i = close + 2;
        continue;
      }
    }
    // Bare URLs.
    if ((ch === 'h' || ch === 'f' || ch === 'm') && /^(https?:\/\/|ftp:\/\/|mailto:)/.test(text.slice(i, i + 8)) && (i === 0 || !/[\w/]/.test(text[i - 1] ?? ''))) {
      let end = i;
      while (end < text.length && !isSpace(text[end]) && text[end] !== '>' && text[end] !== ']') end++;
      while (end > i && /[.,;:!?)'"]/.test(text[end - 1] ?? '')) end--;
      const url = text.slice(i, end);
      out.push({ kind: 'link', url, children: [{ kind: 'text', value: url }] });
      i = end;
      continue;
    }
    if (ch === '\\') {
      // \\ at a line end: a line break.
      if (next === '\\') {
        let j = i + 2;
        while (text[j] === ' ' || text[j] === '\t') j++;
        if (j >= text.length || text[j] === '\n') {
          out.push({ kind: 'break' });
          i = j + 1;
          continue;
        }
      }
      if (next === '(') {
        const close = finders.get('\\)', '\\)').next(i + 2);
        if (close !== -1) {
          out.push({ kind: 'math', tex: text.slice(i + 2, close) });
          i = close + 2;
          continue;
        }
      }
      if (next === '[') {
        const close = finders.get('\\]', '\\]').next(i + 2);
        if (close !== -1) {
          out.push({ kind: 'math', tex: text.slice(i + 2, close) });
          i = close + 2;
          continue;
        }
      }
      const m = /^[A-Za-z]+/.exec(text.slice(i + 1, i + 20));
      if (m) {
        const value = orgEntity(m[0]);
        if (value !== null) {
          out.text(value);
          i += 1 + m[0].length + (text.startsWith('{}', i + 1 + m[0].length) ? 2 : 0);
          continue;
        }
      }
    }
    // $…$ math (org's rule: no space inside the dollars, no letter or digit after the closing one).
    if (ch === '$' && !/[\p{L}\p{N}$]/u.test(text[i - 1] ?? '') && next !== undefined && !isSpace(next) && next !== '$') {
      // The next dollar closes, or nothing does: `$5 or $ 6$` is money, not math.
      const close = finders.get('$', '$').next(i + 1);
      if (close !== -1 && closesMath(text, close) && !spansParagraphs(i + 1, close)) {
        out.push({ kind: 'math', tex: text.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
    }
    const kind = EMPHASIS[ch];
    if (kind && (i === 0 || PRE.has(text[i - 1] ?? '')) && next !== undefined && !isSpace(next) && next !== ch) {
      const close = finders.get(`emph${ch}`, ch, closesEmphasis).next(i + 1);
      if (close !== -1 && close > i + 1 && !spansParagraphs(i + 1, close)) {
        const inner = text.slice(i + 1, close);
        if (kind === 'code') out.push({ kind: 'code', value: inner });
        else if (depth >= MAX_DEPTH) out.text(inner);
        else out.push({ kind, children: parseOrgInline(inner, ctx, depth + 1) });
        i = close + 1;
        continue;
      }
    }
    // Macros {{{name(args)}}}: the arguments as text.
    if (ch === '{' && text.startsWith('{{{', i)) {
      const close = finders.get('}}}', '}}}').next(i + 3);
      if (close !== -1) {
        const inner = text.slice(i + 3, close);
        const paren = inner.indexOf('(');
        out.text(paren === -1 ? '' : inner.slice(paren + 1).replace(/\)$/, ''));
        i = close + 3;
        continue;
      }
    }
    out.text(ch);
    i++;
    if (isPunct(ch) || ch === ' ') continue;
    // Copy a run of ordinary characters at once.
    let j = i;
    while (j < text.length && /[\p{L}\p{N}]/u.test(text[j] ?? '')) j++;
    if (j > i) {
      out.text(text.slice(i, j));
      i = j;
    }
  }
  return out.done();
}
