// Wikitext lines → blocks: `= headings =` by their `=` count, `----` rules, lists by their
// leading * # : ; (nested by the count of them), `{|` tables, <pre> and space-indented lines as
// code, paragraphs between blank lines. Snippet-tag placeholders stand on lines of their own.
import type { Block, DefinitionItem, ListItem } from '../../tree.js';
import type { ReaderContext } from '../reader.js';
import { wikiHeading } from './detect.js';
import { parseWikiInline } from './inline.js';
import { wikiTable } from './table.js';

const MAX_LIST_DEPTH = 8;
const PLACEHOLDER = /^LGTAG(\d+)QX$/;

interface Entry {
  prefix: string;
  text: string;
}

function listPrefix(line: string): string {
  let k = 0;
  while (k < line.length && '*#:;'.includes(line[k] as string)) k++;
  return line.slice(0, Math.min(k, MAX_LIST_DEPTH));
}

function paragraph(text: string): Block[] {
  const inlines = parseWikiInline(text.trim());
  return inlines.length ? [{ kind: 'paragraph', inlines }] : [];
}

/** `;term : description` on one line: the first `:` that starts no URL's `://`. */
function splitTerm(text: string): [string, string | null] {
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
    if (text[at + 1] !== '/') return [text.slice(0, at), text.slice(at + 1)];
  }
  return [text, null];
}

/** Entries whose prefixes are longer than `level`, as lists, definition lists and indented quotes. */
function buildList(entries: Entry[], level: number): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < entries.length) {
    const ch = (entries[i] as Entry).prefix[level] ?? '*';
    const kind = ch === '*' || ch === '#' ? ch : ':';
    let j = i;
    while (j < entries.length) {
      const c = (entries[j] as Entry).prefix[level] ?? '*';
      if ((c === '*' || c === '#' ? c : ':') !== kind) break;
      j++;
    }
    const run = entries.slice(i, j);
    i = j;
    if (kind === ':') out.push(...definitions(run, level));
    else out.push({ kind: 'list', ordered: kind === '#', start: 1, items: items(run, level) });
  }
  return out;
}

/** Each entry at this level with the deeper entries that follow it (they belong to it). */
function withDeeper(run: Entry[], level: number): Array<{ e: Entry; deeper: Entry[] }> {
  const out: Array<{ e: Entry; deeper: Entry[] }> = [];
  let k = 0;
  while (k < run.length) {
    const e = run[k] as Entry;
    k++;
    const deeper: Entry[] = [];
    while (k < run.length && (run[k] as Entry).prefix.length > level + 1) deeper.push(run[k++] as Entry);
    out.push({ e, deeper });
  }
  return out;
}

function items(run: Entry[], level: number): ListItem[] {
  const out: ListItem[] = [];
  for (const { e, deeper } of withDeeper(run, level)) {
    const blocks = e.prefix.length > level + 1 ? [] : paragraph(e.text);
    // An entry deeper than the one before it (`**` right after `*`) nests in that item.
    if (e.prefix.length > level + 1) deeper.unshift(e);
    out.push({ checked: null, blocks: [...blocks, ...buildList(deeper, level + 1)] });
  }
  return out;
}

/** `;` terms and `:` descriptions; `:` lines without a term are an indented quote. */
function definitions(run: Entry[], level: number): Block[] {
  const defs: DefinitionItem[] = [];
  const out: Block[] = [];
  for (const { e, deeper } of withDeeper(run, level)) {
    const nested = buildList(deeper, level + 1);
    if (e.prefix[level] === ';') {
      const [term, desc] = splitTerm(e.text);
      defs.push({ term: parseWikiInline(term.trim()), blocks: [...(desc === null ? [] : paragraph(desc)), ...nested] });
      continue;
    }
    const body = [...(e.prefix.length > level + 1 ? buildList([e], level + 1) : paragraph(e.text)), ...nested];
    const last = defs[defs.length - 1];
    if (last && out.length === 0) last.blocks.push(...body);
    else out.push({ kind: 'quote', blocks: body });
  }
  return defs.length ? [{ kind: 'definitions', items: defs }, ...out] : out;
}

/** A block-level tag line (`<pre>`, `<syntaxhighlight lang="x">`) and the name of its end tag. */
function codeOpening(line: string): { end: string; lang: string } | null {
  const m = /^<(pre|syntaxhighlight|source)\b([^>]{0,200})>/i.exec(line);
  if (!m) return null;
  const lang = /lang\s*=\s*["']?([\w+#-]{1,30})/i.exec(m[2] ?? '')?.[1] ?? '';
  return { end: `</${(m[1] ?? '').toLowerCase()}>`, lang };
}

export function wikiBlocks(src: string, ctx: ReaderContext): Block[] {
  const lines = src.split('\n');
  const out: Block[] = [];
  let para: string[] = [];
  const flush = (): void => {
    if (para.length) out.push(...paragraph(para.join('\n')));
    para = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    const heading = line.startsWith('=') ? wikiHeading(line) : null;
    const code = line.startsWith('<') ? codeOpening(line) : null;
    if (trimmed === '') {
      flush();
      i++;
    } else if (PLACEHOLDER.test(trimmed)) {
      flush();
      out.push(...ctx.expandPlaceholder(Number(PLACEHOLDER.exec(trimmed)?.[1])));
      i++;
    } else if (heading) {
      flush();
      out.push({ kind: 'heading', depth: heading.depth, inlines: parseWikiInline(heading.text) });
      i++;
    } else if (/^-{4,}\s*$/.test(line)) {
      flush();
      out.push({ kind: 'rule' });
      i++;
    } else if (listPrefix(line) !== '') {
      flush();
      const entries: Entry[] = [];
      for (; i < lines.length && listPrefix(lines[i] as string) !== ''; i++) {
        const l = lines[i] as string;
        const prefix = listPrefix(l);
        let k = prefix.length;
        while ('*#:;'.includes(l[k] ?? ' ')) k++;
        entries.push({ prefix, text: l.slice(k) });
      }
      out.push(...buildList(entries, 0));
    } else if (trimmed.startsWith('{|')) {
      flush();
      const body: string[] = [];
      let depth = 1;
      for (i++; i < lines.length; i++) {
        const t = (lines[i] as string).trim();
        if (t.startsWith('{|')) depth++;
        if (t.startsWith('|}') && --depth === 0) break;
        body.push(t);
      }
      i++;
      out.push(...wikiTable(body, (text) => parseWikiInline(text)));
    } else if (code) {
      flush();
      const text: string[] = [];
      let rest = line.slice(line.indexOf('>') + 1);
      for (;;) {
        const end = rest.toLowerCase().indexOf(code.end);
        if (end >= 0) {
          text.push(rest.slice(0, end));
          i++;
          break;
        }
        text.push(rest);
        i++;
        if (i >= lines.length) break;
        rest = lines[i] as string;
      }
      const body = text.join('\n').replace(/^\n/, '').trimEnd();
      if (body.trim()) out.push({ kind: 'code', lang: code.lang, text: body });
    } else if (line.startsWith(' ') && para.length === 0) {
      // Lines indented by a space are preformatted text.
      const text: string[] = [];
      for (; i < lines.length && (lines[i] as string).startsWith(' ') && (lines[i] as string).trim() !== ''; i++) text.push((lines[i] as string).slice(1));
      out.push({ kind: 'code', lang: '', text: text.join('\n') });
    } else {
      para.push(line);
      i++;
    }
  }
  flush();
  return out;
}

