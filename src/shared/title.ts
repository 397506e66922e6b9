// Document titles (docs/product.md, Titles and file names): the title of a note, guessed from its
// text, and the title of a LaTeX document (what POST /api/latex/extract-title returns). Isomorphic:
// no Node APIs. Every step is linear in the length of its input: the patterns that would backtrack
// over an unclosed `[` (a link, an optional argument) are scans with indexOf instead.
import { braceGroup } from './latex-braces.js';
import { blankCommands, commandArgumentOpen, dropClosingHashes, unlink } from './text-scan.js';

export const UNTITLED = 'Untitled Document';
export const GENERATED_FALLBACK = 'Generated Document';
const MAX_TITLE = 100;

// Lines that name the document without a title: line ("Subject: …", "Topic: …").
const KEYWORD_LINE = /^\s*(?:subject|topic|re|betreff|thema|objet|sujet|asunto|tema|assunto|тема)\s*:\s*(\S.*)$/i;
const TITLE_LINE = /^\s*title\s*:\s*(\S.*)$/i;

function clean(line: string): string {
  const text = line
    .replace(/<\/?[A-Z]+>/g, ' ')
    // HTML tags: a heading written as `<h6>17-01-2023</h6>` is named by its text.
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?>/g, ' ')
    .replace(/^\s*(?:#{1,6}\s+|[-*+•–]\s+|>\s*)/, '')
    .replace(/^(?:title|content|description|caption|headers|row)\s*:\s*/i, '')
    .replace(/[*_`~]+/g, '');
  return dropClosingHashes(unlink(text).replace(/\s+/g, ' ')).trim();
}

function shorten(title: string): string {
  if (title.length <= MAX_TITLE) return title;
  const cut = title.slice(0, MAX_TITLE);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Whether a line holds nothing but HTML tags (`<section data-markdown>`, `</div>`): a scan, no pattern. */
function onlyTags(line: string): boolean {
  let i = 0;
  let tags = 0;
  for (;;) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= line.length) return tags > 0;
    if (line[i] !== '<' || !/[A-Za-z/!]/.test(line[i + 1] ?? '')) return false;
    const end = line.indexOf('>', i);
    if (end < 0) return false;
    tags++;
    i = end + 1;
  }
}

/** The title of a note: a `title:` line, a markdown heading, a keyword line, or the first line. */
export function titleFromInput(content: string): string {
  const text = content.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
  const lines = text.split('\n');
  // YAML front matter title, or a title: line anywhere (the editor's <SECTION>/<SLIDE> title:
  // lines are section titles, so those are skipped).
  let insideTag = 0;
  // (Most notes have no title line: one test of the whole text spares a pass over its lines.)
  for (const line of /title\s*:/i.test(text) ? lines : []) {
    if (/<(SECTION|SLIDE)>/.test(line)) insideTag++;
    if (/<\/(SECTION|SLIDE)>/.test(line)) insideTag = Math.max(0, insideTag - 1);
    const m = TITLE_LINE.exec(line);
    if (m && insideTag === 0) {
      const t = clean((m[1] ?? '').replace(/^["']|["']$/g, ''));
      if (t) return shorten(t);
    }
  }
  let inFence = false;
  let best: { depth: number; text: string } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const atx = /^\s{0,3}(#{1,6})\s+(.+)$/.exec(line);
    const next = lines[i + 1] ?? '';
    const setext = line.trim() !== '' && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line) && !/^\s*---\s*$/.test(line) ? (next.trim().startsWith('=') ? 1 : 2) : 0;
    const depth = atx ? (atx[1] ?? '').length : setext;
    const raw = atx ? (atx[2] ?? '') : setext ? line : '';
    if (depth > 0 && (!best || depth < best.depth)) {
      const t = clean(raw);
      if (t) best = { depth, text: t };
      if (depth === 1 && best) break;
    }
  }
  if (best) return shorten(best.text);
  // Keyword lines name the document only near its top.
  const top: string[] = [];
  for (let i = 0; i < lines.length && top.length < 5; i++) if ((lines[i] ?? '').trim() !== '') top.push(lines[i] ?? '');
  for (const line of top) {
    const m = KEYWORD_LINE.exec(line);
    if (m) {
      const t = clean(m[1] ?? '');
      if (t) return shorten(t);
    }
  }
  inFence = false;
  let inFrontMatter = lines[0]?.trim() === '---';
  for (let i = inFrontMatter ? 1 : 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (inFrontMatter) {
      if (/^(---|\.\.\.)\s*$/.test(line)) inFrontMatter = false;
      continue;
    }
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    // Cleaning adds no letters: a line without any cannot name the note. Nor can a table's row,
    // nor a line of HTML tags (reveal.js's `<section data-markdown>`).
    if (!/[\p{L}\p{N}]/u.test(line) || line.trimStart().startsWith('|') || onlyTags(line)) continue;
    const t = clean(line.replace(/^\s*\d+[.)]\s+/, ''));
    if (t && /[\p{L}\p{N}]/u.test(t)) return shorten(t);
  }
  return UNTITLED;
}

/** Removes LaTeX commands and braces, keeping the text of their arguments. */
export function stripLatex(latex: string): string {
  const text = latex
    .replace(/(^|[^\\])%.*$/gm, '$1')
    .replace(/\\(?:textbackslash)\{\}/g, '\\')
    .replace(/\\([#$%&_{}])/g, '$1')
    .replace(/\\(?:textasciitilde|textasciicircum)\{\}/g, '');
  return blankCommands(text)
    .replace(/\\./g, ' ')
    .replace(/[{}$~^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstCommandArgument(latex: string, names: readonly string[], starred: boolean): string | null {
  const open = commandArgumentOpen(latex, names, starred);
  return open < 0 ? null : (braceGroup(latex, open)?.content ?? null);
}

/** The title of a LaTeX document: \title{…}, else the first \section/\chapter. */
export function extractTitleFromLatex(latex: string): string {
  const src = latex.replace(/(^|[^\\])%.*$/gm, '$1');
  const candidates = [firstCommandArgument(src, ['title'], false), firstCommandArgument(src, ['chapter', 'section'], true)];
  for (const c of candidates) {
    if (c === null) continue;
    const t = stripLatex(c);
    if (t) return shorten(t);
  }
  return GENERATED_FALLBACK;
}
