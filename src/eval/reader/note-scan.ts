// Reading a note as far as the reader checks need: its lines, which of them are code (fences,
// org/AsciiDoc/Liquid blocks, indented blocks) or front matter, and the text outside them. One
// pass over the lines; no regex that can backtrack over a line.
import type { NoteFormat } from '../note-text.js';

export interface NoteLine {
  text: string;
  /** Index in the note's lines. */
  index: number;
  /** Inside a code block, front matter, or a comment: text a reader sees literally or not at all. */
  literal: boolean;
  frontMatter: boolean;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const BLOCK_OPEN = /^\s*(?:#\+begin_(?:src|example|verbatim)\b|\{%-?\s*highlight\b|<pre\b|\\begin\{(?:verbatim|lstlisting|minted)\})/i;
const BLOCK_CLOSE = /^\s*(?:#\+end_(?:src|example|verbatim)\b|\{%-?\s*endhighlight\b|<\/pre>|\\end\{(?:verbatim|lstlisting|minted)\})/i;

/** The lines of a note, each marked literal (code, front matter) or not. */
export function noteLines(content: string, format: NoteFormat): NoteLine[] {
  const raw = content.replace(/\r\n?/g, '\n').split('\n');
  const out: NoteLine[] = [];
  let fence: string | null = null;
  let block = false;
  let adocDelimiter: string | null = null;
  let frontMatter = raw[0]?.trim() === '---' || raw[0]?.trim() === '+++' ? (raw[0]?.trim() ?? null) : null;
  let rstLiteral = false;
  let prevBlank = true;
  let indentedCode = false;
  for (let index = 0; index < raw.length; index++) {
    const text = raw[index] ?? '';
    const trimmed = text.trim();
    if (frontMatter !== null) {
      out.push({ text, index, literal: true, frontMatter: true });
      if (index > 0 && trimmed === frontMatter) frontMatter = null;
      continue;
    }
    if (fence !== null) {
      out.push({ text, index, literal: true, frontMatter: false });
      if (trimmed.startsWith(fence) && trimmed.replace(/[`~]/g, '') === '') fence = null;
      continue;
    }
    if (block) {
      out.push({ text, index, literal: true, frontMatter: false });
      if (BLOCK_CLOSE.test(text)) block = false;
      continue;
    }
    if (adocDelimiter !== null) {
      out.push({ text, index, literal: true, frontMatter: false });
      if (trimmed === adocDelimiter) adocDelimiter = null;
      continue;
    }
    const fenceMatch = FENCE.exec(text);
    // rST and org have no fences (tildes underline an rST title).
    if (fenceMatch && format !== 'rst' && format !== 'org' && (format === 'markdown' || format === 'text' || fenceMatch[1]?.startsWith('`'))) {
      fence = (fenceMatch[1] ?? '```').slice(0, 3);
      out.push({ text, index, literal: true, frontMatter: false });
      continue;
    }
    if (BLOCK_OPEN.test(text)) {
      block = true;
      out.push({ text, index, literal: true, frontMatter: false });
      continue;
    }
    if (format === 'asciidoc' && (trimmed === '----' || trimmed === '....' || trimmed === '++++' || trimmed === '////')) {
      adocDelimiter = trimmed;
      out.push({ text, index, literal: true, frontMatter: false });
      continue;
    }
    const indented = /^(?: {4}|\t)/.test(text) && trimmed !== '';
    // rST: an indented block after a line ending in `::` is literal.
    if (format === 'rst') {
      if (rstLiteral && (indented || trimmed === '')) {
        out.push({ text, index, literal: true, frontMatter: false });
        continue;
      }
      rstLiteral = false;
    }
    // An indented block after a blank line, not inside a list, is code (Markdown and plain text).
    if ((format === 'markdown' || format === 'text') && indented && (prevBlank || indentedCode) && !looksLikeListItem(text)) {
      indentedCode = true;
      out.push({ text, index, literal: true, frontMatter: false });
      prevBlank = false;
      continue;
    }
    if (trimmed !== '') indentedCode = false;
    // rST literal blocks: after `::` at a line end, and the body of code directives.
    if (format === 'rst' && (trimmed.endsWith('::') || /^\.\. (?:code|code-block|sourcecode|literalinclude|math)::/.test(trimmed))) rstLiteral = true;
    out.push({ text, index, literal: false, frontMatter: false });
    prevBlank = trimmed === '';
  }
  return out;
}

function looksLikeListItem(text: string): boolean {
  return /^\s*(?:[-*+•]|\d{1,3}[.)])\s/.test(text);
}

/** The note's text outside literal lines, with inline code spans (`…`) taken out. */
export function proseText(lines: NoteLine[]): string {
  return lines
    .filter((l) => !l.literal)
    .map((l) => withoutInlineCode(l.text))
    .join('\n');
}

/** The literal parts: code lines and inline code spans (what may print markup as it is). */
export function literalText(lines: NoteLine[]): string {
  const parts: string[] = [];
  for (const l of lines) {
    if (l.literal) {
      if (!l.frontMatter) parts.push(l.text);
      continue;
    }
    for (const span of inlineCodeSpans(l.text)) parts.push(span);
  }
  return parts.join('\n');
}

/** Backtick spans on one line (unmatched backticks are text). */
export function inlineCodeSpans(line: string): string[] {
  const spans: string[] = [];
  let i = line.indexOf('`');
  while (i !== -1) {
    let ticks = 1;
    while (line[i + ticks] === '`') ticks++;
    const marker = '`'.repeat(ticks);
    const close = line.indexOf(marker, i + ticks);
    if (close === -1) break;
    spans.push(line.slice(i + ticks, close));
    i = line.indexOf('`', close + ticks);
  }
  return spans;
}

export function withoutInlineCode(line: string): string {
  let out = '';
  let from = 0;
  let i = line.indexOf('`');
  while (i !== -1) {
    let ticks = 1;
    while (line[i + ticks] === '`') ticks++;
    const close = line.indexOf('`'.repeat(ticks), i + ticks);
    if (close === -1) break;
    out += line.slice(from, i) + ' ';
    from = close + ticks;
    i = line.indexOf('`', from);
  }
  return out + line.slice(from);
}

/** Right-to-left scripts: Hebrew, Arabic (and its supplements and presentation forms), Syriac, Thaana, N'Ko. */
export function isRtlLetter(cp: number): boolean {
  return (
    (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff) || (cp >= 0x10800 && cp <= 0x10fff) || (cp >= 0x1e800 && cp <= 0x1efff)
  );
}

/** Letters of the text by script group: right-to-left ones and all. URLs do not count. */
export function rtlShare(text: string): { rtl: number; letters: number } {
  let rtl = 0;
  let letters = 0;
  const withoutUrls = text.replace(/\b(?:https?|ftp):\/\/\S+/g, ' ');
  for (const ch of withoutUrls) {
    if (!/\p{L}/u.test(ch)) continue;
    letters++;
    if (isRtlLetter(ch.codePointAt(0) ?? 0)) rtl++;
  }
  return { rtl, letters };
}

/**
 * The text a line of a note shows, its inline markup taken off: link targets, emphasis marks,
 * backticks, math dollars, emoji shortcodes, HTML tags, attribute braces. For comparing a heading
 * or a title of the note with what the document prints.
 */
export function shownText(line: string): string {
  let s = line;
  s = s.replace(/!?\[([^\]\n]{0,300})\]\([^)\n]{0,500}\)/g, '$1');
  s = s.replace(/\[\[(?:[^\]|\n]{0,200}\|)?([^\]\n]{0,200})\]\]/g, '$1');
  s = s.replace(/<\/?[A-Za-z][^<>\n]{0,200}>/g, ' ');
  s = s.replace(/\{[#.:][^}\n]{0,200}\}|\{\/\*[^}\n]{0,200}\*\/\}/g, ' ');
  s = s.replace(/(?:^|\s):[a-z][a-z0-9_+-]{1,30}:(?=\s|$)/g, ' ');
  s = s.replace(/\\[A-Za-z]{1,30}/g, ' ');
  return s.replace(/[*_`~=$]/g, '');
}
