// The pieces a lean preamble is made of, in their one order: for each place ("slot"), what the
// precompiled format holds there (the superset every document of the type shares) and the text a
// document may show there. A document shows a package only when its body uses it, a helper only
// when its body calls it. How a compile with the format stands in for a shown text:
//  - 'format': the format holds the same text, so the compile skips it;
//  - 'emulated': the format holds more (babel with every language); `emulate` makes the difference
//    (the main language), run after the format;
//  - 'tail': run as written after the format (settings, and the fonts: XeTeX cannot keep loaded
//    fonts in a format).
// `absent` runs when a document shows no text of a slot whose format part it would otherwise get
// (undefining a package's commands), so a body edited to use what its preamble does not load fails
// here as it would anywhere else.
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { helperSlots } from './preamble-helpers.js';
import { lines, packageSlot, undefine, type Block, type Slot } from './slot.js';

/** Babel languages pdfLaTeX documents are set in besides English (babel's names). */
export const PDF_BABEL = ['ngerman', 'french', 'spanish', 'brazilian', 'italian', 'dutch', 'polish', 'turkish'] as const;

/** babel-french and babel-spanish change the layout when they are the main language: the same switches, after the format. */
const MAIN_LAYOUT: Readonly<Record<string, (beamer: boolean) => string>> = {
  french: (beamer) =>
    '\\csname FB@mainlanguage@FRtrue\\endcsname\\FBGlobalLayoutFrenchtrue' +
    (beamer ? '' : '\\FBStandardListSpacingfalse\\FBStandardItemizeEnvfalse\\FBStandardEnumerateEnvfalse\\FBStandardItemLabelsfalse') +
    '\\FBIndentFirsttrue\\FBFrenchFootnotestrue\\FBAutoSpaceFootnotestrue\\FBCustomiseFigTabCaptionstrue',
  spanish: () => '\\csname es@layoutspanish\\endcsname\\AtBeginDocument{\\layoutspanish}',
};

/**
 * Makes `name` babel's main language, as naming it last (or [main]) would have. The layout
 * switches belong to babel-french.ldf and babel-spanish.ldf (pdfLaTeX); XeLaTeX's ini locales
 * (\\babelprovide) change no layout and define none of them.
 */
function mainLanguage(name: string, beamer: boolean, program: TexProgram): string {
  const layout = program === 'pdflatex' ? (MAIN_LAYOUT[name]?.(beamer) ?? '') : '';
  return `\\csname main@language\\endcsname{${name}}${layout}`;
}

/** Languages XeLaTeX documents may name, as babel ini locales (captions, dates, hyphenation). */
export const XE_LOCALES = [
  'ngerman', 'french', 'spanish', 'brazilian', 'italian', 'dutch', 'polish', 'turkish', 'vietnamese', 'greek', 'polytonicgreek', 'russian', 'ukrainian',
  'arabic', 'persian', 'urdu', 'hebrew', 'hindi', 'bengali', 'thai', 'georgian', 'armenian', 'chinese', 'japanese', 'korean',
] as const;

function babelSlots(program: TexProgram, beamer: boolean): Slot[] {
  if (program === 'pdflatex') {
    // shorthands=off: French and Spanish shorthands make : ; ! ? < > active, which breaks ordinary
    // text and tables. English documents load no babel (LaTeX's own hyphenation and words are English).
    return [
      {
        format: lines(`\\usepackage[shorthands=off,${PDF_BABEL.join(',')},english]{babel}`),
        // English only where the body names a caption LaTeX's classes do not define (\\prefacename).
        variants: [...PDF_BABEL, 'english'].map((name) => ({
          id: `babel:${name}`,
          text: lines(`\\usepackage[shorthands=off,${name}]{babel}`),
          kind: 'emulated',
          emulate: mainLanguage(name, beamer, program),
        })),
      },
    ];
  }
  const emulated = (id: string, text: string, emulate = ''): Block => ({ id, text: lines(text), kind: 'emulated', emulate });
  return [
    {
      format: lines('\\usepackage[bidi=default,shorthands=off,english]{babel}', ...XE_LOCALES.map((name) => `\\babelprovide[import]{${name}}`)),
      variants: [
        emulated('babel', '\\usepackage[shorthands=off,english]{babel}'),
        emulated('babel:bidi', '\\usepackage[bidi=default,shorthands=off,english]{babel}'),
      ],
    },
    ...XE_LOCALES.map((name) => ({
      format: '',
      variants: [
        emulated(`babel-main:${name}`, `\\babelprovide[import,main]{${name}}`, mainLanguage(name, beamer, program)),
        emulated(`babel-lang:${name}`, `\\babelprovide[import]{${name}}`),
      ],
    })),
  ];
}

const LISTINGS_SETUP =
  '\\lstset{basicstyle=\\ttfamily\\small,columns=fullflexible,keepspaces=true,breaklines=true,' +
  'upquote=true,showstringspaces=false,tabsize=4,frame=single,framerule=0.3pt,' +
  'rulecolor=\\color{black!30},backgroundcolor=\\color{black!3},xleftmargin=0.3em,xrightmargin=0.3em,' +
  'aboveskip=0.8em,belowskip=0.8em}';

function packageSlots(type: DocumentType, program: TexProgram): Slot[] {
  const beamer = type === 'presentation';
  const slots: Slot[] = [];
  if (!beamer) slots.push(packageSlot('geometry', lines('\\usepackage[margin=2.5cm]{geometry}')));
  slots.push(
    packageSlot('amsmath', lines('\\usepackage{amsmath}')),
    packageSlot('amssymb', lines('\\usepackage{amssymb}')),
    packageSlot('mhchem', lines('\\usepackage[version=4]{mhchem}'), undefine(['ce', 'cee', 'cf'])),
    // mhchem's chemgreek picks its Greek mapping at \begin{document}; picked here (the same one), the
    // choice is in the format (≈ 15 ms a compile).
    { format: lines(`\\selectchemgreekmapping{${program === 'xelatex' ? 'fontspec' : 'default'}}`), variants: [] },
    packageSlot('array', lines('\\usepackage{array}')),
    packageSlot('tabularx', lines('\\usepackage{tabularx}'), undefine([], ['tabularx'])),
    packageSlot('booktabs', lines('\\usepackage{booktabs}'), undefine(['toprule', 'midrule', 'bottomrule', 'cmidrule'])),
    packageSlot('longtable', lines('\\usepackage{longtable}'), undefine([], ['longtable'])),
  );
  if (!beamer) slots.push(packageSlot('xcolor', lines('\\usepackage{xcolor}')));
  slots.push(packageSlot('listings', lines('\\usepackage{listings}', LISTINGS_SETUP), undefine(['lstinline', 'lstset'], ['lstlisting'])));
  if (!beamer) {
    slots.push(
      packageSlot('graphicx', lines('\\usepackage{graphicx}'), undefine(['includegraphics'])),
      packageSlot('enumitem', lines('\\usepackage{enumitem}'), undefine(['setlist'])),
    );
  }
  // Under XeLaTeX microtype does only protrusion, with generic settings for these fonts, and it
  // set up every font as it loaded: about a fifth of a short XeLaTeX compile (scripts bench).
  if (!beamer && program === 'pdflatex') slots.push(packageSlot('microtype', lines('\\usepackage{microtype}')));
  slots.push(packageSlot('xurl', lines('\\usepackage{xurl}')));
  if (!beamer) {
    // XeTeX's hyperref driver writes PDF page labels one pass late, so they would cost a second
    // pass on every fresh compile (beamer gets the option from its class line).
    slots.push(packageSlot('hyperref', lines(`\\usepackage[hidelinks${program === 'xelatex' ? ',pdfpagelabels=false' : ''}]{hyperref}`)));
  }
  // PDF outlines in the same pass (hyperref alone writes them to main.out and asks for a rerun).
  slots.push(packageSlot('bookmark', lines('\\usepackage{bookmark}')));
  return slots;
}

/** Settings every document of the type has: in the format. */
function layoutSlot(type: DocumentType): Slot {
  const text = [
    '% Long words and web addresses: stretch lines rather than run into the margin',
    '\\setlength{\\emergencystretch}{3em}',
    '\\tolerance=1000',
  ];
  if (type === 'presentation') {
    text.push(
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
  }
  if (type === 'basic' || type === 'letter') text.push('\\setlength{\\parskip}{0.6em}', '\\setlength{\\parindent}{0pt}');
  return packageSlot('layout', lines(...text));
}

/** Settings only some documents need: run as written. */
function settingSlots(type: DocumentType): Slot[] {
  const tail = (id: string, ...text: string[]): Slot => ({ format: '', variants: [{ id, text: lines(...text), kind: 'tail' }] });
  const slots: Slot[] = [];
  if (type !== 'presentation') {
    slots.push(
      tail('lists', '\\setlist{itemsep=0.2em}'),
      // Lists nested deeper than LaTeX's four levels.
      tail(
        'deep-lists',
        '\\setlistdepth{9}',
        '\\renewlist{itemize}{itemize}{9}',
        '\\setlist[itemize]{label=\\textbullet}',
        '\\renewlist{enumerate}{enumerate}{9}',
        '\\setlist[enumerate]{label=\\arabic*.}',
      ),
    );
  }
  // A note of lines kept one per line: every paragraph flush left, space between them (an indent
  // would mark some paragraphs and not the lines beside them).
  if (type === 'article' || type === 'report') slots.push(tail('flush-paragraphs', '\\setlength{\\parindent}{0pt}', '\\setlength{\\parskip}{0.5em plus 0.2em}'));
  // KaTeX sets matrices of any width; amsmath stops past 10 columns ("Extra alignment tab").
  slots.push(tail('matrix-columns', '\\setcounter{MaxMatrixCols}{40}'));
  // Beamer sets a slide's math in its sans-serif font, all but \mathrm (set again as the document
  // begins): units and names (kWh, CSAT) in the slide's font too.
  if (type === 'presentation') {
    slots.push(tail('sans-mathrm', '\\AtBeginDocument{%', '  \\SetMathAlphabet{\\mathrm}{normal}{\\encodingdefault}{\\sfdefault}{m}{n}%', '  \\SetMathAlphabet{\\mathrm}{bold}{\\encodingdefault}{\\sfdefault}{bx}{n}}'));
  }
  return slots;
}

/** Every slot of a document type and program, in order (the fonts of XeLaTeX documents come after: font-slots.ts). */
export function commonSlots(type: DocumentType, program: TexProgram): Slot[] {
  const beamer = type === 'presentation';
  const head: Slot[] =
    program === 'pdflatex'
      ? [packageSlot('fontenc', lines('\\usepackage[T1]{fontenc}')), packageSlot('lmodern', lines('\\usepackage{lmodern}'))]
      : [packageSlot('fontspec', lines('\\usepackage[no-math]{fontspec}'))];
  const cjk: Slot[] =
    program === 'xelatex'
      ? // Without CJK text xeCJK would load its default fonts at \begin{document} (≈ 30 ms) and its
        // per-character hooks are only a cost.
        [packageSlot('xecjk', lines('\\usepackage{xeCJK}'), '\\xeCJKsetup{LoadFandol=false}\\AtBeginDocument{\\makexeCJKinactive}')]
      : [];
  return [...head, ...babelSlots(program, beamer), ...cjk, ...packageSlots(type, program), layoutSlot(type), ...helperSlots(), ...settingSlots(type)];
}
