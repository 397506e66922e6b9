// Writing systems beyond the ones a document can be set in (scripts.ts): Tamil, Telugu, Sinhala,
// Khmer, Myanmar, Ethiopic, Syriac and others. Their letters are runs in a Noto font of their own
// (fonts-noto-core) inside a Latin main font, so that a note in any of them prints its words
// instead of empty boxes. Their fonts have no Latin letters and most lack digits and ASCII signs
// (checked with fc-query), which a main font needs for page numbers, captions and dates; so they
// never become the main font, and captions stay English.
import type { FontFace } from './scripts.js';

export type OtherScript =
  | 'tamil'
  | 'telugu'
  | 'kannada'
  | 'malayalam'
  | 'gujarati'
  | 'gurmukhi'
  | 'oriya'
  | 'sinhala'
  | 'khmer'
  | 'lao'
  | 'myanmar'
  | 'tibetan'
  | 'ethiopic'
  | 'syriac'
  | 'thaana'
  | 'nko'
  | 'mongolian'
  | 'cherokee'
  | 'canadian'
  | 'tifinagh'
  | 'olchiki'
  | 'javanese';

interface OtherScriptSpec {
  script: OtherScript;
  /** ISO 15924 code: the run macro's name (\\lgTaml). */
  code: string;
  /** Code point ranges, inclusive. */
  ranges: ReadonlyArray<readonly [number, number]>;
  /** Noto family name part; Serif is used where Debian has it, else Sans. */
  serif?: string;
  /** Absent where Noto has no sans face (Tibetan): code is then set in the serif one. */
  sans?: string;
  bold: boolean;
  /** Written right to left. */
  rtl?: boolean;
  /** No spaces between words: lines break where ICU finds word boundaries (the locale). */
  breakLocale?: string;
  /**
   * Vowel signs drawn before their consonant and conjuncts: the shaped glyphs do not read back as
   * the typed letters, so words carry them as ActualText (like Devanagari and Bengali).
   */
  reordered?: boolean;
}

const SPECS: readonly OtherScriptSpec[] = [
  { script: 'gurmukhi', code: 'Guru', ranges: [[0xa00, 0xa7f]], serif: 'Gurmukhi', sans: 'Gurmukhi', bold: true, reordered: true },
  { script: 'gujarati', code: 'Gujr', ranges: [[0xa80, 0xaff]], serif: 'Gujarati', sans: 'Gujarati', bold: true, reordered: true },
  { script: 'oriya', code: 'Orya', ranges: [[0xb00, 0xb7f]], sans: 'Oriya', bold: true, reordered: true },
  { script: 'tamil', code: 'Taml', ranges: [[0xb80, 0xbff], [0x11fc0, 0x11fff]], serif: 'Tamil', sans: 'Tamil', bold: true, reordered: true },
  { script: 'telugu', code: 'Telu', ranges: [[0xc00, 0xc7f]], serif: 'Telugu', sans: 'Telugu', bold: true, reordered: true },
  { script: 'kannada', code: 'Knda', ranges: [[0xc80, 0xcff]], serif: 'Kannada', sans: 'Kannada', bold: true, reordered: true },
  { script: 'malayalam', code: 'Mlym', ranges: [[0xd00, 0xd7f]], serif: 'Malayalam', sans: 'Malayalam', bold: true, reordered: true },
  { script: 'sinhala', code: 'Sinh', ranges: [[0xd80, 0xdff]], serif: 'Sinhala', sans: 'Sinhala', bold: true, reordered: true },
  { script: 'lao', code: 'Laoo', ranges: [[0xe80, 0xeff]], serif: 'Lao', sans: 'Lao', bold: true, breakLocale: 'lo' },
  { script: 'tibetan', code: 'Tibt', ranges: [[0xf00, 0xfff]], serif: 'Tibetan', bold: true },
  { script: 'myanmar', code: 'Mymr', ranges: [[0x1000, 0x109f], [0xa9e0, 0xa9ff], [0xaa60, 0xaa7f]], serif: 'Myanmar', sans: 'Myanmar', bold: true, breakLocale: 'my' },
  { script: 'ethiopic', code: 'Ethi', ranges: [[0x1200, 0x139f], [0x2d80, 0x2ddf], [0xab00, 0xab2f]], serif: 'Ethiopic', sans: 'Ethiopic', bold: true },
  { script: 'cherokee', code: 'Cher', ranges: [[0x13a0, 0x13ff], [0xab70, 0xabbf]], sans: 'Cherokee', bold: true },
  { script: 'canadian', code: 'Cans', ranges: [[0x1400, 0x167f], [0x18b0, 0x18ff]], sans: 'CanadianAboriginal', bold: true },
  { script: 'khmer', code: 'Khmr', ranges: [[0x1780, 0x17ff], [0x19e0, 0x19ff]], serif: 'Khmer', sans: 'Khmer', bold: true, breakLocale: 'km' },
  { script: 'mongolian', code: 'Mong', ranges: [[0x1800, 0x18af]], sans: 'Mongolian', bold: false },
  { script: 'olchiki', code: 'Olck', ranges: [[0x1c50, 0x1c7f]], sans: 'OlChiki', bold: true },
  { script: 'tifinagh', code: 'Tfng', ranges: [[0x2d30, 0x2d7f]], sans: 'Tifinagh', bold: false },
  { script: 'javanese', code: 'Java', ranges: [[0xa980, 0xa9df]], sans: 'Javanese', bold: true },
  { script: 'syriac', code: 'Syrc', ranges: [[0x700, 0x74f], [0x860, 0x86f]], sans: 'Syriac', bold: false, rtl: true },
  { script: 'thaana', code: 'Thaa', ranges: [[0x780, 0x7bf]], sans: 'Thaana', bold: true, rtl: true },
  { script: 'nko', code: 'Nkoo', ranges: [[0x7c0, 0x7ff]], sans: 'NKo', bold: false, rtl: true },
];

export const OTHER_SCRIPTS: readonly OtherScript[] = SPECS.map((s) => s.script);

const BY_SCRIPT = new Map(SPECS.map((s) => [s.script, s]));

function spec(script: OtherScript): OtherScriptSpec {
  const found = BY_SCRIPT.get(script);
  if (!found) throw new Error(`unknown script ${script}`);
  return found;
}

/** The lowest and highest code point any of these scripts has: most text is outside. */
const LOWEST = Math.min(...SPECS.flatMap((s) => s.ranges.map((r) => r[0])));
const HIGHEST = Math.max(...SPECS.flatMap((s) => s.ranges.map((r) => r[1])));

/** The script of a code point among these, or null. */
export function otherScriptOf(cp: number): OtherScript | null {
  if (cp < LOWEST || cp > HIGHEST) return null;
  for (const s of SPECS) for (const [lo, hi] of s.ranges) if (cp >= lo && cp <= hi) return s.script;
  return null;
}

export function isOtherScript(script: string): script is OtherScript {
  return BY_SCRIPT.has(script as OtherScript);
}

function face(family: string, bold: boolean, script: OtherScript): FontFace {
  const regular = `Noto${family}-Regular.ttf`;
  return { regular, bold: bold ? `Noto${family}-Bold.ttf` : regular, covers: [script] };
}

/** A Noto family name part, e.g. SansLao; every script has a serif or a sans face. */
function notoFamily(style: 'Serif' | 'Sans', name: string | undefined, script: OtherScript): string {
  if (!name) throw new Error(`no Noto ${style} face for ${script}`);
  return `${style}${name}`;
}

/** The serif face of a run (Noto Serif where Debian has it, else Noto Sans). */
export function otherScriptFont(script: OtherScript): FontFace {
  const s = spec(script);
  return face(s.serif ? `Serif${s.serif}` : notoFamily('Sans', s.sans, script), s.bold, script);
}

/** The face of a run inside code: Noto Sans (no monospaced font has these letters), else Noto Serif. */
export function otherScriptMono(script: OtherScript): FontFace {
  const s = spec(script);
  return face(s.sans ? `Sans${s.sans}` : notoFamily('Serif', s.serif, script), s.bold, script);
}

export function otherScriptCode(script: OtherScript): string {
  return spec(script).code;
}

export function otherScriptIsRtl(script: OtherScript): boolean {
  return spec(script).rtl === true;
}

export function otherScriptBreakLocale(script: OtherScript): string | undefined {
  return spec(script).breakLocale;
}

/** Scripts whose words carry their typed text as ActualText. */
export const REORDERED_OTHER: ReadonlySet<string> = new Set(SPECS.filter((s) => s.reordered).map((s) => s.script));
