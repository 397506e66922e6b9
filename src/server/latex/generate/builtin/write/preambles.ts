// The fixed, vetted preambles of the builtin generator: one per document type and TeX program.
// Every generated document starts with exactly one of these strings (everything before
// \begin{document}); per-document settings (title, language, macro definitions) come after
// \begin{document}. Keeping the preamble fixed lets the compile service precompile a TeX format
// for each one, which makes every compile markedly faster.
import type { DocumentType } from '../../../../../shared/document-types.js';
import { DOCUMENT_TYPES } from '../../../../../shared/document-types.js';
import { TEX_PROGRAMS, type TexProgram } from '../../../../../shared/tex-program.js';
import { CJK_PUNCTUATION_FACE, cjkFamiliesAhead, KOREAN_FACES } from './cjk-fonts.js';
import { CMU_SANS, EMOJI_FONT, RUN_MACRO, SCRIPT_FONTS, SCRIPT_MONO, SYMBOL_FONTS, type FontFace, type RunScript } from '../text/scripts.js';

export interface Preamble {
  id: string;
  documentType: DocumentType;
  program: TexProgram;
  preamble: string;
  /** TeX for the format's \everyjob: fonts a waiting XeLaTeX process loads before its document arrives. */
  warmUp?: string;
  /** TeX only a waiting XeLaTeX process runs: font families just some documents use. */
  whileWaiting?: string;
}

const CLASS_LINES: Record<DocumentType, string> = {
  article: '\\documentclass[11pt,a4paper]{article}',
  basic: '\\documentclass[11pt,a4paper]{article}',
  presentation: '\\documentclass[11pt,aspectratio=169]{beamer}',
  report: '\\documentclass[11pt,a4paper]{report}',
  letter: '\\documentclass[11pt,a4paper]{letter}',
  // oneside: no blank verso pages in a PDF that is read on screen.
  book: '\\documentclass[11pt,a4paper,oneside]{book}',
};

// Babel loads every language the product meets in Latin script; the document picks one with
// \selectlanguage after \begin{document}. shorthands=off: French and Spanish shorthands make
// characters such as : ; ! ? < > active, which can break ordinary text and tables.
const PDF_LANGUAGES = 'shorthands=off,ngerman,french,spanish,brazilian,english';

/** Languages XeLaTeX documents may select, as babel ini locales (captions, dates, hyphenation). */
const XE_LOCALES = [
  'ngerman', 'french', 'spanish', 'brazilian', 'vietnamese', 'greek', 'polytonicgreek', 'russian', 'ukrainian',
  'arabic', 'persian', 'urdu', 'hebrew', 'hindi', 'bengali', 'thai', 'georgian', 'armenian', 'chinese', 'japanese', 'korean',
];

/**
 * XeTeX's font name: the file (kpathsea finds it) and its features. tex-text turns ` ' -- into
 * typographic quotes and dashes (as pdfLaTeX's fonts do).
 */
function nativeFont(file: string, otScript: string | undefined, slant = false, texText = true): string {
  const features = [...(otScript ? [`script=${otScript}`] : []), ...(texText ? ['mapping=tex-text'] : []), ...(slant ? ['slant=0.2'] : [])];
  return `"[${file}]:${features.join(';')}"`;
}

/**
 * An NFSS family for a font face. Declarations load nothing: XeTeX opens the font file the first
 * time a document sets text in it, so the format can hold every script's family and a document
 * pays only for the fonts it uses (fontspec would open each font when it is declared).
 */
export function fontFamilyLines(family: string, face: FontFace, texText = true): string[] {
  const shape = (series: string, form: string, spec: string) => `\\DeclareFontShape{TU}{${family}}{${series}}{${form}}{<->${spec}}{}`;
  const ssub = (series: string, form: string, to: string) => `\\DeclareFontShape{TU}{${family}}{${series}}{${form}}{<->ssub*${family}/${to}}{}`;
  const font = (file: string, slant = false) => nativeFont(file, face.otScript, slant, texText);
  return [
    `\\DeclareFontFamily{TU}{${family}}{}`,
    shape('m', 'n', font(face.regular)),
    shape('bx', 'n', font(face.bold)),
    shape('m', 'it', face.italic ? font(face.italic) : font(face.regular, true)),
    shape('bx', 'it', face.boldItalic ? font(face.boldItalic) : font(face.bold, true)),
    ssub('b', 'n', 'bx/n'),
    ssub('b', 'it', 'bx/it'),
    ssub('m', 'sl', 'm/it'),
    ssub('bx', 'sl', 'bx/it'),
    ssub('m', 'sc', 'm/n'),
  ];
}

/** Symbol fallback families, tried in order by \\lgsym. */
const SYMBOL_FAMILIES = SYMBOL_FONTS.map((_, i) => `lgSym${String.fromCharCode(65 + i)}`);

/**
 * \\lgsym{c}: the character from the current font when it has a glyph for it, else from the first
 * symbol font that has one (the last one sets it regardless, so a glyph no font has is still
 * reported as missing). \\textbullet, used by list labels, goes the same way: the main fonts
 * of some scripts (Devanagari, Bengali) have no bullet. The symbol fonts set ASCII signs as they
 * are (no tex-text): " and ` in a Lao run stay straight, as \\textquotedbl and \\textasciigrave set them.
 */
function symbolFallbackLines(): string[] {
  // The test of a font, then what sets the character: #1 itself, or for \\lgsymc (\\ ^ ~, whose
  // control symbols are an accent or a line break) the character of that code.
  const fallback = (set: string, test = '#1') => {
    const has = `\\iffontchar\\font\`${test}\\relax${set}\\else`;
    const last = SYMBOL_FAMILIES.length - 1;
    const chain = SYMBOL_FAMILIES.reduceRight(
      (rest, family, i) => `\\fontfamily{${family}}\\selectfont${i === last ? set : `${has}${rest}\\fi`}`,
      '',
    );
    return `${has}{${chain}}\\fi`;
  };
  return [
    ...SYMBOL_FONTS.flatMap((face, i) => fontFamilyLines(SYMBOL_FAMILIES[i] ?? '', face, false)),
    `\\DeclareRobustCommand{\\lgsym}[1]{${fallback('#1')}}`,
    `\\DeclareRobustCommand{\\lgsymc}[1]{${fallback('\\char`#1\\relax')}}`,
    // \\lgmark{a}{<U+0310>}: a letter and a combining mark the current font lacks, both from the first
    // fallback font that has the mark (a mark set apart from its letter does not sit on it).
    `\\DeclareRobustCommand{\\lgmark}[2]{${fallback('#1#2', '#2')}}`,
    '\\UndeclareTextCommand{\\textbullet}{TU}',
    '\\DeclareTextCommand{\\textbullet}{TU}{\\lgsym{\u2022}}',
  ];
}

/**
 * The families of every script a run of text may switch to (a serif and a typewriter one each),
 * and of emoji. A run's font switch (\\lgfontArab, …) keeps to the typewriter family inside code.
 */
function runFontLines(): string[] {
  const lines: string[] = [
    '\\makeatletter',
    '\\newcommand{\\lgrunfont}[2]{\\edef\\lg@family{\\f@family}\\edef\\lg@tt{\\ttdefault}\\ifx\\lg@family\\lg@tt\\fontfamily{#2}\\else\\fontfamily{#1}\\fi\\selectfont}',
    '\\makeatother',
  ];
  for (const run of Object.keys(RUN_MACRO) as RunScript[]) {
    const family = `lg${RUN_MACRO[run]}`;
    if (run !== 'latin') lines.push(...fontFamilyLines(`${family}Mono`, SCRIPT_MONO[run]));
    lines.push(...fontFamilyLines(family, SCRIPT_FONTS[run]), `\\newcommand{\\lgfont${RUN_MACRO[run]}}{\\lgrunfont{${family}}{${family}Mono}}`);
  }
  lines.push(...symbolFallbackLines());
  lines.push(
    ...fontFamilyLines('lgEmoji', { regular: EMOJI_FONT, bold: EMOJI_FONT, covers: [] }),
    '\\newcommand{\\lgfontEmoji}{\\fontfamily{lgEmoji}\\selectfont}',
    // Computer Modern Unicode by default; documents in another script set \\rmdefault after \\endofdump.
    ...fontFamilyLines('lgLatnSans', CMU_SANS),
    ...fontFamilyLines('lgLatnMono', SCRIPT_MONO.latin),
    '\\renewcommand{\\rmdefault}{lgLatn}',
    '\\renewcommand{\\sfdefault}{lgLatnSans}',
    '\\renewcommand{\\ttdefault}{lgLatnMono}',
  );
  return lines;
}

function fontLines(program: TexProgram): string[] {
  if (program === 'pdflatex') {
    return [
      '\\usepackage[T1]{fontenc}',
      '\\usepackage[utf8]{inputenc}',
      '\\usepackage{lmodern}',
      '\\usepackage{textcomp}',
      `\\usepackage[${PDF_LANGUAGES}]{babel}`,
    ];
  }
  // XeLaTeX: everything up to \endofdump goes into the precompiled format (XeTeX cannot dump
  // loaded fonts), so fonts are chosen per document after it: see document-scripts.ts. Fonts are
  // named by file so that no fontconfig set-up is needed inside the compile sandbox (kpathsea
  // finds them through OSFONTDIR). no-math: formulas keep Computer Modern's TFM fonts.
  return [
    '\\usepackage[no-math]{fontspec}',
    '\\usepackage[bidi=default,shorthands=off,english]{babel}',
    ...XE_LOCALES.map((name) => `\\babelprovide[import]{${name}}`),
    '\\usepackage{xeCJK}',
  ];
}

/** XeLaTeX helpers: runs in another direction, run fonts, emoji from a monochrome font or by name. */
function xeHelperLines(): string[] {
  return [
    // Code in a right-to-left document: English, in the Latin typewriter font (the main script's
    // one lays out a lone bracket or < right to left, mirrored: print(i) came out print)i().
    '\\DeclareRobustCommand{\\lgLTR}[1]{\\foreignlanguage{english}{\\renewcommand{\\ttdefault}{lgLatnMono}#1}}',
    // In PDF bookmarks (section titles) a run is just its text.
    `\\pdfstringdefDisableCommands{\\def\\lgat#1#2{#2}${['LTR', 'sym', 'cjk', ...Object.values(RUN_MACRO)].map((m) => `\\def\\lg${m}#1{#1}`).join('')}\\def\\lgemoji#1#2{#1}\\def\\lgmark#1#2{#1#2}\\def\\lgkeycap#1{#1}}`,
    ...runFontLines(),
    ...fontFamilyLines('lgCJKp', CJK_PUNCTUATION_FACE),
    '\\DeclareRobustCommand{\\lgcjk}[1]{{\\fontfamily{lgCJKp}\\selectfont#1}}',
    // A word whose glyphs do not read back as its letters (Devanagari, Bengali) with the typed
    // text as its ActualText (UTF-16BE hex); boxed, so that it never breaks across lines or pages.
    '\\DeclareRobustCommand{\\lgat}[2]{\\leavevmode\\special{pdf:literal direct /Span<</ActualText<FEFF#1>>>BDC}\\hbox{#2}\\special{pdf:literal direct EMC}}',
    '\\DeclareRobustCommand{\\lgemoji}[2]{{\\lgfontEmoji\\iffontchar\\font`#1\\relax#1\\else\\normalfont{[#2]}\\fi}}',
    // A keycap (1️⃣, #️⃣): the key's sign under the emoji font's enclosing keycap.
    '\\DeclareRobustCommand{\\lgkeycap}[1]{{\\lgfontEmoji#1\u20e3}}',
    // The end of what the precompiled format holds; without a format it is \relax.
    '\\csname endofdump\\endcsname',
  ];
}

// Helpers the writers rely on. Named \lg… so they cannot clash with a user's macro names.
const HELPER_LINES = [
  // A framed box standing in for a figure or image: the user has no image file to include.
  '\\newcommand{\\lgplaceholder}[1]{\\fbox{\\begin{minipage}{0.8\\linewidth}\\centering\\vspace{1.5em}\\small\\itshape #1\\par\\vspace{1.5em}\\end{minipage}}}',
  // An image's name in a frame; a name too long for one line runs on as text in brackets (a
  // frame cannot break, and where the line starts is unknown, so no box width is safe). Before a
  // frame, a ragged break point: a line ending there may fall short without being overfull (two
  // badges in a row would otherwise run into the margin), and the two glues cancel when no break.
  '\\newsavebox{\\lgimagebox}',
  '\\newcommand{\\lgimage}[1]{\\sbox{\\lgimagebox}{\\small\\itshape #1}\\ifdim\\wd\\lgimagebox>\\dimexpr0.8\\linewidth\\relax{\\small\\itshape[#1]}\\else\\hskip0pt plus.5\\linewidth\\penalty0\\hskip0pt plus-.5\\linewidth\\relax\\fbox{\\usebox{\\lgimagebox}}\\fi}',
  '\\newcommand{\\lgtaskopen}{$\\square$}',
  '\\newcommand{\\lgtaskdone}{$\\boxtimes$}',
  // Struck-out text, word by word (text/struck.ts): a word in a box with a rule through it; a space
  // that draws the rule and goes at a line break; a break point between words of unspaced scripts.
  '\\newsavebox{\\lgsobox}',
  '\\DeclareRobustCommand{\\lgso}[1]{\\leavevmode\\sbox{\\lgsobox}{#1}\\hbox{\\rlap{\\rule[0.5ex]{\\wd\\lgsobox}{0.4pt}}\\usebox{\\lgsobox}}}',
  '\\DeclareRobustCommand{\\lgsosp}{\\leaders\\hrule height\\dimexpr0.5ex+0.4pt\\relax depth-0.5ex\\hskip\\fontdimen2\\font plus\\fontdimen3\\font minus\\fontdimen4\\font\\relax}',
  '\\DeclareRobustCommand{\\lgsobr}{\\leaders\\hrule height\\dimexpr0.5ex+0.4pt\\relax depth-0.5ex\\hskip0pt plus0.2em\\relax}',
  '\\pdfstringdefDisableCommands{\\def\\lgso#1{#1}\\def\\lgsosp{ }\\def\\lgsobr{}}',
  '\\newcommand{\\lgrule}{\\par\\noindent\\rule{\\linewidth}{0.4pt}\\par}',
  // KaTeX sets matrices of any width; amsmath stops past 10 columns ("Extra alignment tab").
  '\\setcounter{MaxMatrixCols}{40}',
  '\\newcommand{\\lgheading}[1]{\\par\\medskip\\noindent\\textbf{#1}\\par\\nopagebreak\\smallskip}',
  // A figure that is not a float (the way capt-of does it): a note may hold more figures in a
  // row than LaTeX's float queue takes, and a figure may sit inside a list.
  '\\makeatletter',
  '\\newenvironment{lgfigure}{\\par\\medskip\\begin{center}\\def\\@captype{figure}}{\\end{center}\\par\\medskip}',
  '\\makeatother',
  '\\newcommand{\\lgcaption}[1]{\\par\\caption{#1}}',
];

const LISTINGS_SETUP =
  '\\lstset{basicstyle=\\ttfamily\\small,columns=fullflexible,keepspaces=true,breaklines=true,' +
  'upquote=true,showstringspaces=false,tabsize=4,frame=single,framerule=0.3pt,' +
  'rulecolor=\\color{black!30},backgroundcolor=\\color{black!3},xleftmargin=0.3em,xrightmargin=0.3em,' +
  'aboveskip=0.8em,belowskip=0.8em}';

function packageLines(type: DocumentType, program: TexProgram): string[] {
  const beamer = type === 'presentation';
  const lines = [
    '\\usepackage{amsmath}',
    '\\usepackage{amssymb}',
    // Chemistry in notes: \\ce{H2O}, \\ce{2H2 + O2 -> 2H2O} (math/math.ts lets KaTeX check it).
    '\\usepackage[version=4]{mhchem}',
    '\\usepackage{array}',
    '\\usepackage{tabularx}',
    '\\usepackage{booktabs}',
    '\\usepackage{listings}',
  ];
  if (!beamer) {
    lines.push(
      '\\usepackage[margin=2.5cm]{geometry}',
      '\\usepackage{xcolor}',
      // Attached images (beamer loads graphicx itself).
      '\\usepackage{graphicx}',
      '\\usepackage{longtable}',
      '\\usepackage{enumitem}',
      // Under XeLaTeX microtype does only protrusion, with generic settings for these fonts, and it
      // set up every font as it loaded: about a fifth of a short XeLaTeX compile (scripts bench).
      ...(program === 'pdflatex' ? ['\\usepackage{microtype}'] : []),
      '\\usepackage{xurl}',
      '\\usepackage[hidelinks]{hyperref}',
      // PDF outlines in the same pass (hyperref alone writes them to main.out and asks for a rerun).
      '\\usepackage{bookmark}',
    );
  } else {
    lines.push('\\usepackage{xurl}', '\\usepackage{bookmark}');
  }
  return lines;
}

function layoutLines(type: DocumentType): string[] {
  const lines = [
    // Long words and URLs in notes: stretch lines rather than run into the margin.
    '\\setlength{\\emergencystretch}{3em}',
    // A line of URL or code pieces has little glue: accept a looser line before an overfull one.
    '\\tolerance=1000',
  ];
  if (type === 'presentation') {
    lines.push(
      '\\usetheme{default}',
      '\\usecolortheme{seahorse}',
      '\\setbeamertemplate{navigation symbols}{}',
      '\\setbeamertemplate{footline}[frame number]',
      // allowframebreaks is on every frame (the safety net): only a frame that really breaks says so.
      '\\setbeamertemplate{frametitle continuation}[from second]',
      '\\setbeamertemplate{itemize items}[circle]',
      '\\setbeamercolor{frametitle}{fg=blue!45!black}',
      '\\setbeamercolor{title}{fg=blue!45!black}',
      '\\setbeamerfont{frametitle}{series=\\bfseries}',
      '\\hypersetup{colorlinks=true,urlcolor=blue!50!black,linkcolor=blue!45!black}',
    );
  } else {
    lines.push(
      '\\setlist{itemsep=0.2em}',
      // Deeply nested markdown lists: allow up to nine levels instead of LaTeX's four.
      '\\setlistdepth{9}',
      '\\renewlist{itemize}{itemize}{9}',
      '\\setlist[itemize]{label=\\textbullet}',
      '\\renewlist{enumerate}{enumerate}{9}',
      '\\setlist[enumerate]{label=\\arabic*.}',
    );
  }
  if (type === 'basic' || type === 'letter') {
    lines.push('\\setlength{\\parskip}{0.6em}', '\\setlength{\\parindent}{0pt}');
  }
  return lines;
}

function buildPreamble(type: DocumentType, program: TexProgram): string {
  const lines: string[] = [];
  if (program === 'xelatex') {
    // XeTeX's hyperref driver writes PDF page labels one pass late, so they would cost a second
    // pass on every fresh compile; viewers then show plain page numbers instead of roman ones.
    lines.push('% !TEX program = xelatex', '\\PassOptionsToPackage{pdfpagelabels=false}{hyperref}');
  }
  lines.push(CLASS_LINES[type]);
  lines.push(...fontLines(program));
  lines.push(...packageLines(type, program));
  // mhchem's chemgreek picks its Greek mapping at \begin{document} (the one it would pick: fontspec's
  // under XeLaTeX): chosen here, the choice is in the precompiled format (≈ 15 ms a compile).
  lines.push(`\\selectchemgreekmapping{${program === 'xelatex' ? 'fontspec' : 'default'}}`);
  lines.push(LISTINGS_SETUP);
  lines.push(...layoutLines(type));
  lines.push(...HELPER_LINES);
  if (program === 'xelatex') lines.push(...xeHelperLines());
  return lines.join('\n') + '\n';
}

type FontLoad = readonly ['regular' | 'bold', string];

/**
 * `\font` loads of faces' cuts at sizes, as NFSS names them (XeTeX reuses a font loaded under the
 * same name and size), under commands `\<prefix>a`, `\<prefix>b`, … (two letters past 26).
 */
function fontLoads(prefix: string, faces: readonly FontFace[], loads: readonly FontLoad[]): string {
  const fonts = faces.flatMap((face) => loads.map(([cut, size]) => `${nativeFont(face[cut], face.otScript)} at ${size}pt`));
  const name = (i: number) => (fonts.length > 26 ? String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)) : String.fromCharCode(97 + i));
  return fonts.map((font, i) => `\\font\\${prefix}${name(i)}=${font}`).join('');
}

/**
 * The Latin text fonts nearly every XeLaTeX document of the type sets first (body, title, date,
 * headings; beamer's are sans): the first native font of a run also starts FreeType, fontconfig
 * and TECkit (≈ 14 ms a compile, done while a pre-started process waits; compile/warm-pool.ts).
 */
function warmUpFonts(type: DocumentType): string {
  const face = type === 'presentation' ? CMU_SANS : SCRIPT_FONTS.latin;
  return fontLoads('lgwarmup', [face], [['regular', '10.95'], ['regular', '12'], ['regular', '17.28'], ['bold', '14.4'], ['bold', '12']]);
}

/** The main fonts of the scripts a document can be set in besides Latin, and Korean's Nanum. */
const MAIN_SCRIPT_FACES: readonly FontFace[] = [
  ...(['arabic', 'hebrew', 'devanagari', 'bengali', 'thai', 'georgian'] as const).map((script) => SCRIPT_FONTS[script]),
  KOREAN_FACES.serif,
];

/**
 * Their body, title and heading fonts, loaded while a pre-started process waits (whileWaiting), as
 * warmUpFonts does for Latin: a Hebrew or Korean compile then finds its fonts open. Not in warmUp,
 * which cold passes run too. About 16 MB more per waiting process; slides set these scripts at
 * other sizes and get none.
 */
function scriptFontsAhead(type: DocumentType): string {
  if (type === 'presentation') return '';
  return fontLoads('lgscript', MAIN_SCRIPT_FACES, [['regular', '10.95'], ['regular', '17.28'], ['bold', '14.4'], ['bold', '12']]);
}

const PREAMBLES: Preamble[] = DOCUMENT_TYPES.flatMap((documentType) =>
  TEX_PROGRAMS.map((program) => ({
    id: `${documentType}-${program}`,
    documentType,
    program,
    preamble: buildPreamble(documentType, program),
    ...(program === 'xelatex' ? { warmUp: warmUpFonts(documentType), whileWaiting: `${cjkFamiliesAhead()}${scriptFontsAhead(documentType)}` } : {}),
  })),
);

/** Every fixed preamble the generator can emit (for precompiled formats in the compile service). */
export function listPreambles(): Preamble[] {
  return PREAMBLES.map((p) => ({ ...p }));
}

/** Class options a document may change: they sit in the class line, so they make a variant preamble. */
export interface ClassOptions {
  fontSize?: 10 | 11 | 12;
  paper?: 'a4' | 'letter';
}

const variants = new Map<string, Preamble>();

/**
 * The preamble for one document type and program; with class options that differ from the
 * fixed ones, a variant whose class line says so (built once, cached). Variants are not in
 * listPreambles(): the compile service has no precompiled format for them.
 */
export function requirePreamble(documentType: DocumentType, program: TexProgram, options: ClassOptions = {}): Preamble {
  const found = PREAMBLES.find((p) => p.documentType === documentType && p.program === program);
  if (!found) throw new Error(`No preamble for ${documentType}/${program}`);
  const size = options.fontSize ?? 11;
  // Beamer sets its own frame size: paper does not apply.
  const paper = documentType === 'presentation' ? 'a4' : (options.paper ?? 'a4');
  if (size === 11 && paper === 'a4') return found;
  const id = `${found.id}-${size}pt-${paper}`;
  let variant = variants.get(id);
  if (!variant) {
    const classLine = CLASS_LINES[documentType].replace('11pt', `${size}pt`).replace('a4paper', `${paper}paper`);
    variant = { ...found, id, preamble: found.preamble.replace(CLASS_LINES[documentType], classLine) };
    variants.set(id, variant);
  }
  return variant;
}
