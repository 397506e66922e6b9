import { isLogseqPage } from './logseq.js';

// Whether a note is Markdown (otherwise the plain-text heuristics read it). Every test here is
// linear in the note: line-anchored patterns run on one line at a time, and the three signals
// whose regular expressions would backtrack on runs of brackets, pipes or spaces are scanned by hand.

/** A GFM delimiter row: `| --- | :-: |`, two cells or more. */
function isDelimiterRow(line: string): boolean {
  if (!line.includes('-')) return false;
  let start = 0;
  let end = line.length;
  while (start < end && (line[start] === ' ' || line[start] === '\t')) start++;
  while (end > start && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  if (line[start] === '|') start++;
  if (end > start && line[end - 1] === '|') end--;
  const cells = line.slice(start, end).split('|');
  return cells.length >= 2 && cells.every((c) => /^[ \t]*:?-{3,}:?[ \t]*$/.test(c));
}

/** `[text](target)` on one line: a `]` directly followed by `(`, text before it, a target after it. */
function hasInlineLink(line: string): boolean {
  let open = -1;
  for (let j = 0; j < line.length; j++) {
    const c = line[j];
    if (c === '[') {
      if (open < 0) open = j;
    } else if (c === ']') {
      if (open >= 0 && j > open + 1 && line[j + 1] === '(' && line[j + 2] !== undefined && line[j + 2] !== ')') {
        const close = line.indexOf(')', j + 2);
        if (close > j + 2) return true;
        // No `)` after here: no later `](` on this line can close either.
        return false;
      }
      open = -1;
    }
  }
  return false;
}

/** `![alt](` on one line. */
function hasImage(line: string): boolean {
  let close = -1;
  for (let i = line.indexOf('!['); i >= 0; i = line.indexOf('![', i + 2)) {
    // The first `]` after the opener; openers share it until they pass it.
    if (close < i + 2) close = line.indexOf(']', i + 2);
    if (close < 0) return false;
    if (line[close + 1] === '(') return true;
  }
  return false;
}

/** An MkDocs admonition line: `!!! note`, `??? tip`, `???+ warning`. */
function isIndentedAdmonition(line: string): boolean {
  return /^[ \t]*(?:!!!|\?\?\?\+?) ?[\w-]/.test(line);
}

// Fenced containers (`:::tip`, `::: {.callout-note}`) and MkDocs admonitions are Markdown too.
const STRONG_LINE = [/^#{1,6}[ \t]+\S/, /^[ \t]*(```|~~~)/, /^>[ \t]/, /^[ \t]*[-*+][ \t]+\[[ xX]\]/, /^:{3,}[ \t]*\{?[\w.-]/];
// Liquid tags and Hugo shortcodes live only in the Markdown of static sites.
const STRONG_TEXT = [/\*\*[^*\n]+\*\*|__[^_\n]+__/, /\$\$/, /\{%-?[ \t]*[a-z]{2,30}\b[^%\n]{0,200}%\}|\{\{[<%][ \t]*\/?[a-z]/];
const WEAK = [/`[^`\n]+`/, /(^|\s)\*[^*\s][^*\n]*\*(?=\s|[.,;:!?]|$)/m, /(^|\s)_[^_\s][^_\n]*_(?=\s|[.,;:!?]|$)/m];

/**
 * Whether a note uses markdown syntax (otherwise the plain-text heuristics apply). Strong
 * signals count twice, weak ones (a lone *word* or `code`) once; outline notes, whose lines are
 * mostly indented prose, stay plain even with a stray markdown heading.
 */
export function looksLikeMarkdown(src: string): boolean {
  // A Logseq page is Markdown outline blocks, however deeply its prose is indented.
  if (isLogseqPage(src) && /^[ \t]*- /m.test(src)) return true;
  const rawLines = src.split('\n');
  const lineSignals = [...STRONG_LINE.map((re) => (l: string) => re.test(l)), isDelimiterRow, hasInlineLink, hasImage, isIndentedAdmonition];
  let strong = lineSignals.filter((test) => rawLines.some(test)).length + STRONG_TEXT.filter((re) => re.test(src)).length;
  // Setext headings: a text line underlined with === or ---. A --- under the last of several lines
  // is a plain note's separator (slides typed with --- between them), not an underline.
  const underlined = (l: string, i: number): boolean => {
    if (i === 0 || (rawLines[i - 1] ?? '').trim() === '') return false;
    if (/^=+[ \t]*$/.test(l)) return true;
    return /^-{3,}[ \t]*$/.test(l) && (i === 1 || (rawLines[i - 2] ?? '').trim() === '');
  };
  // An underline typed to its line's length (a title, "ÖZGEÇMİŞ" over "--------") is how plain notes
  // mark headings too, and the notes layer reads it (setext.ts): a weak signal. A short --- under a
  // line is Markdown's own.
  const typed = (l: string, i: number): boolean => l.trim().length >= 8 || l.trim().length * 2 >= [...(rawLines[i - 1] ?? '').trim()].length;
  const underlines = rawLines.map((l, i) => (underlined(l, i) ? (typed(l, i) ? 1 : 2) : 0));
  if (underlines.includes(2)) strong++;
  const score = strong * 2 + WEAK.filter((re) => re.test(src)).length + (underlines.includes(1) ? 1 : 0);
  if (score < 2) return false;
  const lines = rawLines.filter((l) => l.trim() !== '');
  const outline = lines.filter((l) => /^( {2,}|\t)(?![-*+•]\s|\d+[.)]\s)\S/.test(l)).length;
  // Indented prose lines are rare in markdown (4 spaces would make code), common in outlines.
  const fenced = rawLines.some((l) => /^[ \t]*(```|~~~)/.test(l));
  // MkDocs admonitions indent their bodies like an outline does.
  const admonitions = rawLines.some(isIndentedAdmonition);
  return fenced || admonitions || outline < lines.length * 0.2 || score >= 6;
}
