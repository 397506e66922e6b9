// Notes divided into blocks, each opened by a few words on a line of their own ("causas
// principales", "next steps", "food", "overview"), in whatever case the note is typed: the words
// head their block. A line is a head by its shape (words only: no digits, brackets or closing
// punctuation) and by what follows it: lines twice as long on average, or a table, code or a
// display. One such
// head shows the note is laid out this way; then a block opened by one or two words over lines as
// short as it ("clothes" over "rain jacket", "fleece") is headed too. Heads found this way are the
// note's headings: a short line inside a block is then one of its lines, not a heading.
import { isOpening } from '../../write/letter-phrases.js';
import type { NoteLine } from './lines.js';
import { isCodeLike } from './code.js';
import { markOf } from './marks.js';
import { CONTINUING_WORDS, UNSPACED } from './headings.js';

/** The part of a segment this module reads: its lines, or a block another module decided (a table, code). */
export type SegmentLines = { kind: 'lines'; lines: NoteLine[] } | { kind: 'block'; blocks: ReadonlyArray<{ kind: string }> };

/** Words only: letters (any script), joined by spaces, hyphens, apostrophes, "&" or "/". */
const WORDS_ONLY = /^\p{L}[\p{L}\p{M}'’&/ -]*$/u;
/** Words that carry on a sentence or a conversation: never a head. */
const NOT_A_HEAD = new RegExp(`^(?:${CONTINUING_WORDS}|anyway|btw|ok|okay|well|yes|no|yeah|thanks|thank you|cheers|bye|hi|hey|hello|note|ps)$`, 'i');
const MAX_WORDS = 6;
const MAX_CHARS = 40;
/** What a strong head stands over is this long on average, and twice the head at least. */
const MIN_FOLLOWING = 20;

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

const MAX_UNSPACED_CHARS = 16;

/** How wide a line looks: a CJK character takes two columns. */
function width(text: string): number {
  return text.length + (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\uFF00-\uFFEF]/gu)?.length ?? 0);
}

/** A remark that names what the part is: "(the annoying one)", "(my favourite)", "(la partie difficile)". */
const DESCRIBED = /^(?:the|a|an|my|our|this|le|la|les|il|lo|der|die|das|el|los|las|mi|mon|ma|mein|meine)\s/iu;

/** The head's words, without a remark in brackets after them ("strong acids (memorize)", "Processing (Siril 1.2 + GIMP)"). */
function core(text: string): string {
  // (A longer remark names something, with a capital or a figure, or says what the part is, "deletion (the annoying one)"; "tent (borrow from mike)" is an item's own words.)
  // (A head shouted in capitals keeps its capitals without its "!!": "НЕ ЗАБУТИ!!".)
  return text.replace(/\s*[(（]([^()（）]{1,30})[)）]$/u, (all, inner: string) => (/^\S{1,12}$/u.test(inner) || /[\p{Lu}\d\p{Extended_Pictographic}]/u.test(inner) || DESCRIBED.test(inner) ? '' : all)).replace(/(?<=\p{Lu})!{1,3}$/u, '');
}

function headShaped(line: NoteLine | undefined, overBlock = false): line is NoteLine {
  if (!line || line.indent > 0) return false;
  const t = core(line.text);
  const words = t.split(/\s+/).filter(Boolean);
  const unspaced = UNSPACED.test(t);
  const letters = t.replace(/[^\p{L}]/gu, '').length;
  if (t.length > (unspaced ? MAX_UNSPACED_CHARS : MAX_CHARS) || words.length > MAX_WORDS || !WORDS_ONLY.test(t) || letters < (unspaced ? 2 : 3)) return false;
  // A word that carries a sentence on opens no head, unless a table or a list follows ("where we're staying", "to do"): no sentence goes on into one.
  if (NOT_A_HEAD.test(t) || (NOT_A_HEAD.test(words[0] ?? '') && !overBlock && /^\p{Ll}/u.test(t)) || isOpening(t)) return false;
  return markOf(line).mark === null;
}

/** What follows the line at the top of segment k: the segment's other lines, or the next segment when it stands alone. */
function followers(segments: SegmentLines[], k: number, plain: boolean): NoteLine[] | 'block' | null {
  const s = segments[k];
  if (s?.kind !== 'lines') return null;
  if (s.lines.length > 1) return s.lines.slice(1);
  const next = segments[k + 1];
  if (!next) return null;
  if (next.kind === 'lines') return next.lines;
  // A table, code or a display under the line. (A reader with markup may have split one paragraph
  // around a display: "Text \[ x^2 \] after." has no head; a table, a fence or a list stands apart.)
  const first = next.blocks[0]?.kind;
  return plain || first === 'table' || first === 'code' || first === 'list' ? 'block' : null;
}

/**
 * The segments whose first line heads them. `strong`: the line stands out from what follows it
 * (lines twice as long on average, and MIN_FOLLOWING characters at least); `weak`: one or two words over
 * lines of their own. Weak heads count only beside a strong one.
 */
export function sectionHeads(segments: SegmentLines[], plain: boolean): Set<number> {
  const strong: number[] = [];
  const weak: Array<{ k: number; lines: number }> = [];
  segments.forEach((s, k) => {
    if (s.kind !== 'lines') return;
    const after = followers(segments, k, plain);
    const rowOrItem = (l: NoteLine) => markOf(l).mark !== null || /^\|.*\|$/.test(l.text.trim()) || l.text.includes('\t');
    const overBlock = after === 'block' || (Array.isArray(after) && after.length > 0 && after.every(rowOrItem));
    if (!headShaped(s.lines[0], overBlock)) return;
    const head = s.lines[0] as NoteLine;
    // A line of code alone over code ("import random" / the program) is its first line, no head.
    const next = segments[k + 1];
    if (after === null || (s.lines.length === 1 && next?.kind === 'block' && next.blocks[0]?.kind === 'code' && isCodeLike(head.text))) return;
    // Over a table, code, a display, or rows and items of its own: it heads them.
    if (after === 'block' || overBlock) {
      strong.push(k);
      return;
    }
    const lengths = after.slice(0, 6).map((l) => width(l.text));
    if (lengths.length === 0) return;
    const first = after[0] as NoteLine;
    // "First line of a sentence" over "that goes on …": one sentence begun on one line and carried
    // on (a name of two words over its text, "Calvin cycle" / "happens in the stroma", is a head).
    if (/^\p{Lu}/u.test(head.text) && /^\p{Ll}/u.test(first.text) && (head.text.split(/\s+/).length > 2 || s.lines.length < 3)) return;
    if (first.indent > 0 && s.lines.length > 1) {
      strong.push(k);
      return;
    }
    const headWidth = width(core(head.text));
    if (mean(lengths) >= Math.max(MIN_FOLLOWING, 2 * headWidth) && (lengths[0] ?? 0) > headWidth) strong.push(k);
    else if (s.lines.length >= 2 && core(head.text).split(/\s+/).length <= 2) weak.push({ k, lines: s.lines.length });
  });
  // Beside one clear head, a block of two lines and more; beside two, a block of a head and one line ("次回" / "2月13日").
  const kept = weak.filter((w) => w.lines > 2 || strong.length >= 2).map((w) => w.k);
  return strong.length > 0 ? new Set([...strong, ...kept]) : new Set();
}
