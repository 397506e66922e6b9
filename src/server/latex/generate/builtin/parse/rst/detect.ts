// Whether a note is reStructuredText: decided in one pass over the lines from signals only rST
// writes — explicit markup (`.. name::` directives, `.. _target:` lines, `.. [1]` footnotes),
// roles (:math:`…`), `text`_ references, section titles with an overline or an adornment
// other than Markdown's setext `=`/`-`, and a paragraph ending in `::` before an indented
// block, field lists (:Author: …) — weighed against Markdown's own (fences, # headings,
// [text](url) links). Underlines of `=` or `-` alone never decide: Markdown writes them too.

const ADORN = '=-~^"\'*+#:._`';

/** A line of one repeated adornment character, three or more. */
export function adornmentChar(line: string): string | null {
  const t = line.trimEnd();
  if (t.length < 3 || t.length > 400) return null;
  const c = t[0] as string;
  if (!ADORN.includes(c)) return null;
  for (let i = 1; i < t.length; i++) if (t[i] !== c) return null;
  return c;
}

const DIRECTIVE = /^\.\. [A-Za-z][\w:+-]{0,40}::(?:[ \t]|$)/;
const ROLE = /:[a-z][\w:+-]{0,30}:`[^`]/;
const FIELD = /^:[A-Za-z][\w .-]{0,40}: \S/;

export function looksLikeRst(src: string): boolean {
  let own = 0;
  let kinds = 0;
  const seen = new Set<string>();
  let markdown = 0;
  const mark = (kind: string, weight = 1): void => {
    own += weight;
    if (!seen.has(kind)) {
      seen.add(kind);
      kinds++;
    }
  };
  const lines = src.split('\n', 5000);
  // A Python Enhancement Proposal's header: `PEP: 20` then `Title:` (RFC 822 fields).
  if (/^PEP: \d{1,5}$/.test(lines[0] ?? '') && /^Title: /.test(lines[1] ?? '')) mark('pep', 3);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const line = raw.length > 300 ? raw.slice(0, 300) : raw;
    if (line === '') continue;
    const t = line.trimStart();
    if (t.startsWith('.. ')) {
      if (DIRECTIVE.test(t)) mark('directive', 2);
      else if (/^\.\. _[^:]{1,80}:/.test(t)) mark('target', 2);
      else if (/^\.\. \[[#*\w-]{1,20}\] /.test(t)) mark('footnote');
      else if (/^\.\. \|[^|]{1,40}\| \w+::/.test(t)) mark('substitution', 2);
    }
    // A field list (`:Author: Jane`, docinfo at the top of many rST documents).
    if (line.startsWith(':') && FIELD.test(line)) mark('field');
    // A fence, unless it is a title's ~~~ underline (a line of tildes alone under text).
    if (t.startsWith('```') || (t.startsWith('~~~') && !(adornmentChar(line) === '~' && (lines[i - 1] ?? '').trim() !== ''))) markdown += 3;
    else if (/^#{1,6} \S/.test(line)) markdown += 2;
    if (line.includes('](')) markdown += 1;
    // AsciiDoc's preprocessor lines and `== Title` sections: its `:name: value` entries look like fields.
    if (/^(?:ifdef|ifndef|ifeval|endif|include|toc)::\S{0,100}\[/.test(line) || /^={2,6} \S/.test(line)) markdown += 3;
    if (line.includes(':`') && ROLE.test(line)) mark('role');
    if (line.includes('`_') && /`[^`]+`__?(?:[^\w]|$)/.test(line)) mark('reference');
    const c = adornmentChar(line);
    if (c !== null) {
      const prev = lines[i - 1] ?? '';
      const next = lines[i + 1] ?? '';
      const titleBelow = next.trim() !== '' && adornmentChar(next) === null && adornmentChar(lines[i + 2] ?? '') === c;
      if (titleBelow && prev.trim() === '') mark('overline', 2);
      else if (prev.trim() !== '' && adornmentChar(prev) === null && c !== '=' && c !== '-' && c !== '#' && c !== '*' && c !== '_' && line.length >= prev.trimEnd().length) mark('underline');
    }
    if (t.endsWith('::') && !t.startsWith('..') && t.length > 2 && (lines[i + 1] ?? '').trim() === '') {
      const after = lines[i + 2] ?? '';
      if (after.startsWith(' ') && after.trim() !== '') mark('literal');
    }
  }
  if (own < 3 || kinds < 2) return false;
  return own > markdown * 2;
}
