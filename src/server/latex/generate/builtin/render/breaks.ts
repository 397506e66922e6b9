// Break points in long unbroken runs of text (URLs, paths, formulas written as text, hashes,
// table rules): after punctuation, and every few characters in a run that has none, so that
// nothing runs into the margin. Ordinary words are left alone (TeX hyphenates those), and so
// are runs in scripts whose line breaking the fonts handle (CJK, Thai).
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { escapeText, ltrCode } from '../text/escape.js';
import { UNSPACED_SCRIPTS } from '../text/struck.js';

/** Runs shorter than this are words. */
const LONG_RUN = 22;
const LONG_RUN_RE = /\S{22,}/g;
/** Pieces between punctuation longer than this are cut every CHUNK characters (words of
 * letters only when longer than LONG_WORD: TeX hyphenates those, and cutting would stop it).
 * Chunks are short because a line of them has no glue to stretch: the space a chunk leaves at a
 * line's end must stay within what \emergencystretch and \tolerance (preambles.ts) accept, or
 * TeX lets the line run into the margin instead. */
const LONG_PIECE = 12;
const LONG_WORD = 40;
const CHUNK = 8;
const BREAK_AFTER = new Set([...'/.-_=+|:,;&?)]}>!@#%*~\\']);
/** Characters that belong to the one before them (combining marks, joiners): never a chunk's first. */
const JOINS_PREVIOUS = /^[\p{M}\u200C\u200D]$/u;

/** The pieces of one run: split after punctuation, long pieces cut into chunks. */
function pieces(run: string, breakAfter: ReadonlySet<string> = BREAK_AFTER): string[] {
  const out: string[] = [];
  let piece = '';
  const chars = [...run];
  chars.forEach((ch, i) => {
    piece += ch;
    const next = chars[i + 1];
    if (next !== undefined && breakAfter.has(ch) && !breakAfter.has(next)) {
      out.push(piece);
      piece = '';
    }
  });
  out.push(piece);
  return out.flatMap((p) => {
    const n = [...p];
    // Letters with their combining marks (Tamil, Devanagari, accented Latin) are a word.
    if (n.length <= LONG_PIECE || (n.length <= LONG_WORD && /^[\p{L}\p{M}]+$/u.test(p))) return [p];
    const chunks: string[] = [];
    let start = 0;
    while (start < n.length) {
      let end = Math.min(start + CHUNK, n.length);
      // A mark or joiner stays with its letter: a chunk starting with one would set it alone.
      while (end < n.length && JOINS_PREVIOUS.test(n[end]!)) end++;
      chunks.push(n.slice(start, end).join(''));
      start = end;
    }
    return chunks;
  });
}

/** Escaped text with \allowbreak{} in its long runs. */
export function breakableText(text: string, program: TexProgram): string {
  if (text.length < LONG_RUN) return escapeText(text, program);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LONG_RUN_RE)) {
    const run = m[0];
    if (UNSPACED_SCRIPTS.test(run)) continue;
    out += escapeText(text.slice(last, m.index), program);
    out += longRun(run, program);
    last = m.index + run.length;
  }
  return out + escapeText(text.slice(last), program);
}

/** Right-to-left letters (Hebrew, Arabic and their presentation forms, Syriac, Thaana, N'Ko). */
export const RTL_LETTER = /[\u0590-\u07FF\u0860-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LATIN_LETTER = /[A-Za-z]/;

/**
 * A long run with break points. One without right-to-left letters (a web address, a path, a hash)
 * reads left to right as a whole, its brackets outside: inside a right-to-left paragraph each of its
 * words alone was put in right-to-left order (https://satr.codes/logo.svg read svg.logo/codes.satr//:https).
 */
function longRun(run: string, program: TexProgram): string {
  const broken = (s: string): string => pieces(s).map((piece) => escapeText(piece, program)).join('\\allowbreak{}');
  if (RTL_LETTER.test(run) || !LATIN_LETTER.test(run)) return broken(run);
  const lead = /^[([{"'«]*/.exec(run)?.[0] ?? '';
  const trail = /[)\]}"'».,;:!?]*$/.exec(run.slice(lead.length))?.[0] ?? '';
  const core = run.slice(lead.length, run.length - trail.length);
  if (core === '') return broken(run);
  return `${escapeText(lead, program)}${ltrCode(() => broken(core))}${escapeText(trail, program)}`;
}

const URL_BREAK_AFTER = new Set([...'/.-?&=_#~:']);

/** A URL shown as text: break points after its separators and in its long pieces. */
export function breakableUrl(url: string, program: TexProgram): string {
  // Left to right as a whole in a right-to-left paragraph (each of its words alone was reversed in
  // order: https://example.com read com.example//:https).
  return ltrCode(() => pieces(url, URL_BREAK_AFTER).map((piece) => escapeText(piece, program)).join('\\allowbreak{}'));
}

const CODE_BREAK_AFTER = new Set([...'/.-_']);

/**
 * Inline code as typewriter text: spaces kept (\ ), break points after / . - _ and in long
 * pieces (never verbatim: this is safe inside any argument).
 */
export function breakableCode(code: string, program: TexProgram): string {
  return code
    .split(' ')
    .map((word) =>
      pieces(word, CODE_BREAK_AFTER)
        // `--` stays two hyphens: typewriter fonts may join it into a dash.
        .map((piece) => escapeText(piece, program).replaceAll('--', '-{}-').replaceAll('--', '-{}-'))
        .join('\\allowbreak{}'),
    )
    .join('\\ ');
}
