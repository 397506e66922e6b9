// Writing systems: which script a character belongs to, how many letters of each script a note
// has, and which fonts and direction each script needs under XeLaTeX. The generator uses this to
// pick the document's language and main font and to wrap runs of other scripts in font switches.
// Scripts that are only ever runs in a Latin main font (Tamil, Khmer, Ethiopic, …): other-scripts.ts.
import type { FontGaps } from './font-gaps.js';
import {
  OTHER_SCRIPTS,
  otherScriptCode,
  otherScriptFont,
  otherScriptIsRtl,
  otherScriptMono,
  otherScriptOf,
  type OtherScript,
} from './other-scripts.js';

export type Script =
  | 'latin'
  | 'greek'
  | 'cyrillic'
  | 'armenian'
  | 'hebrew'
  | 'arabic'
  | 'devanagari'
  | 'bengali'
  | 'thai'
  | 'georgian'
  | 'cjk'
  | 'hangul'
  | 'emoji'
  | OtherScript;

/** Scripts whose runs get a font of their own (CJK goes through xeCJK, emoji through \lgemoji). */
export type RunScript = 'latin' | 'armenian' | 'hebrew' | 'arabic' | 'devanagari' | 'bengali' | 'thai' | 'georgian' | OtherScript;

/** The script of one code point, or null for characters every script shares (digits, punctuation, spaces, symbols). */
export function scriptOf(cp: number): Script | null {
  if (cp < 0x80) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) ? 'latin' : null;
  if (cp < 0x370) {
    if (cp === 0xd7 || cp === 0xf7) return null;
    return cp >= 0xc0 || cp === 0xaa || cp === 0xba ? 'latin' : null;
  }
  if (cp <= 0x3ff) return 'greek';
  if (cp <= 0x52f) return 'cyrillic';
  if (cp <= 0x58f) return cp >= 0x531 ? 'armenian' : 'cyrillic';
  if (cp <= 0x5ff) return 'hebrew';
  if (cp <= 0x6ff || (cp >= 0x750 && cp <= 0x77f) || (cp >= 0x8a0 && cp <= 0x8ff)) return 'arabic';
  if (cp >= 0x900 && cp <= 0x97f) return 'devanagari';
  if (cp >= 0x980 && cp <= 0x9ff) return 'bengali';
  if (cp >= 0xe00 && cp <= 0xe7f) return 'thai';
  const other = otherScriptOf(cp);
  if (other) return other;
  if ((cp >= 0x10a0 && cp <= 0x10ff) || (cp >= 0x1c90 && cp <= 0x1cbf) || (cp >= 0x2d00 && cp <= 0x2d2f)) return 'georgian';
  if (cp >= 0x1100 && cp <= 0x11ff) return 'hangul';
  if (cp >= 0x1c80 && cp <= 0x1c8f) return 'cyrillic';
  if (cp >= 0x1e00 && cp <= 0x1eff) return 'latin';
  if (cp >= 0x1f00 && cp <= 0x1fff) return 'greek';
  if (cp < 0x2e80) {
    if (cp >= 0x2de0 && cp <= 0x2dff) return 'cyrillic';
    return isEmoji(cp) ? 'emoji' : null;
  }
  if (cp >= 0x3130 && cp <= 0x318f) return 'hangul';
  if (cp <= 0x9fff) return cp >= 0x3000 && cp <= 0x303f ? null : 'cjk';
  if (cp >= 0xa640 && cp <= 0xa69f) return 'cyrillic';
  if (cp >= 0xa8e0 && cp <= 0xa8ff) return 'devanagari';
  if ((cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xac00 && cp <= 0xd7ff)) return 'hangul';
  if (cp >= 0xf900 && cp <= 0xfaff) return 'cjk';
  if (cp >= 0xfb13 && cp <= 0xfb17) return 'armenian';
  if (cp >= 0xfb1d && cp <= 0xfb4f) return 'hebrew';
  if ((cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) return 'arabic';
  if (cp >= 0xff66 && cp <= 0xff9f) return 'cjk';
  if (cp >= 0x20000 && cp <= 0x3134f) return 'cjk';
  return isEmoji(cp) ? 'emoji' : null;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

/** Pictographs drawn as emoji (not the arrows and math signs that share the property). */
export function isEmoji(cp: number): boolean {
  if (cp < 0x2300) return false;
  if (cp >= 0x1f000) return cp <= 0x1faff;
  return PICTOGRAPHIC.test(String.fromCodePoint(cp));
}

export type ScriptCounts = Record<Script, number>;

const COUNTED_SCRIPTS: readonly Script[] = [
  'latin', 'greek', 'cyrillic', 'armenian', 'hebrew', 'arabic', 'devanagari', 'bengali', 'thai', 'georgian', 'cjk', 'hangul', 'emoji',
  ...OTHER_SCRIPTS,
];

function emptyCounts(): ScriptCounts {
  const counts = {} as ScriptCounts;
  for (const script of COUNTED_SCRIPTS) counts[script] = 0;
  return counts;
}

/** What ends a web address in running text. */
const URL_END: ReadonlySet<string> = new Set([' ', '\t', '\n', '\r', ')', ']', '>', '"', "'"]);

/** Letters per script in one pass (this runs on every generate, so no regular expressions per character). */
export function countScripts(text: string): ScriptCounts {
  const counts = emptyCounts();
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 0x80) {
      // A web address's letters are no words of the note: a short Hebrew note with one link was
      // counted as Latin and set left to right.
      if (cp === 104 && (text.startsWith('http://', i) || text.startsWith('https://', i))) {
        while (i + 1 < text.length && !URL_END.has(text[i + 1] as string)) i++;
        continue;
      }
      if ((cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122)) counts.latin++;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      cp = text.codePointAt(i) ?? cp;
      i++;
    }
    const script = scriptOf(cp);
    if (script) counts[script]++;
  }
  return counts;
}

export type Direction = 'ltr' | 'rtl';

const OTHER_SCRIPT_SET: ReadonlySet<Script> = new Set(OTHER_SCRIPTS);

/** Each of the other scripts with a value of its own (their fonts, macro names). */
function forOtherScripts<T>(value: (script: OtherScript) => T): Record<OtherScript, T> {
  return Object.fromEntries(OTHER_SCRIPTS.map((script) => [script, value(script)])) as Record<OtherScript, T>;
}

/** What escapeText needs to wrap runs of other scripts (XeLaTeX documents only). */
export interface TextScripts {
  /** Scripts the main font covers. */
  mainCovers: ReadonlySet<Script>;
  /** What the main fonts (serif, sans and typewriter) lack: text outside runs is set in them. */
  mainGaps: FontGaps;
  direction: Direction;
  /** Latin letters the main font lacks (Vietnamese or IPA under Amiri): a run with one is set in the Latin font. */
  mainLacksLatin?: (ch: string) => boolean;
  /**
   * false when the note has no CJK or Hangul letters: xeCJK is then inactive, and CJK punctuation
   * and full-width forms (「」、。（）＃) go to \\lgcjk, since the main fonts have none of them.
   */
  cjk?: boolean;
}

export function directionOf(script: Script): Direction {
  if (script === 'arabic' || script === 'hebrew') return 'rtl';
  return OTHER_SCRIPT_SET.has(script) && otherScriptIsRtl(script as OtherScript) ? 'rtl' : 'ltr';
}

export interface FontFace {
  /** Font file names, found by kpathsea through OSFONTDIR (no fontconfig in the sandbox). */
  regular: string;
  bold: string;
  /** Without an italic cut the upright one is slanted. */
  italic?: string;
  boldItalic?: string;
  /** OpenType script tag for shaping (XeTeX's `script=`). */
  otScript?: string;
  /** Scripts this font has letters for (besides digits and ASCII punctuation, which every main font has). */
  covers: readonly Script[];
  /** For a font with only some Latin letters: those it has beyond ASCII (one character each). */
  someLatin?: RegExp;
}

/** Amiri's Latin letters beyond ASCII (fc-query): Latin-1, Extended-A and transliteration's dotted letters, no Vietnamese or IPA. */
const AMIRI_LATIN = /^[\u00a0-\u017f\u01e6\u01e7\u0237\u1e02\u1e03\u1e0a-\u1e11\u1e1e\u1e1f\u1e24\u1e25\u1e28-\u1e2b\u1e40\u1e41\u1e56\u1e57\u1e60-\u1e63\u1e6a-\u1e6f\u1e80-\u1e85\u1e92\u1e93\u1e96\u1e97\u1ef2\u1ef3]$/;

const CMU: FontFace = {
  regular: 'cmunrm.ttf',
  bold: 'cmunbx.ttf',
  italic: 'cmunti.ttf',
  boldItalic: 'cmunbi.ttf',
  covers: ['latin', 'greek', 'cyrillic'],
};

/** Computer Modern Unicode's sans and typewriter families (slides, code). */
export const CMU_SANS: FontFace = { regular: 'cmunss.ttf', bold: 'cmunsx.ttf', italic: 'cmunsi.ttf', boldItalic: 'cmunso.ttf', covers: CMU.covers };
export const CMU_MONO: FontFace = { regular: 'cmuntt.ttf', bold: 'cmuntb.ttf', italic: 'cmunit.ttf', boldItalic: 'cmuntx.ttf', covers: CMU.covers };

/**
 * One font per script. Where a script is a document's main script its font is also the main
 * font, so it must have digits and ASCII punctuation too (babel's dates and captions use them):
 * Noto Hebrew, Thai, Georgian and Armenian have none, hence FreeSerif, Norasi and DejaVu Serif.
 */
export const SCRIPT_FONTS: Record<RunScript, FontFace> = {
  latin: CMU,
  arabic: { regular: 'Amiri-Regular.ttf', bold: 'Amiri-Bold.ttf', italic: 'Amiri-Slanted.ttf', boldItalic: 'Amiri-BoldSlanted.ttf', otScript: 'arab', covers: ['arabic', 'latin'], someLatin: AMIRI_LATIN },
  hebrew: { regular: 'FreeSerif.otf', bold: 'FreeSerifBold.otf', italic: 'FreeSerifItalic.otf', boldItalic: 'FreeSerifBoldItalic.otf', otScript: 'hebr', covers: ['hebrew', 'latin', 'greek', 'cyrillic'] },
  devanagari: { regular: 'NotoSerifDevanagari-Regular.ttf', bold: 'NotoSerifDevanagari-Bold.ttf', otScript: 'dev2', covers: ['devanagari'] },
  bengali: { regular: 'NotoSerifBengali-Regular.ttf', bold: 'NotoSerifBengali-Bold.ttf', otScript: 'bng2', covers: ['bengali'] },
  thai: { regular: 'Norasi.otf', bold: 'Norasi-Bold.otf', italic: 'Norasi-Italic.otf', boldItalic: 'Norasi-BoldItalic.otf', otScript: 'thai', covers: ['thai', 'latin'] },
  georgian: { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf', italic: 'DejaVuSerif-Italic.ttf', boldItalic: 'DejaVuSerif-BoldItalic.ttf', otScript: 'geor', covers: ['georgian', 'armenian', 'latin', 'greek', 'cyrillic'] },
  armenian: { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf', italic: 'DejaVuSerif-Italic.ttf', boldItalic: 'DejaVuSerif-BoldItalic.ttf', otScript: 'armn', covers: ['armenian', 'georgian', 'latin', 'greek', 'cyrillic'] },
  ...forOtherScripts(otherScriptFont),
};

/**
 * The typewriter face of each script, for code in that script: a monospaced font where Debian has
 * one with the script's letters (DejaVu Sans Mono for Arabic, Armenian and Georgian, FreeMono for
 * Hebrew, TlwgMono for Thai), else FreeSans (no monospaced font has Devanagari or Bengali; FreeSans
 * has them and the Latin letters and signs code needs).
 * Where a script is the main one its face is the document's \ttdefault, so it covers at least
 * what the script's main face covers. Italic cuts without the script's letters are left out (the
 * upright one is slanted).
 */
export const SCRIPT_MONO: Record<RunScript, FontFace> = {
  latin: CMU_MONO,
  arabic: { regular: 'DejaVuSansMono.ttf', bold: 'DejaVuSansMono-Bold.ttf', otScript: 'arab', covers: ['arabic', 'latin', 'greek', 'cyrillic'] },
  hebrew: { regular: 'FreeMono.otf', bold: 'FreeMonoBold.otf', otScript: 'hebr', covers: ['hebrew', 'latin', 'greek', 'cyrillic'] },
  devanagari: { regular: 'FreeSans.otf', bold: 'FreeSansBold.otf', otScript: 'dev2', covers: ['devanagari', 'latin', 'greek', 'cyrillic'] },
  // FreeSans Bold has no Bengali letters: bold code is the regular cut.
  bengali: { regular: 'FreeSans.otf', bold: 'FreeSans.otf', otScript: 'bng2', covers: ['bengali', 'latin', 'greek', 'cyrillic'] },
  thai: { regular: 'TlwgMono.otf', bold: 'TlwgMono-Bold.otf', italic: 'TlwgMono-Oblique.otf', boldItalic: 'TlwgMono-BoldOblique.otf', otScript: 'thai', covers: ['thai', 'latin'] },
  georgian: { regular: 'DejaVuSansMono.ttf', bold: 'DejaVuSansMono-Bold.ttf', italic: 'DejaVuSansMono-Oblique.ttf', boldItalic: 'DejaVuSansMono-BoldOblique.ttf', covers: ['georgian', 'armenian', 'latin', 'greek', 'cyrillic'] },
  armenian: { regular: 'DejaVuSansMono.ttf', bold: 'DejaVuSansMono-Bold.ttf', italic: 'DejaVuSansMono-Oblique.ttf', boldItalic: 'DejaVuSansMono-BoldOblique.ttf', covers: ['armenian', 'georgian', 'latin', 'greek', 'cyrillic'] },
  ...forOtherScripts(otherScriptMono),
};

/**
 * Where a symbol, punctuation mark or letterlike sign comes from when the current font lacks it
 * (\lgsym tries them in this order): Noto Serif first, whose four cuts match serif text and
 * which has the letterlike block and the text-critical marks (⸀ ⸂ ⸃), then DejaVu Sans,
 * FreeSerif and Symbola for what remains.
 */
export const SYMBOL_FONTS: readonly FontFace[] = [
  { regular: 'NotoSerif-Regular.ttf', bold: 'NotoSerif-Bold.ttf', italic: 'NotoSerif-Italic.ttf', boldItalic: 'NotoSerif-BoldItalic.ttf', covers: [] },
  { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf', boldItalic: 'DejaVuSans-BoldOblique.ttf', covers: [] },
  { regular: 'FreeSerif.otf', bold: 'FreeSerifBold.otf', italic: 'FreeSerifItalic.otf', boldItalic: 'FreeSerifBoldItalic.otf', covers: [] },
  { regular: 'Symbola_hint.ttf', bold: 'Symbola_hint.ttf', covers: [] },
];

/**
 * Monochrome emoji fonts, tried in order: Symbola has most emoji, Noto Sans Symbols2 the newer
 * coloured shapes (🟡 🟥 …) it lacks. An emoji neither has prints its name in brackets.
 */
export const EMOJI_FONTS = ['Symbola_hint.ttf', 'NotoSansSymbols2-Regular.ttf'] as const;

/** The LaTeX macro suffix of a run script (\lgArab, \lgHebr, …). */
export const RUN_MACRO: Record<RunScript, string> = {
  latin: 'Latn',
  arabic: 'Arab',
  hebrew: 'Hebr',
  devanagari: 'Deva',
  bengali: 'Beng',
  thai: 'Thai',
  georgian: 'Geor',
  armenian: 'Armn',
  ...forOtherScripts(otherScriptCode),
};

/** The font run a letter of this script needs when the main font lacks it (Greek and Cyrillic use CMU). */
export function runScriptOf(script: Script): RunScript | null {
  switch (script) {
    case 'greek':
    case 'cyrillic':
      return 'latin';
    case 'cjk':
    case 'hangul':
    case 'emoji':
      return null;
    default:
      return script;
  }
}
