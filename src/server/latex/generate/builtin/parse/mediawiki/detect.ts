// Whether a note is MediaWiki markup: decided in one pass over the lines from signals only
// wikitext writes together — `== Heading ==` lines closed by as many `=` as open them, `{|`
// tables, and in the text '''bold''', [[links]], <ref> footnotes and {{templates}}. A heading
// kind or a table must come with another kind: AsciiDoc also writes `== x ==` and `[[id]]`.

const MAX_LINES = 5000;

/** `== Text ==`: its depth (the fewer of the opening and closing `=`, at most 6) and text, or null. */
export function wikiHeading(line: string): { depth: number; text: string } | null {
  const t = line.trimEnd();
  let open = 0;
  while (t[open] === '=') open++;
  let close = 0;
  while (close < t.length - open && t[t.length - 1 - close] === '=') close++;
  if (open === 0 || close === 0) return null;
  const text = t.slice(open, t.length - close).trim();
  return text === '' ? null : { depth: Math.min(open, close, 6), text };
}

export function looksLikeMediawiki(src: string): boolean {
  if (!src.includes('==') && !src.includes('{|')) return false;
  const kinds = new Set<string>();
  let markdown = 0;
  let from = 0;
  for (let n = 0; n < MAX_LINES && from < src.length; n++) {
    let end = src.indexOf('\n', from);
    if (end < 0) end = src.length;
    const line = src.slice(from, Math.min(end, from + 300));
    from = end + 1;
    const c = line[0];
    if (c === '=') {
      if (line.length > 3 && wikiHeading(line)) kinds.add('heading');
    } else if (c === '{' && line.startsWith('{|')) kinds.add('table');
    // (`# x` is a numbered item in wikitext: no Markdown signal.)
    else if (c === '`' && line.startsWith('```')) markdown += 2;
    if (line.includes("'''")) {
      const at = line.indexOf("'''");
      // Bold inside a line (an AsciiDoc `'''` rule is the whole line).
      if (line.trim() !== "'''" && line.indexOf("'''", at + 3) > at + 3) kinds.add('bold');
    }
    if (line.includes('[[')) {
      const at = line.indexOf('[[');
      const close = line.indexOf(']]', at);
      // An inline link, not an AsciiDoc anchor line `[[id]]`.
      if (close > at && (at > 0 || close + 2 < line.trimEnd().length || line.slice(at, close).includes('|'))) kinds.add('link');
    }
    if (line.includes('<ref')) kinds.add('ref');
    if (line.includes('{{') && line.includes('}}')) kinds.add('template');
    if (line.includes('](')) markdown++;
  }
  if (markdown >= 2) return false;
  return (kinds.has('heading') || kinds.has('table')) && kinds.size >= 2;
}
