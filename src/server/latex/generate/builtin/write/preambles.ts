// The fixed, vetted preambles of the builtin generator: one per document type and TeX program.
// Every generated document starts with exactly one of these strings (everything before
// \begin{document}); per-document settings (title, language, macro definitions) come after
// \begin{document}. Keeping the preamble fixed lets the compile service precompile a TeX format
// for each one, which makes every compile markedly faster.
import type { DocumentType } from '../../../../../shared/document-types.js';
import { DOCUMENT_TYPES } from '../../../../../shared/document-types.js';
import { TEX_PROGRAMS, type TexProgram } from '../../../../../shared/tex-program.js';

export interface Preamble {
  id: string;
  documentType: DocumentType;
  program: TexProgram;
  preamble: string;
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
const XE_LANGUAGES = 'shorthands=off,ngerman,french,spanish,brazilian,russian,english';

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
  // XeLaTeX: Computer Modern Unicode (Latin, Greek, Cyrillic) and Noto CJK, named by file so
  // that no fontconfig set-up is needed inside the compile sandbox (kpathsea finds them through
  // OSFONTDIR). Chinese is the default CJK family; Japanese documents switch to \CJKfamily{jp}.
  return [
    '\\usepackage{fontspec}',
    `\\usepackage[${XE_LANGUAGES}]{babel}`,
    '\\setmainfont{cmunrm.ttf}[BoldFont=cmunbx.ttf,ItalicFont=cmunti.ttf,BoldItalicFont=cmunbi.ttf]',
    '\\setsansfont{cmunss.ttf}[BoldFont=cmunsx.ttf,ItalicFont=cmunsi.ttf,BoldItalicFont=cmunso.ttf]',
    '\\setmonofont{cmuntt.ttf}[BoldFont=cmuntb.ttf,ItalicFont=cmunit.ttf,BoldItalicFont=cmuntx.ttf]',
    '\\usepackage{xeCJK}',
    '\\setCJKmainfont{NotoSerifCJK-Regular.ttc}[FontIndex=2,BoldFont=NotoSerifCJK-Bold.ttc,BoldFeatures={FontIndex=2}]',
    '\\setCJKsansfont{NotoSansCJK-Regular.ttc}[FontIndex=2,BoldFont=NotoSansCJK-Bold.ttc,BoldFeatures={FontIndex=2}]',
    '\\setCJKmonofont{NotoSansCJK-Regular.ttc}[FontIndex=2]',
    '\\setCJKfamilyfont{jp}{NotoSerifCJK-Regular.ttc}[FontIndex=0,BoldFont=NotoSerifCJK-Bold.ttc,BoldFeatures={FontIndex=0}]',
    '\\setCJKfamilyfont{jpsans}{NotoSansCJK-Regular.ttc}[FontIndex=0,BoldFont=NotoSansCJK-Bold.ttc,BoldFeatures={FontIndex=0}]',
  ];
}

// Helpers the writers rely on. Named \lg… so they cannot clash with a user's macro names.
const HELPER_LINES = [
  // A framed box standing in for a figure or image: the user has no image file to include.
  '\\newcommand{\\lgplaceholder}[1]{\\fbox{\\begin{minipage}{0.8\\linewidth}\\centering\\vspace{1.5em}\\small\\itshape #1\\par\\vspace{1.5em}\\end{minipage}}}',
  '\\newcommand{\\lgimage}[1]{\\fbox{\\small\\itshape #1}}',
  '\\newcommand{\\lgtaskopen}{$\\square$}',
  '\\newcommand{\\lgtaskdone}{$\\boxtimes$}',
  // No ulem/soul in the base TeX Live set: struck-out text is shown greyed instead.
  '\\newcommand{\\lgstrike}[1]{\\textcolor{gray}{#1}}',
  '\\newcommand{\\lgrule}{\\par\\noindent\\rule{\\linewidth}{0.4pt}\\par}',
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

function packageLines(type: DocumentType): string[] {
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
      '\\usepackage{longtable}',
      '\\usepackage{enumitem}',
      '\\usepackage{microtype}',
      '\\usepackage{xurl}',
      '\\usepackage[hidelinks]{hyperref}',
    );
  } else {
    lines.push('\\usepackage{xurl}');
  }
  return lines;
}

function layoutLines(type: DocumentType): string[] {
  const lines = [
    // Long words and URLs in notes: stretch lines rather than run into the margin.
    '\\setlength{\\emergencystretch}{3em}',
  ];
  if (type === 'presentation') {
    lines.push(
      '\\usetheme{default}',
      '\\usecolortheme{seahorse}',
      '\\setbeamertemplate{navigation symbols}{}',
      '\\setbeamertemplate{footline}[frame number]',
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
  if (program === 'xelatex') lines.push('% !TEX program = xelatex');
  lines.push(CLASS_LINES[type]);
  lines.push(...fontLines(program));
  lines.push(...packageLines(type));
  lines.push(LISTINGS_SETUP);
  lines.push(...layoutLines(type));
  lines.push(...HELPER_LINES);
  return lines.join('\n') + '\n';
}

const PREAMBLES: Preamble[] = DOCUMENT_TYPES.flatMap((documentType) =>
  TEX_PROGRAMS.map((program) => ({
    id: `${documentType}-${program}`,
    documentType,
    program,
    preamble: buildPreamble(documentType, program),
  })),
);

/** Every fixed preamble the generator can emit (for precompiled formats in the compile service). */
export function listPreambles(): Preamble[] {
  return PREAMBLES.map((p) => ({ ...p }));
}

/** The preamble for one document type and program. */
export function requirePreamble(documentType: DocumentType, program: TexProgram): Preamble {
  const found = PREAMBLES.find((p) => p.documentType === documentType && p.program === program);
  if (!found) throw new Error(`No preamble for ${documentType}/${program}`);
  return found;
}
