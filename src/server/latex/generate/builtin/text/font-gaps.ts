// Which neutral characters (ASCII signs and digits, common punctuation) each text font lacks: the
// fonts of many scripts (Noto Lao, Khmer, Ethiopic, …) have their own letters and few or none of
// these, so a period or a digit set in them prints as a blank. The escaper sets a neutral that the
// current fonts lack through \lgsym instead. Measured with fc-query over the installed files;
// font-gaps.test.ts checks the table against them, so it cannot drift from the fonts.
import type { FontFace } from './scripts.js';

/** ASCII's printable characters but the letters. */
const ASCII_SIGNS = '!"#$%&\'()*+,-./0123456789:;<=>?@[\\]^_`{|}~';

/**
 * The characters the table covers: ASCII signs and digits, and the punctuation and signs the
 * escaper sets as themselves (through \\lgsym, which needs no table for them). Spaces are left out
 * (XeTeX sets them as glue, not glyphs), and so are signs set in math (× · ≤).
 */
export const CHECKED_NEUTRALS = `${ASCII_SIGNS}¢£¤¥¦§©«®°¶»‒–—―‘’‚‛“”„‟†‡•‣…‰‹›€™▸►◦`;

/** Every checked character but these. */
function allBut(present: string): string {
  return [...CHECKED_NEUTRALS].filter((ch) => !present.includes(ch)).join('');
}

/** The Indic Noto fonts: their scripts' letters, ASCII but $ & @ `, and few other signs. */
const INDIC = '$&@`¢£¤¥¦§©«®°¶»‒―‚‛„‟†‡•‣‰‹›€™▸►◦';

const GROUPS: ReadonlyArray<readonly [lacks: string, files: readonly string[]]> = [
  ['', ['DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf', 'DejaVuSerif-Italic.ttf', 'DejaVuSerif-BoldItalic.ttf']],
  ['', ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSansMono-Oblique.ttf', 'DejaVuSansMono-BoldOblique.ttf']],
  ['', ['FreeSerif.otf', 'FreeMono.otf', 'FreeMonoBold.otf', 'FreeSans.otf']],
  ['▸►', ['FreeSerifBold.otf', 'FreeSerifItalic.otf', 'FreeSerifBoldItalic.otf', 'FreeSansBold.otf']],
  ['―‣▸►', ['cmunrm.ttf', 'cmunbx.ttf', 'cmunti.ttf', 'cmunbi.ttf', 'cmunss.ttf', 'cmunsx.ttf', 'cmunsi.ttf', 'cmunso.ttf']],
  ['―‣▸►', ['cmuntt.ttf', 'cmuntb.ttf', 'cmunit.ttf', 'cmuntx.ttf']],
  ['‣™▸►◦', ['Amiri-Regular.ttf', 'Amiri-Bold.ttf', 'Amiri-Slanted.ttf', 'Amiri-BoldSlanted.ttf']],
  ['‒―‛‟‣▸►◦', ['Norasi.otf', 'Norasi-Bold.otf', 'Norasi-Italic.otf', 'Norasi-BoldItalic.otf']],
  ['‒―‛‟‣‰‹›€▸►◦', ['TlwgMono.otf', 'TlwgMono-Bold.otf', 'TlwgMono-Oblique.otf', 'TlwgMono-BoldOblique.otf']],
  ['¢£¥¦‒‚„‣▸►', ['NanumMyeongjo.ttf', 'NanumMyeongjoBold.ttf']],
  ['¦‒‚„‣▸►', ['NanumGothic.ttf', 'NanumGothicBold.ttf']],
  ['¢£¥¦‒―‚„‣▸►', ['NanumGothicCoding.ttf', 'NanumGothicCodingBold.ttf']],
  [
    INDIC,
    [
      'NotoSerifDevanagari-Regular.ttf', 'NotoSerifDevanagari-Bold.ttf', 'NotoSerifBengali-Regular.ttf', 'NotoSerifBengali-Bold.ttf',
      'NotoSerifGujarati-Regular.ttf', 'NotoSerifGujarati-Bold.ttf', 'NotoSansGujarati-Regular.ttf', 'NotoSansGujarati-Bold.ttf',
      'NotoSerifGurmukhi-Regular.ttf', 'NotoSerifGurmukhi-Bold.ttf', 'NotoSansGurmukhi-Regular.ttf', 'NotoSansGurmukhi-Bold.ttf',
      'NotoSerifKannada-Regular.ttf', 'NotoSerifKannada-Bold.ttf', 'NotoSansKannada-Regular.ttf', 'NotoSansKannada-Bold.ttf',
      'NotoSerifMalayalam-Regular.ttf', 'NotoSerifMalayalam-Bold.ttf', 'NotoSansMalayalam-Regular.ttf', 'NotoSansMalayalam-Bold.ttf',
      'NotoSerifSinhala-Regular.ttf', 'NotoSerifSinhala-Bold.ttf', 'NotoSansSinhala-Regular.ttf', 'NotoSansSinhala-Bold.ttf',
      'NotoSerifTamil-Regular.ttf', 'NotoSerifTamil-Bold.ttf', 'NotoSansTamil-Regular.ttf', 'NotoSansTamil-Bold.ttf',
      'NotoSerifTelugu-Regular.ttf', 'NotoSerifTelugu-Bold.ttf', 'NotoSansTelugu-Regular.ttf', 'NotoSansTelugu-Bold.ttf',
    ],
  ],
  [`${INDIC}-`, ['NotoSansOriya-Regular.ttf', 'NotoSansOriya-Bold.ttf']],
  [allBut('!"\'(),-./:;?«»‘’“”…'), ['NotoSerifKhmer-Regular.ttf', 'NotoSerifKhmer-Bold.ttf', 'NotoSansKhmer-Regular.ttf', 'NotoSansKhmer-Bold.ttf']],
  [allBut('?‘’“”…'), ['NotoSerifMyanmar-Regular.ttf', 'NotoSerifMyanmar-Bold.ttf', 'NotoSansMyanmar-Regular.ttf', 'NotoSansMyanmar-Bold.ttf']],
  [allBut('-'), ['NotoSerifEthiopic-Regular.ttf', 'NotoSerifEthiopic-Bold.ttf', 'NotoSansEthiopic-Regular.ttf', 'NotoSansEthiopic-Bold.ttf']],
  [allBut('-|'), ['NotoSerifTibetan-Regular.ttf', 'NotoSerifTibetan-Bold.ttf']],
  [allBut('!"()-?–—“”'), ['NotoSansMongolian-Regular.ttf']],
  [allBut('!()*+-./:=[\\]«°»…'), ['NotoSansSyriac-Regular.ttf']],
  [allBut('!(),.:;‘’“”'), ['NotoSansThaana-Regular.ttf', 'NotoSansThaana-Bold.ttf']],
  [
    CHECKED_NEUTRALS,
    [
      'NotoSerifLao-Regular.ttf', 'NotoSerifLao-Bold.ttf', 'NotoSansLao-Regular.ttf', 'NotoSansLao-Bold.ttf',
      'NotoSansCherokee-Regular.ttf', 'NotoSansCherokee-Bold.ttf', 'NotoSansCanadianAboriginal-Regular.ttf', 'NotoSansCanadianAboriginal-Bold.ttf',
      'NotoSansOlChiki-Regular.ttf', 'NotoSansOlChiki-Bold.ttf', 'NotoSansJavanese-Regular.ttf', 'NotoSansJavanese-Bold.ttf',
      'NotoSansTifinagh-Regular.ttf', 'NotoSansNKo-Regular.ttf',
    ],
  ],
];

/** Font file name → the checked characters it has no glyph for. */
export const FONT_GAPS: ReadonlyMap<string, string> = new Map(GROUPS.flatMap(([lacks, files]) => files.map((file) => [file, lacks] as const)));

/** What a set of faces (a script's serif and typewriter one, every cut) cannot set. */
export interface FontGaps {
  /** Checked characters that one of the fonts has no glyph for. */
  lacks: ReadonlySet<string>;
  /** Whether every font has Latin letters, of which the escaper's text forms (No., \\textsuperscript{n}) are made. */
  latinLetters: boolean;
}

/** The font files of a face, each cut once. */
export function fontFiles(face: FontFace): string[] {
  return [...new Set([face.regular, face.bold, face.italic ?? face.regular, face.boldItalic ?? face.bold])];
}

export function fontGaps(faces: readonly FontFace[]): FontGaps {
  const lacks = new Set<string>();
  for (const file of faces.flatMap(fontFiles)) {
    const gaps = FONT_GAPS.get(file);
    if (gaps === undefined) throw new Error(`${file} is not in FONT_GAPS (font-gaps.ts): font-gaps.test.ts prints what it lacks`);
    for (const ch of gaps) lacks.add(ch);
  }
  return { lacks, latinLetters: faces.every((face) => face.covers.includes('latin')) };
}
