// What Logseq adds to Markdown, read as Logseq shows a page: block properties (`author:: Lissa`)
// are small `key: value` lines under their block, and Logseq's own ones (`collapsed:: true`,
// `id:: …`, timestamps) are hidden; macros (`{{video url}}`, `{{renderer :linkpreview,[t](u)}}`,
// `{{embed [[page]]}}`) become what they show, a live `{{query …}}` or a plug-in's renderer
// shows nothing printable; and each line of a block is a line of its own, as Logseq breaks them.
// Wikilinks, `((block refs))` and tags are read with Obsidian's (wikilinks.ts). One pass over
// the lines; code blocks are left alone.

import { logseqBlocks, logseqSections } from './logseq-outline.js';

/** Properties Logseq (or a plug-in) sets for itself and does not show on the page. */
const HIDDEN = new Set([
  'id', 'collapsed', 'heading', 'background-color', 'background-image', 'created-at', 'updated-at', 'created_at',
  'updated_at', 'ls-type', 'hl-type', 'hl-page', 'hl-color', 'hl-stamp', 'template', 'template-including-parent',
  'public', 'filters', 'icon', 'exclude-from-graph-view', 'query-table', 'query-properties', 'query-sort-by',
  'query-sort-desc', 'card-last-interval', 'card-repeats', 'card-ease-factor', 'card-next-schedule',
  'card-last-reviewed', 'card-last-score', 'logseq.order-list-type', 'logseq.table.version', 'logseq.color',
]);

const PROPERTY = /^([ \t]*(?:[-*+][ \t]+)?)([A-Za-z][\w.-]{0,60})::(?:[ \t]+(.*))?$/;

/** Macros that show a medium: their URL is what a reader can follow. */
const MEDIA = new Set(['video', 'youtube', 'vimeo', 'bilibili', 'tweet', 'twitter', 'pdf', 'audio']);
/** Macros that show nothing that prints: live queries, plug-ins, counters, icons. */
const SILENT = new Set(['query', 'function', 'namespace', 'i', 'zotero-imported-file', 'zotero-linked-file', 'tutorial-video', 'video-timestamp', 'youtube-timestamp', 'cards', 'kanban', 'calc']);

/**
 * The Markdown a Logseq macro (the text between `{{` and `}}`) stands for, or null when it is no
 * Logseq macro (then it is another template's output).
 */
export function logseqMacro(inner: string): string | null {
  const m = /^([a-z][\w-]{0,40})(?:[ \t]+([\s\S]*))?$/.exec(inner.trim());
  if (!m) return null;
  const name = m[1] ?? '';
  const args = (m[2] ?? '').trim();
  if (MEDIA.has(name)) {
    const url = /^https?:\/\/\S+/.exec(args)?.[0];
    const label = name === 'tweet' || name === 'twitter' ? 'Post' : name === 'pdf' ? 'PDF' : name === 'audio' ? 'Audio' : 'Video';
    return url ? `[${label}](${url})` : args;
  }
  if (SILENT.has(name)) return '';
  if (name === 'renderer') {
    // `{{renderer :linkpreview,[title](url)}}` shows the link; other renderers are plug-ins' widgets.
    // (Logseq writes the macro's `}}` inside the link's parentheses: `[t](u}})`.)
    const link = /\[([^\]\n]{0,300})\]\(([^)\s]{1,500})\)?/.exec(args);
    return link ? `[${link[1] ?? ''}](${link[2] ?? ''})` : '';
  }
  if (name === 'embed') {
    const page = /\[\[([^\]\n]{1,300})\]\]/.exec(args);
    return page ? `![[${page[1]}]]` : '';
  }
  if (name === 'cloze') return args;
  return null;
}

/** Whether the note is a Logseq page: block properties, or Logseq's own macros. */
export function isLogseqPage(src: string): boolean {
  // (Tabs are spaces by now: an outline of nested `- ` lines alone is any Markdown list.)
  return /^[ \t]*(?:- )?[a-z][\w.-]{0,60}:: \S/m.test(src) || /\{\{(?:renderer|embed|query|video) /.test(src);
}

function fenceOf(line: string): string | null {
  const t = line.trimStart().replace(/^[-*+][ \t]+/, '');
  return t.startsWith('```') ? '```' : t.startsWith('~~~') ? '~~~' : null;
}

/**
 * A Logseq page as Markdown that reads like the page: properties as `key: value` lines (hidden
 * ones dropped), and the lines of a block broken where the writer broke them.
 */
export function readLogseq(src: string): string {
  if (!isLogseqPage(src)) return src;
  const lines = logseqSections(logseqBlocks(src.split('\n')));
  const out: string[] = [];
  let fence: string | null = null;
  // Whether the previous output line is text a hard break may end.
  let prevText = false;
  for (const raw of lines) {
    const line = outlineIndent(raw);
    const f = fenceOf(line);
    if (f && (fence === null || fence === f)) {
      fence = fence === null ? f : null;
      out.push(line);
      prevText = false;
      continue;
    }
    if (fence !== null) {
      out.push(line);
      continue;
    }
    const p = PROPERTY.exec(line);
    if (p) {
      const [, lead = '', key = '', value = ''] = p;
      if (HIDDEN.has(key.toLowerCase()) || value.trim() === '') continue;
      breakPrevious(out, prevText);
      out.push(`${lead}*${key}:* ${value.trim()}`);
      prevText = true;
      continue;
    }
    const t = line.trim();
    // An empty block (or one whose macro shows nothing) prints nothing; its `-` alone would underline the line above.
    if (/^[-*+]$/.test(t)) continue;
    // A line inside a block: indented, and no block of its own (item, heading, quote, fence, table).
    const continuation = t !== '' && /^[ \t]/.test(line) && !/^(?:[-*+][ \t]|\d{1,9}[.)][ \t]|#|>|\||```|~~~)/.test(t);
    // A picture on a line of its own is shown as a picture below the block's text, not a word in it.
    if (continuation && /^!\[[^\]\n]{0,300}\]\([^()\s]{1,2000}\)(?:\{[^{}\n]{0,200}\})?$/.test(t)) {
      out.push('', line, '');
      prevText = false;
      continue;
    }
    if (continuation) breakPrevious(out, prevText);
    out.push(line);
    // Headings, quotes' markers and list markers alone never end with a hard break.
    prevText = t !== '' && !/^(?:[-*+][ \t]+)?(?:#{1,6}[ \t]|$)/.test(t) && !t.endsWith('\\');
  }
  return out.join('\n');
}

/**
 * Logseq nests its blocks with one tab a level (four spaces once the note is read): two spaces
 * a level nest `- ` items in Markdown, where four after a heading would make code.
 */
function outlineIndent(line: string): string {
  let tabs = 0;
  let i = 0;
  for (;;) {
    if (line[i] === '\t') i++;
    else if (line.startsWith('    ', i)) i += 4;
    else break;
    tabs++;
  }
  return tabs === 0 ? line : `${'  '.repeat(tabs)}${line.slice(i)}`;
}

/** Ends the previous line with a hard break (`\`): Logseq shows a block's lines one per line. */
function breakPrevious(out: string[], prevText: boolean): void {
  if (!prevText || out.length === 0) return;
  out[out.length - 1] = `${out[out.length - 1] as string}\\`;
}
