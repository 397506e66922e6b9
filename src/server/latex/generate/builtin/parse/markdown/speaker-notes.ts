// Speaker notes in Markdown slide decks, found on the mdast tree (so the fast path and remark
// agree): the HTML comments that end a slide (Marp presenter notes, Slidev's note at the end of
// a slide) unless they are directives (`<!-- _class: lead -->`, `<!-- paginate: true -->`), and
// reveal.js `Note:` / `Notes:` lines and the labels of notes/speaker-notes.ts ("speaker notes:"), which hold everything after them up to the end of the
// slide. Only in a deck (two or more slide separators): in other notes a comment is a hidden
// remark and `Note:` is text. pandoc's `::: notes` divs are read with the callouts (callouts.ts).
import type { Content, Paragraph, PhrasingContent } from 'mdast';
import { SPEAKER_NOTES } from '../notes/speaker-notes.js';

/** Slide separators among a note's top-level nodes: --- rules and <section> tags. */
function isSeparator(node: Content): boolean {
  return node.type === 'thematicBreak' || (node.type === 'html' && /^<section\b/i.test(node.value.trimStart()));
}

/** Where a slide ends: a separator, a heading, a closing </section>. */
export function isSlideEnd(node: Content): boolean {
  return isSeparator(node) || node.type === 'heading' || (node.type === 'html' && /^<\/section\b/i.test(node.value.trimStart()));
}

/** Whether the nodes are a slide deck: two or more separators. */
export function isDeck(nodes: readonly Content[]): boolean {
  let separators = 0;
  for (const node of nodes) if (isSeparator(node) && ++separators >= 2) return true;
  return false;
}

/** The text of an HTML node made only of comments, or null. */
export function commentText(html: string): string | null {
  let rest = html.trim();
  if (!rest.startsWith('<!--')) return null;
  const parts: string[] = [];
  while (rest.startsWith('<!--')) {
    const end = rest.indexOf('-->', 4);
    if (end < 0) return null;
    // Marp also closes with `--->`.
    parts.push(rest.slice(4, end).replace(/-+$/, ''));
    rest = rest.slice(end + 3).trimStart();
  }
  return rest === '' ? parts.join('\n\n') : null;
}

// Marp's directives (Marpit's global and local ones, and the first Marp's `$theme`, `template`,
// `page_number` …); a leading `_`, `$` or `*` marks a directive whatever its name.
const DIRECTIVES = new Set([
  'theme', 'style', 'headingdivider', 'size', 'math', 'title', 'author', 'description', 'image', 'keywords', 'url', 'marp',
  'lang', 'paginate', 'header', 'footer', 'class', 'backgroundcolor', 'backgroundimage', 'backgroundposition',
  'backgroundrepeat', 'backgroundsize', 'color', 'template', 'page_number', 'prerender', 'width', 'height', 'transition',
  // The writer's own remarks, never meant to be said.
  'todo', 'fixme', 'xxx',
]);

/** `key:` at the start of a line: the key (lower case), or null. */
function keyOf(line: string): string | null {
  const colon = line.indexOf(':');
  if (colon <= 0 || colon > 40) return null;
  const after = line[colon + 1];
  if (after !== undefined && after !== ' ' && after !== '\t') return null;
  const key = line.slice(0, colon).trimEnd();
  return /^[_$*]?[A-Za-z][\w-]*$/.test(key) ? key.toLowerCase() : null;
}

/**
 * Whether a comment steers the slide tool or another program rather than saying something:
 * directives (`key: value` lines), a lone word (`<!-- fit -->`, `<!-- more -->`) or a tool's
 * switch (`<!-- markdownlint-disable MD033 -->`, `<!-- prettier-ignore -->`).
 */
export function isDirective(comment: string): boolean {
  const lines = comment.split('\n').filter((l) => l.trim() !== '');
  const first = lines[0]?.trim() ?? '';
  if (lines.length === 0 || (lines.length === 1 && !/\s/.test(first))) return true;
  // A tool's data (`stackedit_data: eyJoaXN0b3J5Ijpb…`): one key and one long token.
  if (lines.length === 1 && /^[\w.-]{1,40}:\s*[A-Za-z0-9+/=_-]{16,}$/.test(first)) return true;
  if (/^[a-z]+(?:-[a-z]+)+(?:\s|$)/.test(first)) return true;
  let keyed = false;
  for (const line of lines) {
    // Indented lines and list items continue the key above them (YAML).
    if (keyed && (/^\s/.test(line) || line.trimStart().startsWith('- '))) continue;
    const key = keyOf(line.trim());
    if (key === null || !(DIRECTIVES.has(key.replace(/^[_$*]/, '')) || /^[_$*]/.test(key))) return false;
    keyed = true;
  }
  return true;
}

/**
 * For each node, whether it ends its slide's content: only comments (or nothing) follow it up
 * to the end of the slide. One pass from the end.
 */
export function trailingFlags(nodes: readonly Content[]): boolean[] {
  const flags = new Array<boolean>(nodes.length).fill(false);
  let trailing = true;
  for (let i = nodes.length - 1; i >= 0; i--) {
    flags[i] = trailing;
    const node = nodes[i] as Content;
    if (isSlideEnd(node)) trailing = true;
    else if (!(node.type === 'html' && commentText(node.value) !== null)) trailing = false;
  }
  return flags;
}

/** A speaker's label at `at` ("Note:", "Notes:", "speaker notes:", "Sprechernotiz:", "备注：" …): its length, or 0. */
function markerAt(value: string, at: number): number {
  const label = SPEAKER_NOTES.exec(value.slice(at, at + 80));
  return label ? label[0].length : 0;
}

/**
 * A paragraph cut where a line starts with `Note:`: what comes before (null when nothing) and
 * what comes after the marker; null when no line of the paragraph starts with one.
 */
export function splitAtNoteMarker(paragraph: Paragraph): { before: Paragraph | null; after: Paragraph } | null {
  const children = paragraph.children;
  for (let k = 0; k < children.length; k++) {
    const child = children[k] as PhrasingContent;
    if (child.type !== 'text') continue;
    const value = child.value;
    // Line starts in this text: its first character (after a hard break or the paragraph's
    // start) and every character after a line end.
    const starts: number[] = k === 0 || children[k - 1]?.type === 'break' ? [0] : [];
    for (let nl = value.indexOf('\n'); nl >= 0; nl = value.indexOf('\n', nl + 1)) starts.push(nl + 1);
    for (const at of starts) {
      const length = markerAt(value, at);
      if (length === 0) continue;
      const head = value.slice(0, at).trimEnd();
      const tail = value.slice(at + length).trimStart();
      const beforeChildren: PhrasingContent[] = [...children.slice(0, k), ...(head ? [{ ...child, value: head }] : [])];
      const afterChildren: PhrasingContent[] = [...(tail ? [{ ...child, value: tail }] : []), ...children.slice(k + 1)];
      const meaningful = beforeChildren.some((c) => c.type !== 'break' && !(c.type === 'text' && c.value.trim() === ''));
      return { before: meaningful ? { ...paragraph, children: beforeChildren } : null, after: { ...paragraph, children: afterChildren } };
    }
  }
  return null;
}

/** "Fonti: libro di testo cap. 7", "Sources: …", a web address alone: a paragraph after a speaker's note that the audience reads, the note's end. */
const SOURCES = /^(?:sources?|fonti|fuentes|quellen|sources|références|references|bibliograf\w*|literatur\w*|źródła|источники|kaynaklar|πηγές|出典|参考文献|출처|fontes|https?:\/\/\S+$)/iu;

export function showsSources(node: Content): boolean {
  if (node.type !== 'paragraph') return false;
  const first = node.children[0];
  const text = first?.type === 'text' ? first.value : first?.type === 'link' ? first.url : '';
  return SOURCES.test(text.trimStart());
}
