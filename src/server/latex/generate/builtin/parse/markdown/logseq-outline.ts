// A Logseq page's outline as a document: what its blocks are when printed. Logseq writes every
// paragraph as a bullet block, so a page's top blocks that carry a title line (a `#` heading, a
// bold line, a page reference alone) and have content under them are its sections, and the
// same blocks one level down are their sub-sections; everything under a section moves up to
// the section's level. Logseq's org-style blocks (`#+BEGIN_EXAMPLE … #+END_EXAMPLE`, SRC, QUOTE,
// NOTE …) are the code, quotes and callouts they show. Both passes are one walk over the lines.

/** One level of Logseq's outline: a tab, or four spaces once the note's tabs are spaces. */
function depthOf(line: string): { depth: number; rest: string } {
  let depth = 0;
  let i = 0;
  for (;;) {
    if (line[i] === '\t') i++;
    else if (line.startsWith('    ', i)) i += 4;
    else break;
    depth++;
  }
  return { depth, rest: line.slice(i) };
}

const BEGIN = /^([ \t]*)#\+BEGIN_([A-Za-z]{1,20})(?:[ \t]+(\S{1,40}))?.*$/i;
const CODE = new Set(['src', 'example', 'query', 'export']);
const QUOTE = new Set(['quote', 'verse']);
const CALLOUT = new Set(['note', 'tip', 'important', 'caution', 'warning', 'pinned']);

/**
 * `#+BEGIN_X … #+END_X` as Markdown at the same indentation: code fences, quotes, callouts (as
 * Obsidian writes them), or its lines alone for the rest. A block without its end stays as written.
 */
export function logseqBlocks(lines: string[]): string[] {
  const out: string[] = [];
  // Block names with no end further on: never looked for again (one walk over the lines).
  const endless = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const m = BEGIN.exec(line);
    const name = (m?.[2] ?? '').toLowerCase();
    if (!m || endless.has(name)) {
      out.push(line);
      continue;
    }
    const end = new RegExp(`^[ \\t]*#\\+END_${name}\\b`, 'i');
    let j = i + 1;
    while (j < lines.length && !end.test(lines[j] as string)) j++;
    if (j >= lines.length) {
      endless.add(name);
      out.push(line);
      continue;
    }
    const indent = m[1] ?? '';
    const body = lines.slice(i + 1, j);
    if (CODE.has(name)) out.push(`${indent}\`\`\`${name === 'src' ? (m[3] ?? '') : ''}`, ...body, `${indent}\`\`\``);
    else if (QUOTE.has(name) || CALLOUT.has(name)) {
      const quoted = body.map((l) => `${indent}> ${l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()}`);
      // (A blank line after it: the block's next line is no lazy line of the quote.)
      out.push(...(CALLOUT.has(name) ? [`${indent}> [!${name}]`] : []), ...quoted, '');
    } else out.push(...body);
    i = j;
  }
  return out;
}

/** The title a block's first line carries, or null: a heading, a bold line, a page reference alone. */
function titleOf(first: string): string | null {
  const t = first.trim();
  if (t.length > 160) return null;
  const heading = /^#{1,6}[ \t]+(\S.*)$/.exec(t);
  if (heading) return (heading[1] ?? '').trim();
  const bold = /^\*\*([^*\n]+)\*\*$/.exec(t) ?? /^\[\[([^\][\n]+)\]\]$/.exec(t);
  return bold ? (bold[1] ?? '').trim() : null;
}

interface Open {
  depth: number;
  section: boolean;
}

const BULLET = /^[-*+](?:[ \t]+|$)/;
const PROPERTY = /^[ \t]*[A-Za-z][\w.-]{0,60}::/;

/** Whether the block starting at `start` (depth `depth`) has anything under its first line. */
function hasContent(lines: string[], start: number, depth: number): boolean {
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] as string;
    if (line.trim() === '') continue;
    const { depth: d, rest } = depthOf(line);
    if (d > depth) return true;
    if (d < depth || BULLET.test(rest)) return false;
    // A line of the block: a property is Logseq's, anything else is the block's text.
    if (!PROPERTY.test(rest)) return true;
  }
  return false;
}

/**
 * The page's top blocks (and theirs, one level down) that are sections, as headings; the blocks
 * under them move up as many levels as they have sections around them.
 */
export function logseqSections(lines: string[]): string[] {
  const out: string[] = [];
  const open: Open[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const { depth, rest } = depthOf(line);
    const isBullet = !fence && BULLET.test(rest);
    if (!fence && (isBullet || (depth === 0 && rest.trim() !== '' && !/^[ \t]/.test(rest)))) {
      while (open.length > 0 && (open[open.length - 1] as Open).depth >= depth) open.pop();
      // A line at the page's top level outside any block ends every section.
      if (!isBullet) open.length = 0;
    }
    const sections = open.filter((o) => o.section).length;
    if (isBullet) {
      const title = depth <= 1 && sections === depth ? titleOf(rest.replace(BULLET, '')) : null;
      const section = title !== null && hasContent(lines, i, depth);
      open.push({ depth, section });
      if (section) {
        out.push(`${'#'.repeat(depth + 2)} ${title}`, '');
        continue;
      }
    }
    if (/^[ \t]*(?:[-*+][ \t]+)?(?:```|~~~)/.test(rest)) fence = !fence;
    out.push(sections > 0 && line.trim() !== '' ? `${'    '.repeat(Math.max(0, depth - sections))}${rest}` : line);
  }
  return out;
}
