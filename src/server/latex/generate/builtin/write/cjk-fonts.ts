// The CJK fonts of each language and the xeCJK lines that set them up, for a document's preamble
// tail and for the families a waiting XeLaTeX process creates ahead of a CJK document.
import type { FontFace } from '../text/scripts.js';

export type CjkLanguage = 'ja' | 'ko' | 'zh';

/**
 * CJK fonts per language: TrueType fonts (IPAex, Nanum, AR PL UMing, WenQuanYi Micro Hei). Noto
 * CJK's collections share one CFF table of 65 535 glyphs, and reading it (XeTeX's metrics,
 * xdvipdfmx's subsetting) made a CJK compile 1.6–2× a Latin one; TrueType glyphs are read by
 * offset, so these cost about what a Latin font does. Noto CJK stays as xeCJK's fallback for
 * any character the language's font lacks (it covers all of CJK), loaded only if one occurs.
 * `bold: null`: no bold cut, xeCJK emboldens the regular one.
 */
interface CjkFonts {
  serif: CjkFace;
  sans: CjkFace;
  mono: CjkFace;
  /** The language's face in Noto's collections. */
  notoFace: number;
  /**
   * Fonts tried for Han characters before Noto, when the language's own fonts have none (Nanum has
   * no Hanja): TrueType, so a few characters do not cost Noto's 65 535-glyph table (≈ 17 ms).
   */
  hanFirst?: { serif: CjkFace; sans: CjkFace };
}

interface CjkFace {
  file: string;
  index: number;
  bold?: string | null;
}

export const CJK_FONTS: Record<CjkLanguage, CjkFonts> = {
  ja: { serif: { file: 'ipaexm.ttf', index: 0, bold: null }, sans: { file: 'ipaexg.ttf', index: 0, bold: null }, mono: { file: 'ipaexg.ttf', index: 0 }, notoFace: 0 },
  ko: {
    serif: { file: 'NanumMyeongjo.ttf', index: 0, bold: 'NanumMyeongjoBold.ttf' },
    sans: { file: 'NanumGothic.ttf', index: 0, bold: 'NanumGothicBold.ttf' },
    mono: { file: 'NanumGothicCoding.ttf', index: 0 },
    notoFace: 1,
    // Hanja take traditional forms: AR PL UMing's Taiwan face, WenQuanYi Micro Hei for sans.
    hanFirst: { serif: { file: 'uming.ttc', index: 2 }, sans: { file: 'wqy-microhei.ttc', index: 0 } },
  },
  zh: { serif: { file: 'uming.ttc', index: 0, bold: null }, sans: { file: 'wqy-microhei.ttc', index: 0, bold: null }, mono: { file: 'wqy-microhei.ttc', index: 1 }, notoFace: 2 },
};

/**
 * A Korean document's serif and sans faces (Nanum): its main fonts, which set its Hangul (not
 * xeCJK). Its code keeps Computer Modern's typewriter face.
 */
export const KOREAN_FACES: Readonly<Record<'serif' | 'sans', FontFace>> = {
  serif: { regular: CJK_FONTS.ko.serif.file, bold: CJK_FONTS.ko.serif.bold ?? CJK_FONTS.ko.serif.file, covers: [] },
  sans: { regular: CJK_FONTS.ko.sans.file, bold: CJK_FONTS.ko.sans.bold ?? CJK_FONTS.ko.sans.file, covers: [] },
};

/**
 * CJK punctuation and full-width forms in a note without CJK letters (xeCJK is inactive there and
 * the main fonts have none of them): AR PL UMing's, through \\lgcjk (text/escape.ts).
 */
export const CJK_PUNCTUATION_FACE: FontFace = { regular: CJK_FONTS.zh.serif.file, bold: CJK_FONTS.zh.serif.file, covers: [] };

const CJK_LANGUAGES = Object.keys(CJK_FONTS) as CjkLanguage[];

/** A face as xeCJK's font commands take it: `{file}[options]`. */
function faceSpec(face: CjkFace): string {
  const options = [`FontIndex=${face.index}`, ...(face.bold ? [`BoldFont=${face.bold}`, 'BoldFeatures={FontIndex=0}'] : [])];
  return `{${face.file}}[${options.join(',')}]`;
}

// Fake bold applies to families declared after it.
const FAKE_BOLD = 'AutoFakeBold=2';

/**
 * xeCJK's set-up for a language's fonts. Each family falls back to Noto CJK (it covers all of
 * CJK), after the language's `hanFirst` font when it has one: xeCJK tries a list in order.
 */
export function cjkFontLines(language: CjkLanguage): string[] {
  const fonts = CJK_FONTS[language];
  const fallback = (first: CjkFace | undefined, noto: string) =>
    first ? `{{[FontIndex=${first.index}]{${first.file}}},{[FontIndex=${fonts.notoFace}]{${noto}}}}` : `[FontIndex=${fonts.notoFace}]{${noto}}`;
  const serif = fallback(fonts.hanFirst?.serif, 'NotoSerifCJK-Regular.ttc');
  const sans = fallback(fonts.hanFirst?.sans, 'NotoSansCJK-Regular.ttc');
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
 * The main CJK family of every language, and Korean's serif Hanja fallback, created with exactly
 * the font and features the document will ask for: fontspec then reuses the family instead of
 * examining the font (≈ 7 ms each). A waiting process runs this (PreambleSpec.whileWaiting); a
 * font that is not installed is skipped, and the fake-bold setting is put back.
 */
export function cjkFamiliesAhead(): string {
  const faces = CJK_LANGUAGES.flatMap((language) => {
    const { serif, hanFirst } = CJK_FONTS[language];
    return hanFirst ? [serif, hanFirst.serif] : [serif];
  });
  const families = faces.map((face, i) => {
    const name = `lgahead${String.fromCharCode(97 + i)}`;
    return `\\IfFontExistsTF{${face.file}}{\\setCJKfamilyfont{${name}}${faceSpec(face)}\\CJKfamily{${name}}}{}`;
  });
  return `{\\xeCJKsetup{${FAKE_BOLD}}${families.join('')}\\xeCJKsetup{AutoFakeBold=false}}`;
}
