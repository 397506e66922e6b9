// The CJK fonts of each language and the xeCJK lines that set them up, for a document's preamble
// and for the families a waiting XeLaTeX process creates ahead of a CJK document.
import type { FontFace } from '../text/scripts.js';

export type CjkLanguage = 'ja' | 'ko' | 'zh';

/**
 * CJK fonts per language, by family name where fontconfig knows them: Chinese in Fandol (it ships
 * with TeX Live and is what ctex sets up on Overleaf; named by file, as ctex does, since Debian's
 * fontconfig does not list TeX Live's fonts), Japanese in IPAex (TeX Live's ipaex), Korean in Nanum.
 * Noto CJK stands in for any character the language's font lacks (it covers all of CJK), loaded
 * only if one occurs. `bold: null`: no bold cut, xeCJK emboldens the regular one.
 */
interface CjkFonts {
  serif: CjkFace;
  sans: CjkFace;
  mono: CjkFace;
  /** Noto CJK's family for the language. */
  noto: string;
  /**
   * Fonts tried for Han characters before Noto, when the language's own fonts have none (Nanum has
   * no Hanja): TrueType, so a few characters do not cost Noto's 65 535-glyph table (≈ 17 ms).
   */
  hanFirst?: { serif: string; sans: string };
}

interface CjkFace {
  /** A family name, or a file name (with its extension). */
  font: string;
  bold?: string | null;
}

export const CJK_FONTS: Record<CjkLanguage, CjkFonts> = {
  ja: { serif: { font: 'IPAexMincho', bold: null }, sans: { font: 'IPAexGothic', bold: null }, mono: { font: 'IPAexGothic' }, noto: 'JP' },
  ko: {
    serif: { font: 'NanumMyeongjo' },
    sans: { font: 'NanumGothic' },
    mono: { font: 'NanumGothicCoding' },
    noto: 'KR',
    // Hanja take traditional forms: AR PL UMing's Taiwan face, WenQuanYi Micro Hei for sans.
    hanFirst: { serif: 'AR PL UMing TW', sans: 'WenQuanYi Micro Hei' },
  },
  zh: {
    serif: { font: 'FandolSong-Regular.otf', bold: 'FandolSong-Bold.otf' },
    sans: { font: 'FandolHei-Regular.otf', bold: 'FandolHei-Bold.otf' },
    mono: { font: 'FandolFang-Regular.otf' },
    noto: 'SC',
  },
};

/**
 * A Korean document's serif and sans faces (Nanum): its main fonts, which set its Hangul (not
 * xeCJK). Its code keeps Computer Modern's typewriter face.
 */
export const KOREAN_FACES: Readonly<Record<'serif' | 'sans' | 'mono', FontFace>> = {
  serif: { regular: 'NanumMyeongjo.ttf', bold: 'NanumMyeongjoBold.ttf', covers: [] },
  sans: { regular: 'NanumGothic.ttf', bold: 'NanumGothicBold.ttf', covers: [] },
  // Code keeps its Korean comments and strings: Hangul is set by the main fonts, not xeCJK's.
  mono: { regular: 'NanumGothicCoding.ttf', bold: 'NanumGothicCodingBold.ttf', covers: [] },
};

/** CJK punctuation and full-width forms in a note without CJK letters (\\lgcjk): Fandol Song's. */
export const CJK_PUNCTUATION_FONT = 'FandolSong-Regular.otf';

const CJK_LANGUAGES = Object.keys(CJK_FONTS) as CjkLanguage[];

/** A face as xeCJK's font commands take it: `{font}[options]`. */
function faceSpec(face: CjkFace): string {
  return `{${face.font}}${face.bold ? `[BoldFont=${face.bold}]` : ''}`;
}

// Fake bold applies to families declared after it.
const FAKE_BOLD = 'AutoFakeBold=2';

/**
 * xeCJK's set-up for a language's fonts. Each family falls back to Noto CJK (it covers all of
 * CJK), after the language's `hanFirst` font when it has one: xeCJK tries a list in order.
 */
export function cjkFontLines(language: CjkLanguage): string[] {
  const fonts = CJK_FONTS[language];
  const fallback = (first: string | undefined, noto: string) => (first ? `{{${first}},{${noto}}}` : `{${noto}}`);
  const serif = fallback(fonts.hanFirst?.serif, `Noto Serif CJK ${fonts.noto}`);
  const sans = fallback(fonts.hanFirst?.sans, `Noto Sans CJK ${fonts.noto}`);
  return [
    `\\xeCJKsetup{AutoFallBack=true,${FAKE_BOLD}}`,
    `\\setCJKmainfont${faceSpec(fonts.serif)}`,
    `\\setCJKsansfont${faceSpec(fonts.sans)}`,
    `\\setCJKmonofont${faceSpec(fonts.mono)}`,
    `\\setCJKfallbackfamilyfont{\\CJKrmdefault}${serif}`,
    `\\setCJKfallbackfamilyfont{\\CJKsfdefault}${sans}`,
    `\\setCJKfallbackfamilyfont{\\CJKttdefault}${sans}`,
  ];
}

/**
 * The main CJK family of every language, created with exactly the font and features the document
 * will ask for: fontspec then reuses the family instead of examining the font (≈ 7 ms each). A
 * waiting process runs this (PreambleSpec.whileWaiting); a font that is not installed is skipped,
 * and the fake-bold setting is put back.
 */
export function cjkFamiliesAhead(): string {
  const families = CJK_LANGUAGES.map((language, i) => {
    const { serif } = CJK_FONTS[language];
    const name = `lgahead${String.fromCharCode(97 + i)}`;
    return `\\IfFontExistsTF{${serif.font}}{\\setCJKfamilyfont{${name}}${faceSpec(serif)}\\CJKfamily{${name}}}{}`;
  });
  return `{\\xeCJKsetup{${FAKE_BOLD}}${families.join('')}\\xeCJKsetup{AutoFakeBold=false}}`;
}
