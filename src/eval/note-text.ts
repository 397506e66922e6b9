// The text a reader should find in the PDF of a note: the note without its markup names. What
// goes: URLs and link targets, HTML tags, comments, styles and scripts, character entities
// (decoded, not dropped), LaTeX command and environment names (and the key or path argument of \label, \ref,
// \cite, \includegraphics and the like), code-fence info strings, front-matter keys, and the
// values of metadata keys that are not content (`layout:`, `tags:`, `theme:` …; the values of
// title, author, date, subject, address, opening, closing … stay). The same key rule covers
// YAML/TOML front matter, per-slide metadata blocks between `---` lines, org `#+KEY:` lines and
// property drawers, Logseq `key:: value`, reStructuredText and AsciiDoc `:field:` lines. Format
// markup that names things rather than saying them goes too: reStructuredText directive and role
// names, AsciiDoc block attributes and macro targets, Typst `#set/#show/#let/#import` lines and
// `#function` names, Obsidian embeds `![[…]]`, footnote labels, Hugo shortcodes, Liquid tags,
// kramdown and pandoc attribute braces. Greek letter names and `sqrt` do not count either (a
// formula prints them as symbols), nor the words of a formula line written in words that its
// formula prints as symbols, nor "Slide 2:" / "Chapter 1 -" markers (formula-words.ts). Speaker notes (speaker-notes.ts) lose their markers, and in a
// presentation, where beamer hides them as it hides comments, their words too. Every scan is a
// forward indexOf walk: linear.
import { characterEntities } from 'character-entities';
import { extname } from 'node:path';
import { marpImage } from '../server/latex/generate/builtin/parse/markdown/marp-images.js';
import type { DocumentType } from '../shared/document-types.js';
import { withoutChatWrapper } from './chat-wrapper.js';
import { withoutFormulaWords } from './formula-words.js';
import { removeShortcodes, withoutTagKeys } from './shortcodes.js';
import { withoutSpeakerNotes } from './speaker-notes.js';
import { countWords, type WordCounts } from './words.js';

export type NoteFormat = 'markdown' | 'text' | 'org' | 'rst' | 'asciidoc' | 'typst';

/** The note format by file extension (anything unknown reads as Markdown). */
export function noteFormat(fileName: string): NoteFormat {
  switch (extname(fileName).toLowerCase()) {
    case '.txt':
      return 'text';
    case '.org':
      return 'org';
    case '.rst':
      return 'rst';
    case '.adoc':
    case '.asciidoc':
      return 'asciidoc';
    case '.typ':
      return 'typst';
    default:
      return 'markdown';
  }
}

/** Metadata keys whose values are content a reader expects to see (title page, letter fields). */
const CONTENT_KEYS = new Set([
  'title', 'subtitle', 'author', 'authors', 'date', 'abstract', 'description', 'summary', 'subject',
  'institute', 'institution', 'affiliation', 'organization', 'organisation', 'address', 'opening',
  'closing', 'signature', 'name', 'from', 'to', 'cc', 're', 'recipient', 'sender', 'location', 'place',
]);

function isContentKey(key: string): boolean {
  return CONTENT_KEYS.has(key.trim().toLowerCase());
}

/** `key: value` (YAML) or `key = value` (TOML): the key, or null when the line is not one. */
function metadataKey(line: string, separator: ':' | '='): string | null {
  const at = line.indexOf(separator);
  if (at <= 0) return null;
  const key = line.slice(0, at).trim().replace(/^["']|["']$/g, '');
  if (key === '' || key.length > 40) return null;
  for (const ch of key) if (!/[\p{L}\p{N}_\- ]/u.test(ch)) return null;
  return key;
}

/** Removes everything from `open` to the next `close` (inclusive); `keep` maps the inner text. */
function removeSpans(s: string, open: string, close: string, keep: (inner: string) => string = () => ' '): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf(open); i !== -1; i = s.indexOf(open, from)) {
    const end = s.indexOf(close, i + open.length);
    if (end === -1) break; // no close after this open means none after any later open either
    out += s.slice(from, i) + keep(s.slice(i + open.length, end));
    from = end + close.length;
  }
  return out + s.slice(from);
}

const URL_STARTS = ['https://', 'http://', 'ftp://', 'mailto:', 'www.'];
const URL_END = new Set([' ', '\t', '\n', ')', ']', '>', '<', '"', "'", '`', '|', '}']);

function removeUrls(s: string): string {
  const lower = s.toLowerCase();
  let out = '';
  let from = 0;
  let i = 0;
  while (i < s.length) {
    let start = -1;
    for (const p of URL_STARTS) {
      const at = lower.indexOf(p, i);
      if (at !== -1 && (start === -1 || at < start)) start = at;
    }
    if (start === -1) break;
    let end = start;
    while (end < s.length && !URL_END.has(s[end] ?? ' ')) end++;
    out += s.slice(from, start) + ' ';
    from = end;
    i = end;
  }
  return out + s.slice(from);
}

/** A tag may span lines (attributes one per line), but not more than this many characters. */
const MAX_TAG = 2000;

/** HTML and Vue tags: `<` then a letter, `/` or `!`, up to the next `>` within MAX_TAG characters. */
function removeTags(text: string): string {
  let out = '';
  let from = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', Math.max(i + 1, from))) {
    if (!looksLikeTag(text, i)) continue;
    const end = text.indexOf('>', i);
    if (end === -1) break;
    if (end - i > MAX_TAG) continue;
    // Keep the line structure: a multi-line tag leaves its line breaks behind.
    out += text.slice(from, i) + ' ' + '\n'.repeat(countNewlines(text, i, end));
    from = end + 1;
  }
  return out + text.slice(from);
}

/** `<name` followed by a space, `>`, `/` or a line end; `</name`; `<!`. Not `x<y` in a formula. */
function looksLikeTag(text: string, at: number): boolean {
  let i = at + 1;
  if (text[i] === '!') return true;
  if (text[i] === '/') i++;
  const start = i;
  while (i < text.length && /[A-Za-z0-9:-]/.test(text[i] ?? '')) i++;
  if (i === start || !/[A-Za-z]/.test(text[start] ?? '')) return false;
  const after = text[i] ?? '';
  return after === '>' || after === '/' || after === ' ' || after === '\n' || after === '\t';
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** LaTeX commands whose braced argument is a key, a path or a package, not text. */
const KEY_ARGUMENT = new Set([
  'label', 'ref', 'eqref', 'pageref', 'cref', 'Cref', 'autoref', 'cite', 'citep', 'citet', 'nocite', 'includegraphics',
  'usepackage', 'documentclass', 'input', 'include', 'bibliography', 'bibliographystyle', 'url', 'href', 'begin', 'end',
  'newcommand', 'renewcommand', 'DeclareMathOperator', 'def', 'hypertarget', 'hyperlink', 'setlength', 'newenvironment',
]);

function removeLatexCommands(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf('\\'); i !== -1; i = s.indexOf('\\', Math.max(i + 1, from))) {
    let end = i + 1;
    while (end < s.length && /[A-Za-z@]/.test(s[end] ?? '')) end++;
    if (end === i + 1) continue;
    const name = s.slice(i + 1, end);
    if (name.endsWith('*')) end++;
    if (KEY_ARGUMENT.has(name)) {
      // Skip optional [..] and the first {..} argument (a key, path, or a macro's name).
      while (s[end] === ' ') end++;
      if (s[end] === '[') {
        const close = s.indexOf(']', end);
        if (close !== -1) end = close + 1;
      }
      if (s[end] === '{') {
        const close = s.indexOf('}', end);
        if (close !== -1) end = close + 1;
      }
    }
    out += s.slice(from, i) + ' ';
    from = end;
  }
  return out + s.slice(from);
}

function decodeEntities(s: string): string {
  return removeSpans(s, '&', ';', (inner) => {
    if (inner.length === 0 || inner.length > 32 || inner.includes(' ') || inner.includes('&')) return `&${inner};`;
    if (inner[0] === '#') {
      const hex = inner[1] === 'x' || inner[1] === 'X';
      const cp = Number.parseInt(inner.slice(hex ? 2 : 1), hex ? 16 : 10);
      return Number.isInteger(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : ' ';
    }
    return (characterEntities as Record<string, string>)[inner] ?? `&${inner};`;
  });
}

/** `[[target|alias]]` → alias, `[[target]]` → target, org `[[target][description]]` → description. */
function wikilinks(s: string): string {
  let out = removeSpans(s, '![[', ']]');
  out = removeSpans(out, '[[', ']]', (inner) => {
    const org = inner.indexOf('][');
    if (org !== -1) return ` ${inner.slice(org + 2)} `;
    const bar = inner.lastIndexOf('|');
    return ` ${bar === -1 ? inner : inner.slice(bar + 1)} `;
  });
  return out;
}

/** Markdown link and image targets `](target)` go; the link text stays. */
function linkTargets(s: string): string {
  return removeSpans(s, '](', ')', () => '] ');
}

/** kramdown `{: .class}`, pandoc/Quarto `{#id .class key="value"}`: attributes, not text. */
function isAttributeList(inner: string): boolean {
  const first = inner[0] ?? '';
  return first === ':' || first === '#' || first === '.' || inner.includes('="');
}

/** An image's Marp directives (`![bg right 50%](…)`) size and place it: no words of the note. */
function marpDirectives(s: string): string {
  return s.includes('![') ? s.replace(/!\[([^\]\n]{0,300})\]\(/g, (_m, alt: string) => `![${marpImage(alt).words}](`) : s;
}

/** A byline's lead-in ("Created by", "Written by"): the document shows the name as its author. */
const BYLINE_LEAD = /^(\s*(?:#{1,6}\s+)?)(?:(?:created|written|made|prepared|presented|compiled|edited)\s+)?by\s+(?=[^\n.;:!?]{1,80}$)/i;

function stripInline(line: string, format: NoteFormat): string {
  let s = wikilinks(line);
  if (format === 'markdown') s = marpDirectives(s);
  s = linkTargets(s);
  s = removeUrls(s);
  if (format === 'markdown') s = s.replace(BYLINE_LEAD, '$1');
  s = removeSpans(s, '[^', ']');
  s = removeSpans(s, '{{<', '>}}');
  s = removeSpans(s, '{{%', '%}}');
  s = removeSpans(s, '{%', '%}');
  // Logseq's live queries and plug-in renderers show no words of their own (a link preview shows its link's text).
  s = removeSpans(s, '{{query', '}}');
  // Logseq's org-style block markers (#+BEGIN_EXAMPLE … #+END_EXAMPLE) frame code, quotes and callouts.
  s = s.replace(/#\+(?:BEGIN|END)_[A-Za-z]{1,20}/g, ' ');
  s = s.replace(/\{\{renderer\s+:?[\w-]*,?/g, ' ');
  s = removeSpans(s, '{/*', '*/}');
  s = removeSpans(s, '{', '}', (inner) => (isAttributeList(inner) ? ' ' : `{${inner}}`));
  s = removeCrossRefs(s);
  s = removeShortcodes(s);
  s = removeLatexCommands(s);
  if (format === 'rst' || format === 'markdown') s = removeRstRoles(s);
  if (format === 'typst') s = removeTypstCalls(s);
  if (format === 'asciidoc') s = removeAsciidocMacros(s);
  return decodeEntities(s);
}

const CROSS_REF_PREFIXES = ['fig:', 'tbl:', 'sec:', 'eq:'];

/** pandoc-crossref references (`@fig:ramp`): the document prints "Figure 1" for them, not their words. */
function removeCrossRefs(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf('@'); i !== -1; i = s.indexOf('@', Math.max(i + 1, from))) {
    if (!CROSS_REF_PREFIXES.some((p) => s.startsWith(p, i + 1))) continue;
    let end = i + 1;
    while (end < s.length && /[\w:.-]/.test(s[end] ?? '')) end++;
    out += `${s.slice(from, i)} `;
    from = end;
  }
  return out + s.slice(from);
}

/** `:role:` directly before a backtick (reStructuredText roles, MyST). */
function removeRstRoles(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf(':`'); i !== -1; i = s.indexOf(':`', i + 2)) {
    const start = s.lastIndexOf(':', i - 1);
    if (start < from || !/^[\w-]+$/.test(s.slice(start + 1, i))) continue;
    out += s.slice(from, start);
    from = i + 1;
  }
  return out + s.slice(from);
}

function removeTypstCalls(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf('#'); i !== -1; i = s.indexOf('#', Math.max(i + 1, from))) {
    let end = i + 1;
    while (end < s.length && /[\w.-]/.test(s[end] ?? '')) end++;
    if (end === i + 1) continue;
    out += s.slice(from, i) + ' ';
    from = end;
  }
  return out + s.slice(from);
}

/** `image::path[alt]`, `include::file[]`, `link:url[text]`: the macro name and target go. */
function removeAsciidocMacros(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf('::'); i !== -1; i = s.indexOf('::', Math.max(i + 2, from))) {
    let start = i;
    while (start > from && /[\w-]/.test(s[start - 1] ?? '')) start--;
    const bracket = s.indexOf('[', i);
    const space = s.indexOf(' ', i);
    if (bracket === -1 || (space !== -1 && space < bracket)) continue;
    out += s.slice(from, start) + ' ';
    from = bracket + 1;
  }
  return out + s.slice(from);
}

/** reStructuredText directives whose argument is a path, a language or an option, not text. */
const RST_PATH_DIRECTIVES = new Set([
  'image', 'figure', 'include', 'literalinclude', 'raw', 'code-block', 'code', 'sourcecode', 'highlight', 'only',
  'toctree', 'index', 'meta', 'role', 'default-role', 'ifconfig', 'plot', 'bibliography', 'jupyter-execute', 'ipython',
]);

interface LineState {
  format: NoteFormat;
  fence: string | null;
  drawer: boolean;
  /** Inside an AsciiDoc `////` comment block. */
  comment: boolean;
  /** The open code chunk is hidden (knitr's include=FALSE). */
  hidden?: boolean;
}

/** One line outside front matter: what stays of it. */
function lineText(raw: string, st: LineState): string {
  const line = raw.trimEnd();
  const trimmed = line.trimStart();
  // Code fences: the info string names a language; the code itself is text the PDF shows.
  const fenceMark = trimmed.startsWith('```') ? '```' : trimmed.startsWith('~~~') ? '~~~' : null;
  if (fenceMark && (st.fence === null || st.fence === fenceMark)) {
    // A knitr/Quarto chunk with include=FALSE or echo=FALSE is hidden in the document.
    st.hidden = st.fence === null && /^[`~]{3,}\s*\{[^}]*\b(?:include|echo)\s*=\s*(?:FALSE|F|false)\b/.test(trimmed);
    st.fence = st.fence === null ? fenceMark : null;
    return '';
  }
  if (st.fence !== null) return st.hidden || /^#\|\s*[\w-]+\s*:/.test(trimmed) ? '' : stripInline(line, st.format);
  // Fenced-div fences name a layout or a directive (`:::: {.columns}`, `::: footer`, `:::{exercise-start}`), and MyST options under them (`:label: x`).
  // (A callout's type is its printed label: `:::tip`, `::: {.callout-note}` stay.)
  if (st.format === 'markdown' && (/^:{3,}\s*(?:\{(?![^}\n]*callout)[^}\n]*\}|\{[\w]+-[\w-]+\}|(?:footer|columns?|incremental|nonincremental|fragment|r-stack|r-hstack|r-vstack)\b[^\n]*)?\s*$/.test(trimmed) || /^:[\w-]+:(?:\s|$)/.test(trimmed))) return '';

  if (st.format === 'org') {
    const lower = trimmed.toLowerCase();
    if (lower.startsWith('#+begin') || lower.startsWith('#+end')) return '';
    if (trimmed.startsWith('#+')) {
      const colon = trimmed.indexOf(':');
      if (colon === -1) return '';
      return isContentKey(trimmed.slice(2, colon)) ? stripInline(trimmed.slice(colon + 1), st.format) : '';
    }
    if (lower === ':properties:' || lower === ':logbook:') st.drawer = true;
    if (st.drawer) {
      if (lower === ':end:') st.drawer = false;
      return fieldLine(trimmed, st.format) ?? '';
    }
  }
  // Comments are notes to the writer, never printed: AsciiDoc and Typst `//` lines, AsciiDoc `////` blocks.
  if (st.format === 'asciidoc' && trimmed === '////') {
    st.comment = !st.comment;
    return '';
  }
  if (st.comment) return '';
  if ((st.format === 'asciidoc' || st.format === 'typst') && trimmed.startsWith('//')) return '';
  if (st.format === 'rst' && trimmed.startsWith('..')) {
    const directive = trimmed.indexOf('::');
    // `.. [1] text` is a footnote (content); any other `..` line without `::` is a comment.
    if (directive === -1) return trimmed.startsWith('.. [') ? stripInline(trimmed.slice(2), st.format) : '';
    const name = trimmed.slice(2, directive).trim().toLowerCase();
    return RST_PATH_DIRECTIVES.has(name) ? '' : stripInline(trimmed.slice(directive + 2), st.format);
  }
  if (st.format === 'asciidoc' && trimmed.startsWith('[') && trimmed.endsWith(']') && !trimmed.includes(' ')) return '';
  if (st.format === 'typst' && /^#(set|show|let|import|include)\b/.test(trimmed)) return '';
  if ((st.format === 'rst' || st.format === 'asciidoc') && trimmed.startsWith(':')) {
    const field = fieldLine(trimmed, st.format);
    if (field !== null) return field;
  }
  // Logseq block properties `key:: value` (after an optional bullet).
  const bulletless = trimmed.startsWith('- ') ? trimmed.slice(2) : trimmed;
  const property = bulletless.indexOf(':: ');
  if (property > 0 && /^[\w-]+$/.test(bulletless.slice(0, property))) {
    return isContentKey(bulletless.slice(0, property)) ? stripInline(bulletless.slice(property + 3), st.format) : '';
  }
  if (bulletless.endsWith('::') && /^[\w-]+::$/.test(bulletless)) return '';
  // Markdown reference definitions `[id]: url`.
  if (trimmed.startsWith('[') && /^\[[^\]]+\]:\s/.test(trimmed)) return '';
  return stripInline(line, st.format);
}

/** `:key: value` field and attribute lines; null when the line is not one. */
function fieldLine(trimmed: string, format: NoteFormat): string | null {
  const close = trimmed.indexOf(':', 1);
  if (!trimmed.startsWith(':') || close === -1) return null;
  const key = trimmed.slice(1, close).replace(/!$/, '');
  if (!/^[\w-]+$/.test(key)) return null;
  return isContentKey(key) ? stripInline(trimmed.slice(close + 1), format) : '';
}

/** Lines of a metadata block (front matter or per-slide), keeping only content values. */
function metadataText(lines: string[], separator: ':' | '=', format: NoteFormat): string {
  let keep = false;
  const out: string[] = [];
  for (const line of lines) {
    if (line.trimStart().startsWith('#')) continue; // a YAML or TOML comment
    const indented = /^\s/.test(line) || line.trimStart().startsWith('- ');
    const key = indented ? null : metadataKey(line, separator);
    if (key !== null) {
      keep = isContentKey(key);
      if (keep) out.push(stripInline(line.slice(line.indexOf(separator) + 1), format));
    } else if (keep) {
      out.push(stripInline(line, format));
    }
  }
  return out.join('\n');
}

/** Length of a `---`-delimited block of `key: value` lines starting at `start`, or 0. */
function slideMetadataLength(lines: string[], start: number): number {
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '---') return i > start + 1 ? i - start + 1 : 0;
    if (/^\s/.test(line) && i > start + 1) continue;
    if (metadataKey(line, ':') === null) return 0;
  }
  return 0;
}

/** End of a block of two or more `Key: value` lines (capitalised keys) starting at `start`, or `start`. */
function headerBlockEnd(lines: string[], start: number): number {
  let i = start;
  let keys = 0;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') break;
    if (/^\s/.test(line) && keys > 0) continue; // a continuation line
    const key = metadataKey(line, ':');
    if (key === null || !/^\p{Lu}/u.test(key) || line.charAt(key.length) !== ':') return start;
    keys++;
  }
  return keys >= 2 ? i : start;
}

function removeHtmlComments(s: string): string {
  return removeSpans(s, '<!--', '-->');
}

/** <style> and <script> elements: code for a browser (Slidev's per-slide styles), not words. */
function removeStylesAndScripts(s: string): string {
  return removeSpans(removeSpans(s, '<style', '</style>'), '<script', '</script>');
}

/** The note's text without markup names (see the module comment), as `type` shows it. */
export function noteText(note: string, format: NoteFormat = 'markdown', type?: DocumentType): string {
  const source = withoutSpeakerNotes(withoutChatWrapper(note.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '')), format, type !== 'presentation');
  const uncommented = withoutTagKeys(format === 'typst' ? removeSpans(source, '/*', '*/') : source);
  const lines = removeTags(removeStylesAndScripts(removeHtmlComments(uncommented))).split('\n');
  const out: string[] = [];
  let i = 0;
  const opener = lines[0]?.trim();
  if (opener === '---' || opener === '+++') {
    const end = lines.findIndex((l, k) => k > 0 && (l.trim() === opener || (opener === '---' && l.trim() === '...')));
    if (end > 0) {
      out.push(metadataText(lines.slice(1, end), opener === '---' ? ':' : '=', format));
      i = end + 1;
    }
  }
  // Header lines (`Title: …`, `Author: …`, `From: …`; PEP and e-mail style): two or more
  // `Key: value` lines before the first blank line are metadata too.
  const headerEnd = headerBlockEnd(lines, i);
  if (headerEnd > i) {
    out.push(metadataText(lines.slice(i, headerEnd), ':', format));
    i = headerEnd;
  }
  const st: LineState = { format, fence: null, drawer: false, comment: false };
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (st.fence === null && line.trim() === '---') {
      const length = slideMetadataLength(lines, i);
      if (length > 0) {
        out.push(metadataText(lines.slice(i + 1, i + length - 1), ':', format));
        i += length - 2; // the closing --- is read again as a separator
        continue;
      }
    }
    out.push(lineText(line, st));
  }
  return out.join('\n');
}

/**
 * Names a formula turns into symbols: `sqrt(2)` prints √2 and `lambda` prints λ, as a reader
 * expects, so they are not words the PDF must keep.
 */
const MATH_NAMES = [
  'sqrt', 'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'omicron', 'rho',
  'sigma', 'tau', 'upsilon', 'phi', 'chi', 'psi', 'omega', 'infty', 'nabla', 'partial',
];

/** The multiset of a note's words (see words.ts for what a word is) that a document of `type` shows. */
export function noteWordCounts(note: string, format: NoteFormat = 'markdown', type?: DocumentType): WordCounts {
  const text = noteText(note, format, type);
  const counts = withoutFormulaWords(countWords(text), text);
  for (const name of MATH_NAMES) counts.delete(name);
  return counts;
}
