// Slidev's per-slide front matter: a slide separator directly followed by `key: value` lines
// and a closing `---` (`---\nlayout: two-cols\ntransition: fade-out\n---`). Read as Markdown it
// would be a heading ("layout: two-cols" underlined); it steers the slide tool and says nothing,
// so the block becomes one separator. Keys start in lower case (`layout`, `layoutClass`,
// `hideInToc`): a separator followed by a line such as `Note: …` is text. Code is left alone.
// One pass over the lines.

/** A `key: value` line of per-slide front matter (or `key:` opening a nested value). */
function isKeyLine(line: string): boolean {
  const colon = line.indexOf(':');
  if (colon <= 0 || colon > 40) return false;
  const after = line[colon + 1];
  return (after === undefined || after === ' ') && /^[a-z][A-Za-z0-9_-]*$/.test(line.slice(0, colon));
}

/** The line after a front-matter block opened by the `---` at line `open`, or -1. */
function blockEnd(lines: string[], open: number): number {
  let keys = 0;
  for (let i = open + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trimEnd() === '---') return keys > 0 ? i + 1 : -1;
    // A nested value: indented lines or list items under a key.
    if (keys > 0 && (line.startsWith(' ') || line.startsWith('- '))) continue;
    if (!isKeyLine(line)) return -1;
    keys++;
  }
  return -1;
}

function fenceOf(line: string): string | null {
  const t = line.trimStart();
  return t.startsWith('```') ? '```' : t.startsWith('~~~') ? '~~~' : null;
}

/** The note with each per-slide front-matter block replaced by a plain `---` separator. */
export function slideFrontMatterToSeparators(src: string): string {
  if (!src.includes('---\n')) return src;
  const lines = src.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const f = fenceOf(line);
    if (f && (fence === null || fence === f)) fence = fence === null ? f : null;
    // (After a blank line: `---` under a line of text underlines a heading.)
    if (fence === null && line.trimEnd() === '---' && (i === 0 || (lines[i - 1] as string).trim() === '')) {
      const end = blockEnd(lines, i);
      if (end > 0) {
        out.push('', '---', '');
        i = end - 1;
        continue;
      }
    }
    out.push(line);
  }
  return out.join('\n');
}
