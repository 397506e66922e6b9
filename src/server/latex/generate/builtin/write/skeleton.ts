// What every writer shares: its input, the title block, front-matter values kept as text, and
// the sectioning commands headings become. No writer imports another writer.
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { DocumentSettings } from '../../../../../shared/generate-options.js';
import { BABEL_NAME, RTL_LANGUAGES, type Language } from '../text/language.js';
import type { RenderContext } from '../render/index.js';
import { renderBlocks } from '../render/index.js';
import { RTL_LETTER } from '../render/breaks.js';
import { isCv } from './cv.js';
import { bareChapterLabel, dropPrefix, headingNumber } from './numbering.js';
import { escapeText } from '../text/escape.js';
import { typography } from '../text/typography.js';
import { inlineText, type Block, type NoteMeta } from '../tree.js';

export interface WriterInput {
  type: DocumentType;
  title: string;
  /** The note names itself; otherwise `title` is only its first words and the document shows no title. */
  titled: boolean;
  meta: NoteMeta;
  /** Blocks without the title heading (article, report, book, presentation). */
  body: Block[];
  /** All blocks, title heading included (basic and letter keep every line). */
  all: Block[];
  ctx: RenderContext;
  language: Language;
  /** The whole note (what its words say, beyond its blocks: the language a letter greets in). */
  source: string;
  /** The editor's document settings (title, author and date are already in `meta`). */
  settings: DocumentSettings;
  /** The abstract the front matter gives, read like the note. */
  abstract: Block[];
  /** The References section (a heading and the bibliography) to place after the body; often empty. */
  references: Block[];
}

/** A document type's body: everything between \begin{document} (and its set-up lines) and \end{document}. */
export type Writer = (input: WriterInput) => string;

/**
 * Headings as the given sectioning commands by depth (deeper ones become run-in paragraphs).
 * A number the note gave a heading is never printed twice (numbering.ts): LaTeX's counter takes
 * it over where it fits, otherwise the heading keeps its words, unnumbered but in the contents.
 */
export function sectioning(names: string[], options: { unnumbered?: boolean; marks?: boolean; blocks?: Block[]; contents?: boolean; numberedLevels?: number } = {}): RenderContext['heading'] {
  const { marks = false } = options;
  const unnumbered = options.unnumbered === true || isCv(options.blocks ?? []);
  // The numbers LaTeX has given so far, by level (names[i] numbers with i + 1 parts).
  const counters: number[] = [];
  const heading = sectioningCommand(names, unnumbered ? 0 : (options.numberedLevels ?? names.length), counters, mixedLevels(names, options.blocks ?? []), options.contents !== false);
  return (h) => {
    const latex = heading(h);
    // A book's running head is one line: a long title gets a shortened mark.
    const name = names[Math.min(h.depth, names.length) - 1];
    if (!marks || h.plain.length <= MARK_LENGTH || (name !== 'chapter' && name !== 'section') || latex.includes('*{')) return latex;
    // The mark is the title without the note's own number: the class puts LaTeX's before it.
    const own = headingNumber(h.plain, name);
    const plain = own !== null && own !== 'own' ? h.plain.slice(own.prefix) : h.plain;
    return `${latex}\\${name}mark{${escapeText(shorten(plain, MARK_LENGTH), h.program)}}`;
  };
}

const MARK_LENGTH = 40;

function shorten(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * Levels where the note numbered some headings and not others ("A. Agenda", "B. Discussion",
 * "Follow up actions"; "Введение", "1. …", "Заключение"): the ones it did not number stay
 * unnumbered, rather than numbered by LaTeX beside the note's own numbers.
 */
function mixedLevels(names: string[], blocks: Block[]): Set<number> {
  const seen = new Map<number, Set<boolean>>();
  for (const b of blocks) {
    if (b.kind !== 'heading') continue;
    const level = Math.min(b.depth, names.length) - 1;
    const own = b.ordinal !== undefined || headingNumber(inlineText(b.inlines), names[level] ?? 'paragraph') !== null;
    // A heading the note marked unnumbered ("# Acknowledgements {-}") is no sign either way.
    if (b.unnumbered && !own) continue;
    seen.set(level, (seen.get(level) ?? new Set<boolean>()).add(own));
  }
  return new Set([...seen].filter(([, kinds]) => kinds.size === 2).map(([level]) => level));
}

function sectioningCommand(names: string[], numberedLevels: number, counters: number[], mixed: Set<number>, contents: boolean): RenderContext['heading'] {
  // The level of the last unnumbered heading: the headings under it are unnumbered too (a
  // subsection numbered 1.0.1 under a section the note lettered would count from nothing).
  let starred: number | null = null;
  return (h) => {
    const level = Math.min(h.depth, names.length) - 1;
    const name = names[level] ?? 'paragraph';
    if (name === 'paragraph') return `\\paragraph{${h.latex}}\\mbox{}\\par`;
    // In the contents too, where the document has them.
    const unnumberedHeading = `\\${name}*{${h.latex}}${contents ? `\\addcontentsline{toc}{${name}}{${h.latex}}` : ''}`;
    if (starred !== null && level <= starred) starred = null;
    const own = headingNumber(h.plain, name);
    // Among siblings the note numbered, one it did not ("Введение" before "1. …") keeps its words alone.
    if (level >= numberedLevels) return unnumberedHeading;
    if (h.unnumbered || starred !== null || (mixed.has(level) && own === null && h.ordinal === undefined)) {
      starred ??= level;
      return unnumberedHeading;
    }
    // "Chapter One" alone: the class prints "Chapter 1", the heading adds nothing to it.
    if (h.ordinal !== undefined && own === null) return numberedAs(h.ordinal, name, level, counters, bareChapterLabel(h.plain) ? '' : h.latex);
    if (own === null) {
      counters[level] = (counters[level] ?? 0) + 1;
      counters.length = level + 1;
      return `\\${name}{${h.latex}}`;
    }
    const n = own === 'own' ? 0 : (own.parts[level] ?? 0);
    const fits = own !== 'own' && own.parts.length === level + 1 && n >= 1 && own.parts.slice(0, level).every((p, k) => p === (counters[k] ?? 0));
    const rest = fits ? dropPrefix(h.inlines, own.prefix) : null;
    if (!rest) {
      starred = level;
      return unnumberedHeading;
    }
    return numberedAs(n, name, level, counters, h.render(rest));
  };
}

/** A heading numbered n as the note numbered it: the counter is set only where n is not the next number anyway. */
function numberedAs(n: number, name: string, level: number, counters: number[], latex: string): string {
  const next = n === (counters[level] ?? 0) + 1;
  counters[level] = n;
  counters.length = level + 1;
  return `${next ? '' : `\\setcounter{${name}}{${n - 1}}`}\\${name}{${latex}}`;
}

/** A bold line: headings of documents without sections (basic, letter, inside frames). */
export const boldHeading: RenderContext['heading'] = (h) => `\\lgheading{${h.latex}}`;

/** What follows \maketitle: a table of contents and the switch to two columns, when asked for. */
/** A table of contents when the settings ask for one, or when the note typed its own (and the settings say nothing). */
export function wantsContents(input: WriterInput): boolean {
  return input.settings.toc ?? input.meta.typedContents === true;
}

export function afterTitle(input: WriterInput, toc = wantsContents(input)): string[] {
  const out: string[] = [];
  if (toc) out.push('\\tableofcontents');
  if (input.settings.columns === 2) out.push('\\twocolumn');
  return out;
}

/**
 * A line of the title block (title, subtitle, names, metadata) as text: the language's quotes and
 * apostrophes, as in the body ("Kestrel Outdoor" → “Kestrel Outdoor”), then escaped.
 */
export function frontText(input: WriterInput, s: string): string {
  return escapeText(typography(s.replace(/\s*\n\s*/g, ' '), input.language, false), input.ctx.program);
}

/** A metadata key as a label: `course-code` → `Course code`. */
export function metaLabel(key: string): string {
  // (A typed label keeps its hyphen after one letter: "e-mail".)
  const words = key.replace(/(?<!^\p{L})[-_]+/gu, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Labels whose value says what it is on a title page (an affiliation under the authors): the value
 * alone is shown, as journals print it, never "Affiliation: Dept. of …".
 */
const SELF_EVIDENT = /^(?:affiliations?|institution|institute|university|department|dept\.?|organi[sz]ation|school|faculty|company|employer|université|établissement|universidad|institución|facultad|universidade|instituição|faculdade|departamento|département|università|universität|fakultät|abteilung|institut|所属|单位|學校|学校|소속)$/iu;

/** Other metadata (course, keywords, a memo's from/to…) as small lines: `Label: value`. */
export function metaLines(input: WriterInput, separator = '\\\\', entries = input.meta.extra): string {
  const esc = (s: string): string => frontText(input, s);
  // A line the note gave without a label ("Version 2.1", "PTA meeting") is shown as it is.
  // Chinese and Japanese labels take the full-width colon, as the note types them (場所：会議室B).
  const colon = (key: string): string => (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(key.trim()) ? '：' : ': ');
  return entries.map((e) => (e.key.trim() === '' || SELF_EVIDENT.test(e.key.trim()) ? esc(e.value) : `${esc(metaLabel(e.key))}${colon(e.key)}${esc(e.value)}`)).join(separator);
}

/** Whether the document opens with a title block: a title of the note's own, authors, a date or other metadata. */
export function hasTitleBlock(input: WriterInput): boolean {
  const { meta } = input;
  return input.titled || Boolean(meta.author || meta.authors?.length || meta.date || meta.subtitle || meta.extra.length);
}

/** How long a line of metadata may be to stand as a row under the author (\author is a tabular: a row never wraps). */
const SHORT_META_LINE = 70;

/**
 * \title, \author and \date (for \maketitle): subtitle under the title, authors side by side, other
 * metadata under the one author (or the date). Only what the note gives: no \author without one, and an empty \date
 * rather than today's for a note that carries no date (it would claim one).
 */
/** A line set in a table's cell (\\author, a letter's addresses): in a right-to-left script, in its language, its words in their order. */
export function ownDirection(input: WriterInput, raw: string, tex: string): string {
  return RTL_LANGUAGES.has(input.language) && RTL_LETTER.test(raw) ? `\\foreignlanguage{${BABEL_NAME[input.language]}}{${tex}}` : tex;
}

export function titleBlock(input: WriterInput): string {
  const esc = (s: string): string => frontText(input, s);
  const { meta } = input;
  const name = input.titled ? esc(input.title) : '';
  const title = meta.subtitle ? `${name}${name ? '\\\\[0.3em]' : ''}\\large ${esc(meta.subtitle)}` : name;
  // (\author sets its names in a table's cells, left to right: a name in a right-to-left script is set in its language, its words in their order.)
  const people = (meta.authors ?? (meta.author ? [meta.author] : [])).map((p) => ownDirection(input, p, esc(p)));
  // The note's other lines ("Lab partner: …", "Course: …") under its one author, as typed after the
  // name; under the date where several authors stand side by side or none is named.
  const small = meta.extra.length ? `{\\small ${metaLines(input)}}` : '';
  // Lines too long for one row of it (a web address, an affiliation) go under the date, where they wrap.
  const withAuthor = small !== '' && people.length === 1 && meta.extra.every((e) => e.key.length + e.value.length <= SHORT_META_LINE);
  // \author is a tabular: each line a row, each row its own size (a group may not hold a row's end).
  const authors = withAuthor ? `${people[0]}\\\\[1ex]{\\small ${metaLines(input, '}\\\\{\\small ')}}` : people.join(' \\and ');
  // (Lines typed above the date stay above it: "Tema 3: Límites y derivadas" over "8 de octubre de 2024";
  // so does an affiliation, which belongs to the authors.)
  const above = small && !withAuthor && meta.date ? (meta.extraBeforeDate ?? 0) : 0;
  const affiliation = (e: NoteMeta['extra'][number]): boolean => meta.date !== undefined && !withAuthor && SELF_EVIDENT.test(e.key.trim());
  const lead = [...meta.extra.slice(0, above), ...meta.extra.slice(above).filter(affiliation)];
  const under = meta.extra.slice(above).filter((e) => !affiliation(e));
  const before = lead.length > 0 ? `{\\small ${metaLines(input, '\\\\', lead)}}\\\\[1ex]` : '';
  const extra = small && !withAuthor && under.length ? `${meta.date ? '\\\\[1ex]' : ''}{\\small ${metaLines(input, '\\\\', under)}}` : '';
  const lines = [`\\title{${title}}`];
  if (authors) lines.push(`\\author{${authors}}`);
  lines.push(`\\date{${before}${meta.date ? esc(meta.date) : ''}${extra}}`);
  return lines.join('\n');
}

/** The note's abstract (front matter) as the class shows one. */
export function abstractBlock(input: WriterInput, env: 'abstract' | 'quote' = 'abstract'): string {
  if (input.abstract.length === 0) return '';
  return `\\begin{${env}}\n${renderBlocks(input.abstract, input.ctx)}\n\\end{${env}}`;
}
