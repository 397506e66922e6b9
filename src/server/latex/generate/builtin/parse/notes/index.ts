// The notes layer: what a person meant by lines that no markup structures. The plain-text reader
// hands it every block of a note; other readers hand it the paragraphs they leave as plain text
// (paragraphs.ts). It decides per block, from the lines themselves — the title block at the top
// (title-block.ts), then in each block headings, lists and checkboxes, tables, code, formulas and
// lines meant one per line (blocks.ts and one module per decision beside it) — and last the
// depth of the headings it found.
import { inlineText, type Block, type NoteMeta } from '../../tree.js';
import { isOpening } from '../../write/letter-phrases.js';
import { setextHeadings } from './setext.js';
import { readChunk, type NoteHeading } from './blocks.js';
import { ASSIGN, SQL_START, callingCode, codeBlock, codeLabel, isBareCode, isCodeComment, isCodeLike, isMathLine, oneCommand, pushedRight, readsAsCode, terminalSession } from './code.js';
import { lineBreaks } from './line-blocks.js';
import { markOf } from './marks.js';
import { FRAMED_HEADING, isAllCaps, isShortHeading, labelHeadingEnd } from './headings.js';
import type { NoteLine } from './lines.js';
import { markerOf, TITLE_SLIDE } from './markers.js';
import { readTitleBlock } from './title-block.js';
import { affiliatedBlock } from './affiliations.js';
import { fieldsFirst, institutionFirst } from './form-fields.js';
import { BYLINE, coverLines, coverTitle, slideByline, TITLE_LABEL } from './cover-slide.js';
import { numberedRuns, nestUnderLead } from './numbered-runs.js';
import { joinTables } from './tables.js';
import { sectionHeads } from './section-heads.js';
import { BACK, FRONT } from './matter-names.js';
import { evenLeads, leadShapes, type HeadAs } from './parallel-leads.js';
import { isPersonName } from './people.js';
import { SPEAKER_NOTES, speakerNotesAt } from './speaker-notes.js';

const FRONT_OR_BACK = (text: string) => FRONT.test(text.trim().replace(/[:：]$/u, '')) || BACK.test(text.trim().replace(/[:：]$/u, ''));

export type { NoteLine } from './lines.js';

/** A piece of a note: lines to decide (with the blank lines before them), or blocks its reader decided. */
export type Segment =
  /** `lineEnds`: the reader marked its line ends as breaks the writer meant (Markdown's hard breaks). */
  | { kind: 'lines'; lines: NoteLine[]; blankBefore?: number; lineEnds?: boolean }
  | { kind: 'block'; blocks: Block[] };

export interface LayerOptions {
  /** The note's own top level (not a snippet tag's content): its first lines may be its title block. */
  top?: boolean;
  /** The note states its title elsewhere (front matter): no title block is read. */
  titled?: boolean;
  /** Receives the title block's fields. */
  foundMeta?: (meta: Partial<NoteMeta>) => void;
  /** The reader's line ends are spaces (Markdown): sentences typed one per line stay one paragraph. */
  joinSentences?: boolean;
  /** The person asked for a letter (see ReaderContext.letter). */
  letter?: boolean;
  /** The person asked for slides (see ReaderContext.slides). */
  slides?: boolean;
}

type Lines = Extract<Segment, { kind: 'lines' }>;

/** How far into a note a salutation makes it a letter (addresses, a date and a subject come first). */
const LETTER_HEAD = 12;

function isLetter(segments: Segment[]): boolean {
  // A newsletter greets and signs off too, but its parts have headings ("WHAT'S ON", "PLOT NEWS").
  const heads = segments.filter((s) => s.kind === 'lines' && s.lines.length > 1 && isAllCaps(s.lines[0]?.text ?? '')).length;
  if (heads >= 2) return false;
  let seen = 0;
  for (const s of segments) {
    if (s.kind !== 'lines') continue;
    if (++seen > LETTER_HEAD) return false;
    // A deck or a book that quotes a letter ("Slide 6: Macros" over an indented "Hi {{name}},") is none.
    if (s.lines.some((l) => l.indent === 0 && markerOf(l.text) !== null && markerOf(l.text)?.kind !== 'problem')) return false;
    if (s.lines.some((l) => l.indent === 0 && l.text.length <= 80 && isOpening(l.text) && /[,:!،]$|^\S+$/u.test(l.text))) return true;
  }
  return false;
}

/**
 * Notes typed with a blank line after every line ("double-spaced"): one blank line is a line
 * break, two or more end the block. Only when most blocks are single lines and some gaps are wider
 * (one wider gap alone only when no block has several lines).
 */
function undoubleSpacing(segments: Segment[]): Segment[] {
  const lines = segments.filter((s): s is Lines => s.kind === 'lines');
  const single = lines.filter((s) => s.lines.length === 1).length;
  const wide = lines.filter((s) => (s.blankBefore ?? 1) >= 2).length;
  // One wide gap in a note with blocks of several lines (addresses over a letter, room left for a
  // signature) is a typing habit, not the note's spacing.
  const blocky = lines.some((s) => s.lines.length >= 3);
  if (lines.length < 6 || single < lines.length * 0.75 || wide === 0 || (wide === 1 && blocky)) return segments;
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (s.kind === 'lines' && last?.kind === 'lines' && (s.blankBefore ?? 1) === 1) last.lines.push(...s.lines);
    else out.push(s.kind === 'lines' ? { ...s, lines: [...s.lines] } : s);
  }
  return out;
}

/** "=== CIRCUITS ===" inside a run of lines: a framed heading opens a block of its own, whatever is above or under it. */
function splitFramed(segments: Segment[]): Segment[] {
  return segments.flatMap((s) => {
    if (s.kind !== 'lines' || s.lines.length < 2 || !s.lines.some((l) => l.indent === 0 && FRAMED_HEADING.test(l.text))) return [s];
    const out: Segment[] = [];
    let run: NoteLine[] = [];
    for (const l of s.lines) {
      if (l.indent === 0 && FRAMED_HEADING.test(l.text) && run.length > 0) {
        out.push({ ...s, lines: run, ...(out.length > 0 ? { blankBefore: 0 } : {}) });
        run = [];
      }
      run.push(l);
    }
    out.push({ ...s, lines: run, ...(out.length > 0 ? { blankBefore: 0 } : {}) });
    return out;
  });
}

/** A short line heading commands typed right under it ("files" over "ls -lah …", "git" over "git log …"): the heading, then the code. */
function splitCodeHeading(s: Segment): Segment[] {
  if (s.kind !== 'lines' || s.lines.length < 3) return [s];
  const [head, ...rest] = s.lines;
  // (A comment over them, "# two sample, Welch is the default", is the code's own.)
  // (SQL comments with "--": "# The query" over a SELECT is a heading.)
  const sqlUnder = /^#{1,3}\s+\p{L}/u.test(head?.text ?? '') && SQL_START.test(rest[0]?.text ?? '');
  if (!head || head.indent > 0 || head.text.length > 40 || (isCodeComment(head.text) && !sqlUnder) || /[(){}[\];=$|<>]/.test(head.text) || (isCodeLike(head.text) && !/^[a-z][\w-]*$/.test(head.text)) || !rest.every((l) => markOf(l).mark === null || l.indent > 0) || !isBareCode(rest)) return [s];
  return [{ ...s, lines: [head] }, { kind: 'lines', lines: rest, blankBefore: 0 }];
}

/** Blocks of code pasted with blank lines between them ("import pandas as pd", blank, "df = …"): each line code or a comment. */
function codeish(s: Segment | undefined): s is Lines {
  // (One word alone is a heading over commands, "git", not a command.)
  if (s?.kind === 'lines' && s.lines.length === 1 && /^[\p{L}\d_-]+$/u.test(s.lines[0]?.text.trim() ?? '')) return false;
  return s !== undefined && s.kind === 'lines' && s.lines.some((l) => !isCodeComment(l.text)) && s.lines.every((l) => isCodeComment(l.text) || isCodeLike(l.text)) && !s.lines.every((l) => isCodeComment(l.text) || isMathLine(l.text));
}

/** The segments that are one piece of code pasted with blank lines in it: two or more in a row, read as code together. */
function codeAcrossGaps(segments: Segment[]): Set<Segment> {
  const out = new Set<Segment>();
  for (let i = 0; i < segments.length; i++) {
    if (!codeish(segments[i])) continue;
    let j = i;
    while (j + 1 < segments.length && j - i < 40 && codeish(segments[j + 1]) && ((segments[j + 1] as Lines).blankBefore ?? 1) <= 2) j++;
    const lines = segments.slice(i, j + 1).flatMap((x) => (x as Lines).lines);
    // (Lines each of which reads as code, three or more, in ASCII outside their strings, some with a call: code, though no line is a definition or an import.)
    if (j > i && (isBareCode(lines) || callingCode(lines.map((l) => l.text), 3))) for (let k = i; k <= j; k++) out.add(segments[k] as Segment);
    i = j;
  }
  return out;
}

/** Blocks of code indented under the note's prose, blank lines inside them kept: one code block. */
/** "■ コード" over "import pandas as pd", then more code after a blank line: the heading, then the code. */
function splitHeadOverCode(segments: Segment[]): Segment[] {
  return segments.flatMap((s, k): Segment[] => {
    if (s.kind !== 'lines' || s.lines.length < 2) return [s];
    const [head, ...rest] = s.lines;
    if (!head || isCodeLike(head.text) || isCodeComment(head.text) || !codeish({ ...s, lines: rest }) || !codeish(segments[k + 1])) return [s];
    return [{ ...s, lines: [head] }, { kind: 'lines', lines: rest, blankBefore: 0 }];
  });
}

function mergeIndentedCode(input: Segment[]): Segment[] {
  const segments = splitHeadOverCode(input.flatMap(splitCodeHeading)).flatMap((s): Segment[] => {
    const session = s.kind === 'lines' ? terminalSession(s.lines) : null;
    return session ? [...(session.before.length ? [{ ...(s as Lines), lines: session.before }] : []), { kind: 'block', blocks: [session.code] }] : [s];
  });
  const out: Segment[] = [];
  let run: Lines[] = [];
  const gathered = codeAcrossGaps(segments);
  // Code pasted without indent or fences reads as code line by line (code.ts).
  // (A command of a program on a line of its own, "pip install pandas openpyxl", is code too.)
  const plainBare = (s: Segment): boolean => s.kind === 'lines' && ((s.lines.length === 1 && oneCommand(s.lines[0]?.text ?? '')) || (gathered.has(s) && s.lines.every((l) => l.indent === 0 || isCodeLike(l.text))) || (s.lines.every((l) => markOf(l).mark === null || l.indent > 0) && isBareCode(s.lines)));
  // In a note that holds code, lines of code or assignments (two or more) are more of it: "words = text.lower().split()" / "print(words[:20])".
  const codeNote = segments.some((s) => s.kind === 'lines' && s.lines.length >= 2 && plainBare(s));
  const more = (s: Lines): boolean => s.lines.length >= 2 && s.lines.every((l) => markOf(l).mark === null && (isCodeLike(l.text) || isCodeComment(l.text) || ASSIGN.test(l.text))) && readsAsCode(s.lines.map((l) => l.text));
  const bare = (s: Segment): boolean => plainBare(s) || (codeNote && s.kind === 'lines' && more(s));
  const indented = (s: Segment): s is Lines => s.kind === 'lines' && (s.lines.every((l) => l.indent >= 4) || bare(s));
  const flush = (): void => {
    if (run.length === 0) return;
    const lines = run.flatMap((s) => s.lines);
    // (Lines pushed to the right with spaces, a signature there, "Elif YILDIRIM" / "(İmza)", are no code.)
    if (!pushedRight(lines) && (run.every(bare) || readsAsCode(lines.map((l) => l.text)))) {
      const gaps = run.flatMap((s, k) => s.lines.map((_, j) => (j === 0 && k > 0 ? (s.blankBefore ?? 1) : 0)));
      out.push({ kind: 'block', blocks: [codeBlock(lines, gaps)] });
    } else if ((run.length > 1 || (run[0]?.lines.length ?? 0) > 1) && run.every((s) => s.lines.every((l) => markOf(l).mark === null))) {
      // Prose indented under the note's lines (a template, a quoted message): set apart as a
      // quotation, its lines kept.
      out.push({ kind: 'block', blocks: [{ kind: 'quote', blocks: run.map((s) => lineBreaks(s.lines)) }] });
    } else out.push(...run);
    run = [];
  };
  for (const s of segments) {
    // (Lines of code after a blank line under code, "root = newton(…)" / "print(root)": more of it.)
    // (A comment alone after code, "# two sample, Welch is the default", over more code: part of it.)
    const comment = s.kind === 'lines' && s.lines.every((l) => isCodeComment(l.text));
    const more = run.length > 0 && run.every(bare) && (codeish(s) || comment) && (s.blankBefore ?? 1) <= 2 && !codeLabel(s.lines[0]?.text ?? '');
    if (more || indented(s)) run.push(s);
    else {
      flush();
      out.push(s);
    }
  }
  flush();
  return out;
}

/** A deck's rule between slides: ---, ***, ___. */
const RULE_LINE = /^(?:-{3,}|\*{3,}|_{3,})$/;

/** Takes the title block off the first lines (a slide deck's first slide is its title slide). */
function takeTitleBlock(segments: Segment[], options: LayerOptions): Segment[] {
  const first = segments[0];
  if (!options.top || first?.kind !== 'lines') return segments;
  if (options.titled) {
    // Header lines named the note ("title: My Talk"): a "subtitle:" line under them is its subtitle.
    const sub = /^subtitle[ \t]*:[ \t]*(\S.*)$/i.exec(first.lines[0]?.text ?? '');
    if (!sub) return segments;
    options.foundMeta?.({ subtitle: (sub[1] ?? '').trim() });
    const rest = first.lines.slice(1);
    return rest.length ? [{ ...first, lines: rest }, ...segments.slice(1)] : segments.slice(1);
  }
  // A separator (---) ends the title block: the first slide comes after it.
  const rule = first.lines.findIndex((l) => RULE_LINE.test(l.text));
  const texts = first.lines.slice(0, rule < 0 ? undefined : rule).map((l) => l.text);
  // "# Title" in a plain note.
  const hashed = /^#{1,2}[ \t]+(\S.*)$/.exec(texts[0] ?? '');
  if (hashed) texts[0] = (hashed[1] ?? '').replace(/[ \t]#+$/, '');
  const marker = markerOf(texts[0] ?? '');
  // "Chapter 1 - Home" on the first line: the book's first chapter, no title.
  if (marker?.kind === 'chapter' && marker.number !== undefined && !marker.part) return segments;
  const slide = marker?.kind === 'slide';
  // "Name: Jordan Reyes" / "Course: …" / "Date: …" over the title: a form's fields, then what it is. (Or a school's header, "POLITECHNIKA WROCŁAWSKA" / "Wydział …", over it.)
  const [nextTexts, afterTexts] = [segments[1], segments[2]].map((g) => (g?.kind === 'lines' ? g.lines.map((l) => l.text) : undefined));
  const form = slide || rule >= 0 ? null : (fieldsFirst(texts, nextTexts) ?? institutionFirst(texts, nextTexts, afterTexts));
  if (form) return (options.foundMeta?.(fromWorkingHeader({ title: form.block.title, ...form.block.meta })), segments.slice(form.segments));
  // "Slide 1: Title" / "Diapositiva 1 - Título" over the talk's title: the lines under the marker name it.
  const named = slide && marker.title !== '' && !TITLE_SLIDE.test(marker.title.trim());
  const block = readTitleBlock(texts, slide && !named ? 1 : 0, named ? marker.title : undefined);
  if (!block) return segments;
  const rest = first.lines.slice(block.used);
  const after = rest.length ? [{ ...first, lines: rest }, ...segments.slice(1)] : segments.slice(1);
  // "Slide 1: <the title>" under the title block, its byline and date under it: the same title
  // slide, said again. Its lines fill what the block left out, and it makes no slide of its own.
  const again = after[0];
  // (After the deck's first rule: "---" / "Slide 1: Title" / the title again.)
  const againLines = again?.kind === 'lines' ? again.lines.slice(RULE_LINE.test(again.lines[0]?.text ?? '') && again.lines.length > 1 ? 1 : 0) : [];
  const againTexts = againLines.map((l) => l.text);
  const repeat = markerOf(againTexts[0] ?? '');
  const same = (a: string, b: string) => a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim();
  // "Slide 1: Title" over the talk's title and subtitle lines: the title slide, its lines under the marker.
  // (So does "1. Titel" when the deck numbers its slides as a list: "2. Aanleiding", "3. Het voorstel".)
  const numberedCover = /^1[.)][ \t]+(\S.*)$/u.exec(againTexts[0] ?? '');
  const placeholder = (repeat?.kind === 'slide' && TITLE_SLIDE.test(repeat.title.trim())) || (numberedCover !== null && TITLE_SLIDE.test((numberedCover[1] ?? '').trim()));
  // (Its points name the title slide's parts: "- título: Recicla tu Insti" / "- nombres: …"; the title named so is the talk's.)
  // (A speaker's note on it, "notes: start with a question", ends what the slide shows.)
  const said = againTexts.findIndex((t, k) => k > 0 && SPEAKER_NOTES.test(t));
  const shown = said > 0 ? againTexts.slice(0, said) : againTexts;
  const cover = placeholder ? shown.map((t, k) => (k === 0 ? t : t.replace(/^[-*•][ \t]+/u, ''))) : shown;
  const titled = placeholder ? TITLE_LABEL.exec(cover[1] ?? '') : null;
  if (titled) cover[1] = (cover[1] ?? '').slice(titled[0].length);
  const slideBlock = placeholder ? readTitleBlock(cover, 1) : repeat?.kind === 'slide' && same(repeat.title, block.title) ? readTitleBlock(againTexts, 0, repeat.title) : null;
  if (again?.kind === 'lines' && slideBlock && slideBlock.used > 1) {
    const meta = { ...block.meta, extra: [...block.meta.extra] };
    for (const key of ['author', 'authors', 'date', 'subtitle'] as const) if (meta[key] === undefined && slideBlock.meta[key] !== undefined) Object.assign(meta, { [key]: slideBlock.meta[key] });
    // (The slide's own byline, "Priya Raman, Great Lakes Ecology Lab", under the block's "Priya Raman, 2nd yr PhD": kept under it.)
    slideByline(meta, slideBlock.meta.author);
    // Its first plain line, when the block gave the subtitle, names the presenter ("maria gonzalez, support lead").
    const presenter = meta.subtitle !== slideBlock.meta.subtitle ? slideBlock.meta.subtitle : undefined;
    if (presenter !== undefined && meta.author === undefined) meta.author = presenter;
    else slideByline(meta, presenter);
    meta.extra.push(...slideBlock.meta.extra);
    // The title slide's own wording of the title ("Q3 2023 Sales Review"), when it says more than the title does.
    const words = (t: string) => new Set(t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
    const restated = [...words(slideBlock.title)].filter((w) => !words(block.title).has(w));
    if (placeholder && !titled && restated.length > 0) {
      // (The subtitle, when the block gave none: the slide's lines under it, "(Bild: …)", go below.)
      const fromSlide = block.meta.subtitle === undefined && meta.subtitle !== undefined && meta.subtitle === slideBlock.meta.subtitle;
      // (One that mostly says the title again, "Q3 2023 Sales Review", is kept under it, not as the subtitle.)
      if ((fromSlide || meta.subtitle === undefined) && restated.length * 2 > words(slideBlock.title).size) {
        if (meta.subtitle !== undefined) meta.extra.push({ key: '', value: meta.subtitle });
        meta.subtitle = slideBlock.title;
      } else meta.extra.unshift({ key: '', value: slideBlock.title });
    }
    // A title named on the cover slide is the talk's; the note's first line, what it was about, its subtitle.
    if (titled && block.meta.subtitle !== undefined) meta.extra.unshift({ key: '', value: block.meta.subtitle });
    if (titled) meta.subtitle = block.title;
    // (On the title slide, the few lines under what it names, before the speaker's notes, are the
    // title page's too: a tagline, "Concentrated laundry pods. Plastic-free tin.")
    const shownEnd = said > 0 ? said : againLines.length;
    const tagline = placeholder ? againTexts.slice(slideBlock.used, shownEnd) : [];
    const taken = tagline.length > 0 && tagline.length <= 3 && againLines.slice(slideBlock.used, shownEnd).every((l) => l.text.length <= 120 && markOf(l).mark === null);
    // (Right under the slide's own wording of the title when that went under the title.)
    const at = meta.extra.findIndex((e) => e.key === '' && e.value === slideBlock.title);
    if (taken) meta.extra.splice(at >= 0 ? at + 1 : meta.extra.length, 0, ...coverLines(meta, tagline).map((value) => ({ key: '', value })));
    options.foundMeta?.(fromWorkingHeader({ title: titled ? slideBlock.title : coverTitle(meta, block.title, placeholder && restated.length > 0 ? slideBlock.title : undefined), ...meta }));
    const left = againLines.slice(taken ? shownEnd : slideBlock.used);
    // (What the speaker says on it stays the title slide's note.)
    const note = speakerNotesAt(left.map((line) => ({ line })), 0, () => false);
    if (note) return [{ kind: 'block', blocks: [note.block] }, ...after.slice(1)];
    return left.length ? [{ ...again, lines: left }, ...after.slice(1)] : after.slice(1);
  }
  // "Slide 1: Microplastics in Lake Erie" with a byline alone under it ("group 4, ENVS 105, Prof.
  // Lindgren"), under a working header ("ENVS 105 – group 4 presentation draft"): the title slide,
  // its title the talk's; the header's words go under it.
  const byline = againTexts.slice(1);
  if (again?.kind === 'lines' && repeat?.kind === 'slide' && repeat.number === 1 && repeat.title !== '' && !placeholder && byline.length === 1 && againLines.slice(1).every((l) => markOf(l).mark === null && l.text.length <= 80 && BYLINE.test(l.text))) {
    options.foundMeta?.(fromWorkingHeader({ ...block.meta, title: repeat.title, subtitle: block.title, extra: [...(block.meta.subtitle !== undefined ? [{ key: '', value: block.meta.subtitle }] : []), ...block.meta.extra, ...byline.map((value) => ({ key: '', value }))] }));
    return after.slice(1);
  }
  // "Aisha Rahman (1), Daniel Cho (1)" over "(1) School of …" under the title: the paper's byline and affiliations.
  const papers = after[0]?.kind === 'lines' && block.meta.author === undefined ? affiliatedBlock(after[0].lines.map((l) => l.text)) : null;
  if (papers && after[0]?.kind === 'lines') {
    options.foundMeta?.(fromWorkingHeader({ title: block.title, ...block.meta, ...papers.meta, date: block.meta.date ?? papers.meta.date, extra: [...block.meta.extra, ...papers.meta.extra], extraBeforeDate: block.meta.extra.length + papers.affiliations }));
    const left = after[0].lines.slice(papers.used);
    return left.length ? [{ ...after[0], lines: left }, ...after.slice(1)] : after.slice(1);
  }
  options.foundMeta?.(fromWorkingHeader({ title: block.title, ...block.meta }));
  return after;
}

/** "Talk outline - PyData meetup", "Draft:", "Gliederung": a working header over the real title, not a title. */
const WORKING = /^(?:talk outline|presentation outline|outline|talk notes|slides? outline|draft(?: outline)?|esquema|gliederung|plan de (?:la )?présentation|план доклада)(?:\s*[-–—:]\s*(.*))?$/iu;

/** The title block's fields with a working header's title given to the line under it (its quotes off); the header's words go under the title. */
function fromWorkingHeader(meta: Partial<NoteMeta> & { title?: string }): Partial<NoteMeta> & { title?: string } {
  const working = meta.title !== undefined ? WORKING.exec(meta.title.trim()) : null;
  // 'Talk outline - "Why our city gets hotter at night"': the title in quotes after the header is the talk's.
  const quoted = /^["“„«]\s*(.+?)\s*["”»]$/u.exec((working?.[1] ?? '').trim());
  if (quoted) return { ...meta, title: quoted[1] ?? '' };
  if (!working || meta.subtitle === undefined) return meta;
  const title = meta.subtitle.trim().replace(/^["“„«]\s*(.+?)\s*["”»]$/u, '$1');
  const { subtitle: _subtitle, ...rest } = meta;
  const extra = [{ key: '', value: (working[1] ?? '').trim() || (meta.title ?? '') }, ...(meta.extra ?? [])].filter((e) => e.value.trim() !== title);
  return { ...rest, title, extra };
}

/** Whether most letters of the note's first lines have a case (Latin, Cyrillic, Greek …), not CJK or Arabic. */
function isCasedScript(segments: Segment[]): boolean {
  let cased = 0;
  let letters = 0;
  for (const s of segments) {
    if (s.kind !== 'lines') continue;
    for (const l of s.lines) {
      const t = l.text.slice(0, 200);
      letters += t.match(/\p{L}/gu)?.length ?? 0;
      cased += t.match(/[\p{Lu}\p{Ll}]/gu)?.length ?? 0;
    }
    if (letters > 2000) break;
  }
  return cased * 2 >= letters;
}

/** "II. Results", "二、方法": a heading numbered in the note's own numerals. */
const OWN_NUMERAL = /^(?:[IVX]{1,5}\.|[一二三四五六七八九十]{1,3}[、．.])\s*\S/u;

/** Heading depths: chapters, slides, ALL-CAPS and "1." headings on top; short headings under ALL-CAPS ones or chapters. */
function settleDepths(headings: NoteHeading[]): void {
  let parent: NoteHeading['kind'] | null = null;
  // In a note of chapters, an ALL-CAPS line inside one is a part of it.
  const chapters = headings.some((h) => h.kind === 'chapter' && h.block.part !== true);
  // ("Part 1 - Summary" … "Part 6 - Plan for Q4" over no other heading: the note's top parts, not divisions of a book.)
  if (headings.every((h) => h.block.part)) for (const h of headings) delete h.block.part;
  let last: NoteHeading | null = null;
  let ownNumerals = false;
  // A short head before the first line in capitals ("general rules" … "DAY A" … "weekly schedule"): the short heads are the capitals' siblings, not their parts.
  // (A person's name over a CV's contact lines is no such head.)
  const capsOverShort = headings.find((h) => (h.kind === 'short' && !isPersonName(inlineText(h.block.inlines))) || h.kind === 'caps')?.kind !== 'short';
  for (const h of headings) {
    // A part ("ЧАСТЬ I. ДОРОГА") heads chapters: what follows it starts again at the top.
    if (h.block.part) {
      parent = null;
      last = h;
      continue;
    }
    // A CV's entry sits under its section ("Experience"), settled before it.
    if (h.kind === 'entry') {
      h.block.depth = (last?.block.depth ?? 0) + 1;
      continue;
    }
    last = h;
    // On a slide the note marked ("Diapositiva 2 - …"), a line heading a table or list is the slide's, not a slide of its own.
    if (parent === 'slide' && h.kind !== 'slide' && h.kind !== 'chapter') {
      h.block.depth = 2;
      h.block.inSlide = true;
      continue;
    }
    if (h.kind === 'caps' && chapters && parent !== null) {
      h.block.depth = 2;
      continue;
    }
    if (h.kind === 'short' || h.kind === 'problem') {
      // "Afterword" after the chapters, "Preface" before them: beside the chapters, not under one.
      const named = h.kind === 'short' && parent === 'chapter' && FRONT_OR_BACK(inlineText(h.block.inlines));
      h.block.depth = ((parent === 'caps' && capsOverShort) || parent === 'chapter') && !named ? 2 : 1;
      continue;
    }
    // "II. RESULTS" then "1. Platforms used": the figures number the parts of a Roman (or 一、) numbered heading.
    if (h.kind === 'numbered') {
      const text = inlineText(h.block.inlines);
      if (OWN_NUMERAL.test(text)) ownNumerals = true;
      else if (ownNumerals && /^\d/.test(text)) h.block.depth += 1;
    }
    if (h.kind === 'numbered' && h.block.depth > 1) continue;
    if (h.kind !== 'marked') parent = h.kind;
    else if (h.block.depth === 1) parent = 'marked';
  }
}

/**
 * "Ingrédients :" over "Pâte brisée" over "- 250 g de farine": two heads typed one over the other, the second over
 * its points: both head, the first (its colon off) over the second.
 */
function stackedHeads(s: Segment): Segment[] {
  if (s.kind !== 'lines' || s.lines.length < 3) return [s];
  const [a, b, c] = s.lines as [NoteLine, NoteLine, NoteLine];
  const name = (l: NoteLine): string => l.text.replace(/\s?[:：]$/u, '');
  const plain = (l: NoteLine): boolean => l.indent === 0 && markOf(l).mark === null && isShortHeading(name(l)) && !/[.!?,;]$/u.test(l.text);
  if (!plain(a) || !plain(b) || name(a) === a.text || name(b) !== b.text || markOf(c).mark === null) return [s];
  return [{ kind: 'block', blocks: [{ kind: 'heading', depth: 1, inlines: a.inlines(0, name(a).length) }] }, { kind: 'lines', lines: s.lines.slice(1), blankBefore: 0 }];
}

/** The blocks a note's segments mean. */
export function readSegments(input: Segment[], options: LayerOptions = {}): Block[] {
  const letter = options.letter === true || isLetter(input);
  // A reader with markup that marked headings: the note's structure is its own.
  const ownHeadings = options.joinSentences === true && input.some((s) => s.kind === 'block' && s.blocks.some((b) => b.kind === 'heading' || b.kind === 'slide'));
  // A title typed as "# Title" (or underlined) on the first line, and no other heading, marks no
  // structure: the lines' own heads (section-heads.ts) are still read.
  const titleOnly = ownHeadings && input.every((s, k) => s.kind !== 'block' || s.blocks.every((b, j) => (b.kind !== 'heading' && b.kind !== 'slide') || (k === 0 && j === 0 && b.kind === 'heading')));
  const setext = setextHeadings(mergeIndentedCode(splitFramed(undoubleSpacing(input))).flatMap(stackedHeads), options.top === true && options.titled !== true && !letter);
  let segments = setext.segments;
  if (!letter && !ownHeadings) segments = takeTitleBlock(segments, options);
  const firstText = input.find((s): s is Lines => s.kind === 'lines')?.lines[0]?.text ?? '';
  const lowercase = /^\p{Ll}/u.test(firstText);
  let separators = 0;
  for (const s of segments) if (s.kind === 'lines') for (const l of s.lines) if (/^-{3,}$/.test(l.text)) separators++;
  const heads = letter || (ownHeadings && !titleOnly) ? new Set<number>() : sectionHeads(segments, options.joinSentences !== true);
  if (!letter) segments.forEach((s, k) => setext.heads.has(s) && heads.add(k));
  const casedScript = isCasedScript(segments);
  const numbered = letter || ownHeadings ? new Set<number>() : numberedRuns(segments);
  // (Counted before the title block takes the title slide: "Slide 1: Title" is one of them.)
  const slides = setext.segments.filter((s) => s.kind === 'lines' && markerOf(s.lines[0]?.text ?? '')?.kind === 'slide').length >= 2;
  const labels = segments.filter((s) => s.kind === 'lines' && s.lines.length > 1 && s.lines[0]?.indent === 0 && labelHeadingEnd(s.lines[0].text) > 0).length;
  // Read once; blocks opened by lines of one shape, some made headings and some not, are read again with all of them headings (parallel-leads.ts).
  const first = readAll(segments, new Map());
  const plainLeads = letter || (ownHeadings && !titleOnly) ? [] : leadShapes(segments.map((s) => (s.kind === 'lines' ? ([s.lines[0], s.lines[1]] as const) : null)));
  const even = evenLeads(plainLeads, first.headed, (k) => segments[k]?.kind === 'lines' && ((segments[k] as Lines).lines.length > 1 || k + 1 < segments.length));
  const { blocks, headings } = even.size > 0 ? readAll(segments, even) : first;
  settleDepths(headings);
  nestUnderLead(blocks, headings);
  return joinTables(blocks);

  function readAll(segments: Segment[], headAs: Map<number, HeadAs>): { blocks: Block[]; headings: NoteHeading[]; headed: Array<HeadAs | null> } {
    const blocks: Block[] = [];
    const headings: NoteHeading[] = [];
    const headed: Array<HeadAs | null> = [];
    let afterSeparator = false;
    let afterHeading: NoteHeading['kind'] | null = null;
    segments.forEach((segment, k) => {
      headed.push(null);
      if (segment.kind === 'block') {
        afterHeading = null;
        blocks.push(...segment.blocks);
        afterSeparator = segment.blocks.length > 0 && segment.blocks[segment.blocks.length - 1]?.kind === 'rule' && separators >= 2;
        return;
      }
      const next = segments[k + 1];
      const nextLines = next?.kind === 'lines' ? next.lines : undefined;
      const result = readChunk(segment.lines, {
        followed: next !== undefined,
        nextIsShortLine: nextLines?.length === 1 && isShortHeading(nextLines[0]?.text ?? '', lowercase) && nextLines[0]?.indent === 0,
        afterSeparator,
        lowercase,
        letter,
        joinSentences: options.joinSentences === true && segment.lineEnds !== true,
        afterHeading,
        ownHeadings,
        titleOnly,
        deck: separators >= 2,
        sectionHead: setext.heads.get(segment) === 'top' || heads.has(k) || headAs.has(k),
        ...(headAs.has(k) ? { headAs: headAs.get(k) } : {}),
        nextHeaded: heads.has(k + 1),
        nextOpensUnit: ['chapter', 'slide'].includes(markerOf(nextLines?.[0]?.text ?? '')?.kind ?? ''),
        casedScript,
        sectioned: heads.size >= 2,
        labelled: labels >= 2,
        numberedRun: numbered.has(k),
        slides,
        lastHeading: inlineText(headings.filter((h) => h.kind === 'numbered').pop()?.block.inlines ?? []),
      });
      afterHeading = result.endsWithHeading;
      const lead = result.headings[0];
      if (lead && lead.block === result.blocks[0]) headed[k] = { depth: lead.block.depth, kind: lead.kind };
      blocks.push(...result.blocks);
      headings.push(...result.headings);
      afterSeparator = result.endsWithSeparator && separators >= 2;
    });
    return { blocks, headings, headed };
  }
}
