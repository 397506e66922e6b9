// The note's outline after reading: heading depths made relative (the shallowest is 1, tag
// sections take the note's top depth) and the title taken from a leading heading.
import { titleFromInput } from '../../../../../shared/title.js';
import type { Block, Inline, NoteMeta } from '../tree.js';
import { inlineText } from '../tree.js';
import { isDate } from '../text/dates.js';
import { openingText } from './common/title.js';
import { isDateLine } from './notes/dates.js';
import { isContentLine, readTitleBlock } from './notes/title-block.js';
import { affiliatedBlock, type AffiliatedBlock } from './notes/affiliations.js';
import { TAG_SECTION_DEPTH } from './tag-blocks.js';

function walkHeadings(blocks: Block[], fn: (h: Extract<Block, { kind: 'heading' }>) => void): void {
  for (const b of blocks) {
    if (b.kind === 'heading') fn(b);
    else if (b.kind === 'slide') walkHeadings(b.blocks, fn);
  }
}

/** Gives tag sections the note's top section depth, then makes the shallowest depth 1. */
export function normalizeDepths(blocks: Block[]): void {
  let min = Infinity;
  walkHeadings(blocks, (h) => {
    if (h.depth !== TAG_SECTION_DEPTH) min = Math.min(min, h.depth);
  });
  if (!Number.isFinite(min)) min = 1;
  walkHeadings(blocks, (h) => {
    if (h.depth === TAG_SECTION_DEPTH) h.depth = min;
  });
  walkHeadings(blocks, (h) => {
    h.depth = h.depth - min + 1;
  });
}

/** Deepest heading depth that LaTeX numbers (section, subsection, subsubsection; a report's chapter to subsection). */
const NUMBERED_DEPTH = 3;

/**
 * A numbered heading never skips a level: `### Intro` before the first `##` printed as 0.1, a
 * subsubsection right under a section as 1.0.1. Such a heading moves up to one level below the
 * heading before it; deeper, unnumbered headings (run-in paragraphs) keep their depth.
 */
export function closeDepthGaps(blocks: Block[]): void {
  let previous = 0;
  walkHeadings(blocks, (h) => {
    if (h.depth > previous + 1 && h.depth <= NUMBERED_DEPTH && !h.unnumbered) h.depth = previous + 1;
    previous = h.depth;
  });
}

const TRAILING = new Set([...' .:;,!?*_#']);

/** Text compared as a title: spaces collapsed, trailing punctuation dropped (a loop: linear). */
function normalized(s: string): string {
  const t = s.replace(/\s+/g, ' ');
  let end = t.length;
  while (end > 0 && TRAILING.has(t[end - 1] as string)) end--;
  return t.slice(0, end).trim().toLowerCase();
}

/** The inlines after their first line (null when that line is not plain leading text). */
function afterFirstLine(inlines: Inline[]): Inline[] | null {
  for (let i = 0; i < inlines.length; i++) {
    const node = inlines[i] as Inline;
    if (node.kind === 'break') return inlines.slice(i + 1);
    if (node.kind !== 'text') return null;
    const nl = node.value.indexOf('\n');
    if (nl >= 0) return [{ kind: 'text', value: node.value.slice(nl + 1) }, ...inlines.slice(i + 1)];
  }
  return [];
}

/** The body without a first heading or first line that only repeats the title. */
function withoutRepeatedTitle(blocks: Block[], title: string): Block[] {
  const first = blocks[0];
  const t = normalized(title);
  if (!first || t === '') return blocks;
  if (first.kind === 'heading' && !first.fromTag && normalized(inlineText(first.inlines)) === t) {
    const body = blocks.slice(1);
    if (!body.some((b) => b.kind === 'heading' && b.depth <= first.depth)) normalizeDepths(body);
    return body;
  }
  if (first.kind === 'paragraph' && normalized(inlineText(first.inlines).split('\n')[0] ?? '') === t) {
    const rest = afterFirstLine(first.inlines);
    if (rest === null) return blocks;
    const meaningful = rest.some((n) => n.kind !== 'break' && !(n.kind === 'text' && n.value.trim() === ''));
    return meaningful ? [{ ...first, inlines: rest }, ...blocks.slice(1)] : blocks.slice(1);
  }
  return blocks;
}

/** Titles that name no document ("Title", "Untitled"): a reader would take them for a placeholder. */
const PLACEHOLDER_TITLES = new Set(['title', 'untitled', 'untitled document', 'document', 'new document', 'my document', 'draft', 'document title', 'your title', 'title here', 'sans titre', 'ohne titel', 'sin titulo', 'sin título', 'sem titulo', 'sem título', 'senza titolo', 'без названия']);

export function isPlaceholderTitle(title: string): boolean {
  const t = normalized(title);
  return [...t].length <= 1 || PLACEHOLDER_TITLES.has(t);
}

/** Longest line read as a title standing alone at the top of a note. */
const TITLE_LINE_MAX = 90;

/**
 * A short first line standing alone above the rest of the note, not a sentence (no closing
 * punctuation): how people title what they type ("Shopping notes", "Lab report: measuring g").
 */
function standaloneTitleLine(blocks: Block[]): string | null {
  const first = blocks[0];
  if (first?.kind !== 'paragraph' || blocks.length < 2) return null;
  // One word right above a top heading is a label or a tag, not the note's name.
  const next = blocks[1];
  if (next?.kind === 'heading' && next.depth === 1 && !/\s/.test(inlineText(first.inlines).trim())) return null;
  if (!first.inlines.every((n) => n.kind === 'text' || n.kind === 'strong' || n.kind === 'emph')) return null;
  const text = inlineText(first.inlines).trim();
  if (text === '' || text.includes('\n') || [...text].length > TITLE_LINE_MAX || !/\p{L}/u.test(text)) return null;
  if (!isTitleLine(text)) return null;
  return text;
}

/** Labels of the fields people put under a title ("Author: X"): such a line is a field, not a title. */
const FIELD_LABELS = new Set([
  'author', 'authors', 'by', 'name', 'student', 'owner', 'date', 'course', 'class', 'professor', 'teacher', 'instructor',
  'subject', 'to', 'from', 're', 'cc', 'auteur', 'nom', 'autor', 'nombre', 'fecha', 'datum', 'name', 'klasse', 'data',
  'автор', 'имя', 'дата', '姓名', '作者', '日期', '学号', '班级', '氏名', '日付', 'الاسم', 'التاريخ',
]);

/** A line that reads as a title: not a sentence (no closing full stop, comma or colon), not a field, not a placeholder. */
function isTitleLine(text: string): boolean {
  if (/[.;,:…。=]$/.test(text) || isPlaceholderTitle(text)) return false;
  const label = /^([\p{L} ]{1,20}?)\s*[:：]/u.exec(text);
  return !(label && FIELD_LABELS.has((label[1] ?? '').trim().toLowerCase()));
}

/**
 * The first line of a first paragraph of short lines, when it reads as a title above the others
 * (a byline, a date, a course line): "Lab report: measuring g" over "Author: Sam Lee". The other
 * lines stay where they are.
 */
function titleAboveLines(blocks: Block[]): { title: string; rest: Block } | null {
  const first = blocks[0];
  if (first?.kind !== 'paragraph' || blocks.length < 2) return null;
  if (!first.inlines.every((n) => n.kind === 'text' || n.kind === 'strong' || n.kind === 'emph' || n.kind === 'break')) return null;
  const lines = inlineText(first.inlines).split('\n').map((l) => l.trim());
  const [head = '', ...others] = lines;
  // A few lines of any length under it, or a longer run of short lines (notes typed one per line).
  const short = lines.every((l) => [...l].length <= 60);
  if (others.length === 0 || others.length > (short ? 30 : 4) || others.some((l) => [...l].length > TITLE_LINE_MAX)) return null;
  if (head === '' || [...head].length > TITLE_LINE_MAX || !/\p{L}/u.test(head) || !isTitleLine(head)) return null;
  const rest = afterFirstLine(first.inlines);
  if (!rest) return null;
  return { title: head, rest: { ...first, inlines: rest } };
}

/** A paragraph of pictures only (badges, a logo), links around them allowed; or a MyST label. */
function isPictureLine(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  // A MyST target label, `(name)=`, above a heading names the heading for cross-references.
  if (/^\([^()\s]{1,80}\)=$/.test(inlineText(b.inlines).trim())) return true;
  let pictures = 0;
  const only = (inlines: Inline[]): boolean =>
    inlines.every((n) => {
      if (n.kind === 'image') return ++pictures > 0;
      if (n.kind === 'link') return only(n.children);
      return n.kind === 'break' || (n.kind === 'text' && n.value.trim() === '');
    });
  return only(b.inlines) && pictures > 0;
}

export interface SplitTitle {
  title: string;
  body: Block[];
  /**
   * Whether the note gives this title itself (front matter, a title heading, a subject line). When
   * not, the title is only the note's first words, for the history: the document shows none.
   */
  own: boolean;
}

/** The note's title, and the body without a leading title heading (or a line repeating a title the note states). */
export function splitTitle(blocks: Block[], meta: NoteMeta, content: string, letter = false): SplitTitle {
  // A note that opens with a date alone (a heading or a line: `<h6>17-01-2023</h6>`) is dated, not titled by it.
  // A note of dated entries (a journal, a changelog: one date heading per entry) is not dated by its first one.
  const opening = blocks[0];
  const entries = opening?.kind === 'heading' && blocks.some((b, i) => i > 0 && b.kind === 'heading' && b.depth === opening.depth && isDate(inlineText(b.inlines)));
  if ((opening?.kind === 'heading' || opening?.kind === 'paragraph') && !entries && isDate(inlineText(opening.inlines))) {
    meta.date ??= inlineText(opening.inlines).trim();
    return splitTitle(blocks.slice(1), meta, content, letter);
  }
  if (meta.title && !isPlaceholderTitle(meta.title)) return { title: meta.title, body: withoutRepeatedTitle(blocks, meta.title), own: true };
  // Badges and logos above a README's title heading are decoration: the heading still names the note.
  const lead = blocks.findIndex((b) => !isPictureLine(b));
  if (lead > 0 && blocks[lead]?.kind === 'heading') {
    const rest = splitTitle(blocks.slice(lead), meta, content, letter);
    if (rest.own) return { ...rest, body: [...blocks.slice(0, lead), ...rest.body] };
  }
  // "saving this for the team wiki - answer from the chat assistant, …" above the note's one top
  // heading: a remark typed before what was pasted; the heading names the note, the remark stays.
  const remark = blocks[0];
  const named = blocks[1];
  if (remark?.kind === 'paragraph' && named?.kind === 'heading' && named.depth === 1 && !named.fromTag && blocks.filter((b) => b.kind === 'heading' && b.depth === 1).length === 1) {
    const text = inlineText(remark.inlines).trim();
    if (/^\p{Ll}/u.test(text) && !text.includes('\n') && text.split(/\s+/).length >= 8) {
      const rest = splitTitle(blocks.slice(1), meta, content, letter);
      if (rest.own) return { ...rest, body: [remark, ...rest.body] };
    }
  }
  const first = blocks[0];
  // The user's own <SECTION> tags stay sections; only a leading markdown heading names the note.
  // (A chapter the note numbered, "Chapter 1 - Home", is its first chapter, never its title.)
  if (first?.kind === 'heading' && !first.fromTag && !entries && first.ordinal === undefined) {
    const sameDepth = blocks.filter((b) => b.kind === 'heading' && b.depth <= first.depth).length;
    // A first heading alone at its depth names the note too (plain text's "Shopping notes" above its ALL-CAPS sections).
    const alone = blocks.filter((b) => b.kind === 'heading' && b.depth === first.depth).length === 1;
    const text = inlineText(first.inlines).replace(/\s+/g, ' ').trim();
    // A first heading with text and then sections of its own before its next sibling is the first
    // of the note's parts ("# Energy", text, "## Cells", "## ATP", "# Enzymes"), not its title (a
    // title slide's subtitle headings follow the title at once).
    const next = blocks.findIndex((b, i) => i > 0 && b.kind === 'heading' && b.depth <= first.depth);
    const child = blocks.findIndex((b, i) => i > 0 && (next < 0 || i < next) && b.kind === 'heading' && b.depth > first.depth);
    const parent = next > 0 && child > 1 && blocks.slice(1, child).some((b) => b.kind === 'paragraph' || b.kind === 'list');
    if (text && !isPlaceholderTitle(text) && (sameDepth === 1 || (first.depth === 1 && !parent) || alone)) {
      const body = blocks.slice(1);
      if (sameDepth === 1 || alone) normalizeDepths(body);
      // A title heading of two lines (a setext underline under "MONTHLY REPORT" / "March 2025"): the first names the note, the next dates it or is its subtitle.
      const [name = '', ...under] = inlineText(first.inlines).split('\n').map((l) => l.trim()).filter((l) => l !== '');
      if (under.length === 0 || under.length > 2 || name.length < 3) return { title: text, body, own: true };
      const rest = under.join(' ');
      if (isDate(rest)) meta.date ??= rest;
      else meta.subtitle ??= rest;
      return { title: name, body, own: true };
    }
  }
  if (meta.subject) return { title: meta.subject, body: withoutRepeatedTitle(blocks, meta.subject), own: true };
  const line = standaloneTitleLine(blocks);
  if (line) return { title: line, body: blocks.slice(1), own: true };
  // (A letter's first lines are an address: none of them is its title.)
  const top = letter ? null : titleAboveLines(blocks);
  if (top) return { title: top.title, body: [top.rest, ...blocks.slice(1)], own: true };
  // A reader's placeholder (a CSV note's) names the note in the history, not on the page.
  if (meta.title) return { title: meta.title, body: blocks, own: false };
  // A title made from the note's first words (read from its blocks, so markup does not name it)
  // leaves them in the body: they are its text.
  return { title: titleFromInput(openingText(blocks) || content), body: blocks, own: false };
}

/** "Created by marp-team", "Written by Ana Souza", "poems by Idris Kamara", "by J. Doe": a byline, the name after "by". */
const BYLINE = /^(?:(?:a|an|the|short|new|collected|selected|poems?|stories|story|novel|novella|essays?|notes|tales?|verses?|songs?|play|sketches|created|written|made|prepared|presented|compiled|edited|illustrated)\s+){0,3}by\s+([^\n.;:!?]{1,80})$/i;

/**
 * A byline right under a note's own title (its first or second block: a subtitle line may come
 * first), as a line or a small heading, names the author: it is taken out of the body, never a
 * section of its own (it had nothing under it).
 */
export function takeByline(body: Block[], meta: NoteMeta): void {
  if (meta.author || meta.authors?.length) return;
  if (takeTitleLines(body, meta)) return;
  for (let i = 0; i < Math.min(2, body.length); i++) {
    const b = body[i];
    if (b?.kind !== 'heading' && b?.kind !== 'paragraph') continue;
    const name = BYLINE.exec(inlineText(b.inlines).trim())?.[1]?.trim();
    if (!name || name.split(/\s+/).length > 6) continue;
    meta.author = name;
    body.splice(i, 1);
    return;
  }
}


/**
 * A first paragraph of a few short lines under the note's title heading that are its title block
 * ("Philosophy 210 - essay 2" over "by Daniel Okafor", "Author: …", a date): read as the title
 * block of a note typed without headings is, and taken out of the body. Only when every line is
 * such a line and one of them names the author or the date.
 */
function takeTitleLines(body: Block[], meta: NoteMeta): boolean {
  // ("### Presentazione … – Giulia Romano, 4ªB" / "### marzo 2025" over a slide's rule: headings of nothing, the title slide's lines.)
  let heads = 0;
  while (heads < 3 && body[heads]?.kind === 'heading') heads++;
  if (heads > 0 && body[heads]?.kind === 'rule') {
    const lines = body.slice(0, heads).map((b) => (b.kind === 'heading' ? inlineText(b.inlines).trim() : ''));
    return takeLines(lines, heads, body, meta);
  }
  const first = body[0];
  // (An e-mail address in it is a link to a reader with markup.)
  if (first?.kind !== 'paragraph' || !first.inlines.every((n) => n.kind === 'text' || n.kind === 'break' || n.kind === 'link' || n.kind === 'strong' || n.kind === 'emph')) return false;
  const lines = inlineText(first.inlines).split('\n').map((l) => l.trim()).filter((l) => l !== '');
  // "Aisha Rahman (1), Daniel Cho (1), Marisol Vega (2)" over "(1) School of …": a paper's byline and its affiliations.
  const affiliated = affiliatedBlock(lines);
  if (affiliated) return takeAffiliated(affiliated, body, meta);
  // (A sentence, a list item or a table row is the body's, whatever date or name it holds.)
  // (One line only when it is labelled: "Presenter: Kim Minji" under a title slide's title.)
  const labelled = (l: string) => /^\p{L}[\p{L} .]{0,23}[:：]\s*\S/u.test(l);
  // (A form's fields may run longer: "Nama: …", "NIM: …", "Kelompok: …", "Asisten: …", dates.)
  if (lines.length < (labelled(lines[0] ?? '') ? 1 : 2) || lines.length > (lines.every(labelled) ? 8 : 4) || lines.some((l) => l.length > 100 || (isContentLine(l) && !labelled(l) && !isDateLine(l)))) return false;
  return takeLines(lines, 1, body, meta, lines.length === 1);
}

/** A byline with affiliation marks and the title page's lines under it, taken from the first paragraph (what follows them stays). */
function takeAffiliated(found: AffiliatedBlock, body: Block[], meta: NoteMeta): boolean {
  const first = body[0];
  if (first?.kind !== 'paragraph' || meta.author || meta.authors?.length) return false;
  Object.assign(meta, { ...found.meta, extra: [...(meta.extra ?? []), ...found.meta.extra], extraBeforeDate: (meta.extra ?? []).length + found.affiliations });
  let inlines: Inline[] | null = first.inlines;
  for (let k = 0; k < found.used && inlines; k++) inlines = afterFirstLine(inlines);
  if (inlines && inlines.some((n) => n.kind !== 'break' && !(n.kind === 'text' && n.value.trim() === ''))) body[0] = { ...first, inlines };
  else body.splice(0, 1);
  return true;
}

/** The title block read from lines at the body's start (`count` blocks), taken out of the body when one of them names the author or the date. */
function takeLines(lines: string[], count: number, body: Block[], meta: NoteMeta, authorOnly = false): boolean {
  const block = readTitleBlock(['', ...lines], 0, '-');
  if (!block || block.used !== lines.length + 1 || (block.meta.author === undefined && (authorOnly || block.meta.date === undefined))) return false;
  const found = block.meta;
  // "Đề tài: Lạm phát …" alone under the title, its author and date in the paragraph below: the subtitle (as in one block, title-block.ts).
  const head = meta.extra?.length === 1 ? meta.extra[0] : undefined;
  if (head && head.key !== '' && meta.subtitle === undefined && meta.author === undefined && meta.date === undefined && found.author !== undefined && found.subtitle === undefined) {
    meta.subtitle = `${head.key}: ${head.value}`;
    meta.extra = [];
  }
  meta.author ??= found.author;
  if (found.authors && !meta.authors?.length) meta.authors = found.authors;
  meta.date ??= found.date;
  meta.subtitle ??= found.subtitle;
  if (found.extra.length) meta.extra = [...(meta.extra ?? []), ...found.extra];
  body.splice(0, count);
  return true;
}
