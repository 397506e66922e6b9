// One block of a note (lines between blank lines): its lines read in order, each run by the module that knows it —
// separators, code (code.ts), tables (tables.ts), headings (headings.ts, markers.ts), lists and checkboxes (lists.ts), formulas (formulas.ts), and text (line-blocks.ts).
import { inlineText, type Block } from '../../tree.js';
export type { ChunkContext, HeadingKind } from './chunk-context.js';
import { codeRuns } from './code-runs.js';
import { codeBlock, codeLabel, commandItem, isCodeLike, isCommandLine, isMathLine, labelledCode, readsAsCode } from './code.js';
import { formulaAmong, formulaDisplays, formulaLine } from './formulas.js';
import { CONTINUING_WORDS, FRAMED_HEADING, LENTICULAR_HEADING, isAllCaps, isShortHeading, labelHeadingEnd, numberedDepth } from './headings.js';
import { DATED_TAB, lineBreaks, parallel, sameLead, textRun, withFills } from './line-blocks.js';
import { underLabel, type NoteLine } from './lines.js';
import { buildList, listEntries } from './lists.js';
import { HEADING_REMARK, remarkNote, SPEAKER_NOTES, speakerNotesAt } from './speaker-notes.js';
import { isAppendix, markerOf } from './markers.js';
import type { ChunkContext, HeadingKind } from './chunk-context.js';
import { dashRun, isArrowBullet, isDialogue, markOf, type Marked } from './marks.js';
import { mayBeRow, tableAt } from './tables.js';
import { nextOfNumbered } from './numbered-runs.js';

export interface NoteHeading {
  block: Extract<Block, { kind: 'heading' }>;
  kind: HeadingKind;
}

export interface ChunkResult {
  blocks: Block[];
  headings: NoteHeading[];
  /** The kind of heading the block ends with, or null. */
  endsWithHeading: HeadingKind | null;
  /** The block ended with a separator line (---, ***). */
  endsWithSeparator: boolean;
}

/** Words that carry a sentence on: a line starting with one is not a heading. */
const CONTINUES = new RegExp(`^(?:${CONTINUING_WORDS})\\b`, 'i');
/** Blocks a heading typed in lower case may stand before. */
const STRONG = new Set(['list', 'table', 'code', 'codeLabel', 'formula']);

/** `# Heading`, `*** Heading` and (Japanese and Chinese notes) `■ 前提` lines in otherwise plain notes ("***exam on thursday***" is words in stars). */
export const MARKED_HEADING = /^(?!#!|\*{3}\S.*\*{3}$)(#{1,6}|\*{3}|={3}|[■◆▶◎▼])[ \t]*(\S[^。.!?！？]{0,29})$/u;
// (A lone ~, ⁂ or ❦ on its line is a story's scene break too.)
const SEPARATOR = /^(?:([-*_=~])[ \t]?\1[ \t]?\1(?:[ \t]?\1)*|[~⁂❦#])$/;
/** A sentence's end, before any closing quotation marks or brackets ("… gloria.”"; not "(до 18:00)"). */
const SENTENCE_END = /[.!?。！？…]["'”’»)]*$/u;

type Kind = 'separator' | 'codeLabel' | 'code' | 'table' | 'list' | 'formula' | 'text';

class Chunk {
  private readonly ms: Marked[];
  private readonly kinds: Array<Kind | undefined> = [];
  private readonly base: number;
  readonly blocks: Block[] = [];
  readonly headings: NoteHeading[] = [];
  /** Lines made headings. */
  private readonly headed = new Set<number>();
  endsWithSeparator = false;

  constructor(
    lines: NoteLine[],
    private readonly ctx: ChunkContext,
  ) {
    const marks = lines.map(markOf);
    // A letter numbers an item only among others ("a) …" / "b) …"); alone it starts a sentence.
    const lettered = marks.filter((m) => m.letter).length >= 2;
    // (A dash line ending as a sentence after dash items ending in ";" is the list's last item, not dialogue.)
    const last = (m: Marked, k: number): boolean => k > 0 && marks[k - 1]?.bullet === m.bullet && !isDialogue(marks[k - 1] as Marked) && /[;,:]$/.test(marks[k - 1]?.line.text ?? '');
    // "o O2 liberado vem…": an "o" opens an item only beside other items (a Word list's sub-bullets), an arrow only beside other arrows; else it is a word or a consequence.
    const lone = (m: Marked, k: number): boolean => (m.bullet === 'o' && ![marks[k - 1], marks[k + 1]].some((n) => n !== undefined && n.mark !== null)) || (isArrowBullet(m) && !isArrowBullet(marks[k - 1]) && !isArrowBullet(marks[k + 1]));
    this.ms = marks.map((m, k) => ((m.mark === 'bullet' && ((isDialogue(m) && !last(m, k)) || lone(m, k) || ((m.bullet === '—' || m.bullet === '–') && !dashRun(lines, m)))) || (m.letter && !lettered) ? { ...m, mark: null, start: 0, letter: undefined } : m));
    let base = Infinity;
    for (const l of lines) base = Math.min(base, l.indent);
    this.base = base;
    // A grid table (+---+---+ borders) has cells across lines and spans: not rows this layer reads.
    this.grid = lines.some((l) => /^\+[-=:+]{3,}\+$/.test(l.text));
    // In a paragraph of a reader with markup, a formula line is displayed only when every line is one
    // (a formula sheet); otherwise its lines are one sentence the reader wrapped.
    this.formulas = !ctx.joinSentences || this.ms.every((m) => m.mark !== null || formulaLine(m.line.text) !== null);
    // Code among the lines, no fence or indent around it: its lines are code, whatever else they look like.
    if (!ctx.letter) {
      for (const [a, b] of codeRuns(lines)) {
        this.codeRuns.set(a, b);
        for (let k = a; k < b; k++) this.kinds[k] = 'code';
      }
    }
  }

  private readonly codeRuns = new Map<number, number>();

  private readonly grid: boolean;
  private readonly formulas: boolean;

  private text(i: number): string {
    return this.ms[i]?.line.text ?? '';
  }

  /** What line i is, headings aside. */
  kind(i: number): Kind | undefined {
    if (i < 0 || i >= this.ms.length) return undefined;
    const cached = this.kinds[i];
    if (cached) return cached;
    const m = this.ms[i] as Marked;
    const t = m.line.text;
    let k: Kind = 'text';
    if (SEPARATOR.test(t)) k = 'separator';
    else if (codeLabel(t)) k = 'codeLabel';
    // (A line indented under a marked one continues its item, unless it is a command: "Step 2 - …" / "    echo … > ~/.pgpass". A command alone on its line is code too: "ssh admin@192.168.1.40".)
    else if ((m.line.indent >= this.base + 4 && isCodeLike(t) && !(i > 0 && this.ms[i - 1]?.mark !== null && m.mark === null && !isCommandLine(t)) && !isMathLine(t) && !this.wordyItem(i)) || (m.mark === null && i > 0 && commandItem(t) === t.length)) k = 'code';
    else if (m.mark !== null) k = 'list';
    else if (!this.grid && mayBeRow(t) && i + 1 < this.ms.length && tableAt(this.ms.slice(i, i + 5).map((x) => x.line))) k = 'table';
    // (A formula indented under a sentence is set apart: "For small angles the period is" / "    T = 2*pi*sqrt(L/g)".)
    else if (this.formulas && m.line.indent > this.base && i > 0 && ['text', 'formula'].includes(this.kind(i - 1) ?? '') && formulaLine(t)) k = 'formula';
    // (And the lines among such formulas are lines of the text, "   both sides -> 0 so the limit is 0", as are lines aligned under a label's value, "أمثلة: cT = …" / "       mP = …".)
    else if (m.line.indent > this.base && i > 0 && ['formula', 'text'].includes(this.kind(i - 1) ?? '') && (this.ms[i - 1]?.line.indent === m.line.indent || underLabel(this.ms[i - 1]?.line, m.line))) k = 'text';
    // (Not a remark in brackets indented under a line: "total ~36-38 ATP" / " (she said exam will NOT ask …)".)
    else if (m.line.indent > this.base && i > 0 && this.kind(i - 1) !== 'separator' && !(m.mark === null && /^\(.*\)$/u.test(t) && this.kind(i - 1) === 'text')) k = 'list';
    else if (this.formulas && formulaAmong(t, i > 0 && this.kind(i - 1) === 'formula', this.ms[i + 1]?.line.text)) k = 'formula';
    this.kinds[i] = k;
    return k;
  }

  /** "   Cap. 2 – …" indented in a chunk under "PARTE I – …": a chapter of the part, not a point of an outline. */
  private chapterUnderPart(t: string): boolean {
    const marker = markerOf(t);
    return marker?.kind === 'chapter' && marker.part !== true && this.headings.some((h) => h.block.part === true);
  }

  /** An item of words indented under text, not under code ("     а) шлагбаум с монтажом – 186 000 руб.;"): a list's, not code's. */
  private wordyItem(i: number): boolean {
    const m = this.ms[i] as Marked;
    if (m.mark === null || m.mark === 'ref' || (i > 0 && this.kind(i - 1) === 'code')) return false;
    return (m.line.text.slice(m.start).match(/\p{L}{3,}/gu)?.length ?? 0) >= 2;
  }

  /** Records line i as a heading; returns the one line it takes. */
  private heading(i: number, depth: number, kind: HeadingKind, from = 0, to?: number): 1 {
    const line = (this.ms[i] as Marked).line;
    this.headed.add(i);
    const block: Extract<Block, { kind: 'heading' }> = { kind: 'heading', depth, inlines: withFills(line.inlines(from, to ?? (kind === 'numbered' && /[:：]$/u.test(line.text) ? line.text.length - 1 : undefined))) };
    this.blocks.push(block);
    this.headings.push({ block, kind });
    return 1;
  }

  /** Whether the line before i closes what it belongs to (a heading cannot sit inside a sentence or a verse). */
  private afterBlock(i: number): boolean {
    return i === 0 || this.kind(i - 1) !== 'text' || SENTENCE_END.test(this.text(i - 1)) || this.headed.has(i - 1);
  }

  /** The kind of the heading line i follows directly (in this block, or the block before), or null. */
  private lastHeadingKind(i: number): HeadingKind | null {
    if (i === 0) return this.ctx.afterHeading;
    if (!this.headed.has(i - 1)) return null;
    return this.headings[this.headings.length - 1]?.kind ?? null;
  }

  /** "…18 ATP e 12 NADPH" / "Fatores Limitantes" / "* intensidade…": a short line over a table, or a capitalized one over a list, after a line that does not run on. */
  private headsBlockAfterLine(i: number, next = this.kind(i + 1)): boolean {
    return i > 0 && (next === 'table' || (next === 'list' && /^\p{Lu}/u.test(this.text(i)))) && !/[,;:(&+/\-–—]$/u.test(this.text(i - 1)) && !CONTINUES.test(this.text(i));
  }

  /** Whether the short line i stands alone before a block. */
  private standsAlone(i: number): boolean {
    const t = this.text(i);
    if (i === this.ms.length - 1) return i === 0 && this.ctx.followed && !this.ctx.nextIsShortLine && !this.ctx.nextHeaded;
    if (!this.afterBlock(i) && !this.headsBlockAfterLine(i)) return false;
    // The last line of a slide or chapter, before the marker opening the next ("slide 4: …").
    const nextMarker = markerOf(this.text(i + 1));
    if (nextMarker && nextMarker.kind !== 'problem') return false;
    const next = this.kind(i + 1);
    // One of several lines of one shape ("Lab 1: …", "Lab 2: …") is not their heading.
    if (next === 'text' && parallel([t, this.text(i + 1)])) return false;
    if (next === 'list' && this.parallelAcrossList(i)) return false;
    if (next === 'list' || next === 'table' || next === 'code' || next === 'codeLabel' || next === 'formula') return true;
    if (next !== 'text') return false;
    const nt = this.text(i + 1);
    if ((this.ms[i + 1]?.line.indent ?? 0) > (this.ms[i]?.line.indent ?? 0)) return true;
    if (nt.length >= Math.max(25, 1.3 * t.length) || (/[.!?。！？]$/u.test(nt) && nt.split(/\s+/).length >= 4)) return true;
    // Lines of one shape the line does not have ("Flächen", then "Kreis: A = …", "Quadrat: …").
    if (this.kind(i + 2) === 'text' && parallel([nt, this.text(i + 2)]) && !parallel([t, nt])) return true;
    // A job title, its dates, then its points (a CV); a task, then "find:", then its formula.
    const after = this.kind(i + 2);
    return nt.length <= 40 && (after === 'list' || after === 'formula' || after === 'table' || after === 'code') && (after !== 'list' || this.ms[i + 2]?.mark !== null);
  }

  /** A heading at line i: how many lines it takes (0: none). */
  private tryHeading(i: number): number {
    if (this.ctx.letter) return 0;
    const m = this.ms[i] as Marked;
    const t = m.line.text;
    const chapterOrSlide = markerOf(t)?.kind;
    if (i === 0 && this.ctx.headAs && m.mark === null && this.kind(0) === 'text') return this.heading(i, this.ctx.headAs.depth, this.ctx.headAs.kind, 0, t.replace(/\s*[:：]$/u, '').length);
    if (i === 0 && this.ctx.sectionHead && m.mark === null && this.kind(0) === 'text' && !chapterOrSlide) {
      // ALL CAPS ranks above the other heads only in a script with case ("TODO" among 議題, 決定事項 is their sibling).
      // In a deck the line after a separator is its slide's title, whatever its case.
      const caps = this.ctx.sectionHead === 'top' || (isAllCaps(t.replace(/!{1,3}$/u, '')) && this.ctx.casedScript === true) || (this.ctx.deck && this.ctx.afterSeparator);
      return this.heading(i, caps ? 1 : 2, this.ctx.deck && this.ctx.afterSeparator ? 'slide' : caps ? 'caps' : 'short');
    }
    // A reader's own headings are the note's; under a title alone, chapter and slide markers count too.
    if (this.ctx.ownHeadings && !(this.ctx.titleOnly && (chapterOrSlide === 'chapter' || chapterOrSlide === 'slide' || numberedDepth(t) > 0))) return 0;
    // An outline's indented lines are its points, never its headings; but a chapter indented under
    // its part ("PARTE I – …" / "   Cap. 1 – …") is that part's chapter.
    if (m.line.indent > this.base && !this.chapterUnderPart(t)) return 0;
    const marked = MARKED_HEADING.exec(t) ?? FRAMED_HEADING.exec(t) ?? LENTICULAR_HEADING.exec(t);
    if (marked) {
      const depth = MARKED_HEADING.test(t) ? (marked[1]?.startsWith('#') ? (marked[1]?.length ?? 1) : 2) : FRAMED_HEADING.test(t) ? 1 : 2;
      const closing = /[ \t](?:#+|[-=*~]{3,})$|】$/u.exec(t);
      this.heading(i, depth, 'marked', t.indexOf(marked[2] ?? '', (marked[1] ?? '').length), closing ? closing.index : t.length);
      return 1;
    }
    const next = this.ms[i + 1];
    const followed = i + 1 < this.ms.length || this.ctx.followed;
    // ("[1] Perché compostare?" in a deck: a slide numbered in brackets, not a reference.)
    const refSlide = m.mark === 'ref' && (this.ctx.slides || this.ctx.deck) ? markerOf(t) : null;
    const marker = m.mark === null || m.mark === 'number' ? markerOf(t) : refSlide?.kind === 'slide' ? refSlide : null;
    // Problem, day and week lines one under another ("Tydzień 1-2: …" / "Tydzień 3-5: …") head nothing: they are lines of a list.
    const unitRun = (j: number): boolean => markerOf(this.text(j))?.kind === 'problem' && (this.ms[j]?.mark ?? null) === (m.mark ?? null);
    if (marker && (marker.kind !== 'problem' || (this.afterBlock(i) && !(next && next.mark === 'number') && followed && !unitRun(i + 1) && !unitRun(i - 1)))) {
      const titled = marker.title === '' && next && next.mark === null && this.kind(i + 1) === 'text' && next.line.text.length <= 80 && !/[.,;:]$/.test(next.line.text);
      if (titled) this.heading(i + 1, 1, marker.kind);
      else this.heading(i, 1, marker.kind, marker.title === '' ? 0 : marker.titleStart, marker.title === '' ? undefined : marker.titleStart + marker.title.length);
      const block = this.blocks[this.blocks.length - 1] as Extract<Block, { kind: 'heading' }>;
      // An appendix keeps its own name, unnumbered among the numbered chapters; a chapter keeps the note's number.
      if (isAppendix(t)) block.unnumbered = true;
      else if (marker.part) block.part = true;
      else if (marker.kind === 'chapter' && marker.number !== undefined) block.ordinal = marker.number;
      return titled ? 2 : 1;
    }
    const opensSlide = (i === 0 && this.ctx.afterSeparator) || (this.ctx.deck && i > 0 && this.kind(i - 1) === 'separator');
    if (opensSlide && (m.mark === null || (m.mark === 'number' && !(next?.mark === 'number' && next.line.indent === m.line.indent))) && t.length <= 80 && !/[.,;:]$/.test(t)) {
      this.heading(i, 1, 'slide');
      return 1;
    }
    const prevNumber = this.ms[i - 1]?.mark === 'number' && !this.headed.has(i - 1) && (this.ms[i - 1]?.line.indent ?? 0) <= m.line.indent;
    const [nextKind, ownStyle] = [this.kind(i + 1), /^[IVX一二三四五六七八九十]/u.test(t)];
    // The next of a run of numbered headings ("5. Чай из блюдца" after the heading "4. Самовар", "6. ご清聴ありがとうございました" last) is one of them, whatever follows.
    // (Its title may start with a figure: "10. 1990-е: пакетики …".)
    const nextOfRun = this.continuesRun(i);
    const numbered = m.mark === null || m.mark === 'number' ? numberedDepth(t, this.ctx.lowercase) || (nextOfRun ? 1 : 0) : 0;
    // One of a run of numbered headings across the note, its points under it (numbered-runs.ts).
    if (i === 0 && this.ctx.numberedRun && (numbered === 1 || numberedDepth(t, true) === 1)) return this.heading(i, 1, 'numbered');
    // "8. Saran" over "1) monitoring …": a list of its own starts under it.
    const ownList = next?.mark === 'number' && Number(/^(\d{1,3})[.)]/.exec(next.line.text)?.[1]) === 1 && Number(/^(\d{1,3})\./.exec(t)?.[1]) > 1;
    // (A numbered line wrapped onto an indented one in lower case is an item's sentence, not a heading; "4.1 Limitações" over its points is no wrap.)
    const wrappedOn = next !== undefined && next.mark === null && nextKind !== 'table' && next.line.indent > m.line.indent && /^\p{Ll}/u.test(next.line.text) && !SENTENCE_END.test(t) && !(numbered >= 2 && t.length <= 40);
    if (numbered > 0 && (followed || nextOfRun) && (next?.mark !== 'number' || next.letter === true || ownStyle || ownList || nextOfRun) && !prevNumber && !this.itemWithPoints(i) && !wrappedOn) {
      this.heading(i, numbered, 'numbered');
      // "I. Les causes", "一、实验目的": the note's own numbers, kept as typed (LaTeX adds none).
      if (ownStyle) (this.blocks[this.blocks.length - 1] as Extract<Block, { kind: 'heading' }>).unnumbered = true;
      return 1;
    }
    // An exercise number before its code or table ("1. list every book …" then "Code: …").
    if (m.mark === 'number' && !prevNumber && next?.mark !== 'number' && (nextKind === 'codeLabel' || nextKind === 'code' || nextKind === 'table') && t.length <= 80) {
      this.heading(i, 1, 'numbered');
      return 1;
    }
    if (m.mark !== null) return 0;
    const remark = HEADING_REMARK.exec(t);
    if (remark && followed && isAllCaps(t.slice(0, remark.index))) {
      this.heading(i, 1, 'caps', 0, remark.index);
      this.blocks.push(remarkNote(t.slice(remark.index + remark[0].length)));
      return 1;
    }
    // (A telegram in capitals, "YES STOP OBVIOUSLY STOP", ending a paragraph before the next chapter: the paragraph's.)
    const closesProse = i > 0 && i === this.ms.length - 1 && this.ctx.nextOpensUnit === true && this.kind(i - 1) === 'text';
    if ((isAllCaps(t) || (nextKind === 'list' && isAllCaps(t.replace(/!{1,3}$/u, '')))) && followed && !closesProse && !(next && isAllCaps(next.line.text) && nextKind === 'text' && i + 2 < this.ms.length)) return this.heading(i, 1, 'caps');
    // (Or "Results" / "Flame tests" / its table: a part of the section, under it.)
    if (this.entryHeading(i) || (this.lastHeadingKind(i) === 'short' && nextKind === 'table' && isShortHeading(t))) return this.heading(i, 3, 'entry');
    // (Over a list of marked items: an outline's label over its indented points is one of them.)
    const label = i === 0 && this.ctx.labelled === true && ((nextKind === 'list' && this.ms[i + 1]?.mark !== null) || nextKind === 'table') ? labelHeadingEnd(t) : 0;
    if (label > 0 || this.shortHeading(i)) return this.heading(i, 2, 'short', 0, label || undefined);
    return 0;
  }

  /** A CV's entry: a line, its dates, then its points ("Backend Developer, Stadtwerk Digital" / "Sep 2019 - Feb 2022" / "- built …"), or the dates on its line ("2022 (6 mois) : Stage …"): a heading under the section. */
  private entryHeading(i: number): boolean {
    const [t, dates, points] = [this.text(i), this.text(i + 1), this.kind(i + 1) === 'list' && this.ms[i + 1]?.mark !== null];
    if (((/^(?:19|20)\d{2}\b[^:]{0,30}\s[:–—-]\s+\p{L}/u.test(t) && t.length <= 100) || (DATED_TAB.test(t) && t.length <= 140)) && points) return this.afterBlock(i);
    return this.kind(i + 1) === 'text' && this.ms[i + 1]?.mark === null && t.length <= 80 && !SENTENCE_END.test(t) && dates.length <= 40 && /(?:19|20)\d{2}/.test(dates) && this.kind(i + 2) === 'list' && this.afterBlock(i);
  }

  /** Lines of one shape with points under some ("10:05 results" / "- …" / "10:25 launch"): an agenda's lines, none of them a heading. */
  private parallelAcrossList(i: number, past = (k: number, step: number): number => (this.kind(k) === 'list' ? past(k + step, step) : k)): boolean {
    return [past(i + 1, 1), past(i - 1, -1)].some((k) => k >= 0 && k !== i + 1 && this.kind(k) === 'text' && parallel([this.text(i), this.text(k)]));
  }

  /**
   * A short line standing alone before a block. In lower case only in a note typed in lower case,
   * or right before a list, table, code or formula; never a line that continues a sentence ("or in
   * formula", "and then").
   */
  private shortHeading(i: number): boolean {
    const t = this.text(i);
    // (In a note of sections a short line inside a block heads only after a heading, like one that headed before, or flush under a list: "Link reaction" after Glycolysis's points.)
    const afterList = this.kind(i - 1) === 'list' && /^\p{Lu}/u.test(t) && this.ms[i]?.line.indent === this.base && i + 1 < this.ms.length;
    if (CONTINUES.test(t) || (i > 0 && this.ctx.sectioned && !this.headed.has(i - 1) && !afterList && ![...this.headed].some((k) => k < i && sameLead(this.text(k), t) && this.kind(k + 1) === this.kind(i + 1)))) return false;
    // Right under a heading of its own rank a short line is the section's first line ("Solve the system").
    if (['short', 'problem', 'slide', 'numbered'].includes(this.lastHeadingKind(i) ?? '')) return false;
    const lower = /^\p{Ll}/u.test(t);
    if (!/^[\p{L}\p{N}\p{So}]/u.test(t) || !isShortHeading(t, true) || (lower && !this.ctx.lowercase && !(t.split(/\s+/).length <= 5 && STRONG.has(this.kind(i + 1) ?? 'text')))) return false;
    // A question over points indented under it is an outline's point (a heading's question has its answer under it).
    if (/[?？]$/u.test(t) && (this.ms[i + 1]?.line.indent ?? 0) > (this.ms[i]?.line.indent ?? 0)) return false;
    if (this.headsListAfterLines(i)) return true;
    if (!this.standsAlone(i)) return false;
    return !this.definitionPairs(i);
  }

  /** After lines of one shape ("|ed| > 1 -> …" three times), a short line of another shape with a list under it heads the list ("what changes elasticity"). */
  private headsListAfterLines(i: number): boolean {
    const t = this.text(i);
    return i >= 2 && this.kind(i + 1) === 'list' && this.kind(i - 1) === 'text' && parallel([this.text(i - 2), this.text(i - 1)]) && !parallel([this.text(i - 1), t]);
  }

  /**
   * Labels each followed by one line that explains it ("Half-life" / "Time for half the nuclei to
   * decay."), twice or more: a list of definitions, not headings.
   */
  private definitionPairs(i: number): boolean {
    if (!this.pair(i)) return false;
    return this.pair(i + 2) || (i >= 2 && this.pair(i - 2) && !this.headed.has(i - 2));
  }

  private pair(k: number): boolean {
    const [label, text] = [this.text(k), this.text(k + 1)];
    return this.kind(k) === 'text' && this.kind(k + 1) === 'text' && isShortHeading(label, true) && !CONTINUES.test(label) && text.length <= 100 && /[.!?。]$/u.test(text);
  }

  /** Definition pairs from line i on: one list of terms and what they mean. */
  private definitions(i: number): number {
    const items: Array<{ term: ReturnType<NoteLine['inlines']>; blocks: Block[] }> = [];
    let k = i;
    while (this.pair(k)) {
      items.push({ term: (this.ms[k] as Marked).line.inlines(), blocks: [{ kind: 'paragraph', inlines: (this.ms[k + 1] as Marked).line.inlines() }] });
      k += 2;
    }
    this.blocks.push({ kind: 'definitions', items });
    return k;
  }

  run(): void {
    const n = this.ms.length;
    if (this.grid) {
      // A grid table stays as the note wrote it (its spans are the Markdown reader's to read).
      this.blocks.push({ kind: 'paragraph', inlines: this.ms.flatMap((m, k) => [...(k > 0 ? [{ kind: 'text' as const, value: '\n' }] : []), ...m.line.inlines()]) });
      return;
    }
    let i = 0;
    while (i < n) {
      const kind = this.kind(i);
      if (kind === 'separator') {
        this.blocks.push({ kind: 'rule' });
        this.endsWithSeparator = i === n - 1;
        i++;
        continue;
      }
      // "notes: thank Marco …" in a deck: what the speaker says, to the slide's end.
      const said = this.ctx.deck || this.ctx.slides ? speakerNotesAt(this.ms, i, (j) => this.kind(j) === 'separator') : null;
      if (said) {
        this.blocks.push(said.block);
        i = said.next;
        continue;
      }
      if (kind === 'codeLabel') {
        i = this.labelledCode(i);
        continue;
      }
      if (kind === 'code') {
        i = this.indentedCode(i);
        continue;
      }
      if (kind === 'table') {
        const found = tableAt(this.ms.slice(i).map((m) => m.line));
        if (found) {
          this.blocks.push(found.block);
          i += found.rows;
          continue;
        }
      }
      const took = this.tryHeading(i);
      if (took > 0) {
        i += took;
        continue;
      }
      if (kind === 'list') {
        i = this.answers(i) ?? this.list(i);
        continue;
      }
      if (kind === 'formula') {
        i = this.formulaRun(i);
        continue;
      }
      if (this.pair(i) && this.pair(i + 2)) {
        i = this.definitions(i);
        continue;
      }
      let j = i + 1;
      while (j < n && this.kind(j) === 'text' && !this.headingAhead(j) && !(this.pair(j) && this.pair(j + 2))) j++;
      this.blocks.push(...textRun(this.ms.slice(i, j).map((m) => m.line), { joinSentences: this.ctx.joinSentences, shortLinesKept: !this.ctx.ownHeadings || this.ctx.titleOnly === true }));
      i = j;
    }
  }

  /** Formula lines one under another, from line i: displayed together (formulas.ts); returns the line after. */
  private formulaRun(i: number): number {
    let j = i + 1;
    while (j < this.ms.length && this.kind(j) === 'formula' && !this.headingAhead(j)) j++;
    this.blocks.push(...formulaDisplays(this.ms.slice(i, j).map((m) => m.line.text)));
    return j;
  }

  /** Whether line j (inside a run of text) opens something else: a heading. */
  private headingAhead(j: number): boolean {
    if (this.ctx.letter) return false;
    const t = this.text(j);
    // (A speaker's note ends the slide's text too: "Sprechernotiz: …" under its lines.)
    if ((this.ctx.deck || this.ctx.slides) && SPEAKER_NOTES.test(t)) return true;
    const marker = markerOf(t);
    if (this.ctx.ownHeadings) return this.ctx.titleOnly === true && marker !== null && marker.kind !== 'problem';
    // "slide 4: next steps", "Chapter 2 - …": a slide or chapter marker opens its unit wherever it stands.
    if (marker && marker.kind !== 'problem') return true;
    if (nextOfNumbered(t, this.blocks)) return true;
    if (marker && markerOf(this.text(j - 1))?.kind === 'problem') return false;
    // (A line in capitals among lines of text, once the chunk has headings, "2nd LAW" … "ENTROPY", is the next.)
    // (Or over a list: "INGREDIENTS" / its lines / "STEPS" / "1. preheat the oven".)
    if (isAllCaps(t) && !marker && this.headings.length > 0 && t.length <= 40 && (this.kind(j + 1) === 'text' || this.kind(j + 1) === 'list')) return true;
    if (marker || numberedDepth(t) > 0 || isAllCaps(t)) return this.afterBlock(j);
    return this.shortHeading(j);
  }

  /** "1. question" then its answer, at least twice: lines kept as they are (an answer key). */
  private answers(i: number): number | null {
    let j = i;
    while (this.ms[j]?.mark === 'number' && this.ms[j + 1]?.mark === null && this.kind(j + 1) === 'text' && !/^\p{Ll}/u.test(this.text(j + 1))) j += 2;
    if (j - i < 4) return null;
    this.blocks.push(lineBreaks(this.ms.slice(i, j).map((m) => m.line)));
    return j;
  }

  private list(i: number): number {
    const { entries, end, references, remark } = listEntries(this.ms, i, (j) => this.kind(j) !== 'list' || (j > i && (this.tryHeadingAhead(j, i) || this.chapterUnderPart(this.text(j)))));
    const blocks = buildList(entries);
    if (references) for (const b of blocks) if (b.kind === 'list') b.labels = 'brackets';
    this.blocks.push(...blocks, ...(remark ? [{ kind: 'paragraph' as const, inlines: (this.ms[end] as Marked).line.inlines(0) }] : []));
    return Math.max(end + (remark ? 1 : 0), i + 1);
  }

  /** Whether line i numbers on from the last numbered heading of depth 1 ("5. …" after "4. Самовар"). */
  private continuesRun(i: number): boolean {
    const [t, last] = [this.text(i), this.headings.filter((h) => h.kind === 'numbered').pop()];
    if (t.length > 80 || (last && last.block.depth !== 1)) return false;
    return Number(/^(\d{1,2})\./.exec(t)?.[1]) === Number(/^(\d{1,2})\./.exec(last ? inlineText(last.block.inlines) : (this.ctx.lastHeading ?? ''))?.[1]) + 1;
  }

  /** A numbered heading inside a list's lines (from line i) ends the list ("2. Requirements" after its points; "5. …" after "4. …"'s indented points). */
  private tryHeadingAhead(j: number, i: number): boolean {
    const m = this.ms[j] as Marked;
    if (m.mark !== 'number') return false;
    if (m.line.indent < (this.ms[i]?.line.indent ?? 0) && this.continuesRun(j)) return true;
    return numberedDepth(m.line.text) > 0 && this.ms[j + 1]?.mark !== 'number' && this.ms[j - 1]?.mark !== 'number' && !this.itemWithPoints(j);
  }

  /** "1. Monarquía constitucional" with its points indented under it: an item of a list, not a heading. */
  private itemWithPoints(i: number): boolean {
    const [m, next] = [this.ms[i] as Marked, this.ms[i + 1]];
    return m.mark === 'number' && next !== undefined && next.mark !== null && next.line.indent > m.line.indent;
  }

  private labelledCode(i: number): number {
    const { blocks, next } = labelledCode(this.ms.map((m) => m.line), i, (j) => this.kind(j) === 'separator');
    this.blocks.push(...blocks);
    return next;
  }

  private indentedCode(i: number): number {
    const end = this.codeRuns.get(i);
    if (end !== undefined) {
      this.blocks.push(codeBlock(this.ms.slice(i, end).map((m) => m.line)));
      return end;
    }
    let j = i;
    while (j < this.ms.length && (this.ms[j]?.line.indent ?? 0) >= this.base + 4) j++;
    if (j === i) while (j < this.ms.length && this.kind(j) === 'code' && (this.ms[j]?.line.indent ?? 0) < this.base + 4) j++;
    const lines = this.ms.slice(i, j).map((m) => m.line);
    if (!readsAsCode(lines.map((l) => l.text))) {
      this.blocks.push(...textRun(lines));
      return j;
    }
    this.blocks.push(codeBlock(lines));
    return j;
  }
}

/** Code lines as typed: their common indentation taken off. */
export function readChunk(lines: NoteLine[], ctx: ChunkContext): ChunkResult {
  const chunk = new Chunk(lines, ctx);
  chunk.run();
  const last = chunk.headings[chunk.headings.length - 1];
  const endsWithHeading = last && chunk.blocks[chunk.blocks.length - 1] === last.block ? last.kind : null;
  return { blocks: chunk.blocks, headings: chunk.headings, endsWithSeparator: chunk.endsWithSeparator, endsWithHeading };
}
