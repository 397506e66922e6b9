// Fonts by family name, as a LaTeX user names them (\setmainfont{CMU Serif}): fontconfig finds
// them on a TeX Live machine with the usual fonts and on Overleaf. The font tables (scripts.ts,
// other-scripts.ts) name files; this turns a file into its family (checked against fc-match by
// font-names.test.ts), and an OpenType script tag into fontspec's Script= name.
import type { FontFace } from './scripts.js';

const FAMILIES: Readonly<Record<string, string>> = {
  'cmunrm.ttf': 'CMU Serif',
  'cmunss.ttf': 'CMU Sans Serif',
  'cmuntt.ttf': 'CMU Typewriter Text',
  'Amiri-Regular.ttf': 'Amiri',
  'FreeSerif.otf': 'FreeSerif',
  'FreeMono.otf': 'FreeMono',
  'FreeSans.otf': 'FreeSans',
  'Norasi.otf': 'Norasi',
  'TlwgMono.otf': 'Tlwg Mono',
  'DejaVuSerif.ttf': 'DejaVu Serif',
  'DejaVuSans.ttf': 'DejaVu Sans',
  'DejaVuSansMono.ttf': 'DejaVu Sans Mono',
  'Symbola_hint.ttf': 'Symbola',
  'NotoSansSymbols2-Regular.ttf': 'Noto Sans Symbols2',
  'NanumMyeongjo.ttf': 'NanumMyeongjo',
  'NanumGothic.ttf': 'NanumGothic',
  'NanumGothicCoding.ttf': 'NanumGothicCoding',
  'ipaexm.ttf': 'IPAexMincho',
  'ipaexg.ttf': 'IPAexGothic',
};

/** The fontconfig family of a regular font file, or null when it has none we know (then fonts go by file). */
export function familyOfFile(file: string): string | null {
  const known = FAMILIES[file];
  if (known) return known;
  // NotoSerifDevanagari-Regular.ttf → Noto Serif Devanagari (NKo keeps its capitals).
  const m = /^Noto(Serif|Sans)([A-Za-z]*)-Regular\.ttf$/.exec(file);
  if (!m) return null;
  const rest = (m[2] ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').replace('N Ko', 'NKo');
  return `Noto ${m[1]}${rest ? ` ${rest}` : ''}`;
}

/** fontspec's Script= name of an OpenType script tag (the tags the font tables use). */
const SCRIPT_NAMES: Readonly<Record<string, string>> = {
  arab: 'Arabic',
  hebr: 'Hebrew',
  dev2: 'Devanagari',
  bng2: 'Bengali',
  thai: 'Thai',
  geor: 'Georgian',
  armn: 'Armenian',
};

/**
 * A face as fontspec's font name and options: by family where fontconfig knows it (bold and italic
 * then come from the family), else by file with its cuts named. `ligatures`: ` ' -- as typographic
 * quotes and dashes (fontspec's default for the main and sans fonts, not for \\newfontfamily).
 */
export function fontspecFace(face: FontFace, { ligatures = false }: { ligatures?: boolean } = {}): string {
  const family = familyOfFile(face.regular);
  const options: string[] = [];
  if (face.otScript) options.push(`Script=${SCRIPT_NAMES[face.otScript] ?? face.otScript}`);
  if (ligatures) options.push('Ligatures=TeX');
  if (!family) {
    options.push(`BoldFont=${face.bold}`);
    if (face.italic) options.push(`ItalicFont=${face.italic}`);
    if (face.boldItalic) options.push(`BoldItalicFont=${face.boldItalic}`);
  }
  // No italic cut: the upright one slanted, as before.
  if (!face.italic) options.push('AutoFakeSlant=0.2');
  return `{${family ?? face.regular}}${options.length ? `[${options.join(',')}]` : ''}`;
}
