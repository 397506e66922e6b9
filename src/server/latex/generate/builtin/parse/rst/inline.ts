// reStructuredText inline markup → inline nodes: **strong**, *emphasis*, ``literal``,
// `interpreted text` and roles (:math: → math, :code:/:file:/:kbd: → code, :pep:/:rfc: →
// "PEP 8", cross-reference roles → their text), `text <url>`_ and `text`_ / word_ references,
// [1]_ footnote references, |substitutions|, bare URLs and backslash escapes. Markup starts
// after a space or opening punctuation and ends before a space or punctuation (docutils'
// recognition rules); every closing marker is found through a memoized search: linear.
import type { Block, Inline } from '../../tree.js';
import { Finders, InlineOut, isSpace, restOfWord, unescapeStrayTags } from '../common/scan.js';

export interface RstInlineContext {
  /** URL of a named hyperlink target (`.. _name: url`), by normalized name. */
  target: (name: string) => string | undefined;
  /** Replacement text of `|name|` (`.. |name| replace:: text`). */
  substitution: (name: string) => string | undefined;
  /** Blocks of footnote or citation `label` the first time it is referenced, else null. */
  footnote: (label: string) => Block[] | null;
}

export const NO_RST_CONTEXT: RstInlineContext = { target: () => undefined, substitution: () => undefined, footnote: () => null };

const OPENERS = new Set([' ', '\t', '\n', '(', '[', '{', '<', '"', "'", '-', '/', ':', '‘', '“', '«']);
const MAX_DEPTH = 6;
const CODE_ROLES = new Set(['code', 'literal', 'file', 'kbd', 'command', 'samp', 'program', 'envvar', 'option', 'regexp', 'makevar', 'mailheader', 'mimetype', 'newsgroup', 'dfn']);

export function normalizeName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

function canStart(text: string, at: number): boolean {
  return at === 0 || OPENERS.has(text[at - 1] ?? ' ');
}

function canEnd(text: string, at: number, markerLength: number): boolean {
  if (isSpace(text[at - 1])) return false;
  const after = text[at + markerLength];
  return after === undefined || !/[\p{L}\p{N}]/u.test(after);
}

/** `Title <target>` → title and target (target null when there is none). */
function splitTarget(inner: string): { title: string; target: string | null } {
  const t = inner.trim();
  if (t.endsWith('>')) {
    const lt = t.lastIndexOf('<');
    if (lt !== -1 && (lt === 0 || isSpace(t[lt - 1]))) return { title: t.slice(0, lt).trim(), target: t.slice(lt + 1, -1).replace(/\s+/g, '') };
  }
  return { title: t, target: null };
}

function roleNode(role: string, inner: string, parse: (s: string) => Inline[]): Inline {
  const r = role.toLowerCase().replace(/^(py|c|cpp|js|std|rst):/, '');
  if (r === 'math') return { kind: 'math', tex: inner };
  if (CODE_ROLES.has(r)) return { kind: 'code', value: inner };
  if (r === 'strong') return { kind: 'strong', children: parse(inner) };
  if (r === 'emphasis' || r === 'title-reference' || r === 'title' || r === 't') return { kind: 'emph', children: parse(inner) };
  if (r === 'pep' || r === 'pep-reference') return { kind: 'text', value: `PEP ${splitTarget(inner).title}` };
  if (r === 'rfc' || r === 'rfc-reference') return { kind: 'text', value: `RFC ${splitTarget(inner).title}` };
  const { title, target } = splitTarget(inner);
  // Cross references (:ref:, :doc:, :class:, :func:, …): the words a reader would see.
  const shown = title || (target ?? '').replace(/^[~.!]/, '');
  if (/^(func|meth|class|mod|attr|data|exc|obj|const|member|type|var|macro|envvar)$/.test(r)) return { kind: 'code', value: shown };
  return { kind: 'text', value: shown };
}

export function parseRstInline(src: string, ctx: RstInlineContext = NO_RST_CONTEXT, depth = 0): Inline[] {
  const text = unescapeStrayTags(src);
  const out = new InlineOut();
  const finders = new Finders(text);
  const parse = (s: string): Inline[] => (depth >= MAX_DEPTH ? [{ kind: 'text', value: s }] : parseRstInline(s, ctx, depth + 1));
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined) {
      // An escaped character is itself; an escaped space is nothing.
      if (!isSpace(next)) out.text(next);
      i += 2;
      continue;
    }
    if (ch === '`' && next === '`' && canStart(text, i) && !isSpace(text[i + 2])) {
      const close = finders.get('``', '``', (t, at) => canEnd(t, at, 2)).next(i + 2);
      if (close > i + 2) {
        out.push({ kind: 'code', value: text.slice(i + 2, close).replace(/\n/g, ' ') });
        i = close + 2;
        continue;
      }
    }
    // :role:`text` (and `text`:role:).
    if (ch === ':' && canStart(text, i) && /[a-z]/i.test(next ?? '')) {
      const m = /^:([A-Za-z][\w.+:-]{0,40}):`/.exec(text.slice(i, i + 45));
      if (m) {
        const start = i + m[0].length;
        const close = finders.get('`', '`', (t, at) => !isSpace(t[at - 1]) && t[at + 1] !== '`').next(start);
        if (close > start) {
          out.push(roleNode(m[1] ?? '', text.slice(start, close).replace(/\s*\n\s*/g, ' '), parse));
          i = close + 1 + (text[close + 1] === '_' ? 1 : 0);
          continue;
        }
      }
    }
    if (ch === '`' && canStart(text, i) && next !== undefined && !isSpace(next)) {
      const close = finders.get('`', '`', (t, at) => !isSpace(t[at - 1]) && t[at + 1] !== '`' && t[at - 1] !== '`').next(i + 1);
      if (close > i + 1) {
        const inner = text.slice(i + 1, close).replace(/\s*\n\s*/g, ' ');
        let end = close + 1;
        if (text[end] === '_') {
          // `text <url>`_ and `name`_: a hyperlink reference.
          end += text[end + 1] === '_' ? 2 : 1;
          const { title, target } = splitTarget(inner);
          const url = target !== null ? (target.endsWith('_') ? ctx.target(normalizeName(target.slice(0, -1))) : target) : ctx.target(normalizeName(title));
          const label = parse(title || target || '');
          out.push(url && /^(https?|ftp|mailto):/i.test(url) ? { kind: 'link', url, children: label } : { kind: 'emph', children: label });
          i = end;
          continue;
        }
        const role = text[end] === ':' ? /^:([A-Za-z][\w.+:-]{0,40}):/.exec(text.slice(end, end + 45)) : null;
        if (role) {
          out.push(roleNode(role[1] ?? '', inner, parse));
          i = end + role[0].length;
          continue;
        }
        // Interpreted text without a role is a title reference: emphasis.
        out.push({ kind: 'emph', children: parse(inner) });
        i = end;
        continue;
      }
    }
    if (ch === '*' && next === '*' && canStart(text, i) && !isSpace(text[i + 2]) && text[i + 2] !== '*') {
      const close = finders.get('**', '**', (t, at) => canEnd(t, at, 2)).next(i + 2);
      if (close > i + 2) {
        out.push({ kind: 'strong', children: parse(text.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
    }
    if (ch === '*' && next !== '*' && canStart(text, i) && next !== undefined && !isSpace(next)) {
      const close = finders.get('*', '*', (t, at) => t[at + 1] !== '*' && t[at - 1] !== '*' && canEnd(t, at, 1)).next(i + 1);
      if (close > i + 1) {
        out.push({ kind: 'emph', children: parse(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    // [1]_, [#name]_, [CIT2002]_: footnote and citation references.
    if (ch === '[' && canStart(text, i)) {
      const close = finders.get(']_', ']_').next(i + 1);
      if (close > i + 1 && close - i < 40 && /^[#*]?[\w.-]*$/.test(text.slice(i + 1, close))) {
        const label = text.slice(i + 1, close);
        const blocks = ctx.footnote(label);
        if (blocks) out.push({ kind: 'footnote', blocks });
        else out.text(`[${label.replace(/^#/, '')}]`);
        i = close + 2;
        continue;
      }
    }
    // |substitution|, |name|_.
    if (ch === '|' && canStart(text, i) && next !== undefined && !isSpace(next)) {
      const close = finders.get('|', '|', (t, at) => !isSpace(t[at - 1])).next(i + 1);
      if (close > i + 1 && close - i < 80 && !text.slice(i, close).includes('\n')) {
        const name = text.slice(i + 1, close);
        const value = ctx.substitution(normalizeName(name));
        if (value !== undefined) out.push(...parse(value));
        i = close + 1 + (text[close + 1] === '_' ? 1 : 0);
        continue;
      }
    }
    // Bare URLs.
    if ((ch === 'h' || ch === 'f' || ch === 'm') && /^(https?:\/\/|ftp:\/\/|mailto:)/.test(text.slice(i, i + 8)) && (i === 0 || !/[\w/]/.test(text[i - 1] ?? ''))) {
      let end = i;
      while (end < text.length && !isSpace(text[end]) && text[end] !== '>' && text[end] !== '`') end++;
      while (end > i && /[.,;:!?)'"_]/.test(text[end - 1] ?? '')) end--;
      const url = text.slice(i, end);
      out.push({ kind: 'link', url, children: [{ kind: 'text', value: url }] });
      i = end;
      continue;
    }
    // word_ and word__: a reference to a named target.
    if (ch === '_' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1] ?? '')) {
      const end = i + (next === '_' ? 2 : 1);
      if (end >= text.length || !/[\p{L}\p{N}_]/u.test(text[end] ?? '')) {
        i = end;
        continue;
      }
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
