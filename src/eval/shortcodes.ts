// Names in a note that are syntax, not words a reader finds: emoji shortcodes, Slidev slots and
// fenced-div markers, and the field keys of the editor's snippet tags.

/**
 * Emoji shortcodes (`:fire:`), Slidev slots (`::left::`) and fenced-div markers (`::: notes`):
 * names of things the document shows as a picture or a layout, not words a reader finds.
 */
export function removeShortcodes(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', Math.max(i + 1, from))) {
    let end = i + 1;
    while (end < s.length && s[end] === ':') end++;
    const nameStart = end;
    while (end < s.length && /[a-z0-9_+-]/.test(s[end] ?? '')) end++;
    if (end === nameStart || s[end] !== ':' || !/[a-z]/.test(s[nameStart] ?? '')) continue;
    const before = s[i - 1] ?? ' ';
    if (/[\p{L}\p{N}]/u.test(before)) continue;
    while (s[end] === ':') end++;
    out += `${s.slice(from, i)} `;
    from = end;
  }
  return out + s.slice(from);
}

/** Field keys inside snippet tags (`title:`, `row:`, `caption:` …): the tag's syntax, not its text. */
const TAG_OPEN = /<(MATHEQ|TABLE|FIGURE|SECTION|LIST|SLIDE)>/;
const TAG_KEY = /^(\s*)(?:title|content|description|caption|headers?|row\s*\d*|image|items?)\s*:/i;

export function withoutTagKeys(source: string): string {
  let open: string | null = null;
  return source
    .split('\n')
    .map((line) => {
      let text = line;
      const opened = TAG_OPEN.exec(text);
      if (open === null && opened) {
        open = opened[1] ?? null;
        text = text.slice(0, opened.index) + ' '.repeat(opened[0].length) + text.slice(opened.index + opened[0].length);
      }
      if (open !== null) {
        text = text.replace(TAG_KEY, '$1');
        if (text.includes(`</${open}>`)) open = null;
      }
      return text;
    })
    .join('\n');
}

