// Short sentences on a slide are points: a paragraph of three to eight short sentences (two when both are fragments), or of short
// lines each starting like a sentence, becomes a bullet list, as a speaker would have written
// it. Wrapped prose (a line starting in lower case, or a long one) stays a paragraph. Every word
// is kept; only the paragraph's shape changes. One pass over each paragraph's text: linear.
import type { Block, Inline } from '../tree.js';
import { inlineText } from '../tree.js';

const MIN_ITEMS = 2;
const MAX_ITEMS = 8;
/** A point a reader takes in at a glance: at most this many words and characters. */
const MAX_WORDS = 12;
const MAX_CHARS = 90;
/** A fragment, not a sentence: this many words or fewer. */
const FRAGMENT_WORDS = 3;
/** Scripts written without spaces: words cannot be counted, so two sentences stay a statement. */
const UNSPACED_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

// Words after which a full stop does not end a sentence ("Dr. Smith", "e.g. this").
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sr', 'jr', 'vs', 'etc', 'e.g', 'i.e', 'fig', 'no', 'nr', 'ca', 'z.b', 'cf', 'approx', 'dept', 'inc', 'ltd', 'co']);
// Full stops of scripts written without spaces: a sentence ends right after them.
const CJK_STOPS = new Set(['。', '！', '？']);

/** Where sentences end in a text node: offsets just past each end (before the spaces). */
function sentenceEnds(value: string): Array<{ end: number; next: number }> {
  const out: Array<{ end: number; next: number }> = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    if (CJK_STOPS.has(c)) {
      let next = i + 1;
      while (value[next] === ' ') next++;
      if (next < value.length) out.push({ end: i + 1, next });
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?') continue;
    let next = i + 1;
    while (value[next] === ' ') next++;
    // A space, then a capital letter or a digit: the next sentence.
    if (next === i + 1 || next >= value.length || !/[\p{Lu}\p{N}"“«¿¡]/u.test(value[next] as string)) continue;
    if (c === '.' && isAbbreviation(value, i)) continue;
    out.push({ end: i + 1, next });
  }
  return out;
}

/** Whether the word before the full stop at `dot` is an abbreviation or an initial. */
function isAbbreviation(value: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && value[start - 1] !== ' ' && value[start - 1] !== '\n') start--;
  const word = value.slice(start, dot).toLowerCase();
  return word.length <= 1 || ABBREVIATIONS.has(word);
}

/** The paragraph cut at line ends (`lines`) or at sentence ends. */
function pieces(inlines: Inline[], lines: boolean): Inline[][] {
  const out: Inline[][] = [[]];
  const cut = (): void => {
    if ((out[out.length - 1] as Inline[]).length) out.push([]);
  };
  for (const node of inlines) {
    const current = (): Inline[] => out[out.length - 1] as Inline[];
    if (node.kind === 'break') {
      if (lines) cut();
      else current().push(node);
      continue;
    }
    if (node.kind !== 'text') {
      current().push(node);
      continue;
    }
    let from = 0;
    if (lines) {
      for (let nl = node.value.indexOf('\n'); nl >= 0; nl = node.value.indexOf('\n', from)) {
        if (nl > from) current().push({ kind: 'text', value: node.value.slice(from, nl) });
        cut();
        from = nl + 1;
      }
    } else {
      for (const { end, next } of sentenceEnds(node.value)) {
        current().push({ kind: 'text', value: node.value.slice(from, end) });
        cut();
        from = next;
      }
    }
    if (from < node.value.length) current().push({ kind: 'text', value: node.value.slice(from) });
  }
  return out.filter((p) => inlineText(p).trim() !== '').map(trimPiece);
}

/** Spaces at either end of a piece's text go (they would follow \item). */
function trimPiece(piece: Inline[]): Inline[] {
  const out = [...piece];
  const first = out[0];
  if (first?.kind === 'text') out[0] = { kind: 'text', value: first.value.trimStart() };
  const last = out[out.length - 1];
  if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', value: last.value.trimEnd() };
  return out;
}

/** Width in Latin characters: a Han, kana or Hangul character is as wide as two. */
function width(plain: string): number {
  let w = 0;
  for (const c of plain) w += /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(c) ? 2 : 1;
  return w;
}

function isShort(piece: Inline[]): boolean {
  const plain = inlineText(piece).trim();
  return plain.length <= MAX_CHARS && plain.split(/\s+/).length <= MAX_WORDS && width(plain) <= MAX_CHARS;
}

const firstChar = (piece: Inline[]): string => inlineText(piece).trimStart()[0] ?? '';
const lastChar = (piece: Inline[]): string => inlineText(piece).trimEnd().slice(-1);
const SENTENCE_END = new Set([...'.!?…。！？']);

/** A line cut off mid-sentence: it ends in a comma or dash, or in a short lower-case word ("a", "by", "und"). */
function endsMidSentence(line: Inline[]): boolean {
  const plain = inlineText(line).trimEnd();
  if (/[,;\-–]/.test(plain.slice(-1))) return true;
  const space = plain.lastIndexOf(' ');
  return /^\p{Ll}{1,3}$/u.test(plain.slice(space + 1));
}

/**
 * Whether lines are points rather than wrapped prose: every line a sentence (ending in a full
 * stop), or no line ending in one and every line starting with a capital letter, none cut off
 * mid-sentence (a list written without marks). Wrapped prose goes on in lower case or after a
 * formula, stops at "a" or "by", or ends its last line alone with a full stop; lines aligned
 * with runs of spaces are a drawing.
 */
function linesArePoints(lines: Inline[][]): boolean {
  // Columns lined up with runs of spaces: a diagram or a table drawn in text.
  if (lines.some((l) => inlineText(l).trim().includes('  '))) return false;
  if (lines.every((l) => SENTENCE_END.has(lastChar(l)))) return true;
  return lines.every((l) => !SENTENCE_END.has(lastChar(l)) && /\p{Lu}/u.test(firstChar(l)) && !endsMidSentence(l));
}

function hasLines(inlines: Inline[]): boolean {
  return inlines.some((n) => n.kind === 'break' || (n.kind === 'text' && n.value.includes('\n')));
}

/**
 * The paragraph as bullet points (after its lead line when that ends in a colon: "Three
 * reasons:"), or null when it reads as prose.
 */
export function asBullets(inlines: Inline[]): Block[] | null {
  const lines = hasLines(inlines);
  const parts = pieces(inlines, lines);
  const lead = parts.length > MIN_ITEMS && lastChar(parts[0] as Inline[]) === ':' ? parts.shift() : undefined;
  if (parts.length < MIN_ITEMS || parts.length > MAX_ITEMS || !parts.every(isShort)) return null;
  // Two sentences of prose are a statement ("Baikal is unique. We must protect it."); two fragments are points ("Fast. Safe.").
  if (!lines && parts.length === 2 && parts.some((p) => inlineText(p).trim().split(/\s+/).length > FRAGMENT_WORDS || UNSPACED_TEXT.test(inlineText(p)))) return null;
  // A paragraph ending in a colon introduces what follows it (a formula, a list): it stays whole.
  if (/[:：]/.test(lastChar(parts[parts.length - 1] as Inline[]))) return null;
  // A piece starting in lower case continues something: the paragraph is prose.
  if (parts.some((p) => /\p{Ll}/u.test(firstChar(p))) || (lines && !linesArePoints(parts))) return null;
  const list: Block = { kind: 'list', ordered: false, start: 1, items: parts.map((p) => ({ checked: null, blocks: [{ kind: 'paragraph', inlines: p }] })) };
  return lead ? [{ kind: 'paragraph', inlines: lead }, list] : [list];
}

/** The slide's blocks with paragraphs of short sentences as bullet lists (top level and <SLIDE> tags). */
export function bulletize(blocks: Block[]): Block[] {
  return blocks.flatMap((b) => {
    if (b.kind === 'paragraph') return asBullets(b.inlines) ?? [b];
    if (b.kind === 'slide') return [{ ...b, blocks: bulletize(b.blocks) }];
    return [b];
  });
}
