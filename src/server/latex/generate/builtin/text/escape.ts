// Text escaping: every character of the user's text becomes LaTeX that typesets exactly that
// character (or the closest glyph), for the chosen engine. Nothing the user types can become a
// TeX command. Also decides which engine a note needs.
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { COMBINING_ACCENTS, isGreekLetter, isInvisible, textFormOf } from './unicode-map.js';

const ASCII_SPECIALS: Record<string, string> = {
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
const EMOJI = /\p{Extended_Pictographic}/u;

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

function fallbackSymbol(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return `{\\small[U+${cp.toString(16).toUpperCase().padStart(4, '0')}]}`;
}

/** Escapes one non-ASCII or special character for text mode. */
function escapeChar(ch: string, engine: TexProgram): string {
  const special = ASCII_SPECIALS[ch];
  if (special !== undefined) return special;
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || cp === 0x7f) return ch === '\t' ? ' ' : ch === '\n' ? '\n' : ' ';
  if (isInvisible(ch)) return '';
  const mapped = textFormOf(ch);
  if (engine === 'xelatex') {
    // Greek and the other scripts are set by the fonts; only symbols go through the table.
    if (LETTER.test(ch) || /\p{M}|\p{N}/u.test(ch)) return ch;
    if (mapped !== undefined) return mapped;
    if (EMOJI.test(ch)) return '';
    if (/\p{P}|\p{Zs}/u.test(ch)) return ch;
    return fallbackSymbol(ch);
  }
  if (mapped !== undefined) return mapped;
  if (pdflatexDirect(cp)) return ch;
  if (isGreekLetter(ch)) return textFormOf(ch) ?? fallbackSymbol(ch);
  const accented = accentForm(ch);
  if (accented !== undefined) return accented;
  if (/\p{M}/u.test(ch)) return '';
  if (EMOJI.test(ch)) return '';
  if (/\p{Zs}/u.test(ch)) return ' ';
  return fallbackSymbol(ch);
}

/** Escapes user text for LaTeX text mode. */
export function escapeText(value: string, engine: TexProgram): string {
  if (!NEEDS_WORK.test(value)) return value;
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f && ASCII_SPECIALS[ch] === undefined) out += ch;
    else out += escapeChar(ch, engine);
  }
  return out;
}

/** Escapes text for a URL argument of \url/\href (hyperref reads it almost verbatim). */
export function escapeUrl(url: string): string {
  let out = '';
  for (const ch of url) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp <= 0x20 || cp >= 0x7f) out += encodeURIComponent(ch);
    else if ('\\{}^~'.includes(ch)) out += encodeURIComponent(ch);
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
  if (/[\u0370-\u03ff\u1f00-\u1fff]{3,}/u.test(value)) return true;
  for (const ch of value.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x180) continue;
    if (!LETTER.test(ch)) continue;
    if (isGreekLetter(ch) || textFormOf(ch) !== undefined) continue;
    if (accentForm(ch) !== undefined) continue;
    return true;
  }
  return false;
}
