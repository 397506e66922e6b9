// A run of text lines with nothing else between them: what did the person mean by the line
// breaks? Lines of one shape (term – definition, date : event, label: value, a -> b), short
// lines (an address, a verse, a packing list) and lines that are not sentences are meant one per
// line: one paragraph with its line breaks. Prose wrapped by hand is one paragraph. Sentences
// typed one per line stay lines while each fits on a printed line; longer ones are paragraphs of
// their own (a word processor's paragraphs).
import type { Block, Inline } from '../../tree.js';
import type { NoteLine } from './lines.js';
import { formulaLine } from './formulas.js';
import { UNSPACED, WRAP_ENDS } from './headings.js';

/** One sentence, not too long to be read as a line of a list ("Hire 12 seasonal staff for peak, starting November 11."). */
function oneSentence(text: string): boolean {
  return [...text].length <= 160 && !/[.!?。！？]["'”’»)]*\s+\p{Lu}/u.test(text);
}

/** Marks of code a verse does not have: brackets, assignments, comparisons, arrows of assignment, member access. */
const PSEUDOCODE = /[(){}[\];=<>←≠]|!=|\w\.\w/;

/** An e-mail or a web address ("linkedin.com/in/…"): its dots are no member access. */
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|io|dev|me|info|co|uk|de|fr|es|it|eu|ac|nl|pl|br|in|jp)(?:\/\S*)?/gi;

/** Whether a line reads as code, its addresses aside. */
function pseudocode(text: string): boolean {
  return PSEUDOCODE.test(text.replace(ADDRESS, ''));
}

/** A line is short at this many characters or fewer: no one wraps prose this narrow. */
const SHORT = 45;
/** About what one printed line holds: statements this short, typed one per line, stay lines (as paragraphs of their own, the first would stand flush and the rest indented), whatever their sentences. */
const PRINTED_LINE = 100;
/** About the narrowest column an editor wraps at: a shorter line whose next word would have fitted was broken on purpose. */
const MIN_WRAP = 70;
/** No editor wraps lines longer than this. */
const MAX_WRAP = 80;
/** Lines this long that stop mid-phrase were wrapped by hand. */
const WRAP_WIDTH = 60;

export const SENTENCE_END = /[.!?。！？…।॥؟]["'”’»)]*$/u;

/** Where a separator first stands between words, within the first 40 characters (-1: not there). */
function headSeparator(text: string, seps: string[]): number {
  let best = -1;
  for (const sep of seps) {
    const at = text.indexOf(sep);
    if (at > 0 && at <= 40 && (best < 0 || at < best)) best = at;
  }
  // A head is words ("::: columns" is markup, not a label).
  return best > 0 && /[\p{L}\p{N}]/u.test(text.slice(0, best)) ? best : -1;
}

/** The shapes of a line: a short head and the rest ("tiers état – …", "5 mai 1789 : …", "a -> b"), a leading number. */
function shapeOf(text: string): Set<string> {
  const out = new Set<string>();
  if (headSeparator(text, [' – ', ' - ', ' — ', ' -- ', ' --- ']) > 0) out.add('dash');
  if (headSeparator(text, [': ', ' : ', '：']) > 0 || /^[^:：]{1,40}[:：]$/u.test(text)) out.add('colon');
  if (/\s(?:->|→|=>)\s/u.test(text)) out.add('arrow');
  // "5 mai 1789", "1.3.", "10:05 results", "9h30 café".
  if (/^\d{1,4}[\s./-]|^\d{1,2}(?::\d{2}|h\d{0,2})\s/u.test(text)) out.add('date');
  // "[Servings] 8": a label in brackets, then its value.
  if (/^\[[^\]]{1,40}\]\s/u.test(text)) out.add('bracket');
  return out;
}

/** Whether every line shares one shape. */
/** A line that states an equation ("%dQ = -20/110 = -18.2%"), or one in a script written without spaces: a line of its own, never run on with the next. */
export function ownLine(text: string | undefined): boolean {
  if (text === undefined) return false;
  const t = text.trim();
  return (/\s[=≈]\s/u.test(t) && !/^[=≈]|[-+*/=,(]$/u.test(t)) || UNSPACED.test(t);
}

/** An item's text as the writer typed it: a line break where a line of its own meets the next ("- example …" / "  %dQ = …" / "  %dP = …"). */
export function breakOwnLines(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of inlines) {
    if (node.kind !== 'text' || !node.value.includes('\n')) {
      out.push(node);
      continue;
    }
    const parts = node.value.split('\n');
    parts.forEach((part, j) => {
      if (j > 0) out.push(ownLine(parts[j - 1]) || ownLine(part) ? { kind: 'break' } : { kind: 'text', value: '\n' });
      if (part !== '') out.push({ kind: 'text', value: part });
    });
  }
  return out;
}

export function parallel(texts: string[]): boolean {
  if (texts.length < 2) return false;
  const shapes = texts.map(shapeOf);
  const first = shapes[0] as Set<string>;
  return [...first].some((s) => shapes.every((set) => set.has(s)));
}

/**
 * Whether the lines are one paragraph wrapped by hand: a long line stops mid-phrase, or the next
 * line goes on in lower case, and no line stops mid-phrase where the next line's first word would
 * still have fitted (there the writer broke the line on purpose: "cost of textbook $45" above
 * "variables: …").
 */
export function wrapped(texts: string[]): boolean {
  // Fields set apart by bars or dots on every line ("Dublin | +353 … | …@gmail.com" / "github.com/… | linkedin…"): lines, never wrapped prose.
  if (texts.every((t) => /\s[|·•]\s/.test(t))) return false;
  // (A line that opens with its own equation, "mP = …", "%dP = 0.50/2.25", starts a statement of its own.)
  if (texts.slice(1).some((t) => /^[\p{L}\p{N}_%'’ ()]{1,20}\s[=≈]\s/u.test(t))) return false;
  // (A web address or an e-mail on a line of its own, "linkedin.com/in/aaravmehta-eng", is a line of a contact block.)
  if (texts.some((t) => t.length <= 100 && /^(?:https?:\/\/|www\.)?[\w.+-]+(?:@[\w-]+)?\.[a-z]{2,}(?:\/\S*)?$/i.test(t.trim()))) return false;
  // Two lines say little of the wrap column: take about the narrowest editors use.
  const width = Math.max(texts.length >= 3 ? 0 : MIN_WRAP, ...texts.map((t) => t.length));
  let midPhrase = false;
  // (Wrapped by hand, with Enter, up to half the lines may stop short: "… a little further" / "every morning, …".)
  let opens = 0;
  let short = 0;
  for (let k = 0; k < texts.length - 1; k++) {
    const t = texts[k] as string;
    const next = texts[k + 1] as string;
    const open = !SENTENCE_END.test(t) && !/[:;]$/.test(t);
    if (!open) continue;
    opens++;
    const nextWord = /^\S*/u.exec(next)?.[0] ?? '';
    // (Text pasted from a PDF was set in a proportional font: its lines' lengths in characters vary by a sixth or so.
    // Measured from three lines or more only: two say little of the column.)
    if (t.length + 1 + nextWord.length <= width - (texts.length >= 3 ? Math.round(width * 0.15) : 0)) {
      if (texts.length < 4 || t.length < 40 || !/^[\p{Ll}\p{Lo}]/u.test(next)) return false;
      short++;
      continue;
    }
    // Editors wrap at 80 columns at most: a longer line stopping mid-phrase was typed as one line.
    // (Unless it stops on a word and the next line goes on in lower case: "… é consistente com o aumento" / "da matéria orgânica …".)
    if (t.length > MAX_WRAP) {
      if (/[\p{L}\p{M}]$/u.test(t) && /^[\p{Ll}\p{Lo}]/u.test(next) && t.length <= 120) midPhrase = true;
      continue;
    }
    // (Not a line ending on a figure above one opening in capitals: "…, 2018 – 2:1" / "PgCert Clinical Education …" are two entries.)
    if (t.length >= WRAP_WIDTH && /[\p{L}\p{M}\p{N},-]$/u.test(t) && !(/\p{N}$/u.test(t) && /^\p{Lu}/u.test(next))) midPhrase = true;
    // (In a script without case, Devanagari, Arabic, Hebrew, any letter goes on.)
    if (t.length >= 50 && /[\p{L}\p{M},]$/u.test(t) && /^[\p{Ll}\p{Lo}]/u.test(next)) midPhrase = true;
  }
  // Prose wrapped by hand has a sentence in it somewhere; statements typed one per line without a
  // stop ("die Reaktionszeit … (ca. 0,2 s)" / "deshalb haben wir …") have none. (Thai and CJK may
  // write no stops at all.)
  // Two lines may be one sentence without a stop, unless the second opens with a label ("languages: …").
  if (short * 2 > opens) return false;
  const all = texts.join(' ');
  if (texts.length === 2 && !/^[\p{L} ]{2,20}:\s/u.test(texts[1] ?? '')) return midPhrase;
  return midPhrase && (UNSPACED.test(all) || /[.!?。！？](?:["'”’»)]*\s+\p{Lu}|["'”’»)]*$)|[।؟]/u.test(all));
}

/** A sentence carried on to the next line: begun in capitals and going on in lower case ("First line" / "second line …"), or after a comma. */
/** A statement of its own, "power = 1 - beta", "Ha (or H1) = alternative, …", "trade off: …" (one with its equals sign is never gone on with). */
const statement = (t: string): boolean => /^[\p{L}\p{N}'’ ()]{1,30}(?:\s[=≈]|[:：])\s/u.test(t);

function carriedOn(texts: string[]): boolean {
  return texts.some((t, k) => k > 0 && !/^[\p{L}\p{N}'’ ()]{1,30}\s[=≈]\s/u.test(texts[k - 1] ?? '') && ((/^\p{Ll}/u.test(t) && /^\p{Lu}/u.test(texts[k - 1] ?? '') && !SENTENCE_END.test(texts[k - 1] ?? '')) || /[,;、]$/u.test(texts[k - 1] ?? '')));
}

/**
 * A line broken on purpose: it stops mid-phrase though the next line's first word would have
 * fitted, and the next line opens a new sentence ("… energy from movement" / "What does this mean?").
 */
function brokenOnPurpose(texts: string[]): boolean {
  return texts.some((t, k) => {
    const next = texts[k + 1];
    if (next === undefined || SENTENCE_END.test(t) || /[,;:]$/.test(t) || !/^\p{Lu}/u.test(next)) return false;
    const nextWord = /^\S*/u.exec(next)?.[0] ?? '';
    return [...t].length + 1 + [...nextWord].length <= MIN_WRAP;
  });
}

/** A line of pictures only (a README's badges): Markdown sets them side by side. */
function picturesOnly(line: NoteLine): boolean {
  const only = (inlines: Inline[]): boolean => inlines.every((n) => n.kind === 'image' || (n.kind === 'link' && only(n.children)) || (n.kind === 'text' && n.value.trim() === ''));
  return only(line.inlines());
}

/** Lines kept one per line: one paragraph with its line breaks. */
/** "Il Presidente          Il Segretario", "Stripe, Dublin        Mar 2021 – present": five spaces or more inside a line set what follows flush right. */
export function withFills(inlines: Inline[]): Inline[] {
  return inlines.flatMap((n): Inline[] => {
    // (Tabs before the dates that end the line are such a gap: "Civil Engineer, Manchester\t\tSep 2021 – present".)
    const value = n.kind === 'text' && n.value.includes('\t') ? n.value.replace(DATED_TAB, '     ') : n.kind === 'text' ? n.value : '';
    // (Not in a row of a table typed with bars or a line of markup: "Gesamt:      ||      100,00", "Dog    & 2      \\".)
    // A form's field lined up at its colon ("Nama              : Rizky Pratama"): a label and its value.
    if (n.kind === 'text' && isAlignedField(value)) return [{ kind: 'text', value: alignedField(value) }];
    if (n.kind !== 'text' || !/\S {5,}\S/.test(value) || /[|\\{}]/.test(value) || (value.match(/&/g)?.length ?? 0) >= 2) return [n];
    return value.split(/(?<=\S) {5,}(?=\S)/).flatMap((part, k): Inline[] => (k > 0 ? [{ kind: 'fill' }, { kind: 'text', value: part }] : [{ kind: 'text', value: part }]));
  });
}

/** A label, spaces, a colon and a value ("Tgl. praktikum    : 9 Oktober 2023", "Name:     Jo"). */
export function isAlignedField(text: string): boolean {
  return /^[^:\n]{1,40}\S {2,}: ?\S/.test(text) || /^[^:\n]{1,40}: {2,}\S/.test(text);
}

/** The field as a label and its value: "Nama: Rizky Pratama". */
export function alignedField(text: string): string {
  return text.replace(/^([^:]*?\S) {2,}(?=:)/, '$1').replace(/^([^:]*:) {2,}/, '$1 ');
}

/** Tabs before a line's last part when it holds a year or "present": the line's dates. */
export const DATED_TAB = /\t+(?=[^\t]{0,40}(?:(?:19|20)\d{2}|present|heute|aujourd’hui|hoy|oggi|atual)[^\t]{0,12}$)/iu;

export function lineBreaks(lines: NoteLine[]): Extract<Block, { kind: 'paragraph' }> {
  const out: Inline[] = [];
  lines.forEach((l, k) => {
    if (k > 0) out.push({ kind: 'break' });
    out.push(...withFills(l.inlines()));
  });
  return { kind: 'paragraph', inlines: out };
}

function joined(lines: NoteLine[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((l, k) => {
    if (k > 0) out.push({ kind: 'text', value: '\n' });
    out.push(...l.inlines());
  });
  return out;
}

/** A remark on a line of its own: in parentheses ("(vv. 100-106)") or after an arrow ("-> anafora …"). */
function isRemark(text: string): boolean {
  return (/^\(.*\)$/.test(text) && !/\)\s*\(/.test(text)) || /^(?:->|→|=>)\s/.test(text);
}

export interface RunOptions {
  /** Sentences typed one per line stay one paragraph (Markdown: a line end is a space). */
  joinSentences?: boolean;
  /** With joinSentences: short lines not wrapped stay lines (the reader marked no heading but the note's title). */
  shortLinesKept?: boolean;
}

/** The blocks a run of text lines means. */
export function textRun(lines: NoteLine[], options: RunOptions = {}): Block[] {
  if (lines.length === 0) return [];
  if (lines.length === 1) return [{ kind: 'paragraph', inlines: withFills((lines[0] as NoteLine).inlines()) }];
  // A remark in parentheses before or after the lines is a paragraph of its own.
  const first = lines[0] as NoteLine;
  const last = lines[lines.length - 1] as NoteLine;
  if (lines.length > 2 && isRemark(last.text) && !isRemark(first.text)) {
    const rest = textRun(lines.slice(0, -1), options);
    // Lines kept as lines take a remark of words as their last line (a paragraph of its own would
    // be indented); a reference ("(vv. 100-106)") stays apart.
    const only = rest.length === 1 ? rest[0] : undefined;
    if (only?.kind === 'paragraph' && last.text.startsWith('(') && last.text.split(/\s+/).length >= 3 && only.inlines.some((n) => n.kind === 'break')) return [{ kind: 'paragraph', inlines: [...only.inlines, { kind: 'break' }, ...last.inlines()] }];
    return [...rest, ...textRun([last], options)];
  }
  // Remarks after lines ("-> anafora …" under a verse and its reference).
  const remark = lines.findIndex((l, k) => k >= 2 && isRemark(l.text) && /^(?:->|→|=>)\s/.test(l.text));
  if (remark > 0) return [...textRun(lines.slice(0, remark), options), ...textRun(lines.slice(remark), options)];
  if (lines.length > 2 && isRemark(first.text) && !isRemark(last.text)) return [...textRun([first], options), ...textRun(lines.slice(1), options)];
  // Lines of dialogue, each opened by a dash ("— ...вона має право знати..."): each its own paragraph, whatever the lines around them.
  const spoken = dialogueRun(lines);
  if (spoken) {
    const [a, b] = spoken;
    return [...textRun(lines.slice(0, a), options), ...lines.slice(a, b).map((l): Block => ({ kind: 'paragraph', inlines: l.inlines() })), ...textRun(lines.slice(b), options)];
  }
  const texts = lines.map((l) => l.text);
  if (parallel(texts) || references(texts)) return [lineBreaks(lines)];
  const short = texts.every((t) => [...t].length <= SHORT);
  // A reader with markup wraps its paragraphs: only lines of one shape are lines there, and short
  // lines no one wrapped in a note whose headings it did not mark (typed one statement per line).
  if (options.joinSentences) {
    // Three short lines or more are verse, an address, a list typed line by line: no one wraps text that narrow.
    // Not items run on with commas ("简体中文," / "Русский," … : a README's languages), which Markdown rightly joins.
    // Nor pseudocode ("while n != ø"), nor text wrapped narrow, which breaks after any word ("… a hard-wrapped line in the" / "middle of …"), where a
    // verse's line rarely ends on an article or a preposition; nor a definition list's ": meaning" lines.
    const verse = short && lines.length >= 3 && !lines.some(picturesOnly) && texts.filter((t) => /[,،、]$/u.test(t)).length * 2 < texts.length && !texts.some((t) => WRAP_ENDS.test(t) || /^:\s/.test(t) || pseudocode(t));
    // Two formulas or more typed one per line ("ABV = (OG - FG) x 131.25 = …" / "attenuation = …"): lines, however they read.
    const formulas = texts.filter((t) => formulaLine(t) !== null).length >= 2;
    // Three lines or more, none going on with the one before and most with no stop, are statements typed one per line
    // ("H0 = null hypothesis …" / "Ha (or H1) = alternative …" / "we never …").
    const statements = lines.length >= 3 && texts.filter((t) => !SENTENCE_END.test(t)).length * 2 > texts.length && texts.filter(statement).length * 2 >= texts.length && !texts.some((t) => PSEUDOCODE.test(t));
    const kept = !wrapped(texts) && (verse || formulas || (!carriedOn(texts) && ((options.shortLinesKept && short) || statements || (brokenOnPurpose(texts) && !lines.some(picturesOnly)))));
    return [kept ? lineBreaks(lines) : { kind: 'paragraph', inlines: joined(lines) }];
  }
  // Short sentences, each with its stop, are statements (a book's paragraphs); other short lines are lines.
  if (short) return [texts.every((t) => SENTENCE_END.test(t)) ? { ...lineBreaks(lines), statements: true } : lineBreaks(lines)];
  if (wrapped(texts)) return reflowed(lines).map((part): Block => ({ kind: 'paragraph', inlines: joined(part) }));
  if (!texts.some((t) => SENTENCE_END.test(t))) return [lineBreaks(lines)];
  // A line of two short sentences ("… starting March. Agreed unanimously.") is a statement too, as long as it is about a printed line.
  // A line ending on a comma or a dash, or one going on in lower case after no stop, is a verse's line, not a statement.
  const runOn = texts.some((t, k) => /[,;\-–—]$/.test(t) || (k > 0 && /^\p{Ll}/u.test(t) && !SENTENCE_END.test(texts[k - 1] ?? '')));
  if (texts.every((t) => [...t].length <= PRINTED_LINE || oneSentence(t))) return [runOn ? lineBreaks(lines) : { ...lineBreaks(lines), statements: true }];
  return lines.map((l) => ({ kind: 'paragraph', inlines: withFills(l.inlines()) }));
}

/**
 * Wrapped prose cut into its paragraphs: a line that ends a sentence well before the wrap column
 * (the next word would have fitted) ended its paragraph, as a story pasted from a PDF shows ("… told
 * her to stop." / "There were …"); a line of dialogue after a sentence's end opens one too.
 */
function reflowed(lines: NoteLine[]): NoteLine[][] {
  const width = Math.max(...lines.map((l) => l.text.length));
  if (lines.length < 4 || width < WRAP_WIDTH) return [lines];
  const parts: NoteLine[][] = [[]];
  lines.forEach((l, k) => {
    parts[parts.length - 1]?.push(l);
    const next = lines[k + 1]?.text;
    const nextWord = next === undefined ? '' : (/^\S*/u.exec(next)?.[0] ?? '');
    const ended = SENTENCE_END.test(l.text) || /[—–-]["”»]$/u.test(l.text);
    // (A line of dialogue after a sentence's end opens a paragraph wherever the line stopped.)
    if (next !== undefined && ended && (l.text.length + 1 + nextWord.length < width - 2 || /^["“„«]/u.test(next))) parts.push([]);
  });
  return parts;
}

/** Entries of a reference list, one per line: "BRASIL. Resolução CONAMA nº 357, … 2005." / "APHA. Standard Methods … 2017." */
function references(texts: string[]): boolean {
  return texts.length >= 2 && texts.every((t) => t.length <= 400 && /^\p{Lu}[\p{L}'’-]+[.,]\s/u.test(t) && /\b(?:1[6-9]|20)\d{2}\b/.test(t) && /[.)]$/.test(t));
}

/** The first run of two lines or more opened by a dash and a space (dialogue): [start, end), or null. */
function dialogueRun(lines: NoteLine[]): [number, number] | null {
  const spoken = (l: NoteLine | undefined): boolean => l !== undefined && /^[—–―][ \t\u00a0]*\S/u.test(l.text);
  for (let a = 0; a < lines.length - 1; a++) {
    if (!spoken(lines[a]) || !spoken(lines[a + 1])) continue;
    let b = a + 2;
    while (spoken(lines[b])) b++;
    return [a, b];
  }
  return null;
}

/** Two short lines opened by the same word ("Every day", "Every few months"): siblings: under a note's section heads, a line of a shape that headed the same kind of block above it heads too (blocks.ts shortHeading). */
export function sameLead(a: string, b: string): boolean {
  const word = (t: string): string => (/^\p{L}{2,}/u.exec(t.trim())?.[0] ?? '').toLowerCase();
  return a.length <= 60 && b.length <= 60 && word(a) !== '' && word(a) === word(b);
}
