// The heading map: the note's own headings (by the markup of its format) against the headings
// of the document. Headings of one level in the note get one level in the document, in the same
// order of depth; a note heading the document lost or left as text is counted, and so is a
// body line of the note that the document made a heading.
import type { NoteFormat } from '../note-text.js';
import { shownText, type NoteLine } from './note-scan.js';
import { commandUses, detex, documentBody, environments, firstArg, normalize, withoutNumbering } from './tex-scan.js';
import { result, type CheckResult, type ReaderInput } from './types.js';

export interface Heading {
  level: number;
  text: string;
}

function stripTrailing(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ch || s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
  return s.slice(0, end);
}

function markdownHeadings(lines: NoteLine[]): Heading[] {
  const out: Heading[] = [];
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as NoteLine;
    if (line.literal) continue;
    const atx = /^ {0,3}(#{1,6})[ \t]+(\S.*)$/.exec(line.text);
    if (atx) {
      out.push({ level: (atx[1] ?? '#').length, text: stripTrailing(atx[2] ?? '', '#') });
      continue;
    }
    const html = /^\s*<h([1-6])[^>]{0,200}>(.{1,300})<\/h\1>\s*$/i.exec(line.text);
    if (html) {
      out.push({ level: Number(html[1]), text: (html[2] ?? '').replace(/<[^>]{0,200}>/g, '') });
      continue;
    }
    const next = lines[k + 1];
    if (!next || next.literal || line.text.trim() === '') continue;
    const prev = lines[k - 1];
    const startsParagraph = !prev || prev.text.trim() === '';
    if (!startsParagraph || /^\s*(?:[-*+>|]|\d+[.)])\s/.test(line.text)) continue;
    if (/^ {0,3}=+\s*$/.test(next.text)) out.push({ level: 1, text: line.text.trim() });
    else if (/^ {0,3}-{2,}\s*$/.test(next.text) && !/^\s*-{3,}\s*$/.test(line.text)) out.push({ level: 2, text: line.text.trim() });
  }
  return out;
}

function prefixHeadings(lines: NoteLine[], re: RegExp, levelOf: (marks: string) => number): Heading[] {
  const out: Heading[] = [];
  for (const line of lines) {
    if (line.literal) continue;
    const m = re.exec(line.text);
    if (m) out.push({ level: levelOf(m[1] ?? ''), text: (m[2] ?? '').trim() });
  }
  return out;
}

function orgHeadings(lines: NoteLine[]): Heading[] {
  return prefixHeadings(lines, /^(\*{1,9})[ \t]+(\S.*)$/, (m) => m.length).map((h) => ({
    level: h.level,
    text: h.text.replace(/^(?:TODO|DONE|NEXT|WAITING)\s+/, '').replace(/\s+:[\w:@]+:\s*$/, ''),
  }));
}

/** reStructuredText: a text line under (and maybe over) a line of one punctuation character; levels by first appearance. */
function rstHeadings(lines: NoteLine[]): Heading[] {
  const styles: string[] = [];
  const out: Heading[] = [];
  const isAdornment = (t: string) => t.length >= 3 && /^([!-/:-@[-`{-~])\1+$/.test(t);
  for (let k = 1; k < lines.length; k++) {
    const under = (lines[k] as NoteLine).text.trim();
    const text = (lines[k - 1] as NoteLine).text.trim();
    if ((lines[k] as NoteLine).literal || !isAdornment(under) || text === '' || isAdornment(text)) continue;
    const over = lines[k - 2]?.text.trim() ?? '';
    const style = `${under[0]}${over === under ? 'o' : ''}`;
    if (!styles.includes(style)) styles.push(style);
    out.push({ level: styles.indexOf(style) + 1, text });
  }
  return out;
}

export function noteHeadings(lines: NoteLine[], format: NoteFormat): Heading[] {
  return rawNoteHeadings(lines, format).map((h) => ({ level: h.level, text: shownText(h.text).trim() }));
}

function rawNoteHeadings(lines: NoteLine[], format: NoteFormat): Heading[] {
  switch (format) {
    case 'markdown':
      return markdownHeadings(lines);
    case 'org':
      return orgHeadings(lines);
    case 'rst':
      return rstHeadings(lines);
    case 'asciidoc':
    case 'typst':
      return [...prefixHeadings(lines, /^(={1,6})[ \t]+(\S.*)$/, (m) => m.length)];
    default:
      return [];
  }
}

const TEX_LEVELS: Array<[string, number]> = [
  ['part', -1], ['chapter', 0], ['section', 1], ['subsection', 2], ['subsubsection', 3], ['paragraph', 4], ['subparagraph', 5], ['lgheading', 6],
];
const FRAME_LEVEL = 9;

/** The document's headings in order, with their depth (frames below every sectioning level). */
export function texHeadings(tex: string): Heading[] {
  const body = documentBody(tex);
  const found: Array<Heading & { at: number }> = [];
  for (const [name, level] of TEX_LEVELS) {
    for (const use of commandUses(body, name)) if (use.args[0] !== undefined) found.push({ at: use.at, level, text: detex(use.args[0]).trim() });
  }
  for (const frame of environments(body, ['frame'])) {
    const head = body.slice(frame.contentStart, Math.min(frame.contentEnd, frame.contentStart + 4000));
    const title = /^\s*(?:\[[^\]]*\])?\s*\{/.test(head) ? commandUsesAtStart(head) : firstArg(head, 'frametitle');
    if (title && title.trim()) found.push({ at: frame.at, level: FRAME_LEVEL, text: detex(title).trim() });
  }
  return found.sort((a, b) => a.at - b.at).map(({ level, text }) => ({ level, text }));
}

/** `\begin{frame}[opts]{Title}`: the braced group right after the options. */
function commandUsesAtStart(head: string): string | undefined {
  return commandUses(`\\x${head}`, 'x')[0]?.args[0];
}

export function key(text: string): string {
  return withoutNumbering(normalize(text));
}

export function checkHeadings(input: ReaderInput): CheckResult {
  const title = key(detex(firstArg(input.tex, 'title') ?? ''));
  // A byline written as a small heading ("###### Created by marp-team") is the document's author.
  const author = key(detex(firstArg(input.tex, 'author') ?? ''));
  const byline = (k: string): boolean => author !== '' && k.endsWith(author) && /\bby\b/.test(k);
  const own = noteHeadings(input.lines, input.format).filter((h) => key(h.text) !== '' && key(h.text) !== title && !byline(key(h.text)));
  const doc = texHeadings(input.tex);
  const docKeys = new Map<string, Heading[]>();
  for (const h of doc) {
    const k = key(h.text);
    if (!docKeys.has(k)) docKeys.set(k, []);
    docKeys.get(k)?.push(h);
  }
  const defects: string[] = [];
  const levelsByNoteLevel = new Map<number, Map<number, number>>();
  const lost: string[] = [];
  const used = new Set<Heading>();
  for (const h of own) {
    const match = docKeys.get(key(h.text))?.find((d) => !used.has(d));
    if (!match) {
      lost.push(h.text);
      continue;
    }
    used.add(match);
    const counts = levelsByNoteLevel.get(h.level) ?? new Map<number, number>();
    counts.set(match.level, (counts.get(match.level) ?? 0) + 1);
    levelsByNoteLevel.set(h.level, counts);
  }
  if (lost.length) defects.push(`${lost.length} heading(s) of the note not headings in the document ("${lost.slice(0, 4).join('", "')}")`);
  const majority = new Map<number, number>();
  for (const [noteLevel, counts] of levelsByNoteLevel) {
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    majority.set(noteLevel, sorted[0]?.[0] ?? 0);
    const off = sorted.slice(1).reduce((s, [, n]) => s + n, 0);
    if (off > 0) defects.push(`${off} level-${noteLevel} heading(s) set at another depth than their siblings`);
  }
  const levels = [...majority.keys()].sort((a, b) => a - b);
  for (let i = 1; i < levels.length; i++) {
    const upper = majority.get(levels[i - 1] as number) ?? 0;
    const lower = majority.get(levels[i] as number) ?? 0;
    if (lower <= upper) defects.push(`level-${levels[i]} headings not below level-${levels[i - 1]} ones`);
  }
  // A body line of the note made a heading: unmatched document headings whose text is a
  // sentence of the note (a heading a person would not write), or any line of a note whose
  // format marks its headings.
  const noteLineKeys = new Set(input.lines.filter((l) => !l.literal).map((l) => key(shownText(l.text))));
  const fromBody: string[] = [];
  for (const h of doc) {
    if (used.has(h)) continue;
    const k = key(h.text);
    if (k === '' || k === title || !noteLineKeys.has(k)) continue;
    // A question is a heading people write ("Why solar?", "Was können wir tun?"); a full stop or a comma ends a sentence.
    const sentence = /[.!;,]$/.test(h.text.trim()) || k.split(' ').length > 12;
    if (sentence || (own.length > 0 && h.level <= 5)) fromBody.push(h.text);
  }
  if (fromBody.length) defects.push(`${fromBody.length} body line(s) made heading(s) ("${fromBody.slice(0, 3).join('", "')}")`);
  return result(defects, { value: own.length === 0 ? 1 : (own.length - lost.length) / own.length });
}
