// Text escaping: every character of the user's text becomes LaTeX that typesets exactly that
// character (or the closest glyph), for the chosen engine. Nothing the user types can become a
// TeX command. Also decides which engine a note needs.
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { emojiName } from './emoji-names.js';
import { fontGaps, type FontGaps } from './font-gaps.js';
import { REORDERED_OTHER } from './other-scripts.js';
import { directionOf, isEmoji, RUN_MACRO, runScriptOf, SCRIPT_FONTS, SCRIPT_MONO, scriptOf, type RunScript, type TextScripts } from './scripts.js';
import { isStruck, struckText } from './struck.js';
import { COMBINING_ACCENTS, isGreekLetter, isInvisible, textFormOf } from './unicode-map.js';

export const ASCII_SPECIALS: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '#': '\\#',
  $: '\\$',
  '%': '\\%',
  '&': '\\&',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '"': '\\textquotedbl{}',
  // Brackets are braced so that they can never be read as an optional argument (after \\ or \item).
  '[': '{[}',
  ']': '{]}',
  '`': '\\textasciigrave{}',
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what must be replaced
const NEEDS_WORK = /[\\{}#$%&_^~<>|"[\]`\u0080-\u{10ffff}\t\r\f\v\u0000-\u0008\u000e-\u001f\u007f]/u;
const LETTER = /\p{L}/u;
/** Text forms that only name the character's own glyph (\textbullet{}, \guillemotleft{}, ``): under
 * XeLaTeX the character itself is set, through \lgsym, so that a font without it is not used. */
const GLYPH_NAME = /^(?:\\[A-Za-z]+\{\}|``|''|`|'|--|---)$/;
const EMOJI = /\p{Extended_Pictographic}/u;

// The document being written: which scripts its main font covers and its direction. Set by the
// generator around one synchronous write (generate() never yields), read by escapeText.
let activeScripts: TextScripts | null = null;

/** Runs `fn` with XeLaTeX text runs of other scripts wrapped for this document. */
export function withTextScripts<T>(scripts: TextScripts | null, fn: () => T): T {
  const previous = activeScripts;
  activeScripts = scripts;
  try {
    return fn();
  } finally {
    activeScripts = previous;
  }
}

/** An emoji as a glyph of the emoji font, or its name where the font has none. */
function emojiForm(ch: string, engine: TexProgram): string {
  const name = escapeText(emojiName(ch), 'pdflatex');
  return engine === 'xelatex' ? `\\lgemoji{${ch}}{${name}}` : `{[${name}]}`;
}

/** Latin letters and signs pdflatex sets directly with T1 + utf8 inputenc. */
function pdflatexDirect(cp: number): boolean {
  return (cp >= 0xa1 && cp <= 0xff) || (cp >= 0x100 && cp <= 0x17f);
}

/** A Latin letter with diacritics outside Latin-1/Extended-A, as text accents, e.g. ạ → \d{a}. */
function accentForm(ch: string): string | undefined {
  const parts = [...ch.normalize('NFD')];
  const base = parts[0];
  if (!base || parts.length < 2 || !/^[A-Za-z]$/.test(base)) return undefined;
  let out = base === 'i' ? '\\i{}' : base === 'j' ? '\\j{}' : base;
  for (const mark of parts.slice(1)) {
    const cmd = COMBINING_ACCENTS[mark];
    if (!cmd) return undefined;
    out = `\\${cmd}{${out}}`;
  }
  return out;
}

/**
 * The glyphs a text form takes from the current font: \textsuperscript{2} the 2, \textdegree{}C the
 * ° and the C; none for math and spaces.
 */
function formGlyphs(form: string): string {
  if (form.startsWith('\\ensuremath')) return '';
  return form
    .replace(/\\textdegree\{\}/g, '°')
    .replace(/\\text(?:super|sub)script\{(.*?)\}/g, '$1')
    .replace(/\\[,-]|[~ ]/g, '');
}

/** Whether fonts with these gaps miss a glyph of a text form (its Latin letters need fonts with Latin letters). */
function lacksGlyphs(form: string, gaps: FontGaps): boolean {
  for (const glyph of formGlyphs(form)) if (/[A-Za-z]/.test(glyph) ? !gaps.latinLetters : gaps.lacks.has(glyph)) return true;
  return false;
}

/**
 * An ASCII sign the current fonts lack, through \lgsym: as itself or as its control symbol (\%),
 * since \lgsym tests one character code. TeX's tex-text mapping sets ' as ’, so that is the glyph
 * needed. \ ^ ~ go through \lgsymc, which sets the character of the code (their control symbols
 * are a line break and accents). Undefined where the fonts have it.
 */
function asciiGapForm(ch: string, gaps: FontGaps): string | undefined {
  if (ch === "'") return gaps.lacks.has('’') ? '\\lgsym{’}' : undefined;
  if (!gaps.lacks.has(ch)) return undefined;
  if ('\\^~'.includes(ch)) return `\\lgsymc{\\${ch}}`;
  return `\\lgsym{${'#$%&_{}'.includes(ch) ? '\\' : ''}${ch}}`;
}

function fallbackSymbol(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return `{\\small[U+${cp.toString(16).toUpperCase().padStart(4, '0')}]}`;
}

/** Escapes one non-ASCII or special character for text mode, in fonts with these gaps where known. */
function escapeChar(ch: string, engine: TexProgram, gaps?: FontGaps): string {
  const special = ASCII_SPECIALS[ch];
  if (special !== undefined) return special;
  const cp = ch.codePointAt(0) ?? 0;
  // A tab in a line sets its parts apart ("Data Analyst, Leeds<TAB>Sep 2022 - present"): a wide space.
  if (cp < 0x20 || cp === 0x7f) return ch === '\t' ? '\\quad{}' : ch === '\n' ? '\n' : ' ';
  if (isInvisible(ch)) return '';
  const mapped = textFormOf(ch);
  if (engine === 'xelatex') {
    // Letters of a script are set by that script's fonts; everything else (symbols, punctuation,
    // letterlike signs such as ℱ) by its LaTeX form, or by \lgsym, which takes the glyph from a
    // symbol font when the current font has none.
    // Spacing modifier letters (ʿ ʾ ˈ of transliterations) are missing from some faces (an italic):
    // \\lgsym takes them from the current font when it has them, else from a fallback.
    if (cp >= 0x2b0 && cp <= 0x2ff) return `\\lgsym{${ch}}`;
    if (scriptOf(cp) !== null || /\p{M}/u.test(ch)) return isEmoji(cp) ? emojiForm(ch, engine) : ch;
    // CJK punctuation and full-width forms: xeCJK sets them from the CJK font, or, in a note
    // without CJK letters (xeCJK inactive), \lgcjk does.
    if ((cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xfe10 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xffef)) {
      return activeScripts?.cjk === false ? `\\lgcjk{${mapped ?? ch}}` : (mapped ?? ch);
    }
    // A form the fonts cannot set (\textsuperscript{2} in fonts without digits) goes to \lgsym as
    // the character itself too.
    if (mapped !== undefined && !GLYPH_NAME.test(mapped) && !(gaps && lacksGlyphs(mapped, gaps))) return mapped;
    return `\\lgsym{${ch}}`;
  }
  if (mapped !== undefined) return mapped;
  // Direction marks and embeddings (an author's U+200E to stop a site from reading `{{<`): a
  // left-to-right document has no direction to mark, and they have no width.
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return '';
  if (pdflatexDirect(cp)) return ch;
  if (isGreekLetter(ch)) return textFormOf(ch) ?? fallbackSymbol(ch);
  const accented = accentForm(ch);
  if (accented !== undefined) return accented;
  if (/\p{M}/u.test(ch)) return '';
  if (EMOJI.test(ch)) return emojiForm(ch, engine);
  if (/\p{Zs}/u.test(ch)) return ' ';
  return fallbackSymbol(ch);
}

/** Scripts in which the zero-width (non-)joiner changes how letters join (Persian می‌خواهم). */
const JOINING: ReadonlySet<string | null> = new Set(['arabic', 'devanagari', 'bengali', ...REORDERED_OTHER]);

/**
 * Scripts whose shaped glyphs do not read back as the letters typed: a vowel sign drawn before its
 * consonant, conjuncts and reph (Devanagari, Bengali). Their words carry the typed text as the
 * PDF's ActualText, so that copying from the PDF, searching it and screen readers get the words.
 */
const REORDERED: ReadonlySet<string | null> = new Set(['devanagari', 'bengali', ...REORDERED_OTHER]);

/** UTF-16BE hex digits of a string (a PDF text string after its FEFF byte order mark). */
function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return hex;
}

/** Words of the scripts above wrapped in \lgat{ActualText}{word}; everything else as it is. */
function escapeWithActualText(value: string, gaps: FontGaps | undefined): string {
  let out = '';
  let word = '';
  let start = 0;
  const flush = (end: number) => {
    out += `\\lgat{${utf16Hex(word)}}{${escapeChars(word, 'xelatex', gaps)}}`;
    word = '';
    start = end;
  };
  let i = 0;
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    const inWord = REORDERED.has(scriptOf(cp)) || (word !== '' && (cp === 0x200c || cp === 0x200d || /\p{M}/u.test(ch)));
    if (inWord) {
      if (!word) {
        out += escapeChars(value.slice(start, i), 'xelatex', gaps);
        start = i;
      }
      word += ch;
    } else if (word) flush(i);
    i += ch.length;
  }
  if (word) flush(i);
  return out + escapeChars(value.slice(start), 'xelatex', gaps);
}

function hasReordered(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // Devanagari to Sinhala, and the Devanagari extension.
    if ((c >= 0x900 && c <= 0xdff) || (c >= 0xa8e0 && c <= 0xa8ff)) return true;
  }
  return false;
}

/** Escapes text set in fonts with these gaps (undefined where the fonts are not known). */
function escapePiece(value: string, engine: TexProgram, gaps?: FontGaps): string {
  if (isStruck()) return struckText(value, (word) => escapeWord(word, engine, gaps));
  return escapeWord(value, engine, gaps);
}

function escapeWord(value: string, engine: TexProgram, gaps?: FontGaps): string {
  if (engine === 'xelatex' && hasReordered(value)) return escapeWithActualText(value, gaps);
  return escapeChars(value, engine, gaps);
}

/** A keycap emoji: a digit, # or * and the enclosing keycap (the variation selector often dropped). */
const KEYCAP = /([0-9#*])\uFE0F?\u20E3/g;

/**
 * Combining marks every text font here sets on its letter (Computer Modern Unicode's roman and
 * italic both have them: the accents of European languages, Cyrillic stress). Others go through
 * \\lgmark with their letter, which takes both from a fallback font when the current one lacks the mark.
 */
const COMMON_MARK_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x300, 0x30c], [0x30f, 0x30f], [0x311, 0x311], [0x313, 0x317], [0x323, 0x328], [0x32c, 0x332], [0x334, 0x335], [0x337, 0x338],
];
const DIACRITIC_RANGES: ReadonlyArray<readonly [number, number]> = [[0x300, 0x36f], [0x1ab0, 0x1aff], [0x1dc0, 0x1dff], [0x20d0, 0x20ff], [0xfe20, 0xfe2f]];
const inRanges = (cp: number, ranges: ReadonlyArray<readonly [number, number]>): boolean => ranges.some(([a, b]) => cp >= a && cp <= b);
const MARKED_SCRIPTS: ReadonlySet<string | null> = new Set(['latin', 'greek', 'cyrillic']);

function escapeChars(value: string, engine: TexProgram, gaps?: FontGaps): string {
  if (engine === 'xelatex' && value.includes('\u20E3')) {
    // Keycaps from the emoji font, as one sign (the keycap alone is a mark no text font has).
    let out = '';
    let from = 0;
    for (const m of value.matchAll(KEYCAP)) {
      const key = m[1] === '#' ? '\\#' : (m[1] ?? '');
      out += `${escapeChars(value.slice(from, m.index), engine, gaps)}\\lgkeycap{${key}}`;
      from = m.index + m[0].length;
    }
    if (from > 0) return out + escapeChars(value.slice(from), engine, gaps);
  }
  // What is written, and the last character's LaTeX apart from it (a combining mark after a
  // letter set as itself takes that letter into \lgmark). Only ever appended to: slicing the
  // string being built would flatten it once per character.
  let out = '';
  let last = '';
  let previous: string | null = null;
  // The last character when it is set as itself.
  let lastPlain: string | null = null;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    const gap = gaps && code < 0x7f ? asciiGapForm(ch, gaps) : undefined;
    if (engine === 'xelatex' && lastPlain !== null && inRanges(ch.codePointAt(0) ?? 0, DIACRITIC_RANGES) && !inRanges(ch.codePointAt(0) ?? 0, COMMON_MARK_RANGES) && MARKED_SCRIPTS.has(scriptOf(lastPlain.codePointAt(0) ?? 0))) {
      last = `\\lgmark{${lastPlain}}{${ch}}`;
      lastPlain = null;
      continue;
    }
    let piece: string;
    if (gap !== undefined) piece = gap;
    else if (code >= 0x20 && code < 0x7f && ASCII_SPECIALS[ch] === undefined) piece = ch;
    // A font without a glyph for the non-joiner (DejaVu Sans Mono) lets \lgsym take it from another,
    // which breaks the join just the same.
    else if ((code === 0x200c || code === 0x200d) && engine === 'xelatex' && JOINING.has(previous)) piece = code === 0x200c ? `\\lgsym{${ch}}` : ch;
    else piece = escapeChar(ch, engine, gaps);
    out += last;
    last = piece;
    if (code !== 0x200c && code !== 0x200d) previous = scriptOf(ch.codePointAt(0) ?? 0);
    lastPlain = piece === ch && /\p{L}/u.test(ch) ? ch : null;
  }
  return out + last;
}

/**
 * The run a character belongs to in this document: the macro that sets it (\\lgArab for Arabic
 * letters under a Latin main font, \\lgLTR for Latin words in a right-to-left document), null
 * when the main font sets it as it is, undefined for characters every script shares.
 */
function runOf(cp: number, scripts: TextScripts): string | null | undefined {
  const script = scriptOf(cp);
  if (script === null || script === 'emoji') return undefined;
  if (!scripts.mainCovers.has(script)) {
    const run = runScriptOf(script);
    if (run) return `lg${RUN_MACRO[run]}`;
  }
  return scripts.direction === 'rtl' && directionOf(script) === 'ltr' ? 'lgLTR' : null;
}

/** What the Latin typewriter font of code in a right-to-left document lacks. */
const LATIN_MONO_GAPS = fontGaps([SCRIPT_MONO.latin]);

/** What the fonts of each run (its serif and its typewriter face) lack, by run macro. */
const RUN_GAPS: ReadonlyMap<string, FontGaps> = new Map(
  (Object.keys(RUN_MACRO) as RunScript[]).map((run) => [`lg${RUN_MACRO[run]}`, fontGaps([SCRIPT_FONTS[run], SCRIPT_MONO[run]])]),
);

const CLOSERS = new Map([[')', '('], [']', '['], ['}', '{']]);

function opensMore(text: string, closer: string): boolean {
  const opener = CLOSERS.get(closer) ?? '';
  let depth = 0;
  for (const ch of text) {
    if (ch === opener) depth++;
    else if (ch === closer) depth--;
  }
  return depth > 0;
}

function lacksAny(text: string, lacks: (ch: string) => boolean): boolean {
  for (const ch of text) if (scriptOf(ch.codePointAt(0) ?? 0) === 'latin' && lacks(ch)) return true;
  return false;
}

/** A space or an ASCII sign. */
const ASCII_NEUTRAL = /^[ \n!-/:-@[-`{-~]$/;

/** Signs between the digits of one number (2.1, 1,000, 10:30, 2024-05, 3/4). */
const NUMBER_JOINERS = '.,:-/';

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** Where the number at the end of `text` starts (digits, the signs between them, a degree sign after them), else its length. */
function attachedNumberStart(text: string): number {
  let start = text.length;
  while (start > 0) {
    const ch = text[start - 1];
    if (isDigit(ch)) start--;
    else if (NUMBER_JOINERS.includes(ch ?? ' ') && isDigit(text[start - 2]) && start < text.length) start--;
    // A degree sign between the figure and its unit's letter (25°C): one quantity.
    else if (ch === '°' && start === text.length && isDigit(text[start - 2])) start--;
    else break;
  }
  return start;
}

/**
 * Wraps runs of letters the main font lacks (or that run against the paragraph direction). Neutral
 * characters between two letters of a run are set in the run; those its fonts lack (a period in
 * Lao), like those the main font lacks outside runs (@ in Hindi), go through \lgsym.
 */
function escapeRuns(value: string, scripts: TextScripts): string {
  let out = '';
  let run: string | null = null;
  let text = '';
  let pending = '';
  // Whether `pending` holds only spaces and ASCII signs: kept as it grows, never rescanned.
  let pendingAscii = true;
  const clearPending = () => {
    pending = '';
    pendingAscii = true;
  };
  const close = () => {
    // A Latin run with a letter the main font lacks (Vietnamese under Amiri) is set in the Latin font.
    const macro = run === 'lgLTR' && scripts.mainLacksLatin && lacksAny(text, scripts.mainLacksLatin) ? `lg${RUN_MACRO.latin}` : run;
    if (text) out += macro ? `\\${macro}{${escapePiece(text, 'xelatex', RUN_GAPS.get(macro) ?? scripts.mainGaps)}}` : escapePiece(text, 'xelatex', scripts.mainGaps);
    text = '';
  };
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    // Combining marks and joiners belong to the letter before them.
    const kind = cp >= 0x80 && (/\p{M}/u.test(ch) || cp === 0x200c || cp === 0x200d) ? 'mark' : runOf(cp, scripts);
    if (kind === undefined || (kind === 'mark' && !text)) {
      // Digits after a Latin word in a right-to-left paragraph, with only spaces and ASCII signs
      // between, run left to right with it (CS1001, ex2.1, Python 3), as the bidi algorithm does.
      if (run === 'lgLTR' && text && isDigit(ch) && pendingAscii) {
        text += pending + ch;
        clearPending();
        continue;
      }
      pending += ch;
      pendingAscii &&= ASCII_NEUTRAL.test(ch);
      // A closing bracket whose opening one is in the run belongs to the run (bidi's paired brackets).
      if (run && CLOSERS.has(ch) && opensMore(text + pending.slice(0, -1), ch)) {
        text += pending;
        clearPending();
      }
      continue;
    }
    if (kind === 'mark' || kind === run) {
      text += pending + ch;
      clearPending();
      continue;
    }
    close();
    // …and so do digits joined to its start (2a, 3D).
    const lead = kind === 'lgLTR' ? pending.length - attachedNumberStart(pending) : 0;
    out += escapePiece(pending.slice(0, pending.length - lead), 'xelatex', scripts.mainGaps);
    run = kind;
    text = pending.slice(pending.length - lead) + ch;
    clearPending();
  }
  close();
  return out + escapePiece(pending, 'xelatex', scripts.mainGaps);
}

/**
 * Code in text: in a right-to-left document all of it runs left to right, in one \\lgLTR (its
 * Latin words are written as in a left-to-right document, not wrapped again).
 */
export function ltrCode(latex: () => string): string {
  if (activeScripts?.direction !== 'rtl') return latex();
  // \lgLTR sets the Latin typewriter font: right-to-left letters inside are runs of their own.
  const mainCovers = new Set([...activeScripts.mainCovers].filter((script) => directionOf(script) !== 'rtl'));
  const { mainLacksLatin: _font, ...scripts } = activeScripts;
  return `\\lgLTR{${withTextScripts({ ...scripts, direction: 'ltr', mainCovers, mainGaps: LATIN_MONO_GAPS }, latex)}}`;
}

/** Escapes user text for LaTeX text mode. */
export function escapeText(value: string, engine: TexProgram): string {
  return value.includes('--') ? keepOptions(escapeOnce(value, engine)) : escapeOnce(value, engine);
}

/** A command's long option in text ("--endpoint-url"): two hyphens, not TeX's en dash. */
function keepOptions(latex: string): string {
  return latex.replace(/(^|\s)--(?=[A-Za-z])/g, '$1-{}-');
}

function escapeOnce(value: string, engine: TexProgram): string {
  if (!NEEDS_WORK.test(value)) {
    // Plain ASCII needs wrapping only as Latin words inside a right-to-left document or under a
    // main font without Latin letters (Devanagari, Bengali): main fonts with Latin letters have
    // every ASCII sign (font-gaps.test.ts).
    if (engine !== 'xelatex' || !activeScripts || (activeScripts.direction === 'ltr' && activeScripts.mainCovers.has('latin'))) {
      return isStruck() ? struckText(value, (word) => word) : value;
    }
  }
  const text = value.normalize('NFC');
  return noSpanishLigature(engine !== 'xelatex' ? escapePiece(text, engine) : keepCjkSpaces(activeScripts ? escapeRuns(text, activeScripts) : escapePiece(text, engine)));
}

/** "Volk!“" in German: ! or ? before `` would be the ligature ¡ or ¿; an empty group keeps them apart. */
function noSpanishLigature(latex: string): string {
  return latex.includes('`') ? latex.replace(/([!?])`/g, '$1{}`') : latex;
}

/** xeCJK drops a space between Chinese or Japanese characters; one the writer typed is meant ("社会学部 3 年 佐藤美咲"): kept. */
const CJK_SPACE = /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]) +(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

function keepCjkSpaces(latex: string): string {
  return latex.includes(' ') ? latex.replace(CJK_SPACE, '\\ ') : latex;
}

/** Escapes text for a URL argument of \url/\href (hyperref reads it almost verbatim). */
export function escapeUrl(url: string): string {
  let out = '';
  for (const ch of url) {
    const cp = ch.codePointAt(0) ?? 0;
    // Percent-encoded bytes keep their % escaped: inside another command's argument (a footnote,
    // a list item) a bare % would start a comment and swallow the rest of the line.
    if (cp <= 0x20 || cp >= 0x7f || '\\{}^~'.includes(ch)) out += encodeURIComponent(ch).replaceAll('%', '\\%');
    else if ('#%&_$'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/**
 * Whether the text needs XeLaTeX: letters pdflatex cannot set (Cyrillic, CJK, Greek words,
 * other scripts). Isolated Greek letters are fine in pdflatex (as math symbols).
 */
export function needsXelatex(value: string): boolean {
  if (!/[\u0180-\u{10ffff}]/u.test(value)) return false;
  // Emoji are drawn from a monochrome OpenType font.
  if (/\p{Extended_Pictographic}/u.test(value) && [...value].some((ch) => isEmoji(ch.codePointAt(0) ?? 0))) return true;
  if (/[\u0370-\u03ff\u1f00-\u1fff]{3,}/u.test(value)) return true;
  for (const ch of value.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x180) continue;
    if (!LETTER.test(ch)) {
      // A sign pdfLaTeX has no form for (⎡ ⎤ of a matrix drawn in text, ⟦, ✓) would print as
      // [U+23A1]: XeLaTeX sets it from a font that has it.
      if (escapeChar(ch, 'pdflatex') === fallbackSymbol(ch)) return true;
      continue;
    }
    if (isGreekLetter(ch) || textFormOf(ch) !== undefined) continue;
    if (accentForm(ch) !== undefined) continue;
    return true;
  }
  return false;
}
