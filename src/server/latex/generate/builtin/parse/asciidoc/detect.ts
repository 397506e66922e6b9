// Whether a note is AsciiDoc: decided in one pass over the lines from signals only AsciiDoc
// writes — `=`/`==` section titles, `:name: value` attribute entries, block macros and
// preprocessor lines (`image::x[]`, `ifdef::x[]`, `include::`), block attribute lines
// (`[source,ruby]`, `[NOTE]`, `[cols="1,2"]`), `|===` tables and `NOTE:` paragraphs — weighed
// against Markdown's own (fences, # headings, [text](url) links). One kind of signal alone
// never decides: a Markdown note may hold a stray `:emoji:` line or an `= x` formula.

const HEADING = /^={1,6} \S/;
const ATTRIBUTE = /^:!?[A-Za-z0-9_][\w-]{0,60}!?:(?:[ \t]|$)/;
const MACRO = /^(?:image|include|ifdef|ifndef|ifeval|endif|toc|video|audio|video)::\S*\[/;
const BLOCK_ATTR = /^\[(?:source|listing|literal|quote|verse|NOTE|TIP|IMPORTANT|WARNING|CAUTION|cols=|options=|%header|\.[\w-]+|#[\w-]+|\[[\w-]+\]|sidebar|example|stem|latexmath|asciimath|appendix|abstract|bibliography|glossary|discrete|horizontal)[^\]\n]{0,200}\]$/;
const ADMONITION = /^(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION): \S/;

export function looksLikeAsciidoc(src: string): boolean {
  let own = 0;
  const kinds = new Set<string>();
  let markdown = 0;
  const mark = (kind: string, weight = 1): void => {
    own += weight;
    kinds.add(kind);
  };
  const lines = src.split('\n', 5000);
  let first = true;
  for (const raw of lines) {
    const line = raw.length > 300 ? raw.slice(0, 300) : raw;
    if (line.trim() === '') continue;
    if (first) {
      first = false;
      // The document title: `= Title` as the first line.
      if (/^= \S/.test(line)) mark('title', 2);
    }
    const c = line[0];
    if (c === '=' && HEADING.test(line)) mark('heading');
    else if (c === ':' && ATTRIBUTE.test(line)) mark('attribute');
    else if (c === '[' && BLOCK_ATTR.test(line.trimEnd())) mark('block-attribute', 2);
    else if (c === '|' && line.startsWith('|===')) mark('table', 2);
    else if (MACRO.test(line)) mark('macro', 2);
    else if (ADMONITION.test(line)) mark('admonition');
    if (line.startsWith('```') || line.startsWith('~~~')) markdown += 3;
    else if (c === '#' && /^#{1,6} \S/.test(line)) markdown += 2;
    if (line.includes('](')) markdown += 1;
  }
  if (own < 3 || kinds.size < 2) return false;
  return own > markdown * 2;
}
